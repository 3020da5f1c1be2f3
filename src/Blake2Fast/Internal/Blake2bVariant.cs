using System;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>BLAKE2b: 64-bit words, 128-byte blocks, 12 rounds.</summary>
internal readonly struct Blake2bVariant : IBlake2ManyVariant
{
    public int BlockLength => 128;

    public int MaxDigestLength => 64;

    public int MaxKeyLength => 64;

    public byte DefaultKernel => (byte)Blake2bKernels.Best;

    public int WordLength => 8;

    public Blake2ManyKernel DefaultManyKernel => Blake2bManyKernels.Best;

    public int Lanes(Blake2ManyKernel kernel) => Blake2bManyKernels.Lanes(kernel);

    public int MinimumActiveLanes(Blake2ManyKernel kernel) => Blake2bManyKernels.MinimumActiveLanes(kernel);

    public void CompressLanes(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> stripe, Span<byte> scratch) =>
        Blake2bManyKernels.Compress(kernel, state, stripe, scratch);

    public void InitializeChain(Span<byte> chain, scoped in Blake2Settings settings)
    {
        Span<byte> block = stackalloc byte[64];
        block.Clear();
        block[0] = (byte)settings.DigestLength;
        block[1] = (byte)settings.Key.Length;
        block[2] = settings.FanOut;
        block[3] = settings.MaxDepth;
        BinaryPrimitives.WriteUInt32LittleEndian(block[4..], settings.LeafLength);
        BinaryPrimitives.WriteUInt64LittleEndian(block[8..], settings.NodeOffset);
        block[16] = settings.NodeDepth;
        block[17] = settings.InnerLength;
        settings.Salt.CopyTo(block[32..48]);
        settings.Personalization.CopyTo(block[48..64]);

        Span<ulong> words = MemoryMarshal.Cast<byte, ulong>(chain)[..8];
        ReadOnlySpan<ulong> iv =
        [
            Blake2bScalar.IV0, Blake2bScalar.IV1, Blake2bScalar.IV2, Blake2bScalar.IV3,
            Blake2bScalar.IV4, Blake2bScalar.IV5, Blake2bScalar.IV6, Blake2bScalar.IV7,
        ];
        for (int i = 0; i < 8; i++)
        {
            words[i] = iv[i] ^ BinaryPrimitives.ReadUInt64LittleEndian(block[(8 * i)..]);
        }
    }

    public void Compress(byte kernel, Span<byte> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, bool final, bool lastNode) =>
        Blake2bKernels.Compress(kernel, chain, blocks, ref t0, ref t1, increment, final, lastNode);

    public void WriteDigest(ReadOnlySpan<byte> chain, Span<byte> destination)
    {
        if (BitConverter.IsLittleEndian)
        {
            chain[..destination.Length].CopyTo(destination);
            return;
        }

        Span<byte> serialized = stackalloc byte[64];
        ReadOnlySpan<ulong> words = MemoryMarshal.Cast<byte, ulong>(chain)[..8];
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(serialized[(8 * i)..], words[i]);
        }

        serialized[..destination.Length].CopyTo(destination);
        serialized.Clear();
    }
}

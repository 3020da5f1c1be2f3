using System;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>BLAKE2s: 32-bit words, 64-byte blocks, 10 rounds.</summary>
internal readonly struct Blake2sVariant : IBlake2ManyVariant
{
    public int BlockLength => 64;

    public int MaxDigestLength => 32;

    public int MaxKeyLength => 32;

    public byte DefaultKernel => (byte)Blake2sKernels.Best;

    public int WordLength => 4;

    public Blake2ManyKernel DefaultManyKernel => Blake2sManyKernels.Best;

    public int Lanes(Blake2ManyKernel kernel) => Blake2sManyKernels.Lanes(kernel);

    public int MinimumActiveLanes(Blake2ManyKernel kernel) => Blake2sManyKernels.MinimumActiveLanes(kernel);

    public void CompressLanes(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> stripe, Span<byte> scratch) =>
        Blake2sManyKernels.Compress(kernel, state, stripe, scratch);

    public void InitializeChain(Span<byte> chain, scoped in Blake2Settings settings)
    {
        Span<byte> block = stackalloc byte[32];
        block.Clear();
        block[0] = (byte)settings.DigestLength;
        block[1] = (byte)settings.Key.Length;
        block[2] = settings.FanOut;
        block[3] = settings.MaxDepth;
        BinaryPrimitives.WriteUInt32LittleEndian(block[4..], settings.LeafLength);

        // The node offset is 48 bits (bytes 8..13); BLAKE2Xs keeps its XOF length in the top 16.
        BinaryPrimitives.WriteUInt32LittleEndian(block[8..], (uint)settings.NodeOffset);
        BinaryPrimitives.WriteUInt16LittleEndian(block[12..], (ushort)(settings.NodeOffset >> 32));
        block[14] = settings.NodeDepth;
        block[15] = settings.InnerLength;
        settings.Salt.CopyTo(block[16..24]);
        settings.Personalization.CopyTo(block[24..32]);

        Span<uint> words = MemoryMarshal.Cast<byte, uint>(chain)[..8];
        ReadOnlySpan<uint> iv =
        [
            Blake2sScalar.IV0, Blake2sScalar.IV1, Blake2sScalar.IV2, Blake2sScalar.IV3,
            Blake2sScalar.IV4, Blake2sScalar.IV5, Blake2sScalar.IV6, Blake2sScalar.IV7,
        ];
        for (int i = 0; i < 8; i++)
        {
            words[i] = iv[i] ^ BinaryPrimitives.ReadUInt32LittleEndian(block[(4 * i)..]);
        }
    }

    public void Compress(byte kernel, Span<byte> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, bool final, bool lastNode) =>
        Blake2sKernels.Compress(kernel, chain, blocks, ref t0, ref t1, increment, final, lastNode);

    public void WriteDigest(ReadOnlySpan<byte> chain, Span<byte> destination)
    {
        if (BitConverter.IsLittleEndian)
        {
            chain[..destination.Length].CopyTo(destination);
            return;
        }

        Span<byte> serialized = stackalloc byte[32];
        ReadOnlySpan<uint> words = MemoryMarshal.Cast<byte, uint>(chain)[..8];
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(serialized[(4 * i)..], words[i]);
        }

        serialized[..destination.Length].CopyTo(destination);
        serialized.Clear();
    }
}

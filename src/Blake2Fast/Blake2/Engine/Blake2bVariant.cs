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

    public ulong MaxNodeOffset => ulong.MaxValue;

    public Blake2ManyKernel DefaultManyKernel => Blake2bManyKernels.Best;

    public int Lanes(Blake2ManyKernel kernel) => Blake2bManyKernels.Lanes(kernel);

    public int MinimumActiveLanes(Blake2ManyKernel kernel) => Blake2bManyKernels.MinimumActiveLanes(kernel);

    public bool ReadsLanesInPlace(Blake2ManyKernel kernel) => Blake2bManyKernels.ReadsLanesInPlace(kernel);

    public void CompressLanes(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch) =>
        Blake2bManyKernels.Compress(kernel, state, blocks, laneStride, scratch);

    /// <remarks>
    /// The parameter block's words are built as integers, not written into a zeroed 64-byte block
    /// and read back: this runs once per hash, and for a 64-byte one-shot that round trip through
    /// memory was a large share of the time spent outside the kernel
    /// (docs/measurements.md#blake2-one-shot-fixed-cost).
    /// </remarks>
    public void InitializeChain(Span<byte> chain, scoped in Blake2Settings settings)
    {
        ulong p0 = (uint)settings.DigestLength | ((ulong)(uint)settings.Key.Length << 8) | ((ulong)settings.FanOut << 16)
            | ((ulong)settings.MaxDepth << 24) | ((ulong)settings.LeafLength << 32);
        ulong p2 = settings.NodeDepth | ((ulong)settings.InnerLength << 8);
        Span<ulong> words = MemoryMarshal.Cast<byte, ulong>(chain)[..8];
        words[0] = Blake2bScalar.IV0 ^ p0;
        words[1] = Blake2bScalar.IV1 ^ settings.NodeOffset;
        words[2] = Blake2bScalar.IV2 ^ p2;
        words[3] = Blake2bScalar.IV3;
        words[4] = Blake2bScalar.IV4 ^ ParameterBytes.Word64(settings.Salt, 0);
        words[5] = Blake2bScalar.IV5 ^ ParameterBytes.Word64(settings.Salt, 8);
        words[6] = Blake2bScalar.IV6 ^ ParameterBytes.Word64(settings.Personalization, 0);
        words[7] = Blake2bScalar.IV7 ^ ParameterBytes.Word64(settings.Personalization, 8);
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

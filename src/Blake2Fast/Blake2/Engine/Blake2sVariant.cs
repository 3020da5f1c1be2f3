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

    public ulong MaxNodeOffset => Blake2sParameters.MaxNodeOffset;

    public Blake2ManyKernel DefaultManyKernel => Blake2sManyKernels.Best;

    public int Lanes(Blake2ManyKernel kernel) => Blake2sManyKernels.Lanes(kernel);

    public int MinimumActiveLanes(Blake2ManyKernel kernel) => Blake2sManyKernels.MinimumActiveLanes(kernel);

    public bool ReadsLanesInPlace(Blake2ManyKernel kernel) => Blake2sManyKernels.ReadsLanesInPlace(kernel);

    public void CompressLanes(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch) =>
        Blake2sManyKernels.Compress(kernel, state, blocks, laneStride, scratch);

    /// <remarks>As in <see cref="Blake2bVariant.InitializeChain"/>, the parameter block's words are built as integers.</remarks>
    public void InitializeChain(Span<byte> chain, scoped in Blake2Settings settings)
    {
        uint p0 = (uint)settings.DigestLength | ((uint)settings.Key.Length << 8) | ((uint)settings.FanOut << 16) | ((uint)settings.MaxDepth << 24);

        // The node offset is 48 bits (bytes 8..13); BLAKE2Xs keeps its XOF length in the top 16.
        uint p3 = (uint)(ushort)(settings.NodeOffset >> 32) | ((uint)settings.NodeDepth << 16) | ((uint)settings.InnerLength << 24);
        ulong salt = ParameterBytes.Word64(settings.Salt, 0);
        ulong personalization = ParameterBytes.Word64(settings.Personalization, 0);
        Span<uint> words = MemoryMarshal.Cast<byte, uint>(chain)[..8];
        words[0] = Blake2sScalar.IV0 ^ p0;
        words[1] = Blake2sScalar.IV1 ^ settings.LeafLength;
        words[2] = Blake2sScalar.IV2 ^ (uint)settings.NodeOffset;
        words[3] = Blake2sScalar.IV3 ^ p3;
        words[4] = Blake2sScalar.IV4 ^ (uint)salt;
        words[5] = Blake2sScalar.IV5 ^ (uint)(salt >> 32);
        words[6] = Blake2sScalar.IV6 ^ (uint)personalization;
        words[7] = Blake2sScalar.IV7 ^ (uint)(personalization >> 32);
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

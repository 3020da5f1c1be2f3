using System;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>BLAKE2bp: 4 BLAKE2b leaves in the 64-bit lanes of <see cref="Blake2Lanes"/>, and a BLAKE2b root.</summary>
internal readonly struct Blake2bpVariant : IBlake2ParallelVariant
{
    private const int Lanes = 4;

    public int Degree => Lanes;

    public int BlockLength => 128;

    public int MaxDigestLength => 64;

    public int MaxKeyLength => 64;

    public byte DefaultKernel => (byte)Blake2bpKernels.Best;

    public void InitializeLanes(ref Blake2Lanes lanes, int digestLength, int keyLength)
    {
        Span<byte> leaf0 = stackalloc byte[64];
        Blake2Tree<Blake2bVariant>.InitializeLeafChain(leaf0, Lanes, digestLength, keyLength);
        ReadOnlySpan<ulong> words = MemoryMarshal.Cast<byte, ulong>(leaf0);
        Span<ulong> rows = MemoryMarshal.Cast<byte, ulong>(lanes.Chain.AsSpan());
        for (int word = 0; word < 8; word++)
        {
            for (int lane = 0; lane < Lanes; lane++)
            {
                // Word 1 is the node offset (parameter bytes 8..15): the leaf's index.
                rows[(word * Lanes) + lane] = words[word] ^ (word == 1 ? (ulong)lane : 0);
            }
        }

        lanes.Counters.AsSpan().Clear();
        lanes.Flags.AsSpan().Clear();
    }

    public void Compress(byte kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment) =>
        Blake2bpKernels.Compress((Blake2bpKernel)kernel, ref lanes, stripes, increment);

    public void SetFlags(ref Blake2Lanes lanes, int lane, bool final, bool lastNode)
    {
        Span<ulong> flags = MemoryMarshal.Cast<byte, ulong>(lanes.Flags.AsSpan());
        flags[lane] = final ? ulong.MaxValue : 0;
        flags[Lanes + lane] = lastNode ? ulong.MaxValue : 0;
    }

    public void AddToCounter(ref Blake2Lanes lanes, int lane, uint bytes)
    {
        Span<ulong> counters = MemoryMarshal.Cast<byte, ulong>(lanes.Counters.AsSpan());
        ulong t0 = counters[lane] + bytes;
        if (t0 < bytes)
        {
            counters[Lanes + lane]++;
        }

        counters[lane] = t0;
    }

    public void WriteLane(ref Blake2Lanes lanes, int lane, Span<byte> destination)
    {
        ReadOnlySpan<ulong> rows = MemoryMarshal.Cast<byte, ulong>(lanes.Chain.AsSpan());
        for (int word = 0; word < 8; word++)
        {
            BinaryPrimitives.WriteUInt64LittleEndian(destination[(8 * word)..], rows[(word * Lanes) + lane]);
        }
    }

    public void HashShortInput(ReadOnlySpan<byte> block, int length, int digestLength, Span<byte> leafOutputs) =>
        Blake2Tree<Blake2bVariant>.HashShortInput(block, length, Lanes, digestLength, leafOutputs);

    public void HashRoot(ReadOnlySpan<byte> leafOutputs, int digestLength, int keyLength, Span<byte> destination) =>
        Blake2Tree<Blake2bVariant>.HashRoot(leafOutputs, Lanes, digestLength, keyLength, destination);
}

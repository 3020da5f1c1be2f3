using System;
using System.Buffers.Binary;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>BLAKE2sp: 8 BLAKE2s leaves in the 32-bit lanes of <see cref="Blake2Lanes"/>, and a BLAKE2s root.</summary>
internal readonly struct Blake2spVariant : IBlake2ParallelVariant
{
    private const int Lanes = 8;

    public int Degree => Lanes;

    public int BlockLength => 64;

    public int MaxDigestLength => 32;

    public int MaxKeyLength => 32;

    public byte DefaultKernel => (byte)Blake2spKernels.Best;

    public void InitializeLanes(ref Blake2Lanes lanes, int digestLength, int keyLength)
    {
        Span<byte> leaf0 = stackalloc byte[32];
        Blake2Tree<Blake2sVariant>.InitializeLeafChain(leaf0, Lanes, digestLength, keyLength);
        ReadOnlySpan<uint> words = MemoryMarshal.Cast<byte, uint>(leaf0);
        Span<uint> rows = MemoryMarshal.Cast<byte, uint>(lanes.Chain.AsSpan());
        for (int word = 0; word < 8; word++)
        {
            for (int lane = 0; lane < Lanes; lane++)
            {
                // Word 2 is the low half of the node offset (parameter bytes 8..11): the leaf's index.
                rows[(word * Lanes) + lane] = words[word] ^ (word == 2 ? (uint)lane : 0);
            }
        }

        lanes.Counters.AsSpan().Clear();
        lanes.Flags.AsSpan().Clear();
    }

    public void Compress(byte kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment) =>
        Blake2spKernels.Compress((Blake2spKernel)kernel, ref lanes, stripes, increment);

    public void SetFlags(ref Blake2Lanes lanes, int lane, bool final, bool lastNode)
    {
        Span<uint> flags = MemoryMarshal.Cast<byte, uint>(lanes.Flags.AsSpan());
        flags[lane] = final ? uint.MaxValue : 0;
        flags[Lanes + lane] = lastNode ? uint.MaxValue : 0;
    }

    public void AddToCounter(ref Blake2Lanes lanes, int lane, uint bytes)
    {
        Span<uint> counters = MemoryMarshal.Cast<byte, uint>(lanes.Counters.AsSpan());
        uint t0 = counters[lane] + bytes;
        if (t0 < bytes)
        {
            counters[Lanes + lane]++;
        }

        counters[lane] = t0;
    }

    public void WriteLane(ref Blake2Lanes lanes, int lane, Span<byte> destination)
    {
        ReadOnlySpan<uint> rows = MemoryMarshal.Cast<byte, uint>(lanes.Chain.AsSpan());
        for (int word = 0; word < 8; word++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(destination[(4 * word)..], rows[(word * Lanes) + lane]);
        }
    }

    public void HashShortInput(ReadOnlySpan<byte> block, int length, int digestLength, Span<byte> leafOutputs) =>
        Blake2Tree<Blake2sVariant>.HashShortInput(block, length, Lanes, digestLength, leafOutputs);

    public void HashRoot(ReadOnlySpan<byte> leafOutputs, int digestLength, int keyLength, Span<byte> destination) =>
        Blake2Tree<Blake2sVariant>.HashRoot(leafOutputs, Lanes, digestLength, keyLength, destination);
}

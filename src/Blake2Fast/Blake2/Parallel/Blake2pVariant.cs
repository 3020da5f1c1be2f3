using System;
using System.Buffers.Binary;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// BLAKE2bp (<typeparamref name="TLeaf"/> <see cref="Blake2bVariant"/>, <typeparamref name="TWord"/>
/// <see cref="ulong"/>: 4 BLAKE2b leaves) or BLAKE2sp (<see cref="Blake2sVariant"/>, <see cref="uint"/>:
/// 8 BLAKE2s leaves): the leaves in the lanes of <see cref="Blake2Lanes"/>, one row of 32 bytes per
/// state word, and a root of the leaves' own hash.
/// </summary>
/// <typeparam name="TLeaf">The leaves' and the root's hash.</typeparam>
/// <typeparam name="TWord">Its word.</typeparam>
internal readonly struct Blake2pVariant<TLeaf, TWord> : IBlake2ParallelVariant
    where TLeaf : struct, IBlake2Variant
    where TWord : unmanaged
{
    /// <summary>Leaves: one per word of a row.</summary>
    private static int Lanes => Blake2Lanes.RowLength / Blake2Word<TWord>.Length;

    public int Degree => Lanes;

    public int BlockLength => default(TLeaf).BlockLength;

    public int MaxDigestLength => default(TLeaf).MaxDigestLength;

    public int MaxKeyLength => default(TLeaf).MaxKeyLength;

    public byte DefaultKernel => (byte)Blake2pKernels<TWord>.Best;

    public void InitializeLanes(ref Blake2Lanes lanes, int digestLength, int keyLength)
    {
        Span<byte> leaf0 = stackalloc byte[default(TLeaf).MaxDigestLength];
        Blake2Tree<TLeaf>.InitializeLeafChain(leaf0, Lanes, digestLength, keyLength);

        // The node offset is parameter bytes 8 on: word 1 of BLAKE2b's chain, word 2 of BLAKE2s's;
        // a leaf's is its index.
        int nodeOffsetWord = 8 / Blake2Word<TWord>.Length;
        Span<byte> rows = lanes.Chain.AsSpan();
        for (int word = 0; word < 8; word++)
        {
            for (int lane = 0; lane < Lanes; lane++)
            {
                Blake2Word<TWord>.Write(rows, (word * Lanes) + lane, Blake2Word<TWord>.Read(leaf0, word) ^ (word == nodeOffsetWord ? (ulong)lane : 0));
            }
        }

        lanes.Counters.AsSpan().Clear();
        lanes.Flags.AsSpan().Clear();
    }

    public void Compress(byte kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment) =>
        Blake2pKernels<TWord>.Compress((Blake2pKernel)kernel, ref lanes, stripes, increment);

    public void SetFlags(ref Blake2Lanes lanes, int lane, bool final, bool lastNode)
    {
        Span<byte> flags = lanes.Flags.AsSpan();
        Blake2Word<TWord>.Write(flags, lane, final ? ulong.MaxValue : 0);
        Blake2Word<TWord>.Write(flags, Lanes + lane, lastNode ? ulong.MaxValue : 0);
    }

    public void AddToCounter(ref Blake2Lanes lanes, int lane, uint bytes)
    {
        // t0 wraps at the word size and carries into t1.
        Span<byte> counters = lanes.Counters.AsSpan();
        ulong t0 = Blake2Word<TWord>.Read(counters, lane) + bytes;
        if (!Blake2Word<TWord>.Is64)
        {
            t0 = (uint)t0;
        }

        if (t0 < bytes)
        {
            Blake2Word<TWord>.Write(counters, Lanes + lane, Blake2Word<TWord>.Read(counters, Lanes + lane) + 1);
        }

        Blake2Word<TWord>.Write(counters, lane, t0);
    }

    public void WriteLane(ref Blake2Lanes lanes, int lane, Span<byte> destination)
    {
        ReadOnlySpan<byte> rows = lanes.Chain.AsSpan();
        for (int word = 0; word < 8; word++)
        {
            ulong value = Blake2Word<TWord>.Read(rows, (word * Lanes) + lane);
            if (Blake2Word<TWord>.Is64)
            {
                BinaryPrimitives.WriteUInt64LittleEndian(destination[(8 * word)..], value);
            }
            else
            {
                BinaryPrimitives.WriteUInt32LittleEndian(destination[(4 * word)..], (uint)value);
            }
        }
    }

    public void ReadLane(ref Blake2Lanes lanes, int lane, ReadOnlySpan<byte> source)
    {
        Span<byte> rows = lanes.Chain.AsSpan();
        for (int word = 0; word < 8; word++)
        {
            ulong value = Blake2Word<TWord>.Is64
                ? BinaryPrimitives.ReadUInt64LittleEndian(source[(8 * word)..])
                : BinaryPrimitives.ReadUInt32LittleEndian(source[(4 * word)..]);
            Blake2Word<TWord>.Write(rows, (word * Lanes) + lane, value);
        }
    }

    public ulong LeafBytes(ref Blake2Lanes lanes)
    {
        // Every leaf has taken the same whole stripes; BLAKE2sp's 32-bit t0 carries into t1.
        ReadOnlySpan<byte> counters = lanes.Counters.AsSpan();
        ulong t0 = Blake2Word<TWord>.Read(counters, 0);
        ulong t1 = Blake2Word<TWord>.Read(counters, Lanes);
        return Blake2Word<TWord>.Is64 ? t0 : t0 | (t1 << 32);
    }

    public void SetLeafBytes(ref Blake2Lanes lanes, ulong bytes)
    {
        Span<byte> counters = lanes.Counters.AsSpan();
        for (int lane = 0; lane < Lanes; lane++)
        {
            Blake2Word<TWord>.Write(counters, lane, Blake2Word<TWord>.Is64 ? bytes : (uint)bytes);
            Blake2Word<TWord>.Write(counters, Lanes + lane, Blake2Word<TWord>.Is64 ? 0 : bytes >> 32);
        }
    }

    public void HashShortInput(ReadOnlySpan<byte> block, int length, int digestLength, Span<byte> leafOutputs) =>
        Blake2Tree<TLeaf>.HashShortInput(block, length, Lanes, digestLength, leafOutputs);

    public void HashRoot(ReadOnlySpan<byte> leafOutputs, int digestLength, int keyLength, Span<byte> destination) =>
        Blake2Tree<TLeaf>.HashRoot(leafOutputs, Lanes, digestLength, keyLength, destination);
}

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE2X output blocks side by side: lane k of every state vector belongs to block
/// <c>first + k</c>. The blocks share their message (H0, broadcast) and every chain word but the
/// node offset, so no input has to be transposed; only the results are, on the way out. One kernel
/// for BLAKE2Xb (64-bit lanes: 4 per 256-bit vector, 8 per 512-bit one) and BLAKE2Xs (32-bit
/// lanes, 8 per 256-bit vector), running the lane round of <see cref="Blake2LaneRounds{TLanes, TVector}"/>.
/// </summary>
/// <remarks>
/// Each output block is its own dependency chain, and on CPUs where vector instructions have a
/// latency of two cycles (AMD Zen 5) a chain's speed is set by that latency, not by how many lanes
/// ride along: doubling the lanes doubles the blocks per round. BLAKE2Xb uses 512-bit vectors where
/// it can: the 16 state vectors and the temporaries fit in AVX-512's 32 registers
/// (docs/measurements.md#blake2x-lanes).
/// </remarks>
/// <typeparam name="TLanes">The width and word size (<see cref="Blake2LaneVector256{TWord, TRotations}"/> or <see cref="Blake2LaneVector512{TWord}"/>).</typeparam>
/// <typeparam name="TVector">The vector type of <typeparamref name="TLanes"/>.</typeparam>
internal static class Blake2XLanes<TLanes, TVector>
    where TLanes : struct, IBlake2LaneVector<TVector>
    where TVector : unmanaged
{
    /// <summary>Bytes per word: 8 or 4.</summary>
    private static int WordLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Unsafe.SizeOf<TVector>() / TLanes.Lanes;
    }

    /// <summary>Bytes per output block (a chain value, 8 words), which is also the length of H0.</summary>
    private static int BlockLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => 8 * WordLength;
    }

    /// <summary>
    /// Writes as many whole groups of <see cref="IBlake2LaneVector{TVector}.Lanes"/> blocks as
    /// <paramref name="count"/> holds and returns how many blocks that was; the caller finishes the rest.
    /// </summary>
    /// <remarks>The arguments are those of <see cref="Internal.IBlake2XVariant.WriteBlocks"/>.</remarks>
    public static int WriteBlocks(ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination)
    {
        int lanes = TLanes.Lanes;
        int groups = count / lanes;
        if (groups == 0)
        {
            return 0;
        }

        // Message words 8..15 are the zero padding of the block.
        Message message = default;
        ref byte h0Words = ref MemoryMarshal.GetReference(h0[..BlockLength]);
        for (int i = 0; i < 8; i++)
        {
            message[i] = Word(ref h0Words, i);
        }

        // Lane k's node offset is first + k.
        Span<byte> firstOffsets = stackalloc byte[Unsafe.SizeOf<TVector>()];
        for (int lane = 0; lane < lanes; lane++)
        {
            ref byte word = ref firstOffsets[lane * WordLength];
            if (WordLength == 8)
            {
                Unsafe.WriteUnaligned(ref word, (ulong)first + (ulong)lane);
            }
            else
            {
                Unsafe.WriteUnaligned(ref word, first + (uint)lane);
            }
        }

        TVector offsets = TLanes.Load(ref MemoryMarshal.GetReference(firstOffsets));
        TVector step = TLanes.Broadcast((uint)lanes);
        ref byte chainWords = ref MemoryMarshal.GetReference(chain[..BlockLength]);
        ref byte output = ref MemoryMarshal.GetReference(destination[..(groups * lanes * BlockLength)]);
        for (int g = 0; g < groups; g++)
        {
            Compress(ref message[0], ref chainWords, offsets, ref Unsafe.Add(ref output, g * lanes * BlockLength));
            offsets = TLanes.Add(offsets, step);
        }

        ((Span<TVector>)message).Clear();
        return groups * lanes;
    }

    [MethodImpl(KernelRoot.Options)]
    private static void Compress(ref TVector m0, ref byte chain, TVector offsets, ref byte destination)
    {
        TVector h0 = Word(ref chain, 0), h1 = Word(ref chain, 1), h2 = Word(ref chain, 2), h3 = Word(ref chain, 3);
        TVector h4 = Word(ref chain, 4), h5 = Word(ref chain, 5), h6 = Word(ref chain, 6), h7 = Word(ref chain, 7);

        // The node offset is bytes 8 on of the parameter block: word 1 of BLAKE2b's chain, word 2 of BLAKE2s's.
        if (WordLength == 8)
        {
            h1 = TLanes.Xor(h1, offsets);
        }
        else
        {
            h2 = TLanes.Xor(h2, offsets);
        }

        // One block of BlockLength message bytes, and it is the final one: t0 = BlockLength, f0 = all ones.
        Blake2LaneRounds<TLanes, TVector>.Compress(
            ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7,
            TLanes.Xor(TLanes.IV(4), TLanes.Broadcast((uint)BlockLength)), TLanes.IV(5),
            TLanes.Xor(TLanes.IV(6), TLanes.Broadcast(ulong.MaxValue)), TLanes.IV(7), ref m0);

        // Word j of block k is lane k of h_j.
        TLanes.StoreTransposed(h0, h1, h2, h3, h4, h5, h6, h7, ref destination);
    }

    /// <summary>Word <paramref name="index"/> at <paramref name="words"/>, in every lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TVector Word(ref byte words, int index) => WordLength == 8
        ? TLanes.Broadcast(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref words, 8 * index)))
        : TLanes.Broadcast(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref words, 4 * index)));

    [InlineArray(16)]
    private struct Message
    {
        private TVector _element;
    }
}

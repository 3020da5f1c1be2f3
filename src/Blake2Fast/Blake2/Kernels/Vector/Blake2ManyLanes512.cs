using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// Independent messages in the lanes of 512-bit vectors, one block each per call: 8 BLAKE2b messages
/// in 64-bit lanes or 16 BLAKE2s ones in 32-bit lanes, the <see cref="Blake2ManyKernel.Avx512"/>
/// kernel of <c>Blake2b.HashMany</c> and <c>Blake2s.HashMany</c>.
/// </summary>
/// <remarks>
/// The state is <see cref="Blake2ManyState"/> with 64-byte rows; as in the BLAKE2bp lane kernels,
/// state word j of every lane is one vector, and the round is theirs
/// (<see cref="Blake2LaneRounds{TLanes, TVector}"/>). Each lane has its own counter and flags, set
/// by the caller before every call.
/// </remarks>
/// <typeparam name="TWord"><see cref="ulong"/> (BLAKE2b) or <see cref="uint"/> (BLAKE2s).</typeparam>
internal static class Blake2ManyLanes512<TWord>
    where TWord : unmanaged
{
    /// <summary>Messages per call: 8 or 16.</summary>
    public static int Lanes => Vector512<TWord>.Count;

    /// <summary>Whether this machine has the 512-bit instructions the kernel uses.</summary>
    public static bool IsSupported => Avx512F.IsSupported;

    /// <summary>
    /// Compresses, for each lane i, the block at <c>i * <paramref name="laneStride"/></c> of
    /// <paramref name="blocks"/> into lane i of <paramref name="state"/>.
    /// </summary>
    /// <param name="state">8 chain rows, the t0 and t1 rows, the f0 and f1 rows: 64 bytes each.</param>
    /// <param name="blocks">The lanes' blocks: a stripe (<paramref name="laneStride"/> the block length) or the messages where they lie.</param>
    /// <param name="laneStride">Bytes from one lane's block to the next lane's.</param>
    /// <param name="scratch">16 x 64 bytes for the transposed message; the caller erases it.</param>
    public static void Compress(Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch)
    {
        _ = state[(12 * 64) - 1];
        _ = scratch[(16 * 64) - 1];
        Blake2ManyState.CheckLaneBlocks(blocks, laneStride, Lanes, Blake2Word<TWord>.BlockLength);
        LoadAndCompress(
            ref Unsafe.As<byte, Vector512<TWord>>(ref MemoryMarshal.GetReference(state)),
            ref MemoryMarshal.GetReference(blocks),
            (nuint)laneStride,
            ref Unsafe.As<byte, Vector512<TWord>>(ref MemoryMarshal.GetReference(scratch)));
    }

    /// <summary>Transposes the lanes' blocks into <paramref name="m0"/> (16 vectors) and compresses them into <paramref name="rows"/>.</summary>
    /// <remarks>
    /// The transposed message is a parameter for the reason given in Blake2pVector.CompressStripes.
    /// The transposition is inside the kernel root, not in <see cref="Compress"/>: that method is
    /// tier-0 code for its first 30 calls, where each of the transposition's vector operations was
    /// a call. With that and the lane loop itself left tiered, a fresh process's
    /// <c>Blake2b.HashMany</c> ran several times slower than in steady state from its second call
    /// to past its thirtieth (docs/measurements.md#hashmany-tier0).
    /// </remarks>
    [MethodImpl(KernelRoot.Options)]
    private static void LoadAndCompress(ref Vector512<TWord> rows, ref byte blocks, nuint laneStride, ref Vector512<TWord> m0)
    {
        Blake2LaneVector512<TWord>.LoadTransposed(ref blocks, laneStride, ref m0);
        Vector512<TWord> h0 = rows, h1 = Unsafe.Add(ref rows, 1), h2 = Unsafe.Add(ref rows, 2), h3 = Unsafe.Add(ref rows, 3);
        Vector512<TWord> h4 = Unsafe.Add(ref rows, 4), h5 = Unsafe.Add(ref rows, 5), h6 = Unsafe.Add(ref rows, 6), h7 = Unsafe.Add(ref rows, 7);

        // Rows 8 to 11 are every lane's t0, t1, f0 and f1.
        Blake2LaneRounds<Blake2LaneVector512<TWord>, Vector512<TWord>>.Compress(
            ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7,
            Vector512.Create(Blake2Word<TWord>.IV(4)) ^ Unsafe.Add(ref rows, 8),
            Vector512.Create(Blake2Word<TWord>.IV(5)) ^ Unsafe.Add(ref rows, 9),
            Vector512.Create(Blake2Word<TWord>.IV(6)) ^ Unsafe.Add(ref rows, 10),
            Vector512.Create(Blake2Word<TWord>.IV(7)) ^ Unsafe.Add(ref rows, 11),
            ref m0);

        rows = h0; Unsafe.Add(ref rows, 1) = h1; Unsafe.Add(ref rows, 2) = h2; Unsafe.Add(ref rows, 3) = h3;
        Unsafe.Add(ref rows, 4) = h4; Unsafe.Add(ref rows, 5) = h5; Unsafe.Add(ref rows, 6) = h6; Unsafe.Add(ref rows, 7) = h7;
    }
}

using System;

namespace Blake2Fast.Kernels;

/// <summary>
/// The message schedule rearranged into the lane order of the row kernels (BLAKE2b's
/// Blake2bVector256 and Blake2bVector128, BLAKE2s's Blake2sVector128), so that each round reads its
/// sixteen word indices in sequence.
/// </summary>
/// <remarks>
/// <para>
/// Per round, four groups of four indices: column x, column y, diagonal x, diagonal y, one G per
/// lane. The vector kernels diagonalise by rotating rows a, c and d (b stays put, keeping the
/// permutes off the critical path), so lane j of the diagonal step computes diagonal G number
/// (j - 1) mod 4, that is (j + 3) mod 4: its message words come rotated by one lane. Position p of
/// a row is sigma entry 0, 2, 4, 6, 1, 3, 5, 7, 14, 8, 10, 12, 15, 9, 11, 13 of that round.
/// </para>
/// <para>
/// Twelve rows, BLAKE2b's rounds (rounds 10 and 11 repeat rows 0 and 1); BLAKE2s reads the first
/// ten. Bytes, not wider values: the C# compiler builds a constant <c>ReadOnlySpan&lt;uint&gt;</c>
/// through <c>RuntimeHelpers.CreateSpan</c>, which .NET 8's first-tier code calls through a helper
/// that allocates 64 bytes per call (seen in its disassembly: CORINFO_HELP_FIELDDESC_TO_STUBRUNTIMEFIELD;
/// the allocation tests failed on the .NET 8 SSSE3 leg), so every BLAKE2s vector compress allocated
/// until the JIT's second tier replaced it. A byte table is a plain pointer to the data on every
/// runtime; its loads are movzx, as cheap as mov.
/// </para>
/// <para>
/// A table read at run time rather than constants folded into fully unrolled rounds: unrolling
/// ten rounds of sixteen table-indexed gathers ran out of the JIT's inlining budget (the
/// disassembly showed calls to Round and HalfRound, and the kernel ran at a quarter of the
/// scalar speed), while the index loads this costs are off the kernel's dependency chain.
/// Constant data in the assembly rather than an array built by a static initializer, for the
/// reason given on <see cref="Blake2pLaneSchedule"/>: a kernel optimized before the initializer
/// ran would carry a class-initialization check that keeps its state out of registers. The
/// schedule tests derive the table from RFC 7693's and compare.
/// </para>
/// </remarks>
internal static class Blake2RowSchedule
{
    /// <summary>12 rounds x 16 word indices (0..15).</summary>
    public static ReadOnlySpan<byte> Words =>
    [
        0, 2, 4, 6, 1, 3, 5, 7, 14, 8, 10, 12, 15, 9, 11, 13,
        14, 4, 9, 13, 10, 8, 15, 6, 5, 1, 0, 11, 3, 12, 2, 7,
        11, 12, 5, 15, 8, 0, 2, 13, 9, 10, 3, 7, 4, 14, 6, 1,
        7, 3, 13, 11, 9, 1, 12, 14, 15, 2, 5, 4, 8, 6, 10, 0,
        9, 5, 2, 10, 0, 7, 4, 15, 3, 14, 11, 6, 13, 1, 12, 8,
        2, 6, 0, 8, 12, 10, 11, 3, 1, 4, 7, 15, 9, 13, 5, 14,
        12, 1, 14, 4, 5, 15, 13, 10, 8, 0, 6, 9, 11, 7, 3, 2,
        13, 7, 12, 3, 11, 14, 1, 9, 2, 5, 15, 8, 10, 0, 4, 6,
        6, 14, 11, 0, 15, 9, 3, 8, 10, 12, 13, 1, 5, 2, 7, 4,
        10, 8, 7, 1, 2, 4, 6, 5, 13, 15, 9, 3, 0, 11, 14, 12,
        0, 2, 4, 6, 1, 3, 5, 7, 14, 8, 10, 12, 15, 9, 11, 13,
        14, 4, 9, 13, 10, 8, 15, 6, 5, 1, 0, 11, 3, 12, 2, 7,
    ];
}

using System;

namespace Blake2Fast.Kernels;

/// <summary>
/// Which message word each lane of a 128-bit BLAKE2s kernel needs in each round: the lane order
/// that <see cref="Blake2sVector128{TIsa}"/>'s diagonalisation implies, applied to
/// <see cref="Sigma.Table"/>.
/// </summary>
internal static class Blake2sSchedule
{
    /// <summary>
    /// Ten rows of sixteen word indices: row r lists, in lane order, the x words of round r's column
    /// step, its y words, then the x and y words of its diagonal step. Stored as 32-bit values: a
    /// plain mov each (no movzx), which the kernels' loads scale by 4 in their address, and a row
    /// can serve as a vpermd control (see <see cref="Blake2sAvx512"/> for why none does).
    /// </summary>
    /// <remarks>
    /// A table read at run time rather than constants folded into fully unrolled rounds: unrolling
    /// ten rounds of sixteen table-indexed gathers ran out of the JIT's inlining budget (the
    /// disassembly showed calls to Round and HalfRound, and the kernel ran at a quarter of the
    /// scalar speed), while the index loads this costs are off the kernel's dependency chain.
    /// </remarks>
    public static readonly uint[] Words = Build();

    /// <summary>
    /// Position p (0..15) of a round's gathered words -> index into that round's sigma row.
    /// Columns: lane i runs G number i, taking sigma[2i] (x) and sigma[2i+1] (y). Diagonals: the
    /// kernel turns the a, c and d rows rather than b, so lane j runs diagonal (j+3) mod 4, whose
    /// words are sigma[8+2((j+3) mod 4)] and the next one.
    /// </summary>
    private static ReadOnlySpan<byte> Order => [0, 2, 4, 6, 1, 3, 5, 7, 14, 8, 10, 12, 15, 9, 11, 13];

    private static uint[] Build()
    {
        uint[] words = new uint[10 * 16];
        for (int round = 0; round < 10; round++)
        {
            for (int position = 0; position < 16; position++)
            {
                words[(16 * round) + position] = Sigma.Table[(16 * round) + Order[position]];
            }
        }

        return words;
    }
}

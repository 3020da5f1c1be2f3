using System;

namespace Blake2Fast.Kernels;

/// <summary>
/// The message schedule rearranged into the lane order of the vector kernels, so that each round
/// reads its sixteen word indices in sequence.
/// </summary>
/// <remarks>
/// Per round, four groups of four indices: column x, column y, diagonal x, diagonal y, one G per
/// lane. The vector kernels diagonalise by rotating rows a, c and d (b stays put, keeping the
/// permutes off the critical path), so lane j of the diagonal step computes diagonal G number
/// (j - 1) mod 4: its message words come rotated by one lane.
/// </remarks>
internal static class Blake2bLaneSchedule
{
    /// <summary>12 rounds x 16 word indices (0..15).</summary>
    public static readonly byte[] Table = Build();

    private static byte[] Build()
    {
        ReadOnlySpan<byte> sigma = Sigma.Table;
        byte[] table = new byte[12 * 16];
        for (int round = 0; round < 12; round++)
        {
            ReadOnlySpan<byte> s = sigma.Slice(round * 16, 16);
            Span<byte> row = table.AsSpan(round * 16, 16);
            for (int lane = 0; lane < 4; lane++)
            {
                int diagonal = (lane + 3) & 3;
                row[lane] = s[2 * lane];
                row[4 + lane] = s[(2 * lane) + 1];
                row[8 + lane] = s[8 + (2 * diagonal)];
                row[12 + lane] = s[9 + (2 * diagonal)];
            }
        }

        return table;
    }
}

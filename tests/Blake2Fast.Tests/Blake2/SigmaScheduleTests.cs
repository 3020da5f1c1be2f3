using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// The message schedule in each form the kernels keep it (the packed rows of the scalar kernels,
/// the pre-scaled table of the lane kernels, the lane-ordered table of the row kernels) against
/// RFC 7693's table, written out here on its own.
/// </summary>
public class SigmaScheduleTests
{
    // RFC 7693 section 2.7, rows 0..9.
    private static readonly int[][] Rfc =
    [
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
        [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
        [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
        [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
        [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
        [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
        [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
        [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
        [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
    ];

    [Fact]
    public void Packed_rows_and_scaled_table_are_the_rfc_schedule()
    {
        ulong[] rows =
        [
            Sigma.Row0, Sigma.Row1, Sigma.Row2, Sigma.Row3, Sigma.Row4,
            Sigma.Row5, Sigma.Row6, Sigma.Row7, Sigma.Row8, Sigma.Row9,
        ];

        // BLAKE2b's rounds 10 and 11 repeat rows 0 and 1.
        for (int round = 0; round < 12; round++)
        {
            for (int k = 0; k < 16; k++)
            {
                Assert.Equal(4 * Rfc[round % 10][k], Blake2pLaneSchedule.Scaled[(16 * round) + k]);
                if (round < 10)
                {
                    Assert.Equal(Rfc[round][k], (int)((rows[round] >> (4 * k)) & 15));
                }
            }
        }

        Assert.Equal(12 * 16, Blake2pLaneSchedule.Scaled.Length);
    }

    [Fact]
    public void Lane_schedules_are_sigma_in_lane_order()
    {
        // Lane i runs column G number i (sigma entries 2i, 2i + 1); the vector kernels turn rows
        // a, c and d, so lane j of the diagonal step runs diagonal G number (j + 3) mod 4.
        for (int round = 0; round < 12; round++)
        {
            int[] sigma = Rfc[round % 10];
            for (int lane = 0; lane < 4; lane++)
            {
                int diagonal = (lane + 3) & 3;
                int[] expected = [sigma[2 * lane], sigma[(2 * lane) + 1], sigma[8 + (2 * diagonal)], sigma[9 + (2 * diagonal)]];
                for (int group = 0; group < 4; group++)
                {
                    int position = (16 * round) + (4 * group) + lane;
                    Assert.Equal(expected[group], Blake2RowSchedule.Words[position]);
                }
            }
        }

        Assert.Equal(12 * 16, Blake2RowSchedule.Words.Length);
    }
}

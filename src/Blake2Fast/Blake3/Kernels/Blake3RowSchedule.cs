using System;

namespace Blake2Fast.Kernels;

/// <summary>
/// Which message word each lane of the 128-bit BLAKE3 row kernel needs in each round, in the lane
/// order of <see cref="Blake2RowSchedule.Words"/> (whose round code the row kernel, Blake3Row128, runs).
/// </summary>
/// <remarks>
/// Row r is BLAKE3's message permutation applied r times, read at positions 0, 2, 4, 6, 1, 3, 5,
/// 7, 14, 8, 10, 12, 15, 9, 11, 13 (the column x words, the column y words, then the diagonal ones
/// as that kernel's diagonalisation orders them). Constant data, for the reasons on
/// <see cref="Blake2RowSchedule.Words"/>. The kernel tests rebuild it from the permutation.
/// </remarks>
internal static class Blake3RowSchedule
{
    /// <summary>Seven rows of sixteen word indices.</summary>
    public static ReadOnlySpan<byte> Words =>
    [
        0, 2, 4, 6, 1, 3, 5, 7, 14, 8, 10, 12, 15, 9, 11, 13,
        2, 3, 7, 4, 6, 10, 0, 13, 15, 1, 12, 9, 8, 11, 5, 14,
        3, 10, 13, 7, 4, 12, 2, 14, 8, 6, 9, 11, 1, 5, 0, 15,
        10, 12, 14, 13, 7, 9, 3, 15, 1, 4, 11, 5, 6, 0, 2, 8,
        12, 9, 15, 14, 13, 11, 10, 8, 6, 7, 5, 0, 4, 2, 3, 1,
        9, 11, 8, 15, 14, 5, 12, 1, 4, 13, 0, 2, 7, 3, 10, 6,
        11, 5, 1, 8, 15, 0, 9, 6, 7, 14, 2, 3, 13, 10, 12, 4,
    ];
}

using System;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2 message schedule.</summary>
internal static class Sigma
{
    /// <summary>
    /// Ten permutations of 0..15, then the first two again: BLAKE2b runs twelve rounds and round r
    /// uses row r mod 10, so storing twelve rows lets a kernel walk the table without a modulo.
    /// BLAKE2s runs ten rounds and reads the first ten rows.
    /// </summary>
    public static ReadOnlySpan<byte> Table =>
    [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
        11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4,
        7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8,
        9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13,
        2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9,
        12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11,
        13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10,
        6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5,
        10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0,
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
    ];

    /// <summary>
    /// The ten rows of <see cref="Table"/> packed four bits per entry (entry k in bits 4k..4k+3), for
    /// the scalar kernels' unrolled rounds: with the row a constant, the JIT folds every message
    /// word offset to an immediate without reading a table. Reads of <see cref="Table"/> at constant
    /// indices fold only when the JIT compiles at run time; ReadyToRun (crossgen2) leaves them as
    /// loads, and that made a ReadyToRun build of the BLAKE2b scalar kernel about 4.6 times slower
    /// (b2fast, 1 GiB, 3.87 s against 0.84 s). The kernel tests check the rows against
    /// <see cref="Table"/>.
    /// </summary>
    public const ulong Row0 = 0xFEDCBA9876543210;
    public const ulong Row1 = 0x357B20C16DF984AE;
    public const ulong Row2 = 0x491763EADF250C8B;
    public const ulong Row3 = 0x8F04A562EBCD1397;
    public const ulong Row4 = 0xD386CB1EFA427509;
    public const ulong Row5 = 0x91EF57D438B0A6C2;
    public const ulong Row6 = 0xB8293670A4DEF15C;
    public const ulong Row7 = 0xA2684F05931CE7BD;
    public const ulong Row8 = 0x5A417D2C803B9EF6;
    public const ulong Row9 = 0x0DC3E9BF5167482A;
}

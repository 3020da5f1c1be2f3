using System;

namespace Blake2Fast.Kernels;

/// <summary>
/// The BLAKE3 message schedule for the lane kernels: row r lists, in G input order, which original
/// message word round r reads, as multiples of 4.
/// </summary>
/// <remarks>
/// <para>BLAKE3 permutes the message words after every round; the lane kernels never move the
/// words, they rename them: row r is the permutation applied r times (row 0 is the identity). The
/// kernel tests rebuild the rows from the permutation and compare.</para>
/// <para>The entries are multiples of 4 and constant data in the assembly for the reasons given in
/// <see cref="Blake2pLaneSchedule"/> (address folding; no class-initialization check in the kernels).</para>
/// </remarks>
internal static class Blake3LaneSchedule
{
    /// <summary>Rounds per compression.</summary>
    public const int Rounds = 7;

    /// <summary>7 rows of 16 entries.</summary>
    public static ReadOnlySpan<byte> Scaled =>
    [
        0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60,
        8, 24, 12, 40, 28, 0, 16, 52, 4, 44, 48, 20, 36, 56, 60, 32,
        12, 16, 40, 48, 52, 8, 28, 56, 24, 20, 36, 0, 44, 60, 32, 4,
        40, 28, 48, 36, 56, 12, 52, 60, 16, 0, 44, 8, 20, 32, 4, 24,
        48, 52, 36, 44, 60, 40, 56, 32, 28, 8, 20, 12, 0, 4, 24, 16,
        36, 56, 44, 20, 32, 48, 60, 4, 52, 12, 0, 40, 8, 24, 16, 28,
        44, 60, 20, 0, 4, 36, 32, 24, 56, 40, 8, 48, 12, 16, 28, 52,
    ];
}

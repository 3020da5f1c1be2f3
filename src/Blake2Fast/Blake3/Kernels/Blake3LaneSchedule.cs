using System;

namespace Blake2Fast.Kernels;

/// <summary>
/// The BLAKE3 message schedule for the lane kernels: row r lists, in G input order, which original
/// message word round r reads, as multiples of 16.
/// </summary>
/// <remarks>
/// <para>BLAKE3 permutes the message words after every round; the lane kernels never move the
/// words, they rename them: row r is the permutation applied r times (row 0 is the identity). The
/// kernel tests rebuild the rows from the permutation and compare.</para>
/// <para>Multiples of 16 (the largest, 240, still fits a byte): a message vector of 16, 32 or 64
/// bytes then sits at 1, 2 or 4 times the entry, all x86 address scales, so each message word
/// costs one byte load and a memory operand (with multiples of 4, the 512-bit kernel needed a shift
/// per word: seen in its disassembly).</para>
/// <para>Constant data in the assembly, not an array, for the reason given on
/// <see cref="Blake2pLaneSchedule"/> (no class-initialization check in the kernels).</para>
/// </remarks>
internal static class Blake3LaneSchedule
{
    /// <summary>Rounds per compression.</summary>
    public const int Rounds = 7;

    /// <summary>7 rows of 16 entries.</summary>
    public static ReadOnlySpan<byte> Scaled =>
    [
        0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240,
        32, 96, 48, 160, 112, 0, 64, 208, 16, 176, 192, 80, 144, 224, 240, 128,
        48, 64, 160, 192, 208, 32, 112, 224, 96, 80, 144, 0, 176, 240, 128, 16,
        160, 112, 192, 144, 224, 48, 208, 240, 64, 0, 176, 32, 80, 128, 16, 96,
        192, 208, 144, 176, 240, 160, 224, 128, 112, 32, 80, 48, 0, 16, 96, 64,
        144, 224, 176, 80, 128, 192, 240, 16, 208, 48, 0, 160, 32, 96, 64, 112,
        176, 240, 80, 0, 16, 144, 128, 96, 224, 160, 32, 192, 48, 64, 112, 208,
    ];
}

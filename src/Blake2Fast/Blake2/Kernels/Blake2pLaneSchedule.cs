using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// The message schedule for the lane kernels, as multiples of 4 (RFC 7693's sigma x 4): ten rounds,
/// then the first two again, so that BLAKE2b's twelve rounds walk the table without a modulo
/// (BLAKE2s reads the first ten).
/// </summary>
/// <remarks>
/// <para>
/// A lane kernel's transposed message words are whole vectors: word i sits at byte offset
/// i * 32 (256-bit) or i * 16 (128-bit). x86 addressing scales an index by at most 8, so with the
/// plain schedule the JIT emits a shift per message word (16 per round). With the index
/// pre-multiplied by 4, i * 32 = (4 i) * 8 and i * 16 = (4 i) * 4 fold into the load's address
/// and each message word is one byte load plus a memory operand.
/// </para>
/// <para>
/// The table is constant data in the assembly, not an array built by a static initializer: a
/// kernel compiled before such an initializer had run (the first call, optimized at once, as
/// b2fast does) got a class-initialization check that may call out, and around that call the JIT
/// kept the whole chaining state in stack slots for the entire stripe loop, storing and reloading
/// it every stripe (docs/measurements.md#blake2p-lane-schedule). The schedule tests check the
/// table against RFC 7693's.
/// </para>
/// </remarks>
internal static class Blake2pLaneSchedule
{
    /// <summary>12 rows of 16 entries.</summary>
    public static ReadOnlySpan<byte> Scaled =>
    [
        0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60,
        56, 40, 16, 32, 36, 60, 52, 24, 4, 48, 0, 8, 44, 28, 20, 12,
        44, 32, 48, 0, 20, 8, 60, 52, 40, 56, 12, 24, 28, 4, 36, 16,
        28, 36, 12, 4, 52, 48, 44, 56, 8, 24, 20, 40, 16, 0, 60, 32,
        36, 0, 20, 28, 8, 16, 40, 60, 56, 4, 44, 48, 24, 32, 12, 52,
        8, 48, 24, 40, 0, 44, 32, 12, 16, 52, 28, 20, 60, 56, 4, 36,
        48, 20, 4, 60, 56, 52, 16, 40, 0, 28, 24, 12, 36, 8, 32, 44,
        52, 44, 28, 56, 48, 4, 12, 36, 20, 0, 60, 16, 32, 24, 8, 40,
        24, 60, 56, 36, 44, 12, 0, 32, 48, 8, 52, 28, 4, 16, 40, 20,
        40, 8, 32, 16, 28, 24, 4, 20, 60, 44, 36, 56, 12, 48, 52, 0,
        0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60,
        56, 40, 16, 32, 36, 60, 52, 24, 4, 48, 0, 8, 44, 28, 20, 12,
    ];

    /// <summary>Reference to the first entry: 12 rows of 16.</summary>
    public static ref byte Start
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => ref System.Runtime.InteropServices.MemoryMarshal.GetReference(Scaled);
    }
}

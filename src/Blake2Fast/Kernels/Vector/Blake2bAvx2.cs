using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// AVX2 strategy for <see cref="Blake2bVector256"/>: the message gathered from scalar loads. Its
/// rotations are <see cref="Blake2bLaneAvx2Rotations"/> (byte shuffles for 16, 24 and 32,
/// shift-add-xor for 63).
/// </summary>
internal readonly struct Blake2bAvx2 : IBlake2bIsa256
{
    public static bool IsSupported => Avx2.IsSupported;

    public static void Compress(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1) =>
        Blake2bVector256.Compress<Blake2bAvx2, Blake2bLaneAvx2Rotations>(chain, blocks, ref t0, ref t1, increment, f0, f1);

    /// <remarks>
    /// Scalar loads: the JIT turns each Vector256.Create into vmovq, vpinsrq, vmovq, vpinsrq,
    /// vinserti128 with memory operands (plus a movzx per word for the schedule index). Measured
    /// against vpgatherqq with vpmovzxbq indices, which was slower (about 720 vs 775 MiB/s); the
    /// gathers are off the critical path, so cheap issue matters more than instruction count.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Gather(ref ulong block, ref byte schedule, out Vector256<ulong> columnX, out Vector256<ulong> columnY, out Vector256<ulong> diagonalX, out Vector256<ulong> diagonalY)
    {
        columnX = Pick(ref block, ref schedule);
        columnY = Pick(ref block, ref Unsafe.Add(ref schedule, 4));
        diagonalX = Pick(ref block, ref Unsafe.Add(ref schedule, 8));
        diagonalY = Pick(ref block, ref Unsafe.Add(ref schedule, 12));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Pick(ref ulong block, ref byte schedule) => Vector256.Create(
        Unsafe.Add(ref block, schedule),
        Unsafe.Add(ref block, Unsafe.Add(ref schedule, 1)),
        Unsafe.Add(ref block, Unsafe.Add(ref schedule, 2)),
        Unsafe.Add(ref block, Unsafe.Add(ref schedule, 3)));
}

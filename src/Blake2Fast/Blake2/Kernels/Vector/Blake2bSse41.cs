using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// SSSE3/SSE4.1 strategy for <see cref="Blake2bVector128"/>: pshufb for the rotations by 16 and
/// 24, palignr for the lane shift; the rest is the SSE2 strategy's. The kernel is gated on SSE4.1
/// rather than SSSE3 alone because that is the tier where the JIT builds the message gathers with
/// pinsrq instead of movq + punpcklqdq.
/// </summary>
internal readonly struct Blake2bSse41 : IBlake2bIsa128
{
    public static bool IsSupported => Sse41.IsSupported && Ssse3.IsSupported;

    public static void Compress(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1) =>
        Blake2bVector128.Compress<Blake2bSse41>(chain, blocks, ref t0, ref t1, increment, f0, f1);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> RotateRight32(Vector128<ulong> x) => Blake2bSse2.RotateRight32(x);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> RotateRight24(Vector128<ulong> x) => Ssse3.Shuffle(x.AsByte(), Blake2bShuffles.RotateRight24).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> RotateRight16(Vector128<ulong> x) => Ssse3.Shuffle(x.AsByte(), Blake2bShuffles.RotateRight16).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> RotateRight63(Vector128<ulong> x) => Blake2bSse2.RotateRight63(x);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> HighLow(Vector128<ulong> x, Vector128<ulong> y) => Ssse3.AlignRight(y.AsByte(), x.AsByte(), 8).AsUInt64();
}

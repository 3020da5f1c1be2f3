using System;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// SSE2-only strategy for <see cref="Blake2bVector128"/>: no pshufb or palignr, so the rotations
/// by 24 and 63 are shifts, 32 is pshufd, 16 is pshuflw + pshufhw, and the lane shift is shufpd.
/// </summary>
internal readonly struct Blake2bSse2 : IBlake2bIsa128
{
    public static bool IsSupported => Sse2.IsSupported;

    public static void Compress(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1) =>
        Blake2bVector128.Compress<Blake2bSse2>(chain, blocks, ref t0, ref t1, increment, f0, f1);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> RotateRight32(Vector128<ulong> x) => Sse2.Shuffle(x.AsUInt32(), 0b10_11_00_01).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> RotateRight24(Vector128<ulong> x) => Sse2.Xor(Sse2.ShiftRightLogical(x, 24), Sse2.ShiftLeftLogical(x, 40));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> RotateRight16(Vector128<ulong> x) =>
        Sse2.ShuffleHigh(Sse2.ShuffleLow(x.AsUInt16(), 0b00_11_10_01), 0b00_11_10_01).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> RotateRight63(Vector128<ulong> x) => Sse2.Xor(Sse2.ShiftRightLogical(x, 63), Sse2.Add(x, x));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<ulong> HighLow(Vector128<ulong> x, Vector128<ulong> y) => Sse2.Shuffle(x.AsDouble(), y.AsDouble(), 0b01).AsUInt64();
}

using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>BLAKE2s pieces for machines with SSE2 only: every rotation is shifts, gathers are movd + unpacks.</summary>
internal readonly struct Blake2sSse2 : IBlake2sIsa
{
    public static bool IsSupported => Sse2.IsSupported;

    // pshuflw + pshufhw swapping the 16-bit halves would also be SSE2, but that is two dependent
    // shuffles: the same two steps on the dependency chain as shift, shift, or.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight16(Vector128<uint> x) => Rotate(x, 16, 16);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight12(Vector128<uint> x) => Rotate(x, 12, 20);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight8(Vector128<uint> x) => Rotate(x, 8, 24);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight7(Vector128<uint> x) => Rotate(x, 7, 25);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Gather(ref uint block, ref byte words, out Vector128<uint> columnX, out Vector128<uint> columnY, out Vector128<uint> diagonalX, out Vector128<uint> diagonalY)
    {
        columnX = Gather4(ref block, ref words, 0);
        columnY = Gather4(ref block, ref words, 4);
        diagonalX = Gather4(ref block, ref words, 8);
        diagonalY = Gather4(ref block, ref words, 12);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Vector128<uint> Rotate(Vector128<uint> x, [ConstantExpected(Min = 1, Max = 31)] byte right, [ConstantExpected(Min = 1, Max = 31)] byte left)
    {
        Debug.Assert(right + left == 32, "a rotation's two shifts add up to the word size");
        return Sse2.Or(Sse2.ShiftRightLogical(x, right), Sse2.ShiftLeftLogical(x, left));
    }

    /// <summary>Words <paramref name="first"/>..+3 of the round's schedule: four movd, then two levels of unpacks.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Gather4(ref uint block, ref byte words, int first)
    {
        Vector128<uint> low = Sse2.UnpackLow(Word(ref block, ref words, first), Word(ref block, ref words, first + 1));
        Vector128<uint> high = Sse2.UnpackLow(Word(ref block, ref words, first + 2), Word(ref block, ref words, first + 3));
        return Sse2.UnpackLow(low.AsUInt64(), high.AsUInt64()).AsUInt32();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Word(ref uint block, ref byte words, int position) =>
        Sse2.ConvertScalarToVector128UInt32(Unsafe.Add(ref block, Unsafe.Add(ref words, position)));
}

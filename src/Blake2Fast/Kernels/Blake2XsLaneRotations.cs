using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// The four BLAKE2s rotations on 32-bit lanes, as static members so that
/// <see cref="Blake2XsLanes{TRotations}"/> is compiled once per instruction set with no calls left.
/// </summary>
internal interface IBlake2XsLaneRotations
{
    static abstract Vector256<uint> RotateRight16(Vector256<uint> value);

    static abstract Vector256<uint> RotateRight12(Vector256<uint> value);

    static abstract Vector256<uint> RotateRight8(Vector256<uint> value);

    static abstract Vector256<uint> RotateRight7(Vector256<uint> value);
}

/// <summary>AVX2 has no vector rotate: whole-byte rotations become byte shuffles, the others shift pairs.</summary>
internal readonly struct Blake2XsAvx2Rotations : IBlake2XsLaneRotations
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight16(Vector256<uint> value) =>
        Avx2.Shuffle(value.AsByte(), Vector256.Create(
            (byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
            2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight12(Vector256<uint> value) =>
        Avx2.Or(Avx2.ShiftRightLogical(value, 12), Avx2.ShiftLeftLogical(value, 20));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight8(Vector256<uint> value) =>
        Avx2.Shuffle(value.AsByte(), Vector256.Create(
            (byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12,
            1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight7(Vector256<uint> value) =>
        Avx2.Or(Avx2.ShiftRightLogical(value, 7), Avx2.ShiftLeftLogical(value, 25));
}

/// <summary>AVX-512VL rotates a 256-bit vector of 32-bit lanes in one instruction.</summary>
internal readonly struct Blake2XsAvx512Rotations : IBlake2XsLaneRotations
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight16(Vector256<uint> value) => Avx512F.VL.RotateRight(value, 16);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight12(Vector256<uint> value) => Avx512F.VL.RotateRight(value, 12);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight8(Vector256<uint> value) => Avx512F.VL.RotateRight(value, 8);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight7(Vector256<uint> value) => Avx512F.VL.RotateRight(value, 7);
}

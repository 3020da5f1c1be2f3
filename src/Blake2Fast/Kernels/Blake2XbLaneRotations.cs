using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// The four BLAKE2b rotations on 64-bit lanes, as static members so that
/// <see cref="Blake2XbLanes{TRotations}"/> is compiled once per instruction set with no calls left.
/// </summary>
internal interface IBlake2XbLaneRotations
{
    static abstract Vector256<ulong> RotateRight32(Vector256<ulong> value);

    static abstract Vector256<ulong> RotateRight24(Vector256<ulong> value);

    static abstract Vector256<ulong> RotateRight16(Vector256<ulong> value);

    static abstract Vector256<ulong> RotateRight63(Vector256<ulong> value);
}

/// <summary>AVX2 has no vector rotate: whole-byte rotations become byte shuffles, 63 a shift pair.</summary>
internal readonly struct Blake2XbAvx2Rotations : IBlake2XbLaneRotations
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight32(Vector256<ulong> value) =>
        Avx2.Shuffle(value.AsUInt32(), 0b10_11_00_01).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight24(Vector256<ulong> value) =>
        Avx2.Shuffle(value.AsByte(), Vector256.Create(
            (byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,
            3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10)).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight16(Vector256<ulong> value) =>
        Avx2.Shuffle(value.AsByte(), Vector256.Create(
            (byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
            2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9)).AsUInt64();

    // Rotating right by 63 is rotating left by 1: the doubled value plus the carried-out top bit.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight63(Vector256<ulong> value) =>
        Avx2.Xor(Avx2.ShiftRightLogical(value, 63), Avx2.Add(value, value));
}

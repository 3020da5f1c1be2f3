using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// The four BLAKE2s G rotations on eight 32-bit lanes. The 256-bit BLAKE2sp and BLAKE2Xs lane kernels are generic over
/// this so one copy of the round code serves AVX2 and AVX-512: the JIT specialises it per struct.
/// </summary>
internal interface IBlake2sLaneRotations
{
    /// <summary>Whether the ISA has 32 vector registers (AVX-512) rather than 16 (AVX2); G orders its additions by it.</summary>
    static abstract bool HasManyRegisters { get; }

    static abstract Vector256<uint> RotateRight16(Vector256<uint> x);

    static abstract Vector256<uint> RotateRight12(Vector256<uint> x);

    static abstract Vector256<uint> RotateRight8(Vector256<uint> x);

    static abstract Vector256<uint> RotateRight7(Vector256<uint> x);
}

/// <summary>
/// AVX2 has no vector rotate. Rotations by whole bytes are one byte shuffle (vpshufb) instead of
/// shift, shift, or; 12 and 7 have to be shifts.
/// </summary>
internal readonly struct Blake2sLaneAvx2Rotations : IBlake2sLaneRotations
{
    public static bool HasManyRegisters => false;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight16(Vector256<uint> x) =>
        Avx2.Shuffle(x.AsByte(), Vector256.Create((byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight12(Vector256<uint> x) =>
        Vector256.ShiftRightLogical(x, 12) | Vector256.ShiftLeft(x, 20);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight8(Vector256<uint> x) =>
        Avx2.Shuffle(x.AsByte(), Vector256.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight7(Vector256<uint> x) =>
        Vector256.ShiftRightLogical(x, 7) | Vector256.ShiftLeft(x, 25);
}

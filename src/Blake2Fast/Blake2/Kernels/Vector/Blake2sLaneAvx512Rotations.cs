using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>AVX-512VL rotates any 32-bit lane amount in one instruction (vprord).</summary>
internal readonly struct Blake2sLaneAvx512Rotations : IBlake2sLaneRotations
{
    public static bool HasManyRegisters => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight16(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 16);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight12(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 12);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight8(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 8);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight7(Vector256<uint> x) => Avx512F.VL.RotateRight(x, 7);
}

using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>AVX-512VL rotates any 64-bit lane amount in one instruction (vprorq).</summary>
internal readonly struct Blake2bLaneAvx512Rotations : IBlake2bLaneRotations
{
    public static bool HasManyRegisters => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight32(Vector256<ulong> x) => Avx512F.VL.RotateRight(x, 32);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight24(Vector256<ulong> x) => Avx512F.VL.RotateRight(x, 24);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight16(Vector256<ulong> x) => Avx512F.VL.RotateRight(x, 16);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight63(Vector256<ulong> x) => Avx512F.VL.RotateRight(x, 63);
}

using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// The four BLAKE2b G rotations on four 64-bit lanes. The 256-bit kernels (BLAKE2b's
/// <see cref="Blake2bVector256"/>, the BLAKE2bp and BLAKE2Xb lane kernels) are generic over this,
/// so one copy of each round serves AVX2 and AVX-512: the JIT specialises it per struct.
/// </summary>
internal interface IBlake2bLaneRotations
{
    /// <summary>Whether the ISA has 32 vector registers (AVX-512) rather than 16 (AVX2); G orders its additions by it.</summary>
    static abstract bool HasManyRegisters { get; }

    static abstract Vector256<ulong> RotateRight32(Vector256<ulong> x);

    static abstract Vector256<ulong> RotateRight24(Vector256<ulong> x);

    static abstract Vector256<ulong> RotateRight16(Vector256<ulong> x);

    static abstract Vector256<ulong> RotateRight63(Vector256<ulong> x);
}

/// <summary>
/// AVX2 has no vector rotate. Rotations by whole bytes are one byte shuffle (vpshufb) or, for 32,
/// a dword shuffle (vpshufd) - one instruction instead of shift, shift, or. Rotating by 63 is a
/// rotate left by 1, where x + x (vpaddq) is cheaper than a left shift on some cores.
/// </summary>
internal readonly struct Blake2bLaneAvx2Rotations : IBlake2bLaneRotations
{
    public static bool HasManyRegisters => false;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight32(Vector256<ulong> x) =>
        Avx2.Shuffle(x.AsUInt32(), 0b10_11_00_01).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight24(Vector256<ulong> x) =>
        Avx2.Shuffle(x.AsByte(), Blake2bShuffles.RotateRight24x2).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight16(Vector256<ulong> x) =>
        Avx2.Shuffle(x.AsByte(), Blake2bShuffles.RotateRight16x2).AsUInt64();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight63(Vector256<ulong> x) =>
        Vector256.ShiftRightLogical(x, 63) ^ (x + x);
}

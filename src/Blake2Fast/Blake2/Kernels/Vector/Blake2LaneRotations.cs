using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// The G rotations on 256-bit vectors, for both word sizes: BLAKE2b's (32, 24, 16, 63) on four
/// 64-bit lanes and BLAKE2s's (16, 12, 8, 7, also BLAKE3's) on eight 32-bit lanes. The 256-bit
/// kernels (BLAKE2b's <see cref="Blake2bVector256"/>, the lane kernels through
/// <see cref="Blake2LaneVector256{TWord, TRotations}"/>, BLAKE3's among them)
/// are generic over this, so one copy of each round serves AVX2 and AVX-512: the JIT specialises
/// it per struct, and the rotation amount is a constant at every call, so each call inlines to
/// the instructions for that amount.
/// </summary>
internal interface IBlake2LaneRotations
{
    /// <summary>Whether the ISA has 32 vector registers (AVX-512) rather than 16 (AVX2); G orders its additions by it.</summary>
    static abstract bool HasManyRegisters { get; }

    /// <summary>Rotates every 64-bit lane right by <paramref name="bits"/> (one of G's amounts).</summary>
    static abstract Vector256<ulong> RotateRight(Vector256<ulong> x, [ConstantExpected] byte bits);

    /// <summary>Rotates every 32-bit lane right by <paramref name="bits"/> (one of G's amounts).</summary>
    static abstract Vector256<uint> RotateRight(Vector256<uint> x, [ConstantExpected] byte bits);
}

/// <summary>
/// AVX2 has no vector rotate. Rotations by whole bytes are one byte shuffle (vpshufb) or, for 32,
/// a dword shuffle (vpshufd) - one instruction instead of shift, shift, or. Rotating a 64-bit lane
/// by 63 is a rotate left by 1, where x + x (vpaddq) is cheaper than a left shift on some cores;
/// BLAKE2s's 12 and 7 have to be shifts.
/// </summary>
internal readonly struct Blake2LaneAvx2Rotations : IBlake2LaneRotations
{
    public static bool HasManyRegisters => false;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight(Vector256<ulong> x, [ConstantExpected] byte bits) => bits switch
    {
        32 => Avx2.Shuffle(x.AsUInt32(), 0b10_11_00_01).AsUInt64(),
        24 => Avx2.Shuffle(x.AsByte(), Blake2bShuffles.RotateRight24x2).AsUInt64(),
        16 => Avx2.Shuffle(x.AsByte(), Blake2bShuffles.RotateRight16x2).AsUInt64(),
        63 => Vector256.ShiftRightLogical(x, 63) ^ (x + x),
        _ => Vector256.ShiftRightLogical(x, bits) | Vector256.ShiftLeft(x, 64 - bits),
    };

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight(Vector256<uint> x, [ConstantExpected] byte bits) => bits switch
    {
        16 => Avx2.Shuffle(x.AsByte(), Vector256.Create((byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)).AsUInt32(),
        8 => Avx2.Shuffle(x.AsByte(), Vector256.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32(),
        _ => Vector256.ShiftRightLogical(x, bits) | Vector256.ShiftLeft(x, 32 - bits),
    };
}

/// <summary>AVX-512VL rotates any lane by any amount in one instruction (vprorq, vprord).</summary>
internal readonly struct Blake2LaneAvx512Rotations : IBlake2LaneRotations
{
    public static bool HasManyRegisters => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<ulong> RotateRight(Vector256<ulong> x, [ConstantExpected] byte bits) => Avx512F.VL.RotateRight(x, bits);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight(Vector256<uint> x, [ConstantExpected] byte bits) => Avx512F.VL.RotateRight(x, bits);
}

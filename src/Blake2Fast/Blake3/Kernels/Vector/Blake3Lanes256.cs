using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// 8 BLAKE3 lanes in 256-bit vectors. BLAKE3's G rotates by BLAKE2s's amounts, so the rotations are
/// BLAKE2s's lane rotations: <see cref="Blake2LaneAvx2Rotations"/> (byte shuffles and shifts) or
/// <see cref="Blake2LaneAvx512Rotations"/> (vprord, AVX-512VL).
/// </summary>
internal readonly struct Blake3Lanes256<TRotations> : IBlake3Lanes<Vector256<uint>>
    where TRotations : struct, IBlake2LaneRotations
{
    public static int Lanes => 8;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> Broadcast(uint value) => Vector256.Create(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> Load(ref uint source) => Vector256.LoadUnsafe(ref source);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> Add(Vector256<uint> left, Vector256<uint> right) => left + right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> Xor(Vector256<uint> left, Vector256<uint> right) => left ^ right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight16(Vector256<uint> value) => TRotations.RotateRight(value, 16);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight12(Vector256<uint> value) => TRotations.RotateRight(value, 12);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight8(Vector256<uint> value) => TRotations.RotateRight(value, 8);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight7(Vector256<uint> value) => TRotations.RotateRight(value, 7);

    /// <remarks>The transpose BLAKE2sp's lanes use: <see cref="Transpose256.LoadWords32"/>.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadTransposed(ref byte block, nuint laneStride, ref Vector256<uint> message) =>
        Transpose256.LoadWords32(ref block, laneStride, ref message);

    /// <remarks>The inverse of <see cref="LoadTransposed"/>, per 4 words, each 128-bit half stored to its lane.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTransposed(ref Vector256<uint> chainingValue, ref byte destination)
    {
        for (nuint word = 0; word < 8; word += 4)
        {
            Vector256<uint> x0 = Unsafe.Add(ref chainingValue, word), x1 = Unsafe.Add(ref chainingValue, word + 1);
            Vector256<uint> x2 = Unsafe.Add(ref chainingValue, word + 2), x3 = Unsafe.Add(ref chainingValue, word + 3);
            Vector256<ulong> a = Avx2.UnpackLow(x0, x1).AsUInt64();
            Vector256<ulong> b = Avx2.UnpackHigh(x0, x1).AsUInt64();
            Vector256<ulong> c = Avx2.UnpackLow(x2, x3).AsUInt64();
            Vector256<ulong> d = Avx2.UnpackHigh(x2, x3).AsUInt64();
            ref byte lane0 = ref Unsafe.Add(ref destination, word * 4);
            Scatter(Avx2.UnpackLow(a, c).AsByte(), ref lane0);
            Scatter(Avx2.UnpackHigh(a, c).AsByte(), ref Unsafe.Add(ref lane0, 32));
            Scatter(Avx2.UnpackLow(b, d).AsByte(), ref Unsafe.Add(ref lane0, 64));
            Scatter(Avx2.UnpackHigh(b, d).AsByte(), ref Unsafe.Add(ref lane0, 96));
        }
    }

    /// <summary>The two 128-bit halves to the chaining values of lanes k and k+4 (32 bytes each).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Scatter(Vector256<byte> halves, ref byte lane)
    {
        halves.GetLower().StoreUnsafe(ref lane);
        halves.GetUpper().StoreUnsafe(ref lane, 4 * 32);
    }
}

using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// 8 BLAKE3 lanes in 256-bit vectors. BLAKE3's G rotates by BLAKE2s's amounts, so the rotations are
/// BLAKE2s's lane rotations: <see cref="Blake2sLaneAvx2Rotations"/> (byte shuffles and shifts) or
/// <see cref="Blake2sLaneAvx512Rotations"/> (vprord, AVX-512VL).
/// </summary>
internal readonly struct Blake3Lanes256<TRotations> : IBlake3Lanes<Vector256<uint>>
    where TRotations : struct, IBlake2sLaneRotations
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
    public static Vector256<uint> RotateRight16(Vector256<uint> value) => TRotations.RotateRight16(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight12(Vector256<uint> value) => TRotations.RotateRight12(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight8(Vector256<uint> value) => TRotations.RotateRight8(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<uint> RotateRight7(Vector256<uint> value) => TRotations.RotateRight7(value);

    /// <remarks>
    /// Per 4 words: input vector k (k = 0..3) holds those 16 bytes of lanes k and k+4 in its two
    /// 128-bit halves; unpacks within each half transpose them (as Blake2spVector256, with a stride).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadTransposed(ref byte block, nuint laneStride, ref Vector256<uint> message)
    {
        nuint half = 4 * laneStride;
        for (nuint word = 0; word < 16; word += 4)
        {
            ref byte lane0 = ref Unsafe.Add(ref block, word * 4);
            Vector256<uint> x0 = Gather(ref lane0, half);
            Vector256<uint> x1 = Gather(ref Unsafe.Add(ref lane0, laneStride), half);
            Vector256<uint> x2 = Gather(ref Unsafe.Add(ref lane0, 2 * laneStride), half);
            Vector256<uint> x3 = Gather(ref Unsafe.Add(ref lane0, 3 * laneStride), half);

            Vector256<ulong> a = Avx2.UnpackLow(x0, x1).AsUInt64();
            Vector256<ulong> b = Avx2.UnpackHigh(x0, x1).AsUInt64();
            Vector256<ulong> c = Avx2.UnpackLow(x2, x3).AsUInt64();
            Vector256<ulong> d = Avx2.UnpackHigh(x2, x3).AsUInt64();
            Unsafe.Add(ref message, word) = Avx2.UnpackLow(a, c).AsUInt32();
            Unsafe.Add(ref message, word + 1) = Avx2.UnpackHigh(a, c).AsUInt32();
            Unsafe.Add(ref message, word + 2) = Avx2.UnpackLow(b, d).AsUInt32();
            Unsafe.Add(ref message, word + 3) = Avx2.UnpackHigh(b, d).AsUInt32();
        }
    }

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

    /// <summary>16 bytes from each of 2 lanes <paramref name="half"/> bytes apart.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<uint> Gather(ref byte lane, nuint half) =>
        Vector256.Create(Vector128.LoadUnsafe(ref lane), Vector128.LoadUnsafe(ref lane, half)).AsUInt32();

    /// <summary>The two 128-bit halves to the chaining values of lanes k and k+4 (32 bytes each).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Scatter(Vector256<byte> halves, ref byte lane)
    {
        halves.GetLower().StoreUnsafe(ref lane);
        halves.GetUpper().StoreUnsafe(ref lane, 4 * 32);
    }
}

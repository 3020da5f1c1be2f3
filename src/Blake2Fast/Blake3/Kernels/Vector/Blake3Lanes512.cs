using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>16 BLAKE3 lanes in 512-bit vectors with AVX-512F: one-instruction rotations (vprord).</summary>
internal readonly struct Blake3Lanes512 : IBlake3Lanes<Vector512<uint>>
{
    /// <summary>Whether this machine has the instructions this width uses.</summary>
    public static bool IsSupported => Avx512F.IsSupported;

    public static int Lanes => 16;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<uint> Broadcast(uint value) => Vector512.Create(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<uint> Load(ref uint source) => Vector512.LoadUnsafe(ref source);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<uint> Add(Vector512<uint> left, Vector512<uint> right) => left + right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<uint> Xor(Vector512<uint> left, Vector512<uint> right) => left ^ right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<uint> RotateRight16(Vector512<uint> value) => Avx512F.RotateRight(value, 16);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<uint> RotateRight12(Vector512<uint> value) => Avx512F.RotateRight(value, 12);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<uint> RotateRight8(Vector512<uint> value) => Avx512F.RotateRight(value, 8);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<uint> RotateRight7(Vector512<uint> value) => Avx512F.RotateRight(value, 7);

    /// <remarks>The transpose the 512-bit BLAKE2 <c>HashMany</c> kernels share (<see cref="Transpose512"/>).</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadTransposed(ref byte block, nuint laneStride, ref Vector512<uint> message) =>
        Transpose512.LoadWords32(ref block, laneStride, ref message);

    /// <remarks>The inverse of <see cref="LoadTransposed"/>, per 4 words, each 128-bit part stored to its lane.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTransposed(ref Vector512<uint> chainingValue, ref byte destination)
    {
        for (nuint word = 0; word < 8; word += 4)
        {
            Vector512<uint> x0 = Unsafe.Add(ref chainingValue, word), x1 = Unsafe.Add(ref chainingValue, word + 1);
            Vector512<uint> x2 = Unsafe.Add(ref chainingValue, word + 2), x3 = Unsafe.Add(ref chainingValue, word + 3);
            Vector512<ulong> a = Avx512F.UnpackLow(x0, x1).AsUInt64();
            Vector512<ulong> b = Avx512F.UnpackHigh(x0, x1).AsUInt64();
            Vector512<ulong> c = Avx512F.UnpackLow(x2, x3).AsUInt64();
            Vector512<ulong> d = Avx512F.UnpackHigh(x2, x3).AsUInt64();
            ref byte lane0 = ref Unsafe.Add(ref destination, word * 4);
            Scatter(Avx512F.UnpackLow(a, c).AsByte(), ref lane0);
            Scatter(Avx512F.UnpackHigh(a, c).AsByte(), ref Unsafe.Add(ref lane0, 32));
            Scatter(Avx512F.UnpackLow(b, d).AsByte(), ref Unsafe.Add(ref lane0, 64));
            Scatter(Avx512F.UnpackHigh(b, d).AsByte(), ref Unsafe.Add(ref lane0, 96));
        }
    }

    /// <summary>The four 128-bit parts to the chaining values of lanes k, k+4, k+8, k+12 (32 bytes each).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Scatter(Vector512<byte> parts, ref byte lane)
    {
        parts.GetLower().GetLower().StoreUnsafe(ref lane);
        parts.GetLower().GetUpper().StoreUnsafe(ref lane, 4 * 32);
        parts.GetUpper().GetLower().StoreUnsafe(ref lane, 8 * 32);
        parts.GetUpper().GetUpper().StoreUnsafe(ref lane, 12 * 32);
    }
}

using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Blake2Fast.Kernels;

/// <summary>
/// 4 BLAKE3 lanes in 128-bit vectors, written with the cross-platform <see cref="Vector128"/> API
/// only, so that SSE2 (x64) and AdvSimd (ARM64) both run it: rotations are shifts (byte shuffles
/// would need SSSE3) and the transposes are element loads and stores.
/// </summary>
internal readonly struct Blake3Lanes128 : IBlake3Lanes<Vector128<uint>>
{
    public static int Lanes => 4;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> Broadcast(uint value) => Vector128.Create(value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> Load(ref uint source) => Vector128.LoadUnsafe(ref source);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> Add(Vector128<uint> left, Vector128<uint> right) => left + right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> Xor(Vector128<uint> left, Vector128<uint> right) => left ^ right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight16(Vector128<uint> value) => RotateRight(value, 16);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight12(Vector128<uint> value) => RotateRight(value, 12);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight8(Vector128<uint> value) => RotateRight(value, 8);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight7(Vector128<uint> value) => RotateRight(value, 7);

    /// <remarks>The load BLAKE2sp's 128-bit lanes use: <see cref="Transpose128.LoadWords32"/>.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadTransposed(ref byte block, nuint laneStride, ref Vector128<uint> message) =>
        Transpose128.LoadWords32(ref block, laneStride, ref message);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTransposed(ref Vector128<uint> chainingValue, ref byte destination)
    {
        for (nuint word = 0; word < 8; word++)
        {
            Vector128<uint> x = Unsafe.Add(ref chainingValue, word);
            ref byte lane0 = ref Unsafe.Add(ref destination, word * 4);
            Unsafe.WriteUnaligned(ref lane0, x.GetElement(0));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref lane0, 32), x.GetElement(1));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref lane0, 64), x.GetElement(2));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref lane0, 96), x.GetElement(3));
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> RotateRight(Vector128<uint> x, [ConstantExpected] int n) =>
        Vector128.ShiftRightLogical(x, n) | Vector128.ShiftLeft(x, 32 - n);
}

using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Blake2Fast.Kernels;

/// <summary>pshufb masks that rotate each 64-bit lane right by whole bytes.</summary>
/// <remarks>
/// Every getter is marked for inlining, and the 256-bit masks are written out rather than built
/// from the 128-bit ones: Native AOT inlined neither on its own, and the BLAKE2bp AVX2 kernel then
/// called a getter for every rotation, several times slower
/// (docs/measurements.md#native-aot-inlining). The JIT inlined them either way.
/// </remarks>
internal static class Blake2bShuffles
{
    /// <summary>Rotate right by 24 bits, for one 128-bit register.</summary>
    public static Vector128<byte> RotateRight24
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector128.Create((byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
    }

    /// <summary>Rotate right by 16 bits, for one 128-bit register.</summary>
    public static Vector128<byte> RotateRight16
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector128.Create((byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
    }

    /// <summary><see cref="RotateRight24"/> in both 128-bit halves (vpshufb shuffles within halves).</summary>
    public static Vector256<byte> RotateRight24x2
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector256.Create(
            (byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,
            3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
    }

    /// <summary><see cref="RotateRight16"/> in both 128-bit halves.</summary>
    public static Vector256<byte> RotateRight16x2
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector256.Create(
            (byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
            2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
    }
}

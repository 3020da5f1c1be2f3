using System.Runtime.Intrinsics;

namespace Blake2Fast.Kernels;

/// <summary>pshufb masks that rotate each 64-bit lane right by whole bytes.</summary>
internal static class Blake2bShuffles
{
    /// <summary>Rotate right by 24 bits, for one 128-bit register.</summary>
    public static Vector128<byte> RotateRight24 => Vector128.Create((byte)3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);

    /// <summary>Rotate right by 16 bits, for one 128-bit register.</summary>
    public static Vector128<byte> RotateRight16 => Vector128.Create((byte)2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);

    /// <summary><see cref="RotateRight24"/> in both 128-bit halves (vpshufb shuffles within halves).</summary>
    public static Vector256<byte> RotateRight24x2 => Vector256.Create(RotateRight24, RotateRight24);

    /// <summary><see cref="RotateRight16"/> in both 128-bit halves.</summary>
    public static Vector256<byte> RotateRight16x2 => Vector256.Create(RotateRight16, RotateRight16);
}

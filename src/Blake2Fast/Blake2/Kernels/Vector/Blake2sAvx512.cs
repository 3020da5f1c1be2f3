using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE2s pieces for AVX-512VL: vprord for every rotation, one instruction where SSE needs a
/// pshufb or three shifts and an or. Gathers are the SSE4.1 ones (movd + pinsrd from memory).
/// </summary>
/// <remarks>
/// The obvious AVX-512 gather, the whole block in one zmm and one vpermd per round with the
/// round's row of <see cref="Blake2RowSchedule.Words"/> as control, then three vextracti32x4, was
/// tried and dropped: as fast on a 64-byte aligned input, slower on an input at 16 mod 64 (where a
/// managed array's data starts). The vpermd form re-reads the whole block every round, and that
/// 64-byte load splits a cache line unless the input is aligned. Four vpermd, one per quarter,
/// did no better (docs/measurements.md#blake2s-avx512-gather).
/// </remarks>
internal readonly struct Blake2sAvx512 : IBlake2sIsa
{
    public static bool IsSupported => Avx512F.VL.IsSupported && Blake2sSsse3.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight16(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 16);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight12(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 12);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight8(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 8);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight7(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 7);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Gather(ref uint block, ref byte words, out Vector128<uint> columnX, out Vector128<uint> columnY, out Vector128<uint> diagonalX, out Vector128<uint> diagonalY) =>
        Blake2sSsse3.Gather(ref block, ref words, out columnX, out columnY, out diagonalX, out diagonalY);
}

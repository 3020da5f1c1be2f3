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
/// measured and dropped (BLAKE2s-256 of 3 MiB, best of 20 runs, per thread CPU second, on the
/// shared AMD Zen 5 development machine): on a 64-byte aligned input both ran 531-534 MiB/s,
/// but on an input at 16 mod 64 (where a managed array's data starts) vpermd fell to 522 while
/// pinsrd stayed at 531-537. The vpermd form re-reads the whole block every round, and that
/// 64-byte load splits a cache line unless the input is aligned. Four vpermd, one per quarter,
/// did no better (519-523).
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

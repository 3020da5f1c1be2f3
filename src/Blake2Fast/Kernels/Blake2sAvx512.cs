using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE2s pieces for AVX-512VL: vprord for every rotation; the whole block sits in one zmm and a
/// single vpermd per round puts its 16 words in schedule order.
/// </summary>
internal readonly struct Blake2sAvx512 : IBlake2sIsa
{
    public static bool IsSupported => Avx512F.IsSupported && Avx512F.VL.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight16(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 16);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight12(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 12);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight8(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 8);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight7(Vector128<uint> x) => Avx512F.VL.RotateRight(x, 7);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Gather(ref uint block, ref uint words, out Vector128<uint> columnX, out Vector128<uint> columnY, out Vector128<uint> diagonalX, out Vector128<uint> diagonalY)
    {
        Vector512<uint> message = Vector512.LoadUnsafe(ref block);
        // The JIT folds the block load into vpermd's memory operand; the lowest quarter is the
        // xmm view of the result (ExtractVector128(…, 0) cost a vextracti32x4 in the disassembly).
        Vector512<uint> ordered = Avx512F.PermuteVar16x32(message, Vector512.LoadUnsafe(ref words));
        columnX = ordered.GetLower().GetLower();
        columnY = Avx512F.ExtractVector128(ordered, 1);
        diagonalX = Avx512F.ExtractVector128(ordered, 2);
        diagonalY = Avx512F.ExtractVector128(ordered, 3);
    }
}

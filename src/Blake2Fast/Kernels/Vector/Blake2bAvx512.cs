using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// AVX-512 (F + VL) strategy for <see cref="Blake2bVector256"/>: two-instruction message gathers
/// from the block held in two 512-bit registers. Its rotations are
/// <see cref="Blake2bLaneAvx512Rotations"/> (one vprorq each).
/// </summary>
internal readonly struct Blake2bAvx512 : IBlake2bIsa256
{
    public static bool IsSupported => Avx512F.IsSupported && Avx512F.VL.IsSupported;

    public static void Compress(System.Span<ulong> chain, System.ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1) =>
        Blake2bVector256.Compress<Blake2bAvx512, Blake2bLaneAvx512Rotations>(chain, blocks, ref t0, ref t1, increment, f0, f1);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Gather(ref ulong block, ref byte schedule, out Vector256<ulong> columnX, out Vector256<ulong> columnY, out Vector256<ulong> diagonalX, out Vector256<ulong> diagonalY)
    {
        // vpermt2q picks any 8 of the 16 words of the two-register block: one instruction yields
        // both column inputs, one more both diagonal inputs. vpmovzxbq widens 8 schedule bytes
        // into its index vector.
        Vector512<ulong> low = Vector512.LoadUnsafe(ref block);
        Vector512<ulong> high = Vector512.LoadUnsafe(ref block, 8);
        Vector512<ulong> column = Avx512F.PermuteVar8x64x2(low, Index(ref schedule), high);
        Vector512<ulong> diagonal = Avx512F.PermuteVar8x64x2(low, Index(ref Unsafe.Add(ref schedule, 8)), high);
        columnX = column.GetLower();
        columnY = column.GetUpper();
        diagonalX = diagonal.GetLower();
        diagonalY = diagonal.GetUpper();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> Index(ref byte schedule) =>
        Avx512F.ConvertToVector512UInt64(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<ulong>(ref schedule)).AsByte());
}

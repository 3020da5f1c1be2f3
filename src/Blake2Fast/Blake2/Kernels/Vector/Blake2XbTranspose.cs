using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>Turns four lanes of chain words back into four consecutive 64-byte output blocks.</summary>
internal static class Blake2XbTranspose
{
    private const int BlockLength = 64;

    /// <summary>
    /// Word j of block k is lane k of the j-th argument (j = 0..3): a 4x4 transpose of 64-bit words,
    /// stored as the first (or, with <paramref name="destination"/> 32 bytes in, the second) half of
    /// each of four blocks.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Store(Vector256<ulong> a, Vector256<ulong> b, Vector256<ulong> c, Vector256<ulong> d, ref byte destination)
    {
        Vector256<ulong> abEven = Avx2.UnpackLow(a, b);
        Vector256<ulong> abOdd = Avx2.UnpackHigh(a, b);
        Vector256<ulong> cdEven = Avx2.UnpackLow(c, d);
        Vector256<ulong> cdOdd = Avx2.UnpackHigh(c, d);
        Unsafe.WriteUnaligned(ref destination, Avx2.Permute2x128(abEven, cdEven, 0x20));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, BlockLength), Avx2.Permute2x128(abOdd, cdOdd, 0x20));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 2 * BlockLength), Avx2.Permute2x128(abEven, cdEven, 0x31));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 3 * BlockLength), Avx2.Permute2x128(abOdd, cdOdd, 0x31));
    }
}

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// Eight independent BLAKE2b messages in the 64-bit lanes of 512-bit vectors, one block each per
/// call: the <see cref="Blake2ManyKernel.Avx512"/> kernel of <see cref="Blake2b.HashMany(ReadOnlySpan{ReadOnlyMemory{byte}}, Span{byte}, int)"/>.
/// </summary>
/// <remarks>
/// The state is <see cref="Blake2ManyState"/> with 64-byte rows; as in the BLAKE2bp lane kernels,
/// state word j of every lane is one vector, so G runs on whole vectors with no diagonal shuffles.
/// Each lane has its own counter and flags, set by the caller before every call.
/// </remarks>
internal static class Blake2bManyLanes512
{
    /// <summary>Messages per call.</summary>
    public const int Lanes = 8;

    /// <summary>Whether this machine has the 512-bit instructions the kernel uses.</summary>
    public static bool IsSupported => Avx512F.IsSupported;

    /// <summary>
    /// Compresses, for each lane i, the 128-byte block at <c>i * <paramref name="laneStride"/></c>
    /// of <paramref name="blocks"/> into lane i of <paramref name="state"/>.
    /// </summary>
    /// <param name="state">8 chain rows, the t0 and t1 rows, the f0 and f1 rows: 64 bytes each.</param>
    /// <param name="blocks">The lanes' blocks: a stripe (<paramref name="laneStride"/> 128) or the messages where they lie.</param>
    /// <param name="laneStride">Bytes from one lane's block to the next lane's.</param>
    /// <param name="scratch">16 x 64 bytes for the transposed message; the caller erases it.</param>
    public static void Compress(Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch)
    {
        _ = state[(12 * 64) - 1];
        _ = scratch[(16 * 64) - 1];
        Blake2ManyState.CheckLaneBlocks(blocks, laneStride, Lanes, 128);
        ref Vector512<ulong> m0 = ref Unsafe.As<byte, Vector512<ulong>>(ref MemoryMarshal.GetReference(scratch));
        Transpose512.LoadWords64(ref MemoryMarshal.GetReference(blocks), (nuint)laneStride, ref m0);
        CompressTransposed(ref Unsafe.As<byte, Vector512<ulong>>(ref MemoryMarshal.GetReference(state)), ref m0);
    }

    /// <remarks>The transposed message is a parameter for the reason given in Blake2bpVector256.CompressStripes.</remarks>
    [MethodImpl(KernelRoot.Options)]
    private static void CompressTransposed(ref Vector512<ulong> rows, ref Vector512<ulong> m0)
    {
        Vector512<ulong> h0 = rows, h1 = Unsafe.Add(ref rows, 1), h2 = Unsafe.Add(ref rows, 2), h3 = Unsafe.Add(ref rows, 3);
        Vector512<ulong> h4 = Unsafe.Add(ref rows, 4), h5 = Unsafe.Add(ref rows, 5), h6 = Unsafe.Add(ref rows, 6), h7 = Unsafe.Add(ref rows, 7);

        Vector512<ulong> v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
        Vector512<ulong> v8 = Vector512.Create(Blake2bScalar.IV0), v9 = Vector512.Create(Blake2bScalar.IV1);
        Vector512<ulong> v10 = Vector512.Create(Blake2bScalar.IV2), v11 = Vector512.Create(Blake2bScalar.IV3);
        Vector512<ulong> v12 = Vector512.Create(Blake2bScalar.IV4) ^ Unsafe.Add(ref rows, 8);
        Vector512<ulong> v13 = Vector512.Create(Blake2bScalar.IV5) ^ Unsafe.Add(ref rows, 9);
        Vector512<ulong> v14 = Vector512.Create(Blake2bScalar.IV6) ^ Unsafe.Add(ref rows, 10);
        Vector512<ulong> v15 = Vector512.Create(Blake2bScalar.IV7) ^ Unsafe.Add(ref rows, 11);

        ref byte s = ref Blake2pLaneSchedule.Start;
        for (int round = 0; round < 12; round++)
        {
            G(ref v0, ref v4, ref v8, ref v12, ref m0, s, Unsafe.Add(ref s, 1));
            G(ref v1, ref v5, ref v9, ref v13, ref m0, Unsafe.Add(ref s, 2), Unsafe.Add(ref s, 3));
            G(ref v2, ref v6, ref v10, ref v14, ref m0, Unsafe.Add(ref s, 4), Unsafe.Add(ref s, 5));
            G(ref v3, ref v7, ref v11, ref v15, ref m0, Unsafe.Add(ref s, 6), Unsafe.Add(ref s, 7));
            G(ref v0, ref v5, ref v10, ref v15, ref m0, Unsafe.Add(ref s, 8), Unsafe.Add(ref s, 9));
            G(ref v1, ref v6, ref v11, ref v12, ref m0, Unsafe.Add(ref s, 10), Unsafe.Add(ref s, 11));
            G(ref v2, ref v7, ref v8, ref v13, ref m0, Unsafe.Add(ref s, 12), Unsafe.Add(ref s, 13));
            G(ref v3, ref v4, ref v9, ref v14, ref m0, Unsafe.Add(ref s, 14), Unsafe.Add(ref s, 15));
            s = ref Unsafe.Add(ref s, 16);
        }

        rows = h0 ^ v0 ^ v8;
        Unsafe.Add(ref rows, 1) = h1 ^ v1 ^ v9;
        Unsafe.Add(ref rows, 2) = h2 ^ v2 ^ v10;
        Unsafe.Add(ref rows, 3) = h3 ^ v3 ^ v11;
        Unsafe.Add(ref rows, 4) = h4 ^ v4 ^ v12;
        Unsafe.Add(ref rows, 5) = h5 ^ v5 ^ v13;
        Unsafe.Add(ref rows, 6) = h6 ^ v6 ^ v14;
        Unsafe.Add(ref rows, 7) = h7 ^ v7 ^ v15;
    }

    /// <summary>Message word <c>scaled / 4</c>; see <see cref="Blake2pLaneSchedule"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> Word(ref Vector512<ulong> m0, byte scaled) =>
        Unsafe.AddByteOffset(ref m0, (nuint)scaled * 16);

    /// <remarks>(a + x) + b as in the 32-register case of Blake2bpVector256.G, for the same reason.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref Vector512<ulong> a, ref Vector512<ulong> b, ref Vector512<ulong> c, ref Vector512<ulong> d, ref Vector512<ulong> m0, byte x, byte y)
    {
        a = a + Word(ref m0, x) + b;
        d = Avx512F.RotateRight(d ^ a, 32);
        c += d;
        b = Avx512F.RotateRight(b ^ c, 24);
        a = a + Word(ref m0, y) + b;
        d = Avx512F.RotateRight(d ^ a, 16);
        c += d;
        b = Avx512F.RotateRight(b ^ c, 63);
    }
}

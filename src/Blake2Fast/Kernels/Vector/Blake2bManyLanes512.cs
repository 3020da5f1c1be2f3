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

    /// <summary>Compresses block i of <paramref name="stripe"/> (bytes 128 i to 128 i + 127) into lane i of <paramref name="state"/>.</summary>
    /// <param name="state">8 chain rows, the t0 and t1 rows, the f0 and f1 rows: 64 bytes each.</param>
    /// <param name="stripe">8 blocks of 128 bytes.</param>
    /// <param name="scratch">16 x 64 bytes for the transposed message; the caller erases it.</param>
    public static void Compress(Span<byte> state, ReadOnlySpan<byte> stripe, Span<byte> scratch)
    {
        _ = state[(12 * 64) - 1];
        _ = stripe[(Lanes * 128) - 1];
        _ = scratch[(16 * 64) - 1];
        ref Vector512<ulong> m0 = ref Unsafe.As<byte, Vector512<ulong>>(ref MemoryMarshal.GetReference(scratch));
        LoadTransposed(ref MemoryMarshal.GetReference(stripe), ref m0);
        CompressTransposed(ref Unsafe.As<byte, Vector512<ulong>>(ref MemoryMarshal.GetReference(state)), ref m0);
    }

    /// <remarks>The transposed message is a parameter for the reason given in Blake2bpVector256.CompressStripes.</remarks>
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

    /// <summary>
    /// Transposes 8 blocks into 16 vectors, vector j = word j of each block. Each 512-bit vector is
    /// built from four 128-bit loads (words j, j+1 of blocks 0, 2, 4, 6, or of blocks 1, 3, 5, 7),
    /// so one unpack per output vector finishes the job within 128-bit lanes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadTransposed(ref byte stripe, ref Vector512<ulong> m)
    {
        for (nuint word = 0; word < 16; word += 2)
        {
            nuint offset = word * 8;
            Vector512<ulong> even = Vector512.Create(
                Vector256.Create(Vector128.LoadUnsafe(ref stripe, offset), Vector128.LoadUnsafe(ref stripe, offset + 256)),
                Vector256.Create(Vector128.LoadUnsafe(ref stripe, offset + 512), Vector128.LoadUnsafe(ref stripe, offset + 768))).AsUInt64();
            Vector512<ulong> odd = Vector512.Create(
                Vector256.Create(Vector128.LoadUnsafe(ref stripe, offset + 128), Vector128.LoadUnsafe(ref stripe, offset + 384)),
                Vector256.Create(Vector128.LoadUnsafe(ref stripe, offset + 640), Vector128.LoadUnsafe(ref stripe, offset + 896))).AsUInt64();
            Unsafe.Add(ref m, word) = Avx512F.UnpackLow(even, odd);
            Unsafe.Add(ref m, word + 1) = Avx512F.UnpackHigh(even, odd);
        }
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

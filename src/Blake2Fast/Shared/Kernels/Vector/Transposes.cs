using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

// The lane kernels' transposes. Loads: one block per lane, transposed so that message vector j holds
// word j of every lane's block. Stores, the other way: vector j holds word j of every lane's eight
// output words (a chaining value, a BLAKE2X output block), and lane i's words go to 8 words times i
// bytes in. One class per vector width, each with a 32-bit and a 64-bit form.
namespace Blake2Fast.Kernels;

/// <summary>
/// Room for 16 message vectors on the stack: where a transpose writes to memory, its 16-value
/// form reads them back from here.
/// </summary>
[InlineArray(16)]
internal struct Words16<TVector>
    where TVector : unmanaged
{
    private TVector _element;

    /// <summary>The 16 vectors, as vectors of <typeparamref name="TOut"/>'s kind (the same width).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Read<TOut>(
        out TOut m0, out TOut m1, out TOut m2, out TOut m3, out TOut m4, out TOut m5, out TOut m6, out TOut m7,
        out TOut m8, out TOut m9, out TOut m10, out TOut m11, out TOut m12, out TOut m13, out TOut m14, out TOut m15)
        where TOut : unmanaged
    {
        ref TOut first = ref Unsafe.As<TVector, TOut>(ref this[0]);
        m0 = first;
        m1 = Unsafe.Add(ref first, 1);
        m2 = Unsafe.Add(ref first, 2);
        m3 = Unsafe.Add(ref first, 3);
        m4 = Unsafe.Add(ref first, 4);
        m5 = Unsafe.Add(ref first, 5);
        m6 = Unsafe.Add(ref first, 6);
        m7 = Unsafe.Add(ref first, 7);
        m8 = Unsafe.Add(ref first, 8);
        m9 = Unsafe.Add(ref first, 9);
        m10 = Unsafe.Add(ref first, 10);
        m11 = Unsafe.Add(ref first, 11);
        m12 = Unsafe.Add(ref first, 12);
        m13 = Unsafe.Add(ref first, 13);
        m14 = Unsafe.Add(ref first, 14);
        m15 = Unsafe.Add(ref first, 15);
    }
}

/// <summary>
/// Loads one 128- or 64-byte block from each of 2 or 4 lanes as 16 message vectors of 128 bits,
/// vector j holding word j of every lane's block; lane i's block starts <c>i * laneStride</c>
/// bytes in.
/// </summary>
/// <remarks>
/// The message load of the 128-bit lane kernels (BLAKE2bp/sp through
/// <see cref="Blake2LaneVector128{TWord}"/>, and through them BLAKE3's <see cref="Blake3LaneKernel{TLanes, TVector}"/>).
/// On x64, 16-byte loads and SSE2 unpacks (a 4x4 or 2x2 transpose per 16 bytes of each lane): a
/// 32-bit block costs 16 loads and 32 unpacks, where element loads cost 64 loads and 48 inserts
/// (pinsrd). Elsewhere (ARM64) element loads through the cross-platform <see cref="Vector128"/>
/// API, as before: nothing timed on ARM64 says the other way is faster there.
/// </remarks>
internal static class Transpose128
{
    /// <summary>2 lanes of 16 64-bit words.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadWords64(ref byte block, nuint laneStride, ref Vector128<ulong> message)
    {
        if (Sse2.IsSupported)
        {
            // Words j and j + 1 of each lane in one load; one unpack each pairs them across the lanes.
            for (nuint word = 0; word < 16; word += 2)
            {
                Vector128<ulong> lane0 = Vector128.LoadUnsafe(ref Unsafe.Add(ref block, word * 8)).AsUInt64();
                Vector128<ulong> lane1 = Vector128.LoadUnsafe(ref Unsafe.Add(ref block, laneStride + (word * 8))).AsUInt64();
                Unsafe.Add(ref message, word) = Sse2.UnpackLow(lane0, lane1);
                Unsafe.Add(ref message, word + 1) = Sse2.UnpackHigh(lane0, lane1);
            }

            return;
        }

        for (nuint word = 0; word < 16; word++)
        {
            ref byte lane0 = ref Unsafe.Add(ref block, word * 8);
            Unsafe.Add(ref message, word) = Vector128.Create(Unsafe.ReadUnaligned<ulong>(ref lane0), Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref lane0, laneStride)));
        }
    }

    /// <summary>4 lanes of 16 32-bit words.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadWords32(ref byte block, nuint laneStride, ref Vector128<uint> message)
    {
        if (Sse2.IsSupported)
        {
            // Words j to j + 3 of each lane in one load each, then a 4x4 transpose, as in Transpose256.LoadWords32.
            for (nuint word = 0; word < 16; word += 4)
            {
                nuint offset = word * 4;
                Vector128<uint> x0 = Vector128.LoadUnsafe(ref Unsafe.Add(ref block, offset)).AsUInt32();
                Vector128<uint> x1 = Vector128.LoadUnsafe(ref Unsafe.Add(ref block, laneStride + offset)).AsUInt32();
                Vector128<uint> x2 = Vector128.LoadUnsafe(ref Unsafe.Add(ref block, (2 * laneStride) + offset)).AsUInt32();
                Vector128<uint> x3 = Vector128.LoadUnsafe(ref Unsafe.Add(ref block, (3 * laneStride) + offset)).AsUInt32();
                Vector128<ulong> a = Sse2.UnpackLow(x0, x1).AsUInt64();
                Vector128<ulong> b = Sse2.UnpackHigh(x0, x1).AsUInt64();
                Vector128<ulong> c = Sse2.UnpackLow(x2, x3).AsUInt64();
                Vector128<ulong> d = Sse2.UnpackHigh(x2, x3).AsUInt64();
                Unsafe.Add(ref message, word) = Sse2.UnpackLow(a, c).AsUInt32();
                Unsafe.Add(ref message, word + 1) = Sse2.UnpackHigh(a, c).AsUInt32();
                Unsafe.Add(ref message, word + 2) = Sse2.UnpackLow(b, d).AsUInt32();
                Unsafe.Add(ref message, word + 3) = Sse2.UnpackHigh(b, d).AsUInt32();
            }

            return;
        }

        for (nuint word = 0; word < 16; word++)
        {
            ref byte lane0 = ref Unsafe.Add(ref block, word * 4);
            Unsafe.Add(ref message, word) = Vector128.Create(
                Unsafe.ReadUnaligned<uint>(ref lane0),
                Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref lane0, laneStride)),
                Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref lane0, 2 * laneStride)),
                Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref lane0, 3 * laneStride)));
        }
    }
    /// <summary>2 or 4 lanes of 8 words of <typeparamref name="TWord"/>, element by element.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreWords<TWord>(Vector128<TWord> h0, Vector128<TWord> h1, Vector128<TWord> h2, Vector128<TWord> h3, Vector128<TWord> h4, Vector128<TWord> h5, Vector128<TWord> h6, Vector128<TWord> h7, ref byte destination)
        where TWord : unmanaged
    {
        StoreWord(h0, 0, ref destination);
        StoreWord(h1, 1, ref destination);
        StoreWord(h2, 2, ref destination);
        StoreWord(h3, 3, ref destination);
        StoreWord(h4, 4, ref destination);
        StoreWord(h5, 5, ref destination);
        StoreWord(h6, 6, ref destination);
        StoreWord(h7, 7, ref destination);
    }

    /// <summary>Word <paramref name="word"/> of every lane.</summary>
    /// <remarks>Constant element indices: a loop over the lanes kept its index in a register and bounds-checked every element (seen in the disassembly).</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreWord<TWord>(Vector128<TWord> x, nuint word, ref byte destination)
        where TWord : unmanaged
    {
        nuint laneLength = (nuint)(8 * Unsafe.SizeOf<TWord>());
        ref byte lane0 = ref Unsafe.Add(ref destination, word * (nuint)Unsafe.SizeOf<TWord>());
        Unsafe.WriteUnaligned(ref lane0, x.GetElement(0));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref lane0, laneLength), x.GetElement(1));
        if (Vector128<TWord>.Count == 4)
        {
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref lane0, 2 * laneLength), x.GetElement(2));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref lane0, 3 * laneLength), x.GetElement(3));
        }
    }
}

/// <summary>
/// Loads one 128- or 64-byte block from each of 4 or 8 lanes and transposes them into 16 message
/// vectors of 256 bits, vector j holding word j of every lane's block. A lane's block starts
/// <c>laneStride</c> bytes after the previous lane's (a packed stripe, or BLAKE3 chunks 1 KiB apart).
/// </summary>
/// <remarks>
/// The transpose of the 256-bit lane kernels: BLAKE2bp and BLAKE2sp (and the <c>HashMany</c> kernels
/// built on them) through <see cref="Blake2LaneVector256{TWord, TRotations}"/>, and BLAKE3
/// (<see cref="Blake3LaneKernel{TLanes, TVector}"/>). Neither needs a cross-half shuffle: the half
/// insertion is done by the load (vinserti128 with a memory operand), then unpacks work within
/// each 128-bit half.
/// </remarks>
internal static class Transpose256
{
    /// <summary>4 lanes of 16 64-bit words.</summary>
    /// <remarks>
    /// Each 256-bit load takes words j, j+1 of lanes 0 and 2 (or 1 and 3) as its two 128-bit
    /// halves; one unpack then interleaves them.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadWords64(ref byte block, nuint laneStride, ref Vector256<ulong> message)
    {
        for (nuint word = 0; word < 16; word += 2)
        {
            nuint offset = word * 8;
            Vector256<ulong> lanes02 = Gather(ref block, offset, 0, 2 * laneStride).AsUInt64();
            Vector256<ulong> lanes13 = Gather(ref block, offset, laneStride, 3 * laneStride).AsUInt64();
            Unsafe.Add(ref message, word) = Avx2.UnpackLow(lanes02, lanes13);
            Unsafe.Add(ref message, word + 1) = Avx2.UnpackHigh(lanes02, lanes13);
        }
    }

    /// <summary>8 lanes of 16 32-bit words.</summary>
    /// <remarks>
    /// Per 4 words: input vector k (k = 0..3) holds those 16 bytes of lanes k and k+4 in its two
    /// 128-bit halves; a 4x4 transpose by unpacks within each half then finishes the job.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadWords32(ref byte block, nuint laneStride, ref Vector256<uint> message)
    {
        nuint half = 4 * laneStride;
        ref byte lane1 = ref Unsafe.Add(ref block, laneStride);
        ref byte lane2 = ref Unsafe.Add(ref block, 2 * laneStride);
        ref byte lane3 = ref Unsafe.Add(ref block, 3 * laneStride);
        for (nuint word = 0; word < 16; word += 4)
        {
            nuint offset = word * 4;
            Vector256<uint> x0 = Gather(ref block, offset, 0, half).AsUInt32();
            Vector256<uint> x1 = Gather(ref lane1, offset, 0, half).AsUInt32();
            Vector256<uint> x2 = Gather(ref lane2, offset, 0, half).AsUInt32();
            Vector256<uint> x3 = Gather(ref lane3, offset, 0, half).AsUInt32();

            // a = words j, j+1 of lanes 0,1 (4,5 in the upper half); b = words j+2, j+3; c, d likewise for lanes 2,3 (6,7).
            Vector256<ulong> a = Avx2.UnpackLow(x0, x1).AsUInt64();
            Vector256<ulong> b = Avx2.UnpackHigh(x0, x1).AsUInt64();
            Vector256<ulong> c = Avx2.UnpackLow(x2, x3).AsUInt64();
            Vector256<ulong> d = Avx2.UnpackHigh(x2, x3).AsUInt64();
            Unsafe.Add(ref message, word) = Avx2.UnpackLow(a, c).AsUInt32();
            Unsafe.Add(ref message, word + 1) = Avx2.UnpackHigh(a, c).AsUInt32();
            Unsafe.Add(ref message, word + 2) = Avx2.UnpackLow(b, d).AsUInt32();
            Unsafe.Add(ref message, word + 3) = Avx2.UnpackHigh(b, d).AsUInt32();
        }
    }

    /// <summary>The 16 bytes at <paramref name="offset"/> in the lanes that start <paramref name="lower"/> and <paramref name="upper"/> bytes in.</summary>
    /// <remarks>
    /// The lane offsets are added to each other before the word offset: with constant strides each
    /// load's address is then [base + index + constant] (a reference per lane, or the lane
    /// offsets added one by one, cost an add or a lea per load in the disassembly).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<byte> Gather(ref byte block, nuint offset, nuint lower, nuint upper) =>
        Vector256.Create(Vector128.LoadUnsafe(ref block, offset + lower), Vector128.LoadUnsafe(ref block, offset + upper));
    /// <summary>4 lanes of 8 64-bit words: two 4x4 transposes, the first and second half of each lane's 64 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreWords64(Vector256<ulong> h0, Vector256<ulong> h1, Vector256<ulong> h2, Vector256<ulong> h3, Vector256<ulong> h4, Vector256<ulong> h5, Vector256<ulong> h6, Vector256<ulong> h7, ref byte destination)
    {
        StoreQuarter(h0, h1, h2, h3, ref destination);
        StoreQuarter(h4, h5, h6, h7, ref Unsafe.Add(ref destination, 32));
    }

    /// <summary>8 lanes of 8 32-bit words: an 8x8 transpose, one 32-byte store per lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreWords32(Vector256<uint> h0, Vector256<uint> h1, Vector256<uint> h2, Vector256<uint> h3, Vector256<uint> h4, Vector256<uint> h5, Vector256<uint> h6, Vector256<uint> h7, ref byte destination)
    {
        // Pairs of words: (w0,w1) for lanes 0,1 | 4,5 and 2,3 | 6,7, and so on.
        Vector256<ulong> p01Low = Avx2.UnpackLow(h0, h1).AsUInt64();
        Vector256<ulong> p01High = Avx2.UnpackHigh(h0, h1).AsUInt64();
        Vector256<ulong> p23Low = Avx2.UnpackLow(h2, h3).AsUInt64();
        Vector256<ulong> p23High = Avx2.UnpackHigh(h2, h3).AsUInt64();
        Vector256<ulong> p45Low = Avx2.UnpackLow(h4, h5).AsUInt64();
        Vector256<ulong> p45High = Avx2.UnpackHigh(h4, h5).AsUInt64();
        Vector256<ulong> p67Low = Avx2.UnpackLow(h6, h7).AsUInt64();
        Vector256<ulong> p67High = Avx2.UnpackHigh(h6, h7).AsUInt64();

        // Quads of words 0..3 and 4..7, for lanes k | k+4.
        Vector256<ulong> q0 = Avx2.UnpackLow(p01Low, p23Low);
        Vector256<ulong> q1 = Avx2.UnpackHigh(p01Low, p23Low);
        Vector256<ulong> q2 = Avx2.UnpackLow(p01High, p23High);
        Vector256<ulong> q3 = Avx2.UnpackHigh(p01High, p23High);
        Vector256<ulong> r0 = Avx2.UnpackLow(p45Low, p67Low);
        Vector256<ulong> r1 = Avx2.UnpackHigh(p45Low, p67Low);
        Vector256<ulong> r2 = Avx2.UnpackLow(p45High, p67High);
        Vector256<ulong> r3 = Avx2.UnpackHigh(p45High, p67High);

        Store(ref destination, 0, Avx2.Permute2x128(q0, r0, 0x20));
        Store(ref destination, 1, Avx2.Permute2x128(q1, r1, 0x20));
        Store(ref destination, 2, Avx2.Permute2x128(q2, r2, 0x20));
        Store(ref destination, 3, Avx2.Permute2x128(q3, r3, 0x20));
        Store(ref destination, 4, Avx2.Permute2x128(q0, r0, 0x31));
        Store(ref destination, 5, Avx2.Permute2x128(q1, r1, 0x31));
        Store(ref destination, 6, Avx2.Permute2x128(q2, r2, 0x31));
        Store(ref destination, 7, Avx2.Permute2x128(q3, r3, 0x31));
    }

    /// <summary>
    /// Word j of lane k is lane k of the j-th argument (j = 0..3): a 4x4 transpose of 64-bit words,
    /// stored as the first (or, with <paramref name="destination"/> 32 bytes in, the second) half of
    /// each of four 64-byte lanes.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void StoreQuarter(Vector256<ulong> a, Vector256<ulong> b, Vector256<ulong> c, Vector256<ulong> d, ref byte destination)
    {
        Vector256<ulong> abEven = Avx2.UnpackLow(a, b);
        Vector256<ulong> abOdd = Avx2.UnpackHigh(a, b);
        Vector256<ulong> cdEven = Avx2.UnpackLow(c, d);
        Vector256<ulong> cdOdd = Avx2.UnpackHigh(c, d);
        Unsafe.WriteUnaligned(ref destination, Avx2.Permute2x128(abEven, cdEven, 0x20));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 64), Avx2.Permute2x128(abOdd, cdOdd, 0x20));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 2 * 64), Avx2.Permute2x128(abEven, cdEven, 0x31));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, 3 * 64), Avx2.Permute2x128(abOdd, cdOdd, 0x31));
    }

    /// <summary>Lane <paramref name="lane"/>'s 32 bytes.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(ref byte destination, int lane, Vector256<ulong> value) =>
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, lane * 32), value);
}

/// <summary>
/// Loads one 64- or 128-byte block from each of 16 or 8 lanes and transposes them into 16
/// message vectors, vector j holding word j of every lane's block. A lane's block starts
/// <c>laneStride</c> bytes after the previous lane's, so the blocks can be read where they lie
/// (BLAKE3 chunks 1 KiB apart, BLAKE2 tree leaves a leaf apart) as well as from a packed stripe.
/// </summary>
/// <remarks>
/// The one transpose of the 512-bit lane kernels: BLAKE3 (<see cref="Blake3LaneKernel{TLanes, TVector}"/>) and the
/// BLAKE2s and BLAKE2b <c>HashMany</c> kernels (<see cref="Blake2ManyLanes512{TWord}"/>).
/// </remarks>
internal static class Transpose512
{
    /// <summary>16 lanes of 16 32-bit words, stored to <paramref name="message"/> on.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadWords32(ref byte block, nuint laneStride, ref Vector512<uint> message)
    {
        LoadWords32(
            ref block, laneStride,
            out Unsafe.Add(ref message, 0), out Unsafe.Add(ref message, 1), out Unsafe.Add(ref message, 2), out Unsafe.Add(ref message, 3),
            out Unsafe.Add(ref message, 4), out Unsafe.Add(ref message, 5), out Unsafe.Add(ref message, 6), out Unsafe.Add(ref message, 7),
            out Unsafe.Add(ref message, 8), out Unsafe.Add(ref message, 9), out Unsafe.Add(ref message, 10), out Unsafe.Add(ref message, 11),
            out Unsafe.Add(ref message, 12), out Unsafe.Add(ref message, 13), out Unsafe.Add(ref message, 14), out Unsafe.Add(ref message, 15));
    }

    /// <summary>16 lanes of 16 32-bit words, as 16 values (which a kernel with 32 registers keeps in them).</summary>
    /// <remarks>
    /// Each lane's whole block in one load; per 4 lanes, a 4x4 transpose by unpacks within each
    /// 128-bit part leaves vector k holding words k, k+4, k+8, k+12 of those lanes in its four
    /// parts; a 4x4 transpose of 128-bit parts (vshufi32x4) across the four groups then gathers
    /// each word's 16 lanes. 16 loads and 64 shuffles per block, where gathering 16 bytes of four
    /// lanes into each vector took 64 loads and 96 shuffles and inserts: with the message words
    /// kept in registers, the BLAKE3 16-lane kernel ran as fast as the official C's AVX-512
    /// assembly (docs/measurements.md#blake3-message-in-registers).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadWords32<TWord>(
        ref byte block, nuint laneStride,
        out Vector512<TWord> m0, out Vector512<TWord> m1, out Vector512<TWord> m2, out Vector512<TWord> m3,
        out Vector512<TWord> m4, out Vector512<TWord> m5, out Vector512<TWord> m6, out Vector512<TWord> m7,
        out Vector512<TWord> m8, out Vector512<TWord> m9, out Vector512<TWord> m10, out Vector512<TWord> m11,
        out Vector512<TWord> m12, out Vector512<TWord> m13, out Vector512<TWord> m14, out Vector512<TWord> m15)
        where TWord : unmanaged
    {
        FourLanes(ref block, laneStride, out Vector512<uint> a0, out Vector512<uint> a1, out Vector512<uint> a2, out Vector512<uint> a3);
        FourLanes(ref Unsafe.Add(ref block, 4 * laneStride), laneStride, out Vector512<uint> b0, out Vector512<uint> b1, out Vector512<uint> b2, out Vector512<uint> b3);
        FourLanes(ref Unsafe.Add(ref block, 8 * laneStride), laneStride, out Vector512<uint> c0, out Vector512<uint> c1, out Vector512<uint> c2, out Vector512<uint> c3);
        FourLanes(ref Unsafe.Add(ref block, 12 * laneStride), laneStride, out Vector512<uint> d0, out Vector512<uint> d1, out Vector512<uint> d2, out Vector512<uint> d3);
        AcrossParts(a0, b0, c0, d0, out m0, out m4, out m8, out m12);
        AcrossParts(a1, b1, c1, d1, out m1, out m5, out m9, out m13);
        AcrossParts(a2, b2, c2, d2, out m2, out m6, out m10, out m14);
        AcrossParts(a3, b3, c3, d3, out m3, out m7, out m11, out m15);
    }

    /// <summary>Four lanes' blocks: <paramref name="w0"/> holds word 4p of lanes 0..3 in 128-bit part p, <paramref name="w1"/> word 4p+1, and so on.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void FourLanes(ref byte lane0, nuint laneStride, out Vector512<uint> w0, out Vector512<uint> w1, out Vector512<uint> w2, out Vector512<uint> w3)
    {
        Vector512<uint> x0 = Vector512.LoadUnsafe(ref lane0).AsUInt32();
        Vector512<uint> x1 = Vector512.LoadUnsafe(ref lane0, laneStride).AsUInt32();
        Vector512<uint> x2 = Vector512.LoadUnsafe(ref lane0, 2 * laneStride).AsUInt32();
        Vector512<uint> x3 = Vector512.LoadUnsafe(ref lane0, 3 * laneStride).AsUInt32();
        Vector512<ulong> a = Avx512F.UnpackLow(x0, x1).AsUInt64();
        Vector512<ulong> b = Avx512F.UnpackHigh(x0, x1).AsUInt64();
        Vector512<ulong> c = Avx512F.UnpackLow(x2, x3).AsUInt64();
        Vector512<ulong> d = Avx512F.UnpackHigh(x2, x3).AsUInt64();
        w0 = Avx512F.UnpackLow(a, c).AsUInt32();
        w1 = Avx512F.UnpackHigh(a, c).AsUInt32();
        w2 = Avx512F.UnpackLow(b, d).AsUInt32();
        w3 = Avx512F.UnpackHigh(b, d).AsUInt32();
    }

    /// <summary>
    /// The 4x4 transpose of 128-bit parts: output p holds part p of <paramref name="v0"/>, <paramref name="v1"/>,
    /// <paramref name="v2"/>, <paramref name="v3"/> in that order (0x88 takes parts 0 and 2 of each source, 0xDD parts 1 and 3).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void AcrossParts<TWord>(Vector512<uint> v0, Vector512<uint> v1, Vector512<uint> v2, Vector512<uint> v3, out Vector512<TWord> p0, out Vector512<TWord> p1, out Vector512<TWord> p2, out Vector512<TWord> p3)
        where TWord : unmanaged
    {
        Vector512<uint> even01 = Avx512F.Shuffle4x128(v0, v1, 0x88);
        Vector512<uint> odd01 = Avx512F.Shuffle4x128(v0, v1, 0xDD);
        Vector512<uint> even23 = Avx512F.Shuffle4x128(v2, v3, 0x88);
        Vector512<uint> odd23 = Avx512F.Shuffle4x128(v2, v3, 0xDD);
        p0 = Avx512F.Shuffle4x128(even01, even23, 0x88).As<uint, TWord>();
        p1 = Avx512F.Shuffle4x128(odd01, odd23, 0x88).As<uint, TWord>();
        p2 = Avx512F.Shuffle4x128(even01, even23, 0xDD).As<uint, TWord>();
        p3 = Avx512F.Shuffle4x128(odd01, odd23, 0xDD).As<uint, TWord>();
    }

    /// <summary>8 lanes of 16 64-bit words.</summary>
    /// <remarks>
    /// Per 2 words: one vector gathers those 16 bytes of the even lanes (0, 2, 4, 6), another of
    /// the odd ones, so one unpack per output vector finishes the job within 128-bit parts.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadWords64(ref byte block, nuint laneStride, ref Vector512<ulong> message)
    {
        LoadWords64Pair(ref block, laneStride, 0, ref message);
        LoadWords64Pair(ref block, laneStride, 2, ref message);
        LoadWords64Pair(ref block, laneStride, 4, ref message);
        LoadWords64Pair(ref block, laneStride, 6, ref message);
        LoadWords64Pair(ref block, laneStride, 8, ref message);
        LoadWords64Pair(ref block, laneStride, 10, ref message);
        LoadWords64Pair(ref block, laneStride, 12, ref message);
        LoadWords64Pair(ref block, laneStride, 14, ref message);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadWords64Pair(ref byte block, nuint laneStride, nuint word, ref Vector512<ulong> message)
    {
        ref byte lane0 = ref Unsafe.Add(ref block, word * 8);
        Vector512<ulong> even = Gather(ref lane0, 2 * laneStride).AsUInt64();
        Vector512<ulong> odd = Gather(ref Unsafe.Add(ref lane0, laneStride), 2 * laneStride).AsUInt64();
        Unsafe.Add(ref message, word) = Avx512F.UnpackLow(even, odd);
        Unsafe.Add(ref message, word + 1) = Avx512F.UnpackHigh(even, odd);
    }

    /// <summary>16 bytes from each of 4 lanes <paramref name="step"/> bytes apart, in the order of the lanes.</summary>
    /// <remarks>
    /// Built by inserting the upper half: Vector512.Create(lower, upper) compiled to two inserts
    /// into a stack temporary that was loaded and stored every time (seen in the disassembly).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<byte> Gather(ref byte lane, nuint step)
    {
        Vector256<byte> lower = Vector256.Create(Vector128.LoadUnsafe(ref lane), Vector128.LoadUnsafe(ref lane, step));
        Vector256<byte> upper = Vector256.Create(Vector128.LoadUnsafe(ref lane, 2 * step), Vector128.LoadUnsafe(ref lane, 3 * step));
        return Avx512F.InsertVector256(lower.ToVector512Unsafe(), upper, 1);
    }

    /// <summary>8 lanes of 8 64-bit words: lanes 0..3 from the lower 256 bits, 4..7 from the upper.</summary>
    /// <remarks>
    /// Four 4x4 transposes of 256-bit halves (<see cref="Transpose256.StoreQuarter"/>): the
    /// 512-bit BLAKE2Xb kernel's, which needs AVX2 as well as AVX-512F.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreWords64(Vector512<ulong> h0, Vector512<ulong> h1, Vector512<ulong> h2, Vector512<ulong> h3, Vector512<ulong> h4, Vector512<ulong> h5, Vector512<ulong> h6, Vector512<ulong> h7, ref byte destination)
    {
        ref byte upper = ref Unsafe.Add(ref destination, 4 * 64);
        Transpose256.StoreQuarter(h0.GetLower(), h1.GetLower(), h2.GetLower(), h3.GetLower(), ref destination);
        Transpose256.StoreQuarter(h4.GetLower(), h5.GetLower(), h6.GetLower(), h7.GetLower(), ref Unsafe.Add(ref destination, 32));
        Transpose256.StoreQuarter(h0.GetUpper(), h1.GetUpper(), h2.GetUpper(), h3.GetUpper(), ref upper);
        Transpose256.StoreQuarter(h4.GetUpper(), h5.GetUpper(), h6.GetUpper(), h7.GetUpper(), ref Unsafe.Add(ref upper, 32));
    }

    /// <summary>16 lanes of 8 32-bit words: per 4 words, a 4x4 transpose within each 128-bit part, each part stored to its lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreWords32(Vector512<uint> h0, Vector512<uint> h1, Vector512<uint> h2, Vector512<uint> h3, Vector512<uint> h4, Vector512<uint> h5, Vector512<uint> h6, Vector512<uint> h7, ref byte destination)
    {
        StoreWords32Quarter(h0, h1, h2, h3, ref destination);
        StoreWords32Quarter(h4, h5, h6, h7, ref Unsafe.Add(ref destination, 16));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreWords32Quarter(Vector512<uint> x0, Vector512<uint> x1, Vector512<uint> x2, Vector512<uint> x3, ref byte lane0)
    {
        Vector512<ulong> a = Avx512F.UnpackLow(x0, x1).AsUInt64();
        Vector512<ulong> b = Avx512F.UnpackHigh(x0, x1).AsUInt64();
        Vector512<ulong> c = Avx512F.UnpackLow(x2, x3).AsUInt64();
        Vector512<ulong> d = Avx512F.UnpackHigh(x2, x3).AsUInt64();
        Scatter(Avx512F.UnpackLow(a, c).AsByte(), ref lane0);
        Scatter(Avx512F.UnpackHigh(a, c).AsByte(), ref Unsafe.Add(ref lane0, 32));
        Scatter(Avx512F.UnpackLow(b, d).AsByte(), ref Unsafe.Add(ref lane0, 64));
        Scatter(Avx512F.UnpackHigh(b, d).AsByte(), ref Unsafe.Add(ref lane0, 96));
    }

    /// <summary>The four 128-bit parts to lanes k, k+4, k+8, k+12 (32 bytes each).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Scatter(Vector512<byte> parts, ref byte lane)
    {
        parts.GetLower().GetLower().StoreUnsafe(ref lane);
        parts.GetLower().GetUpper().StoreUnsafe(ref lane, 4 * 32);
        parts.GetUpper().GetLower().StoreUnsafe(ref lane, 8 * 32);
        parts.GetUpper().GetUpper().StoreUnsafe(ref lane, 12 * 32);
    }
}

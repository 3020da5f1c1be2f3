using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE2bp's four leaves as the four 64-bit lanes of 256-bit vectors: v0..v15 each hold one state
/// word of all four leaves, so G runs on whole vectors and there are no diagonal shuffles; the
/// message schedule indexes the 16 transposed message vectors.
/// </summary>
internal static class Blake2bpVector256
{
    /// <inheritdoc cref="Blake2bpKernels.Compress"/>
    public static void Compress<TRotations>(ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
        where TRotations : struct, IBlake2bLaneRotations
    {
        Unsafe.SkipInit(out Message m);
        CompressStripes<TRotations>(ref lanes, ref MemoryMarshal.GetReference(stripes), (nuint)(stripes.Length / Blake2bpKernels.StripeLength), increment, ref m[0]);
        ((Span<Vector256<ulong>>)m).Clear();
    }

    /// <remarks>
    /// The transposed message arrives as a <see langword="ref"/> parameter rather than a local of
    /// this method: the JIT re-derives the address of a stack local before every use (one
    /// <c>lea</c> per message word, 16 per round), while a parameter stays in a register and each
    /// message word becomes a memory operand.
    /// </remarks>
    [MethodImpl(KernelRoot.Options)]
    private static void CompressStripes<TRotations>(ref Blake2Lanes lanes, ref byte input, nuint stripeCount, uint increment, ref Vector256<ulong> m0)
        where TRotations : struct, IBlake2bLaneRotations
    {
        ref Vector256<ulong> chain = ref Unsafe.As<byte, Vector256<ulong>>(ref lanes.Chain[0]);
        ref Vector256<ulong> counters = ref Unsafe.As<byte, Vector256<ulong>>(ref lanes.Counters[0]);
        ref Vector256<ulong> flags = ref Unsafe.As<byte, Vector256<ulong>>(ref lanes.Flags[0]);

        Vector256<ulong> h0 = chain, h1 = Unsafe.Add(ref chain, 1), h2 = Unsafe.Add(ref chain, 2), h3 = Unsafe.Add(ref chain, 3);
        Vector256<ulong> h4 = Unsafe.Add(ref chain, 4), h5 = Unsafe.Add(ref chain, 5), h6 = Unsafe.Add(ref chain, 6), h7 = Unsafe.Add(ref chain, 7);
        Vector256<ulong> t0 = counters, t1 = Unsafe.Add(ref counters, 1);
        Vector256<ulong> f0 = Vector256.Create(Blake2bScalar.IV6) ^ flags;
        Vector256<ulong> f1 = Vector256.Create(Blake2bScalar.IV7) ^ Unsafe.Add(ref flags, 1);
        Vector256<ulong> inc = Vector256.Create((ulong)increment);

        ref byte sigma = ref Blake2pLaneSchedule.Start;

        for (nuint n = stripeCount; n != 0; n--)
        {
            // Per-lane 128-bit counters: a lane carries into t1 when t0 wrapped (LessThan is all ones, i.e. -1).
            t0 += inc;
            t1 -= Vector256.LessThan(t0, inc);

            LoadTransposed(ref input, ref m0);

            Vector256<ulong> v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
            Vector256<ulong> v8 = Vector256.Create(Blake2bScalar.IV0), v9 = Vector256.Create(Blake2bScalar.IV1);
            Vector256<ulong> v10 = Vector256.Create(Blake2bScalar.IV2), v11 = Vector256.Create(Blake2bScalar.IV3);
            Vector256<ulong> v12 = Vector256.Create(Blake2bScalar.IV4) ^ t0, v13 = Vector256.Create(Blake2bScalar.IV5) ^ t1;
            Vector256<ulong> v14 = f0, v15 = f1;

            ref byte s = ref sigma;
            for (int round = 0; round < 12; round++)
            {
                G<TRotations>(ref v0, ref v4, ref v8, ref v12, ref m0, s, Unsafe.Add(ref s, 1));
                G<TRotations>(ref v1, ref v5, ref v9, ref v13, ref m0, Unsafe.Add(ref s, 2), Unsafe.Add(ref s, 3));
                G<TRotations>(ref v2, ref v6, ref v10, ref v14, ref m0, Unsafe.Add(ref s, 4), Unsafe.Add(ref s, 5));
                G<TRotations>(ref v3, ref v7, ref v11, ref v15, ref m0, Unsafe.Add(ref s, 6), Unsafe.Add(ref s, 7));
                G<TRotations>(ref v0, ref v5, ref v10, ref v15, ref m0, Unsafe.Add(ref s, 8), Unsafe.Add(ref s, 9));
                G<TRotations>(ref v1, ref v6, ref v11, ref v12, ref m0, Unsafe.Add(ref s, 10), Unsafe.Add(ref s, 11));
                G<TRotations>(ref v2, ref v7, ref v8, ref v13, ref m0, Unsafe.Add(ref s, 12), Unsafe.Add(ref s, 13));
                G<TRotations>(ref v3, ref v4, ref v9, ref v14, ref m0, Unsafe.Add(ref s, 14), Unsafe.Add(ref s, 15));
                s = ref Unsafe.Add(ref s, 16);
            }

            h0 ^= v0 ^ v8;
            h1 ^= v1 ^ v9;
            h2 ^= v2 ^ v10;
            h3 ^= v3 ^ v11;
            h4 ^= v4 ^ v12;
            h5 ^= v5 ^ v13;
            h6 ^= v6 ^ v14;
            h7 ^= v7 ^ v15;
            input = ref Unsafe.Add(ref input, Blake2bpKernels.StripeLength);
        }

        chain = h0; Unsafe.Add(ref chain, 1) = h1; Unsafe.Add(ref chain, 2) = h2; Unsafe.Add(ref chain, 3) = h3;
        Unsafe.Add(ref chain, 4) = h4; Unsafe.Add(ref chain, 5) = h5; Unsafe.Add(ref chain, 6) = h6; Unsafe.Add(ref chain, 7) = h7;
        counters = t0;
        Unsafe.Add(ref counters, 1) = t1;
    }

    /// <summary>
    /// Transposes one stripe (blocks 0..3, one per lane) into 16 vectors, vector j = word j of each
    /// block. Each 256-bit load takes words j, j+1 of blocks 0 and 2 (or 1 and 3) as its two 128-bit
    /// halves; one unpack then interleaves them. This needs no cross-half shuffle: the half
    /// insertion is done by the load (vinserti128 with a memory operand).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LoadTransposed(ref byte stripe, ref Vector256<ulong> m)
    {
        for (nuint word = 0; word < 16; word += 2)
        {
            nuint offset = word * 8;
            Vector256<ulong> blocks02 = Vector256.Create(Vector128.LoadUnsafe(ref stripe, offset), Vector128.LoadUnsafe(ref stripe, offset + 256)).AsUInt64();
            Vector256<ulong> blocks13 = Vector256.Create(Vector128.LoadUnsafe(ref stripe, offset + 128), Vector128.LoadUnsafe(ref stripe, offset + 384)).AsUInt64();
            Unsafe.Add(ref m, word) = Avx2.UnpackLow(blocks02, blocks13);
            Unsafe.Add(ref m, word + 1) = Avx2.UnpackHigh(blocks02, blocks13);
        }
    }

    /// <summary>Message word <c>scaled / 4</c>; see <see cref="Blake2pLaneSchedule"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Word(ref Vector256<ulong> m0, byte scaled) =>
        Unsafe.AddByteOffset(ref m0, (nuint)scaled * 8);

    /// <remarks>
    /// G loads its two message words itself, at their point of use: passed in as values, both
    /// were loaded before the first addition and the second one occupied a register (or, with
    /// AVX2's 16 registers, a spill slot) through half of G. Loaded here, each one is a memory
    /// operand of its addition.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G<TRotations>(ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d, ref Vector256<ulong> m0, byte x, byte y)
        where TRotations : struct, IBlake2bLaneRotations
    {
        // With 32 registers, (a + x) + b: b is the value G's previous step has just produced, a was
        // ready earlier, so adding the message word to a first leaves one addition, not two, between
        // b and the rest of G's dependency chain (about 10% faster with AVX-512). With AVX2's 16
        // registers the early sum costs a register that the JIT then spills (about 20% slower),
        // so that build keeps a + (b + x).
        if (TRotations.HasManyRegisters)
        {
            a = a + Word(ref m0, x) + b;
        }
        else
        {
            a += b + Word(ref m0, x);
        }

        d = TRotations.RotateRight32(d ^ a);
        c += d;
        b = TRotations.RotateRight24(b ^ c);
        if (TRotations.HasManyRegisters)
        {
            a = a + Word(ref m0, y) + b;
        }
        else
        {
            a += b + Word(ref m0, y);
        }

        d = TRotations.RotateRight16(d ^ a);
        c += d;
        b = TRotations.RotateRight63(b ^ c);
    }

    [InlineArray(16)]
    private struct Message
    {
        private Vector256<ulong> _element;
    }
}

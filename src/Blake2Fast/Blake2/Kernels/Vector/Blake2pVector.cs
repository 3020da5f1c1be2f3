using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// The BLAKE2bp and BLAKE2sp lane kernels: the leaves (4 BLAKE2b or 8 BLAKE2s) side by side in the
/// lanes of vectors, one row of <see cref="Blake2Lanes"/> per vector, and
/// <see cref="Blake2LaneRounds{TLanes, TVector}"/> on them.
/// </summary>
/// <remarks>
/// With 256-bit vectors (AVX2, AVX-512VL) a row is one vector and one pass takes every leaf. With
/// 128-bit vectors (SSE2 or AdvSimd: the 256-bit algorithm for machines without AVX2) a row is two,
/// and the kernel makes two passes, the first half of the leaves, then the second.
/// </remarks>
/// <typeparam name="TLanes">The width and word size (<see cref="Blake2LaneVector256{TWord, TRotations}"/> or <see cref="Blake2LaneVector128{TWord}"/>).</typeparam>
/// <typeparam name="TVector">The vector type of <typeparamref name="TLanes"/>.</typeparam>
internal static class Blake2pVector<TLanes, TVector>
    where TLanes : struct, IBlake2LaneVector<TVector>
    where TVector : unmanaged
{
    /// <summary>Bytes per stripe, one block per leaf: 4 x 128 for BLAKE2bp, 8 x 64 for BLAKE2sp.</summary>
    private const int StripeLength = 512;

    /// <summary>
    /// Stripes per pass when a row takes two vectors: each half reads the same input, so the input
    /// is walked in chunks that stay in the L1/L2 cache between the two halves.
    /// </summary>
    private const int StripesPerChunk = 32;

    /// <summary>Vectors per row of <see cref="Blake2Lanes"/>, and passes over the input: 1 or 2.</summary>
    private static int Parts
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Blake2Lanes.RowLength / Unsafe.SizeOf<TVector>();
    }

    /// <inheritdoc cref="Blake2pKernels{TWord}.Compress"/>
    [MethodImpl(KernelRoot.DriverOptions)]
    public static void Compress(ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        int stripeCount = stripes.Length / StripeLength;
        ref byte input = ref MemoryMarshal.GetReference(stripes);
        Unsafe.SkipInit(out Message m);
        while (stripeCount != 0)
        {
            int chunk = Parts == 1 ? stripeCount : Math.Min(stripeCount, StripesPerChunk);
            for (int part = 0; part < Parts; part++)
            {
                CompressStripes(ref lanes, part, ref input, (nuint)chunk, increment, ref m[0]);
            }

            input = ref Unsafe.Add(ref input, chunk * StripeLength);
            stripeCount -= chunk;
        }

        ((Span<TVector>)m).Clear();
    }

    /// <summary>Compresses <paramref name="stripeCount"/> stripes into the leaves of pass <paramref name="part"/>.</summary>
    /// <remarks>
    /// The transposed message arrives as a <see langword="ref"/> parameter rather than a local of
    /// this method: the JIT re-derives the address of a stack local before every use (one
    /// <c>lea</c> per message word, 16 per round), while a parameter stays in a register and each
    /// message word becomes a memory operand.
    /// </remarks>
    [MethodImpl(KernelRoot.Options)]
    private static void CompressStripes(ref Blake2Lanes lanes, int part, ref byte input, nuint stripeCount, uint increment, ref TVector m0)
    {
        // This pass's leaves are the part-th vector of each row, rows Parts vectors apart.
        int row = Parts;
        ref TVector chain = ref Unsafe.Add(ref Unsafe.As<byte, TVector>(ref lanes.Chain[0]), part);
        ref TVector counters = ref Unsafe.Add(ref Unsafe.As<byte, TVector>(ref lanes.Counters[0]), part);
        ref TVector flags = ref Unsafe.Add(ref Unsafe.As<byte, TVector>(ref lanes.Flags[0]), part);

        TVector h0 = chain, h1 = Unsafe.Add(ref chain, row), h2 = Unsafe.Add(ref chain, 2 * row), h3 = Unsafe.Add(ref chain, 3 * row);
        TVector h4 = Unsafe.Add(ref chain, 4 * row), h5 = Unsafe.Add(ref chain, 5 * row), h6 = Unsafe.Add(ref chain, 6 * row), h7 = Unsafe.Add(ref chain, 7 * row);
        TVector t0 = counters, t1 = Unsafe.Add(ref counters, row);
        TVector f0 = TLanes.Xor(TLanes.IV(6), flags);
        TVector f1 = TLanes.Xor(TLanes.IV(7), Unsafe.Add(ref flags, row));
        TVector inc = TLanes.Broadcast(increment);

        // Leaf i's block is block i of the stripe; this pass starts at its first leaf's.
        int blockLength = StripeLength / (TLanes.Lanes * Parts);
        ref byte blocks = ref Unsafe.Add(ref input, part * TLanes.Lanes * blockLength);

        for (nuint n = stripeCount; n != 0; n--)
        {
            TLanes.AddToCounters(ref t0, ref t1, inc);
            TLanes.LoadTransposed(ref blocks, (nuint)blockLength, ref m0);
            Blake2LaneRounds<TLanes, TVector>.Compress(
                ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7,
                TLanes.Xor(TLanes.IV(4), t0), TLanes.Xor(TLanes.IV(5), t1), f0, f1, ref m0);
            blocks = ref Unsafe.Add(ref blocks, StripeLength);
        }

        chain = h0; Unsafe.Add(ref chain, row) = h1; Unsafe.Add(ref chain, 2 * row) = h2; Unsafe.Add(ref chain, 3 * row) = h3;
        Unsafe.Add(ref chain, 4 * row) = h4; Unsafe.Add(ref chain, 5 * row) = h5; Unsafe.Add(ref chain, 6 * row) = h6; Unsafe.Add(ref chain, 7 * row) = h7;
        counters = t0;
        Unsafe.Add(ref counters, row) = t1;
    }

    [InlineArray(16)]
    private struct Message
    {
        private TVector _element;
    }
}

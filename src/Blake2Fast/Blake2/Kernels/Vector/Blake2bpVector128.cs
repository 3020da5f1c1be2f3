using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// The 256-bit BLAKE2bp lane algorithm as two 128-bit halves (lanes 0-1, then lanes 2-3), for
/// machines without AVX2. Written with the cross-platform <see cref="Vector128"/> API, so it needs
/// SSE2 only (no SSSE3 byte shuffles) and also runs on ARM64.
/// </summary>
internal static class Blake2bpVector128
{
    /// <summary>
    /// Stripes per pass: each half reads the same input, so the input is walked in chunks that stay
    /// in the L1/L2 cache between the two halves.
    /// </summary>
    private const int StripesPerChunk = 32;

    /// <inheritdoc cref="Blake2bpKernels.Compress"/>
    public static void Compress(ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        int stripeCount = stripes.Length / Blake2bpKernels.StripeLength;
        Unsafe.SkipInit(out Message m);
        while (stripeCount != 0)
        {
            int chunk = Math.Min(stripeCount, StripesPerChunk);
            ReadOnlySpan<byte> part = stripes[..(chunk * Blake2bpKernels.StripeLength)];
            CompressHalf(ref lanes, 0, part, increment, ref m[0]);
            CompressHalf(ref lanes, 1, part, increment, ref m[0]);
            stripes = stripes[part.Length..];
            stripeCount -= chunk;
        }

        ((Span<Vector128<ulong>>)m).Clear();
    }

    /// <remarks>The message buffer is a parameter for the reason given in Blake2bpVector256.CompressStripes.</remarks>
    [MethodImpl(KernelRoot.Options)]
    private static void CompressHalf(ref Blake2Lanes lanes, int half, ReadOnlySpan<byte> stripes, uint increment, ref Vector128<ulong> m0)
    {
        // A row is 32 bytes (4 lanes); this half is its first or second 16 bytes.
        int laneOffset = 16 * half;
        ref Vector128<ulong> chain = ref Unsafe.As<byte, Vector128<ulong>>(ref lanes.Chain[laneOffset]);
        ref Vector128<ulong> counters = ref Unsafe.As<byte, Vector128<ulong>>(ref lanes.Counters[laneOffset]);
        ref Vector128<ulong> flags = ref Unsafe.As<byte, Vector128<ulong>>(ref lanes.Flags[laneOffset]);

        // Rows are 2 vectors apart.
        Vector128<ulong> h0 = chain, h1 = Unsafe.Add(ref chain, 2), h2 = Unsafe.Add(ref chain, 4), h3 = Unsafe.Add(ref chain, 6);
        Vector128<ulong> h4 = Unsafe.Add(ref chain, 8), h5 = Unsafe.Add(ref chain, 10), h6 = Unsafe.Add(ref chain, 12), h7 = Unsafe.Add(ref chain, 14);
        Vector128<ulong> t0 = counters, t1 = Unsafe.Add(ref counters, 2);
        Vector128<ulong> f0 = Vector128.Create(Blake2bScalar.IV6) ^ flags;
        Vector128<ulong> f1 = Vector128.Create(Blake2bScalar.IV7) ^ Unsafe.Add(ref flags, 2);
        Vector128<ulong> inc = Vector128.Create((ulong)increment);

        ref byte input = ref Unsafe.Add(ref MemoryMarshal.GetReference(stripes), 256 * half);
        ref byte sigma = ref Blake2pLaneSchedule.Start;

        for (nuint n = (nuint)(stripes.Length / Blake2bpKernels.StripeLength); n != 0; n--)
        {
            t0 += inc;
            t1 -= Vector128.LessThan(t0, inc);

            for (nuint word = 0; word < 16; word++)
            {
                Unsafe.Add(ref m0, word) = Vector128.Create(
                    Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref input, word * 8)),
                    Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref input, 128 + (word * 8))));
            }

            Vector128<ulong> v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
            Vector128<ulong> v8 = Vector128.Create(Blake2bScalar.IV0), v9 = Vector128.Create(Blake2bScalar.IV1);
            Vector128<ulong> v10 = Vector128.Create(Blake2bScalar.IV2), v11 = Vector128.Create(Blake2bScalar.IV3);
            Vector128<ulong> v12 = Vector128.Create(Blake2bScalar.IV4) ^ t0, v13 = Vector128.Create(Blake2bScalar.IV5) ^ t1;
            Vector128<ulong> v14 = f0, v15 = f1;

            ref byte s = ref sigma;
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

        chain = h0; Unsafe.Add(ref chain, 2) = h1; Unsafe.Add(ref chain, 4) = h2; Unsafe.Add(ref chain, 6) = h3;
        Unsafe.Add(ref chain, 8) = h4; Unsafe.Add(ref chain, 10) = h5; Unsafe.Add(ref chain, 12) = h6; Unsafe.Add(ref chain, 14) = h7;
        counters = t0;
        Unsafe.Add(ref counters, 2) = t1;
    }

    /// <summary>
    /// Rotations are shifts, except 32, which is a 32-bit element swap (pshufd, SSE2): byte
    /// shuffles would need SSSE3, which this kernel does not assume.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref Vector128<ulong> a, ref Vector128<ulong> b, ref Vector128<ulong> c, ref Vector128<ulong> d, ref Vector128<ulong> m0, byte x, byte y)
    {
        a += b + Word(ref m0, x);
        d = Vector128.Shuffle((d ^ a).AsUInt32(), Vector128.Create(1u, 0, 3, 2)).AsUInt64();
        c += d;
        b = RotateRight(b ^ c, 24);
        a += b + Word(ref m0, y);
        d = RotateRight(d ^ a, 16);
        c += d;
        b = RotateRight(b ^ c, 63);
    }

    /// <summary>Message word <c>scaled / 4</c>; see <see cref="Blake2pLaneSchedule"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Word(ref Vector128<ulong> m0, byte scaled) =>
        Unsafe.AddByteOffset(ref m0, (nuint)scaled * 4);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> RotateRight(Vector128<ulong> x, [ConstantExpected] int n) =>
        Vector128.ShiftRightLogical(x, n) | Vector128.ShiftLeft(x, 64 - n);

    [InlineArray(16)]
    private struct Message
    {
        private Vector128<ulong> _element;
    }
}

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace Blake2Fast.Kernels;

/// <summary>
/// The instructions a 128-bit BLAKE2b kernel needs that differ between ISAs: the four G rotations
/// and the lane shift used to (un)diagonalise a row split over two registers.
/// </summary>
internal interface IBlake2bIsa128
{
    static abstract Vector128<ulong> RotateRight32(Vector128<ulong> x);

    static abstract Vector128<ulong> RotateRight24(Vector128<ulong> x);

    static abstract Vector128<ulong> RotateRight16(Vector128<ulong> x);

    static abstract Vector128<ulong> RotateRight63(Vector128<ulong> x);

    /// <summary>(<paramref name="x"/>[1], <paramref name="y"/>[0]).</summary>
    static abstract Vector128<ulong> HighLow(Vector128<ulong> x, Vector128<ulong> y);
}

/// <summary>
/// BLAKE2b compression with each row of the 4x4 state in two 128-bit registers (words 0-1 and
/// 2-3). The round is written once here; the ISA strategy supplies rotations and the lane shift.
/// x86 only, so little-endian.
/// </summary>
/// <remarks>
/// JIT output (x64, .NET 10): the round loop is 116 instructions with SSE4.1 and 130 with SSE2,
/// all eight row registers kept in xmm registers (the SSE2 loop spills one pointer). The
/// <see cref="Rows"/> struct is promoted field by field; it only keeps the signatures short.
/// </remarks>
internal static class Blake2bVector128
{
    [MethodImpl(KernelRoot.Options)]
    public static void Compress<TIsa>(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1)
        where TIsa : struct, IBlake2bIsa128
    {
        ref ulong h = ref MemoryMarshal.GetReference(chain);
        Vector128<ulong> h0 = Vector128.LoadUnsafe(ref h);
        Vector128<ulong> h1 = Vector128.LoadUnsafe(ref h, 2);
        Vector128<ulong> h2 = Vector128.LoadUnsafe(ref h, 4);
        Vector128<ulong> h3 = Vector128.LoadUnsafe(ref h, 6);
        Vector128<ulong> flags = Vector128.Create(Blake2bScalar.IV6 ^ f0, Blake2bScalar.IV7 ^ f1);
        ulong c0 = t0, c1 = t1;
        ref ulong block = ref Unsafe.As<byte, ulong>(ref MemoryMarshal.GetReference(blocks));
        ref byte scheduleStart = ref MemoryMarshal.GetReference(Blake2RowSchedule.Words);

        for (int remaining = blocks.Length; remaining >= 128; remaining -= 128)
        {
            c0 += increment;
            if (c0 < increment)
            {
                c1++;
            }

            Rows v;
            v.AL = h0;
            v.AH = h1;
            v.BL = h2;
            v.BH = h3;
            v.CL = Vector128.Create(Blake2bScalar.IV0, Blake2bScalar.IV1);
            v.CH = Vector128.Create(Blake2bScalar.IV2, Blake2bScalar.IV3);
            v.DL = Vector128.Create(Blake2bScalar.IV4 ^ c0, Blake2bScalar.IV5 ^ c1);
            v.DH = flags;

            ref byte schedule = ref scheduleStart;
            for (int round = 0; round < 12; round++)
            {
                G<TIsa>(ref v, Pick(ref block, ref schedule, 0), Pick(ref block, ref schedule, 2), Pick(ref block, ref schedule, 4), Pick(ref block, ref schedule, 6));

                // Lane j then holds diagonal j - 1 (see Blake2RowSchedule): a moves by three
                // words, c by one, d by two (a register swap, free). Rotating a rather than b
                // keeps these off the critical path.
                Vector128<ulong> t = TIsa.HighLow(v.AH, v.AL);
                v.AH = TIsa.HighLow(v.AL, v.AH);
                v.AL = t;
                t = TIsa.HighLow(v.CL, v.CH);
                v.CH = TIsa.HighLow(v.CH, v.CL);
                v.CL = t;
                (v.DL, v.DH) = (v.DH, v.DL);

                G<TIsa>(ref v, Pick(ref block, ref schedule, 8), Pick(ref block, ref schedule, 10), Pick(ref block, ref schedule, 12), Pick(ref block, ref schedule, 14));

                t = TIsa.HighLow(v.AL, v.AH);
                v.AH = TIsa.HighLow(v.AH, v.AL);
                v.AL = t;
                t = TIsa.HighLow(v.CH, v.CL);
                v.CH = TIsa.HighLow(v.CL, v.CH);
                v.CL = t;
                (v.DL, v.DH) = (v.DH, v.DL);
                schedule = ref Unsafe.Add(ref schedule, 16);
            }

            h0 ^= v.AL ^ v.CL;
            h1 ^= v.AH ^ v.CH;
            h2 ^= v.BL ^ v.DL;
            h3 ^= v.BH ^ v.DH;
            block = ref Unsafe.Add(ref block, 16);
        }

        h0.StoreUnsafe(ref h);
        h1.StoreUnsafe(ref h, 2);
        h2.StoreUnsafe(ref h, 4);
        h3.StoreUnsafe(ref h, 6);
        t0 = c0;
        t1 = c1;
    }

    /// <summary>Four G functions, two per register of each row.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G<TIsa>(ref Rows v, Vector128<ulong> xl, Vector128<ulong> xh, Vector128<ulong> yl, Vector128<ulong> yh)
        where TIsa : struct, IBlake2bIsa128
    {
        // (a + x) + b: b is the last row a G produces, so it should meet one add.
        v.AL = v.AL + xl + v.BL;
        v.AH = v.AH + xh + v.BH;
        v.DL = TIsa.RotateRight32(v.DL ^ v.AL);
        v.DH = TIsa.RotateRight32(v.DH ^ v.AH);
        v.CL += v.DL;
        v.CH += v.DH;
        v.BL = TIsa.RotateRight24(v.BL ^ v.CL);
        v.BH = TIsa.RotateRight24(v.BH ^ v.CH);
        v.AL = v.AL + yl + v.BL;
        v.AH = v.AH + yh + v.BH;
        v.DL = TIsa.RotateRight16(v.DL ^ v.AL);
        v.DH = TIsa.RotateRight16(v.DH ^ v.AH);
        v.CL += v.DL;
        v.CH += v.DH;
        v.BL = TIsa.RotateRight63(v.BL ^ v.CL);
        v.BH = TIsa.RotateRight63(v.BH ^ v.CH);
    }

    /// <summary>Two message words: schedule entries <paramref name="first"/> and the next.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Pick(ref ulong block, ref byte schedule, int first) => Vector128.Create(
        Unsafe.Add(ref block, Unsafe.Add(ref schedule, first)),
        Unsafe.Add(ref block, Unsafe.Add(ref schedule, first + 1)));

    /// <summary>The 4x4 state: rows a..d, each as words 0-1 (L) and 2-3 (H).</summary>
    private struct Rows
    {
        public Vector128<ulong> AL, AH, BL, BH, CL, CH, DL, DH;
    }
}

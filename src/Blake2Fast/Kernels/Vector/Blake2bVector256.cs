using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// The message gather a 256-bit BLAKE2b kernel does differently per ISA; the G rotations come
/// from the <see cref="IBlake2bLaneRotations"/> strategy of the same ISA.
/// </summary>
internal interface IBlake2bIsa256
{
    /// <summary>
    /// The message words of one round: the x and y inputs of the four column G functions, then
    /// of the four diagonal ones, in the lane order of <see cref="Blake2bLaneSchedule"/>, whose
    /// round row starts at <paramref name="schedule"/>.
    /// </summary>
    static abstract void Gather(ref ulong block, ref byte schedule, out Vector256<ulong> columnX, out Vector256<ulong> columnY, out Vector256<ulong> diagonalX, out Vector256<ulong> diagonalY);
}

/// <summary>
/// BLAKE2b compression with each row of the 4x4 state in one 256-bit register, so each G step
/// works on all four columns (or diagonals) at once. The round is written once here; the ISA
/// strategies supply the message gathers and the rotations. x86 only, so little-endian.
/// </summary>
/// <remarks>
/// JIT output (x64, .NET 10, DOTNET_JitDisasm): the round loop is 48 instructions with AVX-512
/// (message: 2 vpmovzxbq, 2 vpermt2q, 2 vextracti64x4) and 80 with AVX2 (43 of them the message
/// gathers), all rows in registers. The rounds are latency-bound: each G step is a chain of
/// add, xor, rotate, add, xor, rotate, twice. On the AMD EPYC development machine, where vector
/// add, xor, rotate and shuffle were measured at 2 cycles latency, that is at least 48 cycles a
/// round (24 chained instructions), so these kernels run at 800-900 MiB/s there (about 49 cycles
/// a round at 4.1 GHz) and the scalar kernel is faster.
/// </remarks>
internal static class Blake2bVector256
{
    public static void Compress<TIsa, TRotations>(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1)
        where TIsa : struct, IBlake2bIsa256
        where TRotations : struct, IBlake2bLaneRotations
    {
        ref ulong h = ref MemoryMarshal.GetReference(chain);
        Vector256<ulong> h0 = Vector256.LoadUnsafe(ref h);
        Vector256<ulong> h1 = Vector256.LoadUnsafe(ref h, 4);
        Vector256<ulong> iv0 = Vector256.Create(Blake2bScalar.IV0, Blake2bScalar.IV1, Blake2bScalar.IV2, Blake2bScalar.IV3);
        Vector256<ulong> iv1 = Vector256.Create(Blake2bScalar.IV4, Blake2bScalar.IV5, Blake2bScalar.IV6, Blake2bScalar.IV7);
        ulong c0 = t0, c1 = t1;
        ref ulong block = ref Unsafe.As<byte, ulong>(ref MemoryMarshal.GetReference(blocks));
        ref byte scheduleStart = ref MemoryMarshal.GetReference(Blake2bLaneSchedule.Table);

        for (int remaining = blocks.Length; remaining >= 128; remaining -= 128)
        {
            c0 += increment;
            if (c0 < increment)
            {
                c1++;
            }

            Vector256<ulong> a = h0;
            Vector256<ulong> b = h1;
            Vector256<ulong> c = iv0;
            Vector256<ulong> d = iv1 ^ Vector256.Create(c0, c1, f0, f1);

            // A loop, not twelve inlined rounds. Unrolled with constant sigma indices, the JIT
            // ran out of tracked locals (over 800 inlinees, a 4 KB frame) and kept rows b and d
            // on the stack: AVX2 ran at 250 MiB/s, AVX-512 at 670. Unrolled with each gather
            // inside G, it stopped inlining altogether (under 100 MiB/s). The loop costs one
            // schedule load per message word.
            ref byte schedule = ref scheduleStart;
            for (int round = 0; round < 12; round++)
            {
                TIsa.Gather(ref block, ref schedule, out Vector256<ulong> x0, out Vector256<ulong> y0, out Vector256<ulong> x1, out Vector256<ulong> y1);
                G<TRotations>(ref a, ref b, ref c, ref d, x0, y0);

                // Lane j then holds diagonal j - 1: a moves by three lanes, c by one, d by two.
                // Rotating a rather than b takes the permutes off the critical path: a, d and c
                // are final before b's last rotate. vpermq is AVX2, so both ISAs share it.
                a = Avx2.Permute4x64(a, 0b10_01_00_11);
                c = Avx2.Permute4x64(c, 0b00_11_10_01);
                d = Avx2.Permute4x64(d, 0b01_00_11_10);
                G<TRotations>(ref a, ref b, ref c, ref d, x1, y1);
                a = Avx2.Permute4x64(a, 0b00_11_10_01);
                c = Avx2.Permute4x64(c, 0b10_01_00_11);
                d = Avx2.Permute4x64(d, 0b01_00_11_10);
                schedule = ref Unsafe.Add(ref schedule, 16);
            }

            h0 ^= a ^ c;
            h1 ^= b ^ d;
            block = ref Unsafe.Add(ref block, 16);
        }

        h0.StoreUnsafe(ref h);
        h1.StoreUnsafe(ref h, 4);
        t0 = c0;
        t1 = c1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G<TRotations>(ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d, Vector256<ulong> x, Vector256<ulong> y)
        where TRotations : struct, IBlake2bLaneRotations
    {
        // (a + x) + b, not a + (b + x): b is the last row a G produces, so it should meet one add.
        a = a + x + b;
        d = TRotations.RotateRight32(d ^ a);
        c += d;
        b = TRotations.RotateRight24(b ^ c);
        a = a + y + b;
        d = TRotations.RotateRight16(d ^ a);
        c += d;
        b = TRotations.RotateRight63(b ^ c);
    }
}

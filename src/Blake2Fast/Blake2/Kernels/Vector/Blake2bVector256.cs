using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE2b compression with each row of the 4x4 state in one 256-bit register, so each G step
/// works on all four columns (or diagonals) at once. The round and the message gather are written
/// once here; the entry points <see cref="Blake2bAvx2"/> and <see cref="Blake2bAvx512"/> differ
/// only in the <see cref="IBlake2LaneRotations"/> strategy. x86 only, so little-endian.
/// </summary>
/// <remarks>
/// <para>
/// JIT output (x64, .NET 10, DOTNET_JitDisasm): the round loop is 81 instructions with AVX-512 and
/// 85 with AVX2, all rows in registers and no 512-bit register. 44 of them are the message gather
/// (16 movzx schedule loads, 4 vmovq, 12 vpbroadcastq from memory, 12 vpblendd), 3 the loop
/// counter; the only shuffles are the 6 vpermq of the diagonalisation, plus, with AVX2, the
/// 6 vpshufd/vpshufb rotations.
/// </para>
/// <para>
/// The rounds are latency-bound: each G step is a chain of add, xor, rotate, add, xor, rotate,
/// twice. Where vector add, xor, rotate and shuffle have 2 cycles of latency, that is at least 48
/// cycles a round (24 chained instructions), and the scalar kernel is faster
/// (<see cref="ScalarPreference"/>; docs/measurements.md#blake2-scalar-preference).
/// </para>
/// </remarks>
internal static class Blake2bVector256
{
    [MethodImpl(KernelRoot.Options)]
    public static void Compress<TRotations>(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1)
        where TRotations : struct, IBlake2LaneRotations
    {
        ref ulong h = ref MemoryMarshal.GetReference(chain);
        Vector256<ulong> h0 = Vector256.LoadUnsafe(ref h);
        Vector256<ulong> h1 = Vector256.LoadUnsafe(ref h, 4);
        Vector256<ulong> iv0 = Vector256.Create(Blake2bScalar.IV0, Blake2bScalar.IV1, Blake2bScalar.IV2, Blake2bScalar.IV3);
        Vector256<ulong> iv1 = Vector256.Create(Blake2bScalar.IV4, Blake2bScalar.IV5, Blake2bScalar.IV6, Blake2bScalar.IV7);
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

            Vector256<ulong> a = h0;
            Vector256<ulong> b = h1;
            Vector256<ulong> c = iv0;
            Vector256<ulong> d = iv1 ^ Vector256.Create(c0, c1, f0, f1);

            // A loop, not twelve inlined rounds. Unrolled with constant sigma indices, the JIT
            // ran out of tracked locals (over 800 inlinees, a 4 KB frame) and kept rows b and d
            // on the stack, far slower. Unrolled with each gather inside G, it stopped inlining
            // altogether (docs/measurements.md#blake2b-vector-loop). The loop costs one
            // schedule load per message word.
            ref byte schedule = ref scheduleStart;
            for (int round = 0; round < 12; round++)
            {
                Round<TRotations>(ref a, ref b, ref c, ref d, ref block, ref schedule);
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

    /// <summary>
    /// BLAKE2b's compression F of one block with a caller-chosen number of rounds (EIP-152): the
    /// round of <see cref="Compress{TRotations}"/>, with round r reading schedule row r mod 10.
    /// </summary>
    [MethodImpl(KernelRoot.Options)]
    public static void CompressRounds<TRotations>(Span<ulong> chain, ReadOnlySpan<ulong> message, uint rounds, ulong t0, ulong t1, ulong f0)
        where TRotations : struct, IBlake2LaneRotations
    {
        ref ulong h = ref MemoryMarshal.GetReference(chain);
        Vector256<ulong> h0 = Vector256.LoadUnsafe(ref h);
        Vector256<ulong> h1 = Vector256.LoadUnsafe(ref h, 4);
        ref ulong block = ref MemoryMarshal.GetReference(message);
        ref byte scheduleStart = ref MemoryMarshal.GetReference(Blake2RowSchedule.Words);
        ref byte scheduleEnd = ref Unsafe.Add(ref scheduleStart, 10 * 16);

        Vector256<ulong> a = h0;
        Vector256<ulong> b = h1;
        Vector256<ulong> c = Vector256.Create(Blake2bScalar.IV0, Blake2bScalar.IV1, Blake2bScalar.IV2, Blake2bScalar.IV3);
        Vector256<ulong> d = Vector256.Create(Blake2bScalar.IV4, Blake2bScalar.IV5, Blake2bScalar.IV6, Blake2bScalar.IV7) ^ Vector256.Create(t0, t1, f0, 0);
        ref byte schedule = ref scheduleStart;
        for (uint round = rounds; round != 0; round--)
        {
            Round<TRotations>(ref a, ref b, ref c, ref d, ref block, ref schedule);
            schedule = ref Unsafe.Add(ref schedule, 16);
            if (Unsafe.AreSame(ref schedule, ref scheduleEnd))
            {
                schedule = ref scheduleStart;
            }
        }

        (h0 ^ a ^ c).StoreUnsafe(ref h);
        (h1 ^ b ^ d).StoreUnsafe(ref h, 4);
    }

    /// <summary>One round: the four column G functions, then the four diagonal ones, with the message words of schedule row <paramref name="schedule"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round<TRotations>(ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d, ref ulong block, ref byte schedule)
        where TRotations : struct, IBlake2LaneRotations
    {
        // The x and y inputs of the four column G functions, then of the four diagonal ones, in
        // the lane order of Blake2RowSchedule.
        Vector256<ulong> x0 = Pick(ref block, ref schedule, 0);
        Vector256<ulong> y0 = Pick(ref block, ref schedule, 4);
        Vector256<ulong> x1 = Pick(ref block, ref schedule, 8);
        Vector256<ulong> y1 = Pick(ref block, ref schedule, 12);
        G<TRotations>(ref a, ref b, ref c, ref d, x0, y0);

        // Lane j then holds diagonal j - 1: a moves by three lanes, c by one, d by two. Rotating
        // a rather than b takes the permutes off the critical path: a, d and c are final before
        // b's last rotate. vpermq is AVX2, so both ISAs share it.
        a = Avx2.Permute4x64(a, 0b10_01_00_11);
        c = Avx2.Permute4x64(c, 0b00_11_10_01);
        d = Avx2.Permute4x64(d, 0b01_00_11_10);
        G<TRotations>(ref a, ref b, ref c, ref d, x1, y1);
        a = Avx2.Permute4x64(a, 0b00_11_10_01);
        c = Avx2.Permute4x64(c, 0b10_01_00_11);
        d = Avx2.Permute4x64(d, 0b01_00_11_10);
    }

    /// <summary>
    /// The four message words named by schedule bytes <paramref name="first"/> to
    /// <paramref name="first"/> + 3 of the round row at <paramref name="schedule"/>, in lanes 0-3.
    /// </summary>
    /// <remarks>
    /// <para>
    /// One vmovq for lane 0, then per other lane a vpbroadcastq with a memory operand merged by
    /// vpblendd. On Intel cores a broadcast from memory is a pure load uop and vpblendd runs on
    /// ports 0, 1 and 5, so the gather puts nothing on port 5 alone. That matters because the
    /// AVX2 rotations (vpshufd, vpshufb) and the vpermq diagonalisation need port 5 and are on
    /// the critical chain. Modelled with llvm-mca for Skylake-SP, which we do not have: the
    /// earlier Vector256.Create of four scalars (vmovq, vpinsrq, vinserti128) put 12 uops a round
    /// on port 5 alone, and port 5 was busy 25 of the 26 cycles of a round; now 19.
    /// </para>
    /// <para>
    /// The same gather serves AVX-512. The earlier AVX-512 gather (the block in two zmm, two
    /// vpermt2q per round) had fewer instructions, but on Skylake-SP to Ice Lake-SP Xeons any
    /// 512-bit uop lowers the clock (the AVX-512 licence) and shuts port 1's vector ALU while it
    /// is in flight, and the block's second 64 bytes were reloaded every round, a cache-line
    /// split on array data. Not measured on a Xeon: the licence and the port 1 shutdown are
    /// beyond llvm-mca, which models both gathers at 24 cycles a round. A vpgatherqq with
    /// vpmovzxbq indices was slower than scalar loads (docs/measurements.md#blake2b-vector-loop):
    /// gathers are off the critical path, so cheap issue matters more than instruction count.
    /// </para>
    /// <para>
    /// <paramref name="first"/> is a constant at each call, so after inlining the schedule bytes
    /// are read at [schedule + constant]; a ref advanced per vector cost a lea each.
    /// </para>
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Pick(ref ulong block, ref byte schedule, int first)
    {
        // Each vpblendd mask takes the two dwords of one 64-bit lane from the broadcast.
        Vector256<uint> words = Vector256.CreateScalarUnsafe(Unsafe.Add(ref block, Unsafe.Add(ref schedule, first))).AsUInt32();
        words = Avx2.Blend(words, Vector256.Create(Unsafe.Add(ref block, Unsafe.Add(ref schedule, first + 1))).AsUInt32(), 0b0000_1100);
        words = Avx2.Blend(words, Vector256.Create(Unsafe.Add(ref block, Unsafe.Add(ref schedule, first + 2))).AsUInt32(), 0b0011_0000);
        words = Avx2.Blend(words, Vector256.Create(Unsafe.Add(ref block, Unsafe.Add(ref schedule, first + 3))).AsUInt32(), 0b1100_0000);
        return words.AsUInt64();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G<TRotations>(ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d, Vector256<ulong> x, Vector256<ulong> y)
        where TRotations : struct, IBlake2LaneRotations
    {
        // (a + x) + b, not a + (b + x): b is the last row a G produces, so it should meet one add.
        a = a + x + b;
        d = TRotations.RotateRight(d ^ a, 32);
        c += d;
        b = TRotations.RotateRight(b ^ c, 24);
        a = a + y + b;
        d = TRotations.RotateRight(d ^ a, 16);
        c += d;
        b = TRotations.RotateRight(b ^ c, 63);
    }
}

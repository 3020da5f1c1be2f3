using System.Runtime.CompilerServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// The BLAKE2 compression function on whole vectors, one independent hash per lane: state word j
/// of every lane is one vector, so G runs on whole vectors with no diagonal shuffles, and the
/// message schedule only indexes the 16 transposed message vectors. Every BLAKE2 lane kernel
/// (BLAKE2bp/sp in <see cref="Blake2pVector{TLanes, TVector}"/>, <c>HashMany</c>'s 512-bit
/// kernel, BLAKE2X's output kernel) runs this one round, for both word sizes and every width.
/// </summary>
/// <typeparam name="TLanes">The vector width and word size, and their arithmetic and rotations.</typeparam>
/// <typeparam name="TVector">The vector type of <typeparamref name="TLanes"/>.</typeparam>
internal static class Blake2LaneRounds<TLanes, TVector>
    where TLanes : struct, IBlake2LaneVector<TVector>
    where TVector : unmanaged
{
    /// <summary>
    /// One compression in every lane: <paramref name="h0"/> to <paramref name="h7"/> are the chain
    /// words, updated in place; <paramref name="v12"/> to <paramref name="v15"/> are the last state
    /// row, IV words 4 to 7 already combined with the counters and flags; <paramref name="m0"/> is
    /// the first of the 16 message vectors.
    /// </summary>
    /// <remarks>
    /// Inlined into each kernel's root (<see cref="KernelRoot"/>), where the chain words are locals:
    /// the references then name those locals and the whole state stays in registers.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Compress(
        ref TVector h0, ref TVector h1, ref TVector h2, ref TVector h3, ref TVector h4, ref TVector h5, ref TVector h6, ref TVector h7,
        TVector v12, TVector v13, TVector v14, TVector v15, ref TVector m0)
    {
        TVector v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
        TVector v8 = TLanes.IV(0), v9 = TLanes.IV(1), v10 = TLanes.IV(2), v11 = TLanes.IV(3);

        Rounds(
            ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            ref m0, ref Blake2pLaneSchedule.Start, TLanes.Rounds, Unsafe.SizeOf<TVector>() / 4, TLanes.HasManyRegisters);

        h0 = TLanes.Xor(h0, TLanes.Xor(v0, v8));
        h1 = TLanes.Xor(h1, TLanes.Xor(v1, v9));
        h2 = TLanes.Xor(h2, TLanes.Xor(v2, v10));
        h3 = TLanes.Xor(h3, TLanes.Xor(v3, v11));
        h4 = TLanes.Xor(h4, TLanes.Xor(v4, v12));
        h5 = TLanes.Xor(h5, TLanes.Xor(v5, v13));
        h6 = TLanes.Xor(h6, TLanes.Xor(v6, v14));
        h7 = TLanes.Xor(h7, TLanes.Xor(v7, v15));
    }

    /// <summary>
    /// <paramref name="rounds"/> rounds of G on the 16 state vectors, columns then diagonals, one
    /// per lane: BLAKE2's, and BLAKE3's (<see cref="Blake3LaneKernel{TLanes, TVector}"/>), whose G is
    /// BLAKE2s's. Each round reads 16 schedule entries from <paramref name="schedule"/> on; an entry
    /// times <paramref name="entryBytes"/> is its message vector's byte offset from <paramref name="m0"/>.
    /// </summary>
    /// <remarks>
    /// The schedules hold word indices pre-multiplied so that <paramref name="entryBytes"/> is an x86
    /// address scale (see <see cref="Blake2pLaneSchedule"/> and <see cref="Blake3LaneSchedule"/>): each
    /// message word is then one byte load and a memory operand.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Rounds(
        ref TVector v0, ref TVector v1, ref TVector v2, ref TVector v3, ref TVector v4, ref TVector v5, ref TVector v6, ref TVector v7,
        ref TVector v8, ref TVector v9, ref TVector v10, ref TVector v11, ref TVector v12, ref TVector v13, ref TVector v14, ref TVector v15,
        ref TVector m0, ref byte schedule, int rounds, int entryBytes, bool addsMessageFirst)
    {
        ref byte s = ref schedule;
        for (int round = 0; round < rounds; round++)
        {
            G(ref v0, ref v4, ref v8, ref v12, ref m0, s, Unsafe.Add(ref s, 1), entryBytes, addsMessageFirst);
            G(ref v1, ref v5, ref v9, ref v13, ref m0, Unsafe.Add(ref s, 2), Unsafe.Add(ref s, 3), entryBytes, addsMessageFirst);
            G(ref v2, ref v6, ref v10, ref v14, ref m0, Unsafe.Add(ref s, 4), Unsafe.Add(ref s, 5), entryBytes, addsMessageFirst);
            G(ref v3, ref v7, ref v11, ref v15, ref m0, Unsafe.Add(ref s, 6), Unsafe.Add(ref s, 7), entryBytes, addsMessageFirst);
            G(ref v0, ref v5, ref v10, ref v15, ref m0, Unsafe.Add(ref s, 8), Unsafe.Add(ref s, 9), entryBytes, addsMessageFirst);
            G(ref v1, ref v6, ref v11, ref v12, ref m0, Unsafe.Add(ref s, 10), Unsafe.Add(ref s, 11), entryBytes, addsMessageFirst);
            G(ref v2, ref v7, ref v8, ref v13, ref m0, Unsafe.Add(ref s, 12), Unsafe.Add(ref s, 13), entryBytes, addsMessageFirst);
            G(ref v3, ref v4, ref v9, ref v14, ref m0, Unsafe.Add(ref s, 14), Unsafe.Add(ref s, 15), entryBytes, addsMessageFirst);
            s = ref Unsafe.Add(ref s, 16);
        }
    }

    /// <summary>
    /// <see cref="Rounds"/> for 16 vector registers (AVX2): the four G of each half-round side by
    /// side, step by step, with (a + m) + b, and <paramref name="v8"/> a reference to memory (the
    /// caller's room after the message), so that 15 state vectors take 15 registers and one is
    /// left for the rotations' shifts and byte-shuffle masks, as in the official BLAKE3's AVX2
    /// assembly.
    /// </summary>
    /// <remarks>
    /// With all 16 state vectors in registers and G one after another, the JIT had no register
    /// left: it stored and reloaded around every rotation by shifts (two stores and a load each,
    /// seen in the disassembly). An earlier try of G in step with all 16 in registers ran out of
    /// inlining budget. This makes BLAKE3's 8 AVX2 lanes markedly faster. BLAKE2's own lanes keep
    /// <see cref="Rounds"/>: through this, in <see cref="Compress"/> with v8 after the message,
    /// BLAKE2sp was a little faster but BLAKE2bp slower (its chain words stay live through the
    /// rounds, and BLAKE2b's rotation by 63 needs a register of its own). Figures:
    /// docs/measurements.md#lanes-in-step.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void RoundsInStep(
        ref TVector v0, ref TVector v1, ref TVector v2, ref TVector v3, ref TVector v4, ref TVector v5, ref TVector v6, ref TVector v7,
        ref TVector v8, ref TVector v9, ref TVector v10, ref TVector v11, ref TVector v12, ref TVector v13, ref TVector v14, ref TVector v15,
        ref TVector m0, ref byte schedule, int rounds, int entryBytes)
    {
        ref byte s = ref schedule;
        for (int round = 0; round < rounds; round++)
        {
            HalfRoundInStep(ref v0, ref v4, ref v8, ref v12, ref v1, ref v5, ref v9, ref v13, ref v2, ref v6, ref v10, ref v14, ref v3, ref v7, ref v11, ref v15, ref m0, ref s, entryBytes);
            HalfRoundInStep(ref v0, ref v5, ref v10, ref v15, ref v1, ref v6, ref v11, ref v12, ref v2, ref v7, ref v8, ref v13, ref v3, ref v4, ref v9, ref v14, ref m0, ref Unsafe.Add(ref s, 8), entryBytes);
            s = ref Unsafe.Add(ref s, 16);
        }
    }

    /// <summary>
    /// Half a round, the four G side by side, step by step: (a0, b0, c0, d0) to (a3, b3, c3, d3) are
    /// the four columns or diagonals, <paramref name="schedule"/> their eight message entries (x, y per G).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HalfRoundInStep(
        ref TVector a0, ref TVector b0, ref TVector c0, ref TVector d0, ref TVector a1, ref TVector b1, ref TVector c1, ref TVector d1,
        ref TVector a2, ref TVector b2, ref TVector c2, ref TVector d2, ref TVector a3, ref TVector b3, ref TVector c3, ref TVector d3,
        ref TVector m0, ref byte schedule, int entryBytes)
    {
        ref byte s = ref schedule;
        a0 = TLanes.Add(TLanes.Add(a0, Word(ref m0, s, entryBytes)), b0);
        a1 = TLanes.Add(TLanes.Add(a1, Word(ref m0, Unsafe.Add(ref s, 2), entryBytes)), b1);
        a2 = TLanes.Add(TLanes.Add(a2, Word(ref m0, Unsafe.Add(ref s, 4), entryBytes)), b2);
        a3 = TLanes.Add(TLanes.Add(a3, Word(ref m0, Unsafe.Add(ref s, 6), entryBytes)), b3);
        d0 = TLanes.RotateRight(TLanes.Xor(d0, a0), 32, 16);
        d1 = TLanes.RotateRight(TLanes.Xor(d1, a1), 32, 16);
        d2 = TLanes.RotateRight(TLanes.Xor(d2, a2), 32, 16);
        d3 = TLanes.RotateRight(TLanes.Xor(d3, a3), 32, 16);
        c0 = TLanes.Add(c0, d0);
        c1 = TLanes.Add(c1, d1);
        c2 = TLanes.Add(c2, d2);
        c3 = TLanes.Add(c3, d3);
        b0 = TLanes.RotateRight(TLanes.Xor(b0, c0), 24, 12);
        b1 = TLanes.RotateRight(TLanes.Xor(b1, c1), 24, 12);
        b2 = TLanes.RotateRight(TLanes.Xor(b2, c2), 24, 12);
        b3 = TLanes.RotateRight(TLanes.Xor(b3, c3), 24, 12);
        a0 = TLanes.Add(TLanes.Add(a0, Word(ref m0, Unsafe.Add(ref s, 1), entryBytes)), b0);
        a1 = TLanes.Add(TLanes.Add(a1, Word(ref m0, Unsafe.Add(ref s, 3), entryBytes)), b1);
        a2 = TLanes.Add(TLanes.Add(a2, Word(ref m0, Unsafe.Add(ref s, 5), entryBytes)), b2);
        a3 = TLanes.Add(TLanes.Add(a3, Word(ref m0, Unsafe.Add(ref s, 7), entryBytes)), b3);
        d0 = TLanes.RotateRight(TLanes.Xor(d0, a0), 16, 8);
        d1 = TLanes.RotateRight(TLanes.Xor(d1, a1), 16, 8);
        d2 = TLanes.RotateRight(TLanes.Xor(d2, a2), 16, 8);
        d3 = TLanes.RotateRight(TLanes.Xor(d3, a3), 16, 8);
        c0 = TLanes.Add(c0, d0);
        c1 = TLanes.Add(c1, d1);
        c2 = TLanes.Add(c2, d2);
        c3 = TLanes.Add(c3, d3);
        b0 = TLanes.RotateRight(TLanes.Xor(b0, c0), 63, 7);
        b1 = TLanes.RotateRight(TLanes.Xor(b1, c1), 63, 7);
        b2 = TLanes.RotateRight(TLanes.Xor(b2, c2), 63, 7);
        b3 = TLanes.RotateRight(TLanes.Xor(b3, c3), 63, 7);
    }

    /// <summary>The message vector at byte offset <paramref name="entry"/> x <paramref name="entryBytes"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static TVector Word(ref TVector m0, byte entry, int entryBytes) =>
        Unsafe.AddByteOffset(ref m0, (nuint)entry * (nuint)entryBytes);

    /// <remarks>
    /// G loads its two message words itself, at their point of use: passed in as values, both
    /// were loaded before the first addition and the second one occupied a register (or, with
    /// AVX2's 16 registers, a spill slot) through half of G. Loaded here, each one is a memory
    /// operand of its addition.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref TVector a, ref TVector b, ref TVector c, ref TVector d, ref TVector m0, byte x, byte y, int entryBytes, bool addsMessageFirst)
    {
        // With 32 registers, (a + m) + b: b is the value G's previous step has just produced, a was
        // ready earlier, so adding the message word to a first leaves one addition, not two, between
        // b and the rest of G's dependency chain (about 10% faster with AVX-512). With AVX2's 16
        // registers the early sum costs a register that the JIT then spills (about 20% slower),
        // so BLAKE2's lanes keep a + (b + m) there (BLAKE3's always add the message first). The message word is read inside the sum, not passed to
        // a helper: as an argument it was loaded into a register first instead of being the
        // addition's memory operand (16 more instructions a round).
        a = addsMessageFirst ? TLanes.Add(TLanes.Add(a, Word(ref m0, x, entryBytes)), b) : TLanes.Add(a, TLanes.Add(b, Word(ref m0, x, entryBytes)));
        d = TLanes.RotateRight(TLanes.Xor(d, a), 32, 16);
        c = TLanes.Add(c, d);
        b = TLanes.RotateRight(TLanes.Xor(b, c), 24, 12);
        a = addsMessageFirst ? TLanes.Add(TLanes.Add(a, Word(ref m0, y, entryBytes)), b) : TLanes.Add(a, TLanes.Add(b, Word(ref m0, y, entryBytes)));
        d = TLanes.RotateRight(TLanes.Xor(d, a), 16, 8);
        c = TLanes.Add(c, d);
        b = TLanes.RotateRight(TLanes.Xor(b, c), 63, 7);
    }
}

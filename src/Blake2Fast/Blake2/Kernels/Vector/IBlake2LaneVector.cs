using System.Diagnostics.CodeAnalysis;

namespace Blake2Fast.Kernels;

/// <summary>
/// What the BLAKE2 lane kernels need from one vector type: <see cref="Lanes"/> words of one size,
/// one independent hash per lane. The round (<see cref="Blake2LaneRounds{TLanes, TVector}"/>) and
/// the kernels around it are written once over this; the JIT specialises them per struct and
/// inlines these members, as <see cref="Blake3LaneKernel{TLanes, TVector}"/> does for BLAKE3.
/// </summary>
/// <remarks>
/// Implemented per vector width, generic over the word (<see cref="Blake2LaneVector128{TWord}"/>,
/// <see cref="Blake2LaneVector256{TWord, TRotations}"/>, <see cref="Blake2LaneVector512{TWord}"/>):
/// what differs by word size is chosen inside them by <see cref="Blake2Word{TWord}"/>.
/// </remarks>
/// <typeparam name="TVector">A vector of 64-bit (BLAKE2b) or 32-bit (BLAKE2s) words.</typeparam>
internal interface IBlake2LaneVector<TVector>
    where TVector : unmanaged
{
    /// <summary>Words (hashes) per vector.</summary>
    static abstract int Lanes { get; }

    /// <summary>Rounds per compression: 12 for BLAKE2b, 10 for BLAKE2s.</summary>
    static abstract int Rounds { get; }

    /// <summary>
    /// Whether this width has 32 vector registers (AVX-512: zmm0 to zmm31, and with AVX-512VL their
    /// ymm and xmm halves) rather than 16 (AVX2, SSE). With 32, BLAKE2's G adds the message word to
    /// a before b ((a + m) + b; with 16, a + (b + m): see Blake2LaneRounds.G). BLAKE3's lanes, which
    /// then keep the 16 message vectors in registers beside the 16 state vectors, ask the
    /// instruction set itself (Blake3LaneKernel.Compress says why).
    /// </summary>
    static abstract bool HasManyRegisters { get; }

    /// <summary>IV word <paramref name="index"/> in every lane.</summary>
    static abstract TVector IV(int index);

    /// <summary>The low word of <paramref name="value"/> (all of it, or its low 32 bits) in every lane.</summary>
    /// <remarks>
    /// Implementations test the word size with <c>typeof</c> themselves rather than through
    /// <see cref="Blake2Word{TWord}.From"/>: two inlined calls fewer per broadcast, 28 of the 99
    /// calls the JIT inlined into BLAKE3's 16-lane kernel (<see cref="Blake3G"/> says why that counts).
    /// </remarks>
    static abstract TVector Broadcast(ulong value);

    /// <summary>Lane i = word i at <paramref name="source"/> (in the machine's byte order).</summary>
    static abstract TVector Load(ref byte source);

    /// <summary>Lane-wise wrapping addition.</summary>
    static abstract TVector Add(TVector left, TVector right);

    /// <summary>Lane-wise exclusive or.</summary>
    static abstract TVector Xor(TVector left, TVector right);

    /// <summary>
    /// Adds <paramref name="increment"/> to every lane's two-word counter (<paramref name="t0"/>
    /// low, <paramref name="t1"/> high): a lane carries into t1 when t0 wrapped.
    /// </summary>
    static abstract void AddToCounters(ref TVector t0, ref TVector t1, TVector increment);

    /// <summary>
    /// Rotates every lane right by <paramref name="bits64"/> bits (BLAKE2b) or <paramref name="bits32"/>
    /// (BLAKE2s). G's rotations, RFC 7693's R1 to R4, are (32, 16), (24, 12), (16, 8) and (63, 7).
    /// </summary>
    /// <remarks>
    /// The word size tested with <c>typeof</c> here too, not through <see cref="Blake2Word{TWord}.Is64"/>
    /// (<see cref="Broadcast"/> says why): BLAKE3's 8-lane AVX2 kernel, with the message in memory,
    /// inlines 268 calls instead of 356, and a fresh process's first hash is shorter by that JIT
    /// time (docs/measurements.md#blake2-jit-cost).
    /// </remarks>
    static abstract TVector RotateRight(TVector x, [ConstantExpected] byte bits64, [ConstantExpected] byte bits32);

    /// <summary>
    /// BLAKE3's G (BLAKE2s's, rotations 16, 12, 8 and 7) on whole vectors of 32-bit words, each
    /// message word added to a before b ((a + x) + b), for processors with AVX-512VL: every rotation
    /// is one vprord, at every width. Its one caller, BLAKE3's lane kernel with the message in
    /// registers, runs only there (Blake3LaneKernel.Compress).
    /// </summary>
    /// <remarks>
    /// Each width writes it out with the vector operators and the rotate instruction rather than
    /// G being written once over <see cref="Add"/>, <see cref="Xor"/> and <see cref="RotateRight"/>,
    /// because of what the JIT spends on inlining: it inlines every call separately (the interface
    /// member, then what that calls), and a G made of such calls was 152 of the 243 calls inlined
    /// into the 16-lane kernel, the largest compilation of a first hash. Written out here: 99
    /// calls, the same machine code, and in a fresh process about two thirds of the JIT time and
    /// half the page faults (docs/measurements.md#blake3-message-in-registers).
    /// </remarks>
    static abstract void Blake3G(ref TVector a, ref TVector b, ref TVector c, ref TVector d, TVector x, TVector y);

    /// <summary>
    /// Loads one block per lane (lane i's at <paramref name="block"/> + i * <paramref name="laneStride"/>)
    /// transposed: vector j of <paramref name="message"/> gets word j of every lane's block.
    /// </summary>
    static abstract void LoadTransposed(ref byte block, nuint laneStride, ref TVector message);

    /// <summary>
    /// <see cref="LoadTransposed(ref byte, nuint, ref TVector)"/> for 32-bit words (BLAKE3) into 16
    /// values instead of memory, for a kernel that keeps them in registers.
    /// </summary>
    static abstract void LoadTransposed(
        ref byte block, nuint laneStride,
        out TVector m0, out TVector m1, out TVector m2, out TVector m3, out TVector m4, out TVector m5, out TVector m6, out TVector m7,
        out TVector m8, out TVector m9, out TVector m10, out TVector m11, out TVector m12, out TVector m13, out TVector m14, out TVector m15);

    /// <summary>
    /// The inverse of <see cref="LoadTransposed(ref byte, nuint, ref TVector)"/> for eight words: lane i's words (lane i of
    /// <paramref name="h0"/> to <paramref name="h7"/>) go to <paramref name="destination"/> + 8 i words.
    /// </summary>
    static abstract void StoreTransposed(TVector h0, TVector h1, TVector h2, TVector h3, TVector h4, TVector h5, TVector h6, TVector h7, ref byte destination);
}

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE3 in SIMD lanes: N chunks (or N parents) hashed side by side, lane i of every vector
/// belonging to chunk i. The 16 state words of the N lanes are 16 vectors; each block's message
/// words are transposed so that vector j holds word j of every lane's block, and BLAKE3's
/// permutation between rounds renames the words instead of moving them.
/// </summary>
/// <remarks>
/// Written once for every width: <typeparamref name="TLanes"/> supplies the width's arithmetic,
/// rotations and transposes, and the JIT compiles one specialised copy per width. They are BLAKE2s's
/// lanes (<see cref="Blake2LaneVector128{TWord}"/>, <see cref="Blake2LaneVector256{TWord, TRotations}"/>,
/// <see cref="Blake2LaneVector512{TWord}"/> over <see cref="uint"/>): BLAKE3's G is BLAKE2s's, with
/// BLAKE2s's rotation amounts. With AVX-512's 32 registers the message vectors stay in registers
/// and the renaming is done on variables (<see cref="RoundsInRegisters"/>); with 16 they are kept in
/// memory and read through BLAKE2's lane rounds by the schedule (<see cref="Blake2LaneRounds{TLanes, TVector}.Rounds"/>,
/// <see cref="Blake3LaneSchedule"/>).
/// </remarks>
internal static class Blake3LaneKernel<TLanes, TVector>
    where TLanes : struct, IBlake2LaneVector<TVector>
    where TVector : unmanaged
{
    private const int BlockLength = Blake3Constants.BlockLength;
    private const int ChunkLength = Blake3Constants.ChunkLength;
    private const int ChainingValueLength = Blake3Constants.ChainingValueLength;

    /// <summary>
    /// Hashes the whole groups of N chunks in <paramref name="input"/> (as Blake3Kernels.HashChunks)
    /// and returns how many chunks that was; the caller hashes the rest with a narrower kernel.
    /// </summary>
    public static int HashChunks(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues) =>
        HashGroups(input, ChunkLength, key, firstCounter, incrementCounter: true, flags, Blake3Constants.ChunkStart, Blake3Constants.ChunkEnd, chainingValues);

    /// <summary>
    /// Hashes the whole groups of N parents in <paramref name="childChainingValues"/> (as
    /// Blake3Kernels.HashParents, in place allowed) and returns how many parents that was.
    /// </summary>
    /// <remarks>
    /// Group g reads bytes 64 N g onwards and writes 32 N g onwards: in place, it overwrites only
    /// input that this group (which loads all its input first) or an earlier one has already read.
    /// </remarks>
    public static int HashParents(ReadOnlySpan<byte> childChainingValues, ReadOnlySpan<uint> key, uint flags, Span<byte> chainingValues) =>
        HashGroups(childChainingValues, BlockLength, key, 0, incrementCounter: false, flags | Blake3Constants.Parent, 0, 0, chainingValues);

    /// <summary>The whole groups of N lanes of <paramref name="laneLength"/> bytes each; returns the lanes hashed.</summary>
    [MethodImpl(KernelRoot.DriverOptions)]
    private static int HashGroups(ReadOnlySpan<byte> input, int laneLength, ReadOnlySpan<uint> key, ulong firstCounter, bool incrementCounter, uint flags, uint startFlag, uint endFlag, Span<byte> chainingValues)
    {
        int lanes = TLanes.Lanes;
        int done = input.Length / laneLength / lanes * lanes;
        if (done == 0)
        {
            return 0;
        }

        _ = input[(done * laneLength) - 1];
        _ = chainingValues[(done * ChainingValueLength) - 1];
        ref byte source = ref MemoryMarshal.GetReference(input);
        ref byte destination = ref MemoryMarshal.GetReference(chainingValues);
        for (int first = 0; first < done; first += lanes)
        {
            HashGroup(
                ref Unsafe.Add(ref source, first * laneLength), (nuint)laneLength, laneLength / BlockLength, key,
                incrementCounter ? firstCounter + (ulong)first : firstCounter, incrementCounter, flags, startFlag, endFlag,
                ref Unsafe.Add(ref destination, first * ChainingValueLength));
        }

        return done;
    }

    /// <summary>
    /// Hashes N lanes of <paramref name="blocks"/> blocks each, lane i starting at
    /// <paramref name="input"/> + i * <paramref name="laneStride"/>, and stores the N chaining values.
    /// </summary>
    /// <remarks>The kernel's root (<see cref="KernelRoot"/>): Compress and its G calls get the whole inlining budget.</remarks>
    [MethodImpl(KernelRoot.Options)]
    private static void HashGroup(ref byte input, nuint laneStride, int blocks, ReadOnlySpan<uint> key, ulong counter, bool incrementCounter, uint flags, uint startFlag, uint endFlag, ref byte destination)
    {
        // Per-lane counters, split into their low and high words (a group may straddle 2^32).
        CounterWords counterWords = default;
        ref uint low = ref counterWords[0];
        for (int lane = 0; lane < TLanes.Lanes; lane++)
        {
            ulong laneCounter = incrementCounter ? counter + (ulong)lane : counter;
            Unsafe.Add(ref low, lane) = (uint)laneCounter;
            Unsafe.Add(ref low, lane + 16) = (uint)(laneCounter >> 32);
        }

        TVector counterLow = TLanes.Load(ref Unsafe.As<uint, byte>(ref low));
        TVector counterHigh = TLanes.Load(ref Unsafe.As<uint, byte>(ref Unsafe.Add(ref low, 16)));
        TVector fullBlocks = TLanes.Broadcast(BlockLength);

        // The message's room in memory, for widths that do not keep it in registers (Compress).
        Unsafe.SkipInit(out LaneWords words);
        TVector h0 = TLanes.Broadcast(key[0]), h1 = TLanes.Broadcast(key[1]), h2 = TLanes.Broadcast(key[2]), h3 = TLanes.Broadcast(key[3]);
        TVector h4 = TLanes.Broadcast(key[4]), h5 = TLanes.Broadcast(key[5]), h6 = TLanes.Broadcast(key[6]), h7 = TLanes.Broadcast(key[7]);
        for (int block = 0; block < blocks; block++)
        {
            ref byte blockInput = ref Unsafe.Add(ref input, block * BlockLength);

            // Each lane's block LanePrefetch.BlocksAhead on: in this chunk, or past its end, in the
            // next group's, which the caller hashes next (LanePrefetch says why and how far).
            int ahead = block + LanePrefetch.BlocksAhead;
            ref byte next = ref ahead < blocks
                ? ref Unsafe.Add(ref input, ahead * BlockLength)
                : ref Unsafe.Add(ref input, (laneStride * (nuint)TLanes.Lanes) + (nuint)((ahead - blocks) * BlockLength));
            LanePrefetch.EachLane(ref next, laneStride, TLanes.Lanes);
            uint blockFlags = flags | (block == 0 ? startFlag : 0) | (block == blocks - 1 ? endFlag : 0);
            Compress(ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7, ref blockInput, laneStride, ref words[0], counterLow, counterHigh, fullBlocks, TLanes.Broadcast(blockFlags));
        }

        TLanes.StoreTransposed(h0, h1, h2, h3, h4, h5, h6, h7, ref destination);
        ClearMessageRoom(ref words);
    }

    /// <summary>
    /// Hashes N messages of 0 to 1024 bytes, one per lane, each the whole input of its own hash: a
    /// single chunk at counter 0, whose last block is compressed with CHUNK_END and ROOT and its own
    /// length, lane by lane. Lane i's message is at <paramref name="input"/> + i *
    /// <paramref name="laneStride"/>, zero-padded to whole blocks, and its length is
    /// <paramref name="lengths"/>[i]. Writes 32 bytes per lane to <paramref name="outputs"/>: with
    /// <paramref name="throughLastBlock"/>, the root's first 32 output bytes (the 32-byte hash);
    /// without, the chaining value that enters the last block, from which the caller computes longer
    /// outputs one output block at a time.
    /// </summary>
    /// <remarks>
    /// Lanes whose messages have fewer blocks go on compressing whatever their slot holds after
    /// their last block (within <paramref name="laneStride"/>, which the caller makes at least the
    /// longest message's blocks): their result is taken as soon as their own blocks are done, so
    /// what comes after is never read.
    /// </remarks>
    public static void HashMessages(ReadOnlySpan<byte> input, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs)
    {
        // Every block any lane compresses lies inside the input (HashMessageGroup checks that each
        // lane's blocks fit its stride), every length and output inside theirs.
        int lanes = TLanes.Lanes;
        _ = input[(lanes * laneStride) - 1];
        _ = lengths[lanes - 1];
        _ = outputs[(lanes * ChainingValueLength) - 1];
        HashMessageGroup(
            ref MemoryMarshal.GetReference(input), (nuint)laneStride, ref MemoryMarshal.GetReference(lengths), key, flags, throughLastBlock,
            ref MemoryMarshal.GetReference(outputs));
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowLaneTooLong() => throw new ArgumentOutOfRangeException("lengths", "A lane's message is longer than a chunk or than its stride.");

    /// <summary>Blocks in a message of 0 to 1024 bytes: at least one (an empty message is one empty block).</summary>
    private static int Blocks(int length) => Math.Max(1, (length + BlockLength - 1) / BlockLength);

    /// <summary>
    /// <see cref="HashMessages"/> on checked input: per block, every lane's block compressed side
    /// by side; flags and block lengths differ between lanes only in a block that is some lane's
    /// last, and a lane's chaining value is stored when its own blocks are done.
    /// </summary>
    /// <remarks>The kernel's root (<see cref="KernelRoot"/>), as <see cref="HashGroup"/>.</remarks>
    [MethodImpl(KernelRoot.Options)]
    private static void HashMessageGroup(ref byte input, nuint laneStride, ref int lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, ref byte destination)
    {
        // Per lane, the length of its last block; per block, the lanes whose compressed blocks end
        // there (a bit each; a lane compresses its last block only through it).
        Unsafe.SkipInit(out LaneNumbers numbers);
        ref uint lastLengths = ref numbers[0];
        ref uint blockLengths = ref numbers[16];
        ref uint blockFlags = ref numbers[32];
        ref uint endingAt = ref numbers[48];
        int most = 0;
        bool sameLength = true;
        int firstLength = lengths;
        uint allLanes = (1u << TLanes.Lanes) - 1;
        for (int block = 0; block < ChunkLength / BlockLength; block++)
        {
            Unsafe.Add(ref endingAt, block) = 0;
        }

        for (int lane = 0; lane < TLanes.Lanes; lane++)
        {
            int length = Unsafe.Add(ref lengths, lane);
            sameLength &= length == firstLength;
            int blocks = Blocks(length);
            if ((uint)length > ChunkLength || (nuint)(blocks * BlockLength) > laneStride)
            {
                ThrowLaneTooLong();
            }

            int count = throughLastBlock ? blocks : blocks - 1;
            Unsafe.Add(ref lastLengths, lane) = (uint)(length - ((blocks - 1) * BlockLength));
            most = Math.Max(most, count);
            if (count == 0)
            {
                // A one-block message whose last block the caller compresses: its chaining value is the key.
                MemoryMarshal.AsBytes(key[..8]).CopyTo(MemoryMarshal.CreateSpan(ref Unsafe.Add(ref destination, lane * ChainingValueLength), ChainingValueLength));
            }
            else
            {
                Unsafe.Add(ref endingAt, count - 1) |= 1u << lane;
            }
        }

        // Everything in these is written before it is read.
        Unsafe.SkipInit(out LaneWords words);
        Unsafe.SkipInit(out LaneOutputs stored);
        bool storedAny = false;
        TVector h0 = TLanes.Broadcast(key[0]), h1 = TLanes.Broadcast(key[1]), h2 = TLanes.Broadcast(key[2]), h3 = TLanes.Broadcast(key[3]);
        TVector h4 = TLanes.Broadcast(key[4]), h5 = TLanes.Broadcast(key[5]), h6 = TLanes.Broadcast(key[6]), h7 = TLanes.Broadcast(key[7]);

        TVector zero = TLanes.Broadcast(0);
        TVector fullBlocks = TLanes.Broadcast(BlockLength);
        uint finalFlags = Blake3Constants.ChunkEnd | Blake3Constants.Root;
        for (int block = 0; block < most; block++)
        {
            uint shared = flags | (block == 0 ? Blake3Constants.ChunkStart : 0);
            uint ending = Unsafe.Add(ref endingAt, block);
            TVector laneLengths = fullBlocks;
            TVector laneFlags = TLanes.Broadcast(shared);
            if (throughLastBlock && sameLength && ending != 0)
            {
                // Every lane's last block, all of one length (HashMany of one message length).
                laneLengths = TLanes.Broadcast(Unsafe.Add(ref lastLengths, 0));
                laneFlags = TLanes.Broadcast(shared | finalFlags);
            }
            else if (throughLastBlock && ending != 0)
            {
                // Some lanes' last block: their own lengths, CHUNK_END and ROOT; full blocks elsewhere.
                for (int lane = 0; lane < TLanes.Lanes; lane++)
                {
                    bool last = (ending & (1u << lane)) != 0;
                    Unsafe.Add(ref blockLengths, lane) = last ? Unsafe.Add(ref lastLengths, lane) : BlockLength;
                    Unsafe.Add(ref blockFlags, lane) = last ? shared | finalFlags : shared;
                }

                laneLengths = TLanes.Load(ref Unsafe.As<uint, byte>(ref blockLengths));
                laneFlags = TLanes.Load(ref Unsafe.As<uint, byte>(ref blockFlags));
            }

            // One call site: the compression is inlined once.
            Compress(ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7, ref Unsafe.Add(ref input, block * BlockLength), laneStride, ref words[0], zero, zero, laneLengths, laneFlags);

            if (ending != 0)
            {
                // Every lane finishing here: stored in place. Lanes finishing at different blocks:
                // all are stored aside, those finishing here copied out. One call site of the
                // transposing store, which the JIT inlines once (12 calls inlined at each site).
                bool allEnd = ending == allLanes;
                ref byte all = ref stored[0];
                TLanes.StoreTransposed(h0, h1, h2, h3, h4, h5, h6, h7, ref allEnd ? ref destination : ref all);
                if (!allEnd)
                {
                    storedAny = true;
                    for (int lane = 0; lane < TLanes.Lanes; lane++)
                    {
                        if ((ending & (1u << lane)) != 0)
                        {
                            Unsafe.CopyBlockUnaligned(ref Unsafe.Add(ref destination, lane * ChainingValueLength), ref Unsafe.Add(ref all, lane * ChainingValueLength), ChainingValueLength);
                        }
                    }
                }
            }
        }

        // Messages, chaining values and their copies may be secret (keyed hashing).
        ClearMessageRoom(ref words);
        if (storedAny)
        {
            stored = default;
        }
    }

    /// <summary>
    /// One compression in every lane of the block at <paramref name="block"/> (lane i's
    /// <paramref name="laneStride"/> x i bytes on); the chaining values <paramref name="h0"/> to
    /// <paramref name="h7"/> are updated.
    /// </summary>
    /// <remarks>
    /// With 32 registers (AVX-512VL) the 16 message vectors are loaded into registers and stay
    /// there beside the 16 state vectors for all seven rounds (<see cref="RoundsInRegisters"/>);
    /// with 16, they go to <paramref name="messageRoom"/> and G reads them from there by the
    /// schedule, as BLAKE2's lanes do (<see cref="CompressFromMemory"/>).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Compress(
        ref TVector h0, ref TVector h1, ref TVector h2, ref TVector h3, ref TVector h4, ref TVector h5, ref TVector h6, ref TVector h7,
        ref byte block, nuint laneStride, ref TVector messageRoom, TVector counterLow, TVector counterHigh, TVector blockLengths, TVector flags)
    {
        // Whether the processor has 32 vector registers, which every width may use once it has
        // AVX-512VL (even the 256-bit lanes that rotate the AVX2 way, when a test forces them: G
        // rotates with vprord at every width here, IBlake2LaneVector.Blake3G).
        // Asked of the instruction set, not of TLanes.HasManyRegisters: the JIT drops the branch
        // not taken while it reads the kernel, before any inlining. Through the property it did so
        // only after inlining, the other branch had used up the kernel's inlining budget, and the
        // compression was left a call (seen in the disassembly; 3.6% slower at 1 MiB).
        if (Avx512F.VL.IsSupported)
        {
            CompressInRegisters(ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7, ref block, laneStride, counterLow, counterHigh, blockLengths, flags);
        }
        else
        {
            CompressFromMemory(ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7, ref block, laneStride, ref messageRoom, counterLow, counterHigh, blockLengths, flags);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CompressInRegisters(
        ref TVector h0, ref TVector h1, ref TVector h2, ref TVector h3, ref TVector h4, ref TVector h5, ref TVector h6, ref TVector h7,
        ref byte block, nuint laneStride, TVector counterLow, TVector counterHigh, TVector blockLengths, TVector flags)
    {
        TLanes.LoadTransposed(
            ref block, laneStride,
            out TVector m0, out TVector m1, out TVector m2, out TVector m3, out TVector m4, out TVector m5, out TVector m6, out TVector m7,
            out TVector m8, out TVector m9, out TVector m10, out TVector m11, out TVector m12, out TVector m13, out TVector m14, out TVector m15);
        TVector v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
        TVector v8 = TLanes.Broadcast(Blake3Constants.IV0), v9 = TLanes.Broadcast(Blake3Constants.IV1);
        TVector v10 = TLanes.Broadcast(Blake3Constants.IV2), v11 = TLanes.Broadcast(Blake3Constants.IV3);
        TVector v12 = counterLow, v13 = counterHigh, v14 = blockLengths, v15 = flags;
        RoundsInRegisters(
            ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            m0, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15);
        Finish(ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7, v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CompressFromMemory(
        ref TVector h0, ref TVector h1, ref TVector h2, ref TVector h3, ref TVector h4, ref TVector h5, ref TVector h6, ref TVector h7,
        ref byte block, nuint laneStride, ref TVector messageRoom, TVector counterLow, TVector counterHigh, TVector blockLengths, TVector flags)
    {
        TLanes.LoadTransposed(ref block, laneStride, ref messageRoom);
        TVector v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
        TVector v9 = TLanes.Broadcast(Blake3Constants.IV1);
        TVector v10 = TLanes.Broadcast(Blake3Constants.IV2), v11 = TLanes.Broadcast(Blake3Constants.IV3);
        TVector v12 = counterLow, v13 = counterHigh, v14 = blockLengths, v15 = flags;
        ref byte schedule = ref MemoryMarshal.GetReference(Blake3LaneSchedule.Scaled);
        int entryBytes = Unsafe.SizeOf<TVector>() / 16;
        if (Unsafe.SizeOf<TVector>() == 32)
        {
            // AVX2's 16 registers: v8 lives in the message's room, after the 16 words, and the four
            // G of each half-round run in step (Blake2LaneRounds.RoundsInStep says why). The 128-bit
            // lanes (SSE) stay with G one after another, which is faster for them
            // (docs/measurements.md#lanes-in-step).
            ref TVector v8 = ref Unsafe.Add(ref messageRoom, 16);
            v8 = TLanes.Broadcast(Blake3Constants.IV0);
            Blake2LaneRounds<TLanes, TVector>.RoundsInStep(
                ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
                ref messageRoom, ref schedule, Blake3LaneSchedule.Rounds, entryBytes);

            Finish(ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7, v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15);
        }
        else
        {
            // BLAKE3's G is BLAKE2s's, (a + m) + b at every width; its schedule holds 16 x the word index.
            TVector v8 = TLanes.Broadcast(Blake3Constants.IV0);
            Blake2LaneRounds<TLanes, TVector>.Rounds(
                ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
                ref messageRoom, ref schedule, Blake3LaneSchedule.Rounds, entryBytes, addsMessageFirst: true);
            Finish(ref h0, ref h1, ref h2, ref h3, ref h4, ref h5, ref h6, ref h7, v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15);
        }
    }

    /// <summary>BLAKE3 keeps the first half of the output state: v[i] ^ v[i + 8].</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Finish(
        ref TVector h0, ref TVector h1, ref TVector h2, ref TVector h3, ref TVector h4, ref TVector h5, ref TVector h6, ref TVector h7,
        TVector v0, TVector v1, TVector v2, TVector v3, TVector v4, TVector v5, TVector v6, TVector v7,
        TVector v8, TVector v9, TVector v10, TVector v11, TVector v12, TVector v13, TVector v14, TVector v15)
    {
        h0 = TLanes.Xor(v0, v8);
        h1 = TLanes.Xor(v1, v9);
        h2 = TLanes.Xor(v2, v10);
        h3 = TLanes.Xor(v3, v11);
        h4 = TLanes.Xor(v4, v12);
        h5 = TLanes.Xor(v5, v13);
        h6 = TLanes.Xor(v6, v14);
        h7 = TLanes.Xor(v7, v15);
    }

    /// <summary>
    /// The seven rounds with the message words <paramref name="m0"/> to <paramref name="m15"/> as
    /// values: each round's G take them in order, and BLAKE3's permutation between rounds renames
    /// the 16 variables (register moves, which the processor does at rename) instead of indexing a
    /// schedule in memory.
    /// </summary>
    /// <remarks>
    /// With the message in registers the 16-lane kernel is faster than with the schedule read from
    /// memory, and on whole chunks as fast as the official C's AVX-512 assembly kernel. G one after
    /// another, not the four G of a half-round in step as the C's assembly orders them: in step
    /// was slower here. A loop, not seven rounds written out: written out, the JIT's
    /// inlining budget ran out after two rounds (docs/performance.md). G is the width's own
    /// (TLanes.Blake3G), written out with the vector operators: as a G written once here over the
    /// width's Add, Xor and RotateRight the 16-lane kernel took longer to compile
    /// (IBlake2LaneVector.Blake3G says why). Figures: docs/measurements.md#blake3-message-in-registers.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void RoundsInRegisters(
        ref TVector v0, ref TVector v1, ref TVector v2, ref TVector v3, ref TVector v4, ref TVector v5, ref TVector v6, ref TVector v7,
        ref TVector v8, ref TVector v9, ref TVector v10, ref TVector v11, ref TVector v12, ref TVector v13, ref TVector v14, ref TVector v15,
        TVector m0, TVector m1, TVector m2, TVector m3, TVector m4, TVector m5, TVector m6, TVector m7,
        TVector m8, TVector m9, TVector m10, TVector m11, TVector m12, TVector m13, TVector m14, TVector m15)
    {
        for (int round = 0; ; round++)
        {
            TLanes.Blake3G(ref v0, ref v4, ref v8, ref v12, m0, m1);
            TLanes.Blake3G(ref v1, ref v5, ref v9, ref v13, m2, m3);
            TLanes.Blake3G(ref v2, ref v6, ref v10, ref v14, m4, m5);
            TLanes.Blake3G(ref v3, ref v7, ref v11, ref v15, m6, m7);
            TLanes.Blake3G(ref v0, ref v5, ref v10, ref v15, m8, m9);
            TLanes.Blake3G(ref v1, ref v6, ref v11, ref v12, m10, m11);
            TLanes.Blake3G(ref v2, ref v7, ref v8, ref v13, m12, m13);
            TLanes.Blake3G(ref v3, ref v4, ref v9, ref v14, m14, m15);
            if (round == Blake3LaneSchedule.Rounds - 1)
            {
                return;
            }

            // The permutation (2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8): word i of the next
            // round is word Permutation[i] of this one. It is two cycles of eight.
            TVector first = m0;
            m0 = m2; m2 = m3; m3 = m10; m10 = m12; m12 = m9; m9 = m11; m11 = m5; m5 = first;
            TVector second = m1;
            m1 = m6; m6 = m4; m4 = m7; m7 = m13; m13 = m14; m14 = m15; m15 = m8; m8 = second;
        }
    }

    /// <summary>Clears the message's room after a keyed hash's blocks went through it (widths with 16 registers only).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ClearMessageRoom(ref LaneWords words)
    {
        if (!Avx512F.VL.IsSupported)
        {
            words = default;
        }
    }

    /// <summary>16 low counter words, then 16 high ones (room for the widest kernel).</summary>
    [InlineArray(32)]
    private struct CounterWords
    {
        private uint _element;
    }

    /// <summary>
    /// <see cref="HashMessageGroup"/>'s numbers, 16 each (room for the widest kernel): each lane's
    /// last block length, one block's lengths and flags, the lanes ending at each block.
    /// </summary>
    [InlineArray(64)]
    private struct LaneNumbers
    {
        private uint _element;
    }

    /// <summary>Room for every lane's 32-byte chaining value (16 lanes at most).</summary>
    [InlineArray(16 * ChainingValueLength)]
    private struct LaneOutputs
    {
        private byte _element;
    }

    /// <summary>The 16 transposed message vectors, then room for one state vector (AVX2's lanes keep v8 there).</summary>
    [InlineArray(17)]
    private struct LaneWords
    {
        private TVector _element;
    }
}

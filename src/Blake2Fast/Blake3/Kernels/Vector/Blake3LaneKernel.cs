using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE3 in SIMD lanes: N chunks (or N parents) hashed side by side, lane i of every vector
/// belonging to chunk i. The 16 state words of the N lanes are 16 vectors; each block's message
/// words are transposed so that vector j holds word j of every lane's block; the schedule renames
/// words instead of permuting them (<see cref="Blake3LaneSchedule"/>).
/// </summary>
/// <remarks>
/// Written once for every width, and its rounds are BLAKE2's lane rounds
/// (<see cref="Blake2LaneRounds{TLanes, TVector}.Rounds"/>): <typeparamref name="TLanes"/> supplies the width's arithmetic,
/// rotations and transposes, and the JIT compiles one specialised copy per width. They are BLAKE2s's
/// lanes (<see cref="Blake2LaneVector128{TWord}"/>, <see cref="Blake2LaneVector256{TWord, TRotations}"/>,
/// <see cref="Blake2LaneVector512{TWord}"/> over <see cref="uint"/>): BLAKE3's G is BLAKE2s's, with
/// BLAKE2s's rotation amounts.
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
    /// <remarks>The kernel's root (<see cref="KernelRoot"/>): Compress and its 56 G calls get the whole inlining budget.</remarks>
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

        LaneWords words = default;
        ref TVector m0 = ref words[0];
        ref TVector h0 = ref words[16];
        for (int i = 0; i < 8; i++)
        {
            Unsafe.Add(ref h0, i) = TLanes.Broadcast(key[i]);
        }

        for (int block = 0; block < blocks; block++)
        {
            ref byte blockInput = ref Unsafe.Add(ref input, block * BlockLength);

            // Each lane's next block: the following one, or after the last, the lane's first block in
            // the next group, which the caller hashes next (LanePrefetch says why).
            ref byte next = ref block + 1 < blocks
                ? ref Unsafe.Add(ref blockInput, BlockLength)
                : ref Unsafe.Add(ref input, laneStride * (nuint)TLanes.Lanes);
            LanePrefetch.EachLane(ref next, laneStride, TLanes.Lanes);
            TLanes.LoadTransposed(ref blockInput, laneStride, ref m0);
            uint blockFlags = flags | (block == 0 ? startFlag : 0) | (block == blocks - 1 ? endFlag : 0);
            Compress(ref h0, ref m0, counterLow, counterHigh, fullBlocks, TLanes.Broadcast(blockFlags));
        }

        StoreChainingValues(ref h0, ref destination);

        // The message and chaining values of keyed hashes are secret; the stack copies go.
        words = default;
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
        ref TVector m0 = ref words[0];
        ref TVector h0 = ref words[16];
        for (int i = 0; i < 8; i++)
        {
            Unsafe.Add(ref h0, i) = TLanes.Broadcast(key[i]);
        }

        TVector zero = TLanes.Broadcast(0);
        TVector fullBlocks = TLanes.Broadcast(BlockLength);
        uint finalFlags = Blake3Constants.ChunkEnd | Blake3Constants.Root;
        for (int block = 0; block < most; block++)
        {
            TLanes.LoadTransposed(ref Unsafe.Add(ref input, block * BlockLength), laneStride, ref m0);
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
            Compress(ref h0, ref m0, zero, zero, laneLengths, laneFlags);

            if (ending == allLanes)
            {
                StoreChainingValues(ref h0, ref destination);
            }
            else if (ending != 0)
            {
                // Lanes finish at different blocks: all are stored, those finishing here copied out.
                ref byte all = ref stored[0];
                StoreChainingValues(ref h0, ref all);
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

        // Messages, chaining values and their copies may be secret (keyed hashing).
        words = default;
        if (storedAny)
        {
            stored = default;
        }
    }

    /// <summary>One compression of a full block in every lane; the 8 chaining-value vectors at <paramref name="h0"/> are updated.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Compress(ref TVector h0, ref TVector m0, TVector counterLow, TVector counterHigh, TVector blockLengths, TVector flags)
    {
        TVector v0 = h0, v1 = Unsafe.Add(ref h0, 1), v2 = Unsafe.Add(ref h0, 2), v3 = Unsafe.Add(ref h0, 3);
        TVector v4 = Unsafe.Add(ref h0, 4), v5 = Unsafe.Add(ref h0, 5), v6 = Unsafe.Add(ref h0, 6), v7 = Unsafe.Add(ref h0, 7);
        TVector v8 = TLanes.Broadcast(Blake3Constants.IV0), v9 = TLanes.Broadcast(Blake3Constants.IV1);
        TVector v10 = TLanes.Broadcast(Blake3Constants.IV2), v11 = TLanes.Broadcast(Blake3Constants.IV3);
        TVector v12 = counterLow, v13 = counterHigh, v14 = blockLengths, v15 = flags;

        // BLAKE3's G is BLAKE2s's, (a + m) + b at every width; its schedule holds 16 x the word index.
        Blake2LaneRounds<TLanes, TVector>.Rounds(
            ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15,
            ref m0, ref MemoryMarshal.GetReference(Blake3LaneSchedule.Scaled), Blake3LaneSchedule.Rounds, Unsafe.SizeOf<TVector>() / 16, addsMessageFirst: true);

        // BLAKE3 keeps the first half of the output state: v[i] ^ v[i + 8].
        h0 = TLanes.Xor(v0, v8);
        Unsafe.Add(ref h0, 1) = TLanes.Xor(v1, v9);
        Unsafe.Add(ref h0, 2) = TLanes.Xor(v2, v10);
        Unsafe.Add(ref h0, 3) = TLanes.Xor(v3, v11);
        Unsafe.Add(ref h0, 4) = TLanes.Xor(v4, v12);
        Unsafe.Add(ref h0, 5) = TLanes.Xor(v5, v13);
        Unsafe.Add(ref h0, 6) = TLanes.Xor(v6, v14);
        Unsafe.Add(ref h0, 7) = TLanes.Xor(v7, v15);
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

    /// <summary>The 16 transposed message vectors, then the 8 chaining-value vectors.</summary>
    [InlineArray(24)]
    private struct LaneWords
    {
        private TVector _element;
    }

    /// <summary>Stores the eight chaining-value vectors from <paramref name="h0"/> on as each lane's 32 bytes, lane after lane.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreChainingValues(ref TVector h0, ref byte destination) => TLanes.StoreTransposed(
        h0, Unsafe.Add(ref h0, 1), Unsafe.Add(ref h0, 2), Unsafe.Add(ref h0, 3),
        Unsafe.Add(ref h0, 4), Unsafe.Add(ref h0, 5), Unsafe.Add(ref h0, 6), Unsafe.Add(ref h0, 7), ref destination);
}

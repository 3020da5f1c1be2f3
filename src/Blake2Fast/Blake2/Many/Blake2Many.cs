using System;
using System.Buffers;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// The messages of one <c>HashMany</c> call: a list of separate buffers, or equal-length messages
/// back to back in one buffer (where tree leaves may end with a shorter one).
/// </summary>
internal readonly ref struct Blake2MessageList
{
    private readonly ReadOnlySpan<ReadOnlyMemory<byte>> _list;
    private readonly ReadOnlySpan<byte> _packed;
    private readonly int _stride;

    public Blake2MessageList(ReadOnlySpan<ReadOnlyMemory<byte>> list)
    {
        _list = list;
        Count = list.Length;
    }

    public Blake2MessageList(ReadOnlySpan<byte> packed, int messageLength)
    {
        _packed = packed;
        _stride = messageLength;
        Count = packed.Length / messageLength;
        IsPacked = true;
    }

    private Blake2MessageList(ReadOnlySpan<byte> packed, int messageLength, int count)
    {
        _packed = packed;
        _stride = messageLength;
        Count = count;
        IsPacked = true;
    }

    /// <summary>
    /// Tree leaves: <paramref name="leafLength"/> bytes each, the last one shorter where
    /// <paramref name="leaves"/> does not end on a leaf boundary, and one empty leaf when it is empty.
    /// </summary>
    public static Blake2MessageList Leaves(ReadOnlySpan<byte> leaves, int leafLength) =>
        new(leaves, leafLength, Math.Max(1, (int)(((long)leaves.Length + leafLength - 1) / leafLength)));

    public int Count { get; }

    public bool IsPacked { get; }

    public ReadOnlySpan<byte> this[int index] => IsPacked ? _packed.Slice(index * _stride, PackedLength(index)) : _list[index].Span;

    /// <summary>The length of message <paramref name="index"/>, without the cost of getting its span.</summary>
    public int LengthOf(int index) => IsPacked ? PackedLength(index) : _list[index].Length;

    /// <summary>The packed messages, message i at <c>i * <see cref="Stride"/></c> (empty for a list).</summary>
    public ReadOnlySpan<byte> Packed => _packed;

    /// <summary>The distance between packed messages (0 for a list).</summary>
    public int Stride => _stride;

    /// <summary>A packed message's length: the stride, except for a short (or empty) last leaf.</summary>
    private int PackedLength(int index) => Math.Min(_stride, _packed.Length - (index * _stride));

    /// <summary>
    /// Where a <c>HashMany</c> writes its outputs: <paramref name="destination"/> itself, or, when a
    /// message shares memory with it, a rented buffer (<paramref name="separate"/>) of its length, so
    /// that no output overwrites a message not yet read (or, with <paramref name="otherInputsOverlap"/>, another input the hashing reads again); <see cref="CopyOutputs"/> then moves them.
    /// </summary>
    /// <remarks>
    /// No try/finally around the hash between the two: after the arguments are checked, hashing
    /// cannot fail (a failure would be a bug, and the rented buffer would then go to the collector).
    /// </remarks>
    public Span<byte> OutputBuffer(Span<byte> destination, out byte[]? separate, bool otherInputsOverlap = false)
    {
        separate = otherInputsOverlap || Overlaps(destination) ? ArrayPool<byte>.Shared.Rent(destination.Length) : null;
        return separate is null ? destination : separate.AsSpan(0, destination.Length);
    }

    /// <summary>Copies the outputs from <see cref="OutputBuffer"/>'s separate buffer (if there was one) to <paramref name="destination"/>, then erases and returns the buffer.</summary>
    public static void CopyOutputs(byte[]? separate, Span<byte> destination)
    {
        if (separate is not null)
        {
            separate.AsSpan(0, destination.Length).CopyTo(destination);
            SecretBytes.Erase(separate.AsSpan(0, destination.Length));
            ArrayPool<byte>.Shared.Return(separate);
        }
    }

    /// <summary>Whether any message shares memory with <paramref name="destination"/>.</summary>
    public bool Overlaps(ReadOnlySpan<byte> destination)
    {
        if (IsPacked)
        {
            return _packed.Overlaps(destination);
        }

        foreach (ReadOnlyMemory<byte> message in _list)
        {
            if (message.Span.Overlaps(destination))
            {
                return true;
            }
        }

        return false;
    }
}

/// <summary>
/// Hashes many independent messages with the same parameters, several at a time in the lanes of a
/// vector kernel: a lane that finishes its message takes the next one, so messages of any lengths
/// share the lanes; each lane has its own counter and final flag. When fewer messages remain in
/// flight than the kernel needs to pay for itself, they are finished one at a time.
/// </summary>
/// <remarks>
/// Each lane's current block is copied into a stripe buffer (zero-padded for the final block, the
/// key block first when keyed), which is what lets lanes start, end and refill independently.
/// </remarks>
internal static class Blake2Many<TVariant> where TVariant : struct, IBlake2ManyVariant
{
    private const int MaxLanes = 16;

    /// <summary>
    /// Checks that <paramref name="destination"/> holds exactly one digest per message, then writes
    /// the digest of message i at <c>i * settings.DigestLength</c>. Messages, key, salt and
    /// personalization may share memory with <paramref name="destination"/>: the digests are then
    /// made in a separate buffer first.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> has the wrong length; nothing was written.</exception>
    public static int Hash(scoped in Blake2Settings settings, scoped in Blake2MessageList messages, Span<byte> destination, string destinationName)
    {
        long required = (long)messages.Count * settings.DigestLength;
        if (destination.Length != required)
        {
            Guard.ThrowManyDestination(destination.Length, messages.Count, settings.DigestLength, destinationName);
        }

        // Each message's hash reads the key, salt and personalization again (those finished one at a
        // time start from the settings), so they must not change under the digests written before.
        bool parametersOverlap = settings.Key.Overlaps(destination) || settings.Salt.Overlaps(destination) || settings.Personalization.Overlaps(destination);
        Span<byte> output = messages.OutputBuffer(destination, out byte[]? separate, parametersOverlap);
        Hash(settings, messages, output, default(TVariant).DefaultManyKernel);
        Blake2MessageList.CopyOutputs(separate, destination);
        return destination.Length;
    }

    /// <summary>
    /// Writes the digest of message i at <c>i * settings.DigestLength</c> of
    /// <paramref name="destination"/>, which the caller has checked is exactly long enough and
    /// shares no memory with the messages. Tests call this to force a kernel. With
    /// <paramref name="numbering"/>, the messages are tree leaves (see <see cref="Blake2LeafNumbering"/>).
    /// </summary>
    [MethodImpl(KernelRoot.DriverOptions)]
    public static int Hash(scoped in Blake2Settings settings, scoped in Blake2MessageList messages, Span<byte> destination, Blake2ManyKernel kernel, Blake2LeafNumbering numbering = default)
    {
        int count = messages.Count;
        int digestLength = settings.DigestLength;
        TVariant variant = default;
        if (kernel == Blake2ManyKernel.Scalar || count < variant.MinimumActiveLanes(kernel))
        {
            for (int i = 0; i < count; i++)
            {
                Blake2OneShot<Blake2Core<TVariant>>.Hash(numbering.For(settings, i, count), messages[i], destination.Slice(i * digestLength, digestLength));
            }

            return count * digestLength;
        }

        HashInLanes(settings, messages, destination, kernel, numbering);
        return count * digestLength;
    }

    private static void HashInLanes(scoped in Blake2Settings settings, scoped in Blake2MessageList messages, Span<byte> destination, Blake2ManyKernel kernel, Blake2LeafNumbering numbering)
    {
        TVariant variant = default;
        Span<byte> buffers = AlignedTo64(stackalloc byte[Blake2ManyState.Length + Blake2ManyState.StripeLength + Blake2ManyState.ScratchLength + 63]);
        Span<byte> state = buffers[..Blake2ManyState.Length];
        Span<byte> stripe = buffers.Slice(Blake2ManyState.Length, Blake2ManyState.StripeLength);
        Span<byte> scratch = buffers.Slice(Blake2ManyState.Length + Blake2ManyState.StripeLength, Blake2ManyState.ScratchLength);
        Span<byte> chain = stackalloc byte[64];
        Span<byte> keyBlock = stackalloc byte[variant.BlockLength];
        Span<int> cursors = stackalloc int[3 * MaxLanes];
        state.Clear();
        keyBlock.Clear();
        try
        {
            variant.InitializeChain(chain, settings);
            settings.Key.CopyTo(keyBlock);
            Lanes lanes = new()
            {
                Messages = messages,
                Destination = destination,
                DigestLength = settings.DigestLength,
                KeyBlock = settings.Key.IsEmpty ? default : keyBlock,
                Settings = settings,
                Numbering = numbering,
                Kernel = kernel,
                LaneCount = variant.Lanes(kernel),
                RowLength = Blake2ManyState.RowLength(kernel),
                State = state,
                Stripe = stripe,
                Scratch = scratch,
                Chain = chain,
                MessageOf = cursors[..MaxLanes],
                BlockOf = cursors.Slice(MaxLanes, MaxLanes),
                BlockCountOf = cursors.Slice(2 * MaxLanes, MaxLanes),
            };
            lanes.Run(variant.MinimumActiveLanes(kernel));
        }
        finally
        {
            SecretBytes.Erase(state);
            SecretBytes.Erase(stripe);
            SecretBytes.Erase(scratch);
            SecretBytes.Erase(chain);
            SecretBytes.Erase(keyBlock);
        }
    }

    /// <summary>
    /// The 64-byte-aligned part of <paramref name="buffer"/>, 63 bytes shorter: the lane kernels load
    /// and store the state, stripe and scratch as whole vectors, and a 512-bit access that crosses a
    /// cache line costs twice. The JIT aligns stack buffers to 16 bytes only.
    /// </summary>
    /// <remarks>
    /// Unaligned, two calls of the same kernel whose stacks differed by one frame ran at clearly
    /// different speeds, and which one was slower followed where the frame put these buffers;
    /// aligned, they run alike (docs/measurements.md#hashmany-aligned-buffers).
    /// </remarks>
    private static unsafe Span<byte> AlignedTo64(Span<byte> buffer)
    {
        // Stack memory does not move, so its address is stable for the buffer's lifetime.
        int skip = (int)((64 - ((nuint)Unsafe.AsPointer(ref MemoryMarshal.GetReference(buffer)) & 63)) & 63);
        return buffer.Slice(skip, buffer.Length - 63);
    }

    /// <summary>The lanes of one call and the message each one is working on.</summary>
    private ref struct Lanes
    {
        public Blake2MessageList Messages;
        public Span<byte> Destination;
        public int DigestLength;

        /// <summary>The zero-padded key block, or empty when unkeyed.</summary>
        public ReadOnlySpan<byte> KeyBlock;

        /// <summary>The settings every message shares, but for what <see cref="Numbering"/> gives each leaf.</summary>
        public Blake2Settings Settings;
        public Blake2LeafNumbering Numbering;
        public Blake2ManyKernel Kernel;
        public int LaneCount;
        public int RowLength;
        public Span<byte> State;
        public Span<byte> Stripe;
        public Span<byte> Scratch;

        /// <summary>The initial chain value; <see cref="FinishAlone"/> reuses it once no lane starts again.</summary>
        public Span<byte> Chain;

        /// <summary>Per lane: its message's index (-1 when idle), its next block, its block count.</summary>
        public Span<int> MessageOf;
        public Span<int> BlockOf;
        public Span<int> BlockCountOf;

        /// <summary>
        /// Hashes every message: the lanes take the messages in order, a lane that finishes takes the
        /// next one, and once fewer than <paramref name="minimumActive"/> lanes have work, the rest
        /// are finished one at a time.
        /// </summary>
        /// <remarks>
        /// Optimized from its first call, as are the two steps of the loop, each a method of its own
        /// so that it inlines its per-lane helpers (marked <c>AggressiveInlining</c>) whole: see
        /// <see cref="KernelRoot.DriverOptions"/>.
        /// </remarks>
        [MethodImpl(KernelRoot.DriverOptions)]
        public void Run(int minimumActive)
        {
            int count = Messages.Count;
            int next = 0;
            int active = 0;
            for (int lane = 0; lane < LaneCount; lane++)
            {
                MessageOf[lane] = -1;
                if (next < count)
                {
                    Start(lane, next++);
                    active++;
                }
            }

            while (active >= minimumActive)
            {
                if (Messages.IsPacked && KeyBlock.IsEmpty && WholeBlocksAhead() is int whole and > 0)
                {
                    RunWholeBlocks(whole);
                    continue;
                }

                CompressNextBlocks();
                active -= FinishAndRefill(ref next);
            }

            for (int lane = 0; lane < LaneCount; lane++)
            {
                if (MessageOf[lane] >= 0)
                {
                    FinishAlone(lane);
                }
            }
        }

        /// <summary>
        /// Copies each working lane's next block into the stripe (the key block first, the final
        /// block zero-padded), sets its counter and flags, and compresses every lane once.
        /// </summary>
        [MethodImpl(KernelRoot.DriverOptions)]
        private readonly void CompressNextBlocks()
        {
            TVariant variant = default;
            int blockLength = variant.BlockLength;
            for (int lane = 0; lane < LaneCount; lane++)
            {
                if (MessageOf[lane] < 0)
                {
                    continue;
                }

                ReadOnlySpan<byte> message = Messages[MessageOf[lane]];
                int block = BlockOf[lane];
                bool final = block == BlockCountOf[lane] - 1;
                CopyBlock(message, KeyBlock, block, Stripe.Slice(lane * blockLength, blockLength));
                long total = message.Length + KeyBlock.Length;
                SetCounterAndFlags(State, RowLength, lane, Math.Min((long)(block + 1) * blockLength, total), final, final && IsLastNode(MessageOf[lane]));
            }

            variant.CompressLanes(Kernel, State, Stripe, blockLength, Scratch);
        }

        /// <summary>
        /// Moves each working lane past the block just compressed; a lane whose message that block
        /// finished writes its digest and starts the next message, or goes idle when none is left.
        /// </summary>
        /// <returns>How many lanes went idle.</returns>
        [MethodImpl(KernelRoot.DriverOptions)]
        private readonly int FinishAndRefill(ref int next)
        {
            int count = Messages.Count;
            int idled = 0;
            for (int lane = 0; lane < LaneCount; lane++)
            {
                int message = MessageOf[lane];
                if (message < 0 || ++BlockOf[lane] < BlockCountOf[lane])
                {
                    continue;
                }

                WriteLaneDigest(State, RowLength, lane, Destination.Slice(message * DigestLength, DigestLength));
                if (next < count)
                {
                    Start(lane, next++);
                }
                else
                {
                    MessageOf[lane] = -1;
                    idled++;
                }
            }

            return idled;
        }

        /// <summary>How many blocks every working lane has before its final one.</summary>
        [MethodImpl(KernelRoot.DriverOptions)]
        private readonly int WholeBlocksAhead()
        {
            int whole = int.MaxValue;
            for (int lane = 0; lane < LaneCount; lane++)
            {
                if (MessageOf[lane] >= 0)
                {
                    whole = Math.Min(whole, BlockCountOf[lane] - 1 - BlockOf[lane]);
                }
            }

            return whole;
        }

        /// <summary>
        /// Whether every lane works on the message after the previous lane's, at the same block: then
        /// lane i's block lies <see cref="Blake2MessageList.Stride"/> bytes after lane i - 1's, for
        /// every block ahead. Lanes started together on equal-length packed messages (tree leaves,
        /// a packed <c>HashMany</c>) stay so, since they also finish and refill together.
        /// </summary>
        [MethodImpl(KernelRoot.DriverOptions)]
        private readonly bool LanesInStep()
        {
            for (int lane = 0; lane < LaneCount; lane++)
            {
                if (MessageOf[lane] != MessageOf[0] + lane || BlockOf[lane] != BlockOf[0])
                {
                    return false;
                }
            }

            return true;
        }

        /// <summary>
        /// <paramref name="blocks"/> compressions in which every working lane takes a full block
        /// that is not its last: no key block, no padding, no final flags, no lane finishing (an idle
        /// lane computes on whatever its stripe block holds, and nothing reads its state). The
        /// general loop's per-lane work (finding the message, choosing between key block, full and
        /// partial copies, the counter's bound) cost as much as the lane kernel itself on long
        /// messages in a profile (docs/measurements.md#hashmany-whole-blocks); here a lane costs a
        /// fixed-length copy and its counter, or, for lanes in
        /// step and a kernel that reads them in place, only its counter.
        /// </summary>
        private readonly void RunWholeBlocks(int blocks)
        {
            TVariant variant = default;
            if (variant.ReadsLanesInPlace(Kernel) && LanesInStep())
            {
                RunWholeBlocksInPlace(blocks);
                return;
            }

            int blockLength = variant.BlockLength;
            int wordLength = variant.WordLength;
            ReadOnlySpan<byte> packed = Messages.Packed;
            int stride = Messages.Stride;

            // Per lane: where its next block starts in the packed input, and its counter after it.
            // Idle lanes get offset -1 and are never copied.
            Span<nint> offsets = stackalloc nint[LaneCount];
            Span<long> counters = stackalloc long[LaneCount];
            for (int lane = 0; lane < LaneCount; lane++)
            {
                if (MessageOf[lane] < 0)
                {
                    offsets[lane] = -1;
                    continue;
                }

                // Every block copied below lies inside its lane's message (checked once here, not per copy).
                _ = packed.Slice(MessageOf[lane] * stride, (BlockOf[lane] + blocks) * blockLength);
                offsets[lane] = ((nint)MessageOf[lane] * stride) + ((nint)BlockOf[lane] * blockLength);
                counters[lane] = (long)BlockOf[lane] * blockLength;

                // t1 stays 0 (a packed message is shorter than 2^31 bytes) and so do f0 and f1.
                SetCounterAndFlags(State, RowLength, lane, counters[lane], final: false, lastNode: false);
                BlockOf[lane] += blocks;
            }

            _ = Stripe[..(LaneCount * blockLength)];
            _ = State.Slice(Blake2ManyState.CounterRow * RowLength, LaneCount * wordLength);
            ref byte source = ref Unsafe.AsRef(in MemoryMarshal.GetReference(packed));
            ref byte stripe = ref MemoryMarshal.GetReference(Stripe);
            ref byte t0Row = ref Unsafe.Add(ref MemoryMarshal.GetReference(State), Blake2ManyState.CounterRow * RowLength);
            for (int i = 0; i < blocks; i++)
            {
                for (int lane = 0; lane < LaneCount; lane++)
                {
                    if (offsets[lane] < 0)
                    {
                        continue;
                    }

                    ref byte from = ref Unsafe.Add(ref source, offsets[lane]);
                    ref byte to = ref Unsafe.Add(ref stripe, lane * blockLength);

                    // 64-byte struct moves: a few vector moves in every tier, where a copy of
                    // blockLength bytes became a Memmove call in the code that runs before Tier1.
                    for (int at = 0; at < blockLength; at += 64)
                    {
                        Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, at), Unsafe.ReadUnaligned<Bytes64>(ref Unsafe.Add(ref from, at)));
                    }

                    offsets[lane] += blockLength;
                    counters[lane] += blockLength;
                    StoreWord(ref Unsafe.Add(ref t0Row, lane * wordLength), (ulong)counters[lane]);
                }

                variant.CompressLanes(Kernel, State, Stripe, blockLength, Scratch);
            }
        }

        /// <summary>
        /// <see cref="RunWholeBlocks"/> for lanes in step (<see cref="LanesInStep"/>) and a kernel
        /// that reads each lane's block where it lies: no copies, one counter for every lane. The
        /// copies into the stripe took a large share of the time of a one-core BLAKE2s tree of
        /// 1 MiB leaves in a profile (docs/measurements.md#hashmany-whole-blocks).
        /// </summary>
        [MethodImpl(KernelRoot.DriverOptions)]
        private readonly void RunWholeBlocksInPlace(int blocks)
        {
            TVariant variant = default;
            int blockLength = variant.BlockLength;
            int wordLength = variant.WordLength;
            int stride = Messages.Stride;
            ReadOnlySpan<byte> run = Messages.Packed[((MessageOf[0] * stride) + (BlockOf[0] * blockLength))..];
            long counter = (long)BlockOf[0] * blockLength;
            for (int lane = 0; lane < LaneCount; lane++)
            {
                SetCounterAndFlags(State, RowLength, lane, counter, final: false, lastNode: false);
                BlockOf[lane] += blocks;
            }

            _ = State.Slice(Blake2ManyState.CounterRow * RowLength, LaneCount * wordLength);
            ref byte t0Row = ref Unsafe.Add(ref MemoryMarshal.GetReference(State), Blake2ManyState.CounterRow * RowLength);
            for (int i = 0; i < blocks; i++)
            {
                counter += blockLength;
                for (int lane = 0; lane < LaneCount; lane++)
                {
                    StoreWord(ref Unsafe.Add(ref t0Row, lane * wordLength), (ulong)counter);
                }

                // The kernel checks that every lane's block lies inside the run.
                variant.CompressLanes(Kernel, State, run.Slice(i * blockLength), stride, Scratch);
            }
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private readonly void Start(int lane, int message)
        {
            int blockLength = default(TVariant).BlockLength;
            MessageOf[lane] = message;
            BlockOf[lane] = 0;
            long total = Messages.LengthOf(message) + KeyBlock.Length;
            BlockCountOf[lane] = (int)Math.Max(1, (total + blockLength - 1) / blockLength);
            if (Numbering.IsNumbered)
            {
                // Each leaf's parameter block has its own node offset. Chain is free to overwrite:
                // every start that needs the shared value comes before the first FinishAlone.
                default(TVariant).InitializeChain(Chain, Numbering.For(Settings, message, Messages.Count));
            }

            ChainToLane(Chain, State, RowLength, lane);
        }

        private readonly bool IsLastNode(int message) => Numbering.IsLastNode(Settings, message, Messages.Count);

        /// <summary>Finishes a lane's message with the single-message kernel, from the chain value the lanes left.</summary>
        [MethodImpl(KernelRoot.DriverOptions)]
        private readonly void FinishAlone(int lane)
        {
            TVariant variant = default;
            int blockLength = variant.BlockLength;
            LaneToChain(State, RowLength, lane, Chain);

            ReadOnlySpan<byte> message = Messages[MessageOf[lane]];
            long total = message.Length + KeyBlock.Length;
            Span<byte> block = Stripe[..blockLength];
            ulong t0 = (ulong)BlockOf[lane] * (ulong)blockLength;
            ulong t1 = 0;
            for (int b = BlockOf[lane]; b < BlockCountOf[lane]; b++)
            {
                bool final = b == BlockCountOf[lane] - 1;
                CopyBlock(message, KeyBlock, b, block);
                uint increment = (uint)(Math.Min((long)(b + 1) * blockLength, total) - ((long)b * blockLength));
                variant.Compress(variant.DefaultKernel, Chain, block, ref t0, ref t1, increment, final, final && IsLastNode(MessageOf[lane]));
            }

            variant.WriteDigest(Chain, Destination.Slice(MessageOf[lane] * DigestLength, DigestLength));
            MessageOf[lane] = -1;
        }
    }

    /// <summary>Copies block <paramref name="block"/> of the key block (if any) followed by the message into <paramref name="destination"/>, zero-padded.</summary>
    /// <remarks>
    /// Every copy and clear has the constant length of a block where it can: the JIT then writes
    /// it as a few vector moves instead of a call, which for one-block messages was a large part
    /// of the time spent outside the lane kernel.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyBlock(ReadOnlySpan<byte> message, ReadOnlySpan<byte> keyBlock, int block, Span<byte> destination)
    {
        int blockLength = default(TVariant).BlockLength;
        destination = destination[..blockLength];
        if (!keyBlock.IsEmpty)
        {
            if (block == 0)
            {
                keyBlock[..blockLength].CopyTo(destination);
                return;
            }

            block--;
        }

        int offset = block * blockLength;
        int length = message.Length - offset;
        if (length >= blockLength)
        {
            message.Slice(offset, blockLength).CopyTo(destination);
        }
        else
        {
            destination.Clear();
            message.Slice(offset, length).CopyTo(destination);
        }
    }

    // The helpers below move words between a lane's column of the state (word r of lane i at
    // r * rowLength + i * WordLength) and contiguous memory. They check their bounds once and then
    // move whole words through refs: per-word span slices, each with its own bounds check, made
    // starting a lane (8 words) the largest single cost of HashMany on one-block messages, more
    // than the lane kernel (docs/measurements.md#hashmany-whole-blocks). Words are copied as they
    // are in memory: the lane kernels run on
    // little-endian machines only, where that is the digest's byte order too.

    /// <summary>Sets lane <paramref name="lane"/>'s counter (t0, t1) and final flags (f0, f1).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void SetCounterAndFlags(Span<byte> state, int rowLength, int lane, long counter, bool final, bool lastNode)
    {
        int wordLength = default(TVariant).WordLength;
        ref byte t0 = ref LaneWord(state, rowLength, lane, Blake2ManyState.CounterRow, 4);
        ulong f0 = final ? ulong.MaxValue : 0;
        ulong f1 = lastNode ? ulong.MaxValue : 0;
        StoreWord(ref t0, (ulong)counter);
        StoreWord(ref Unsafe.Add(ref t0, rowLength), wordLength == 8 ? 0 : (ulong)counter >> 32);
        StoreWord(ref Unsafe.Add(ref t0, 2 * rowLength), f0);
        StoreWord(ref Unsafe.Add(ref t0, 3 * rowLength), f1);
    }

    /// <summary>Copies the 8 contiguous words of <paramref name="chain"/> into lane <paramref name="lane"/>'s column.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ChainToLane(ReadOnlySpan<byte> chain, Span<byte> state, int rowLength, int lane) =>
        CopyWords(8, ref MemoryMarshal.GetReference(chain[..(8 * default(TVariant).WordLength)]), default(TVariant).WordLength, ref LaneWord(state, rowLength, lane, 0, 8), rowLength);

    /// <summary>Copies lane <paramref name="lane"/>'s 8 chain words into <paramref name="chain"/>, contiguous.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void LaneToChain(ReadOnlySpan<byte> state, int rowLength, int lane, Span<byte> chain) =>
        CopyWords(8, ref LaneWord(state, rowLength, lane, 0, 8), rowLength, ref MemoryMarshal.GetReference(chain[..(8 * default(TVariant).WordLength)]), default(TVariant).WordLength);

    /// <summary>Copies <paramref name="count"/> words, <paramref name="sourceStride"/> bytes apart, to <paramref name="destinationStride"/> bytes apart (bounds checked by the callers).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CopyWords(int count, ref byte source, int sourceStride, ref byte destination, int destinationStride)
    {
        for (int word = 0; word < count; word++)
        {
            StoreWord(ref Unsafe.Add(ref destination, word * destinationStride), LoadWord(ref Unsafe.Add(ref source, word * sourceStride)));
        }
    }

    /// <summary>Writes the first <c>destination.Length</c> bytes of lane <paramref name="lane"/>'s chain value: its digest.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteLaneDigest(ReadOnlySpan<byte> state, int rowLength, int lane, Span<byte> destination)
    {
        int wordLength = default(TVariant).WordLength;
        int words = destination.Length / wordLength;
        CopyWords(words, ref LaneWord(state, rowLength, lane, 0, 8), rowLength, ref MemoryMarshal.GetReference(destination), wordLength);
        int offset = words * wordLength;
        if (offset < destination.Length)
        {
            state.Slice((words * rowLength) + (lane * wordLength), destination.Length - offset).CopyTo(destination[offset..]);
        }
    }

    /// <summary>
    /// A ref to word <paramref name="row"/> of lane <paramref name="lane"/>, after checking that
    /// <paramref name="rows"/> rows from there lie inside <paramref name="state"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ref byte LaneWord(ReadOnlySpan<byte> state, int rowLength, int lane, int row, int rows)
    {
        int wordLength = default(TVariant).WordLength;
        int start = (row * rowLength) + (lane * wordLength);
        _ = state.Slice(start, ((rows - 1) * rowLength) + wordLength);
        return ref Unsafe.Add(ref MemoryMarshal.GetReference(state), start);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong LoadWord(ref byte source) =>
        default(TVariant).WordLength == 8 ? Unsafe.ReadUnaligned<ulong>(ref source) : Unsafe.ReadUnaligned<uint>(ref source);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreWord(ref byte destination, ulong value)
    {
        if (default(TVariant).WordLength == 8)
        {
            Unsafe.WriteUnaligned(ref destination, value);
        }
        else
        {
            Unsafe.WriteUnaligned(ref destination, (uint)value);
        }
    }
}

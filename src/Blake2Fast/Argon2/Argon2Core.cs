using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Threading;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// The Argon2 computation of RFC 9106, section 3: H0, the first blocks, the passes over the memory
/// segment by segment, and the tag. The BLAKE2b hashing is the library's own
/// (<see cref="Blake2bHashState"/>); each 1 KiB block compression G is an
/// <see cref="Argon2Kernels"/> kernel. Inputs are checked by the caller.
/// </summary>
internal static unsafe class Argon2Core
{
    /// <summary>Words in a block (1 KiB).</summary>
    public const int BlockWords = 128;

    /// <summary>Bytes in a block.</summary>
    public const int BlockBytes = 1024;

    /// <summary>Segments (slices) per lane per pass: the synchronisation points.</summary>
    private const int SyncPoints = 4;

    /// <summary>Computes the tag into <paramref name="tag"/> (its whole length, 4 bytes or more).</summary>
    /// <exception cref="OutOfMemoryException">The memory (m' KiB) could not be had; nothing is left allocated.</exception>
    public static void Compute(
        ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        Argon2Type type, int version, int iterations, int memorySize, int parallelism, int threads, Span<byte> tag, Argon2Kernel kernel)
    {
        uint lanes = (uint)parallelism;
        uint segmentLength = (uint)memorySize / (lanes * SyncPoints);
        uint laneLength = segmentLength * SyncPoints;
        ulong blockCount = (ulong)laneLength * lanes;

        // H0, then 8 bytes for the block number and lane of the first blocks' inputs.
        Span<byte> h0 = stackalloc byte[72];
        try
        {
            InitialHash(h0[..64], password, salt, secret, associatedData, type, version, iterations, memorySize, parallelism, tag.Length);
            Argon2Memory memory = Argon2Memory.Allocate(blockCount * BlockBytes);
            try
            {
                var instance = new Instance(memory.Blocks, lanes, laneLength, segmentLength, (uint)iterations, type, version, kernel);
                for (uint lane = 0; lane < lanes; lane++)
                {
                    BinaryPrimitives.WriteUInt32LittleEndian(h0[68..], lane);
                    for (uint column = 0; column < 2; column++)
                    {
                        BinaryPrimitives.WriteUInt32LittleEndian(h0[64..], column);
                        ulong* block = instance.Block(lane, column);
                        HPrime(new Span<byte>(block, BlockBytes), h0, default);
                        WordsFromLittleEndian(block);
                    }
                }

                instance.Fill(threads);

                // The XOR of every lane's last block, hashed to the tag.
                Span<ulong> final = stackalloc ulong[BlockWords];
                try
                {
                    new ReadOnlySpan<ulong>(instance.Block(0, laneLength - 1), BlockWords).CopyTo(final);
                    for (uint lane = 1; lane < lanes; lane++)
                    {
                        ulong* last = instance.Block(lane, laneLength - 1);
                        for (int i = 0; i < BlockWords; i++)
                        {
                            final[i] ^= last[i];
                        }
                    }

                    if (!BitConverter.IsLittleEndian)
                    {
                        for (int i = 0; i < BlockWords; i++)
                        {
                            final[i] = BinaryPrimitives.ReverseEndianness(final[i]);
                        }
                    }

                    HPrime(tag, System.Runtime.InteropServices.MemoryMarshal.AsBytes(final), default);
                }
                finally
                {
                    SecretBytes.Erase(System.Runtime.InteropServices.MemoryMarshal.AsBytes(final));
                }
            }
            finally
            {
                memory.Free();
            }
        }
        finally
        {
            SecretBytes.Erase(h0);
        }
    }

    /// <summary>H0 = H^(64)(LE32(p) || LE32(T) || LE32(m) || LE32(t) || LE32(v) || LE32(y) || LE32(|P|) || P || LE32(|S|) || S || LE32(|K|) || K || LE32(|X|) || X).</summary>
    internal static void InitialHash(
        Span<byte> destination, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, ReadOnlySpan<byte> associatedData,
        Argon2Type type, int version, int iterations, int memorySize, int parallelism, int tagLength)
    {
        Blake2bHashState hasher = Blake2b.CreateIncrementalHasher(64);
        try
        {
            UpdateLE32(ref hasher, (uint)parallelism);
            UpdateLE32(ref hasher, (uint)tagLength);
            UpdateLE32(ref hasher, (uint)memorySize);
            UpdateLE32(ref hasher, (uint)iterations);
            UpdateLE32(ref hasher, (uint)version);
            UpdateLE32(ref hasher, (uint)type);
            UpdateLE32(ref hasher, (uint)password.Length);
            hasher.Update(password);
            UpdateLE32(ref hasher, (uint)salt.Length);
            hasher.Update(salt);
            UpdateLE32(ref hasher, (uint)secret.Length);
            hasher.Update(secret);
            UpdateLE32(ref hasher, (uint)associatedData.Length);
            hasher.Update(associatedData);
            hasher.Finish(destination);
        }
        finally
        {
            hasher.Clear();
        }
    }

    /// <summary>
    /// H'^(T)(first || second), the variable-length hash, with T = <paramref name="destination"/>'s length
    /// (1 .. int.MaxValue bytes): H^(T)(LE32(T) || A) up to 64 bytes; past that, chained 64-byte
    /// hashes of which the first 32 bytes of each are kept, and a last one of the remaining length.
    /// </summary>
    internal static void HPrime(Span<byte> destination, ReadOnlySpan<byte> first, ReadOnlySpan<byte> second)
    {
        int length = destination.Length;
        if (length <= 64)
        {
            Blake2bHashState short_ = Blake2b.CreateIncrementalHasher(length);
            try
            {
                UpdateLE32(ref short_, (uint)length);
                short_.Update(first);
                short_.Update(second);
                short_.Finish(destination);
            }
            finally
            {
                short_.Clear();
            }

            return;
        }

        Span<byte> v = stackalloc byte[64];
        Blake2bHashState hasher = Blake2b.CreateIncrementalHasher(64);
        try
        {
            UpdateLE32(ref hasher, (uint)length);
            hasher.Update(first);
            hasher.Update(second);
            hasher.Finish(v);
            v[..32].CopyTo(destination);
            int written = 32;

            // r = ceil(T / 32) - 2 hashes of 64 bytes in all; the last one, V(r+1), has T - 32r bytes.
            int r = (int)(((long)length + 31) / 32) - 2;
            for (int i = 2; i <= r; i++)
            {
                hasher.Clear();
                hasher = Blake2b.CreateIncrementalHasher(64);
                hasher.Update(v);
                hasher.Finish(v);
                v[..32].CopyTo(destination[written..]);
                written += 32;
            }

            hasher.Clear();
            hasher = Blake2b.CreateIncrementalHasher(length - written);
            hasher.Update(v);
            hasher.Finish(destination[written..]);
        }
        finally
        {
            hasher.Clear();
            SecretBytes.Erase(v);
        }
    }

    private static void UpdateLE32(ref Blake2bHashState hasher, uint value)
    {
        Span<byte> bytes = stackalloc byte[4];
        BinaryPrimitives.WriteUInt32LittleEndian(bytes, value);
        hasher.Update(bytes);
    }

    /// <summary>A block written as little-endian bytes, read as words (nothing to do on a little-endian machine).</summary>
    private static void WordsFromLittleEndian(ulong* block)
    {
        if (!BitConverter.IsLittleEndian)
        {
            for (int i = 0; i < BlockWords; i++)
            {
                block[i] = BinaryPrimitives.ReverseEndianness(block[i]);
            }
        }
    }

    /// <summary>The memory of one computation and what indexes it; a value, so that a one-thread computation allocates nothing.</summary>
    internal readonly struct Instance(ulong* memory, uint lanes, uint laneLength, uint segmentLength, uint passes, Argon2Type type, int version, Argon2Kernel kernel)
    {
        private readonly ulong* _memory = memory;
        private readonly uint _lanes = lanes;
        private readonly uint _laneLength = laneLength;
        private readonly uint _segmentLength = segmentLength;
        private readonly uint _passes = passes;
        private readonly Argon2Type _type = type;
        private readonly int _version = version;
        private readonly Argon2Kernel _kernel = kernel;

        /// <summary>p, the lanes.</summary>
        public uint Lanes => _lanes;

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public ulong* Block(uint lane, uint column) => _memory + ((((ulong)lane * _laneLength) + column) * BlockWords);

        /// <summary>Every pass, slice by slice; within a slice the lanes are independent and may run on <paramref name="threads"/> threads.</summary>
        public void Fill(int threads)
        {
            if (threads <= 1 || _lanes == 1)
            {
                for (uint pass = 0; pass < _passes; pass++)
                {
                    for (uint slice = 0; slice < SyncPoints; slice++)
                    {
                        for (uint lane = 0; lane < _lanes; lane++)
                        {
                            FillSegment(pass, lane, slice);
                        }
                    }
                }

                return;
            }

            // One run of the work loop for the whole computation, not one a slice: its pieces are
            // the segments in the order of the computation (slice by slice, lane by lane), and a
            // worker that takes the first segment of a slice waits until the slice before it is
            // done. Pieces are handed out in order, so every segment waited for has already been
            // taken by a thread that is running it: a worker the thread pool starts late (64
            // logins on 2 cores) finds fewer pieces, never a wait that depends on it.
            var fill = new ParallelFill(this);
            ParallelPieces.Run((long)_passes * SyncPoints * _lanes, threads, fill.Start, fill.Segment, ParallelFill.End, CancellationToken.None);
        }

        /// <summary>Fills segment <paramref name="slice"/> of <paramref name="lane"/> in pass <paramref name="pass"/> (RFC 9106, sections 3.2 and 3.4).</summary>
        public void FillSegment(uint pass, uint lane, uint slice)
        {
            bool independent = _type == Argon2Type.Argon2i || (_type == Argon2Type.Argon2id && pass == 0 && slice < 2);

            // The address block, the input block Z and the zero block of Argon2i's address generation.
            ulong* scratch = stackalloc ulong[3 * BlockWords];
            ulong* address = scratch;
            ulong* input = scratch + BlockWords;
            ulong* zero = scratch + (2 * BlockWords);
            if (independent)
            {
                new Span<ulong>(scratch, 3 * BlockWords).Clear();
                input[0] = pass;
                input[1] = lane;
                input[2] = slice;
                input[3] = (ulong)_laneLength * _lanes;
                input[4] = _passes;
                input[5] = (ulong)_type;
            }

            uint start = 0;
            if (pass == 0 && slice == 0)
            {
                // The first two blocks of each lane come from H0.
                start = 2;
                if (independent)
                {
                    NextAddresses(address, input, zero);
                }
            }

            uint column = (slice * _segmentLength) + start;
            ulong* previous = Block(lane, column == 0 ? _laneLength - 1 : column - 1);
            bool xor = pass != 0 && _version != 0x10;
            for (uint index = start; index < _segmentLength; index++, column++)
            {
                ulong random;
                if (independent)
                {
                    if (index % BlockWords == 0)
                    {
                        NextAddresses(address, input, zero);
                    }

                    random = address[index % BlockWords];
                }
                else
                {
                    random = previous[0];
                }

                uint referenceLane = pass == 0 && slice == 0 ? lane : (uint)((random >> 32) % _lanes);
                uint referenceColumn = ReferenceColumn(pass, slice, index, (uint)random, referenceLane == lane);
                ulong* current = Block(lane, column);
                Argon2Kernels.FillBlock(_kernel, previous, Block(referenceLane, referenceColumn), current, xor);
                previous = current;
            }
        }

        /// <summary>The next 128 pseudo-random words of Argon2i: G(0, G(0, Z)) with Z's counter incremented.</summary>
        private void NextAddresses(ulong* address, ulong* input, ulong* zero)
        {
            input[6]++;
            Argon2Kernels.FillBlock(_kernel, zero, input, address, false);
            Argon2Kernels.FillBlock(_kernel, zero, address, address, false);
        }

        /// <summary>The column z of the reference block from J1 (RFC 9106, section 3.4.2).</summary>
        private uint ReferenceColumn(uint pass, uint slice, uint index, uint j1, bool sameLane)
        {
            uint areaSize;
            if (pass == 0)
            {
                if (slice == 0)
                {
                    areaSize = index - 1;
                }
                else if (sameLane)
                {
                    areaSize = (slice * _segmentLength) + index - 1;
                }
                else
                {
                    areaSize = (slice * _segmentLength) - (index == 0 ? 1u : 0u);
                }
            }
            else if (sameLane)
            {
                areaSize = _laneLength - _segmentLength + index - 1;
            }
            else
            {
                areaSize = _laneLength - _segmentLength - (index == 0 ? 1u : 0u);
            }

            ulong x = ((ulong)j1 * j1) >> 32;
            ulong y = (areaSize * x) >> 32;
            ulong relative = areaSize - 1 - y;
            ulong startPosition = pass != 0 && slice != SyncPoints - 1 ? (slice + 1) * _segmentLength : 0;
            return (uint)((startPosition + relative) % _laneLength);
        }
    }

    /// <summary>
    /// The segments of one computation as numbered pieces of <see cref="ParallelPieces"/>: piece
    /// k is lane k mod p of slice k / p (counted over every pass), and the slices follow each other.
    /// </summary>
    private sealed class ParallelFill(Instance instance)
    {
        private readonly Instance _instance = instance;
        private long _done;

        /// <summary>Each worker's local is the fill itself: nothing to make.</summary>
        public ParallelFill Start() => this;

        /// <summary>Nothing to hand back.</summary>
        public static void End(ParallelFill fill)
        {
        }

        /// <summary>Fills the segment of <paramref name="piece"/> once every segment of the slices before it is filled.</summary>
        public void Segment(long piece, ParallelFill fill)
        {
            uint lanes = _instance.Lanes;
            long step = piece / lanes;
            WaitForSegments(step * lanes);
            _instance.FillSegment((uint)(step / SyncPoints), (uint)(piece % lanes), (uint)(step % SyncPoints));
            if (Interlocked.Increment(ref _done) % lanes == 0)
            {
                // A slice is complete: wake whoever waits for it.
                lock (this)
                {
                    Monitor.PulseAll(this);
                }
            }
        }

        private void WaitForSegments(long count)
        {
            // The last segments of a slice finish at about the same time on every core: a short
            // spin mostly sees them done without the cost of sleeping and being woken.
            var spin = default(SpinWait);
            while (Volatile.Read(ref _done) < count)
            {
                if (spin.NextSpinWillYield)
                {
                    lock (this)
                    {
                        while (Volatile.Read(ref _done) < count)
                        {
                            Monitor.Wait(this);
                        }
                    }

                    return;
                }

                spin.SpinOnce();
            }
        }
    }
}
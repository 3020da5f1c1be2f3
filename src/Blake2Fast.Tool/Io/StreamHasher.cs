using System;
using System.IO;
using System.Runtime.ExceptionServices;
using System.Threading;
using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// Feeds a stream to a hash through a small ring of large buffers: a reader thread fills free
/// buffers while this thread hashes filled ones, so the copy out of the page cache (or the pipe)
/// overlaps hashing instead of adding to it. One instance serves a whole run; its buffers are
/// reused for every input.
/// </summary>
/// <remarks>
/// <para>
/// A ring rather than a simple double buffer because the machine may be busy: with several
/// buffers the reader, once scheduled, runs ahead by several chunks, and the hashing thread only
/// waits when the reader has fallen behind by all of them, not at every chunk hand-off.
/// </para>
/// <para>
/// The ring is two semaphores and a dedicated thread rather than a <c>BlockingCollection</c> fed
/// from the thread pool: those needed some 30 generic methods compiled at run time and the pool
/// started, about 6 ms before the first chunk moved, which is 2% of hashing 1 GiB with BLAKE2bp.
/// </para>
/// </remarks>
internal sealed class StreamHasher
{
    /// <summary>
    /// 1 MiB: large enough that the per-read system call and hand-off cost nothing measurable,
    /// small enough that the ring stays in the last-level cache.
    /// </summary>
    public const int ChunkSize = 1 << 20;

    private const int RingDepth = 4;

    // With one processor the reader could only take turns with the hashing thread.
    private static readonly bool Overlap = Environment.ProcessorCount > 1;

    private readonly byte[][] _buffers = new byte[RingDepth][];

    /// <summary>Hashes <paramref name="source"/> from its current position to its end.</summary>
    /// <returns>The number of bytes hashed.</returns>
    public long Hash(Stream source, IIncrementalHash hash, ProgressMeter? progress)
    {
        byte[] first = Buffer(0);
        int count = Fill(source, first);

        // A short fill means the end was reached: a small input is done with no thread at all.
        if (count < first.Length)
        {
            hash.Update(first.AsSpan(0, count));
            progress?.Report(count);
            return count;
        }

        return Overlap
            ? HashOverlapped(source, hash, progress)
            : HashSequentially(source, hash, progress);
    }

    private long HashSequentially(Stream source, IIncrementalHash hash, ProgressMeter? progress)
    {
        byte[] buffer = Buffer(0);
        long total = 0;
        int count = buffer.Length;
        while (true)
        {
            hash.Update(buffer.AsSpan(0, count));
            total += count;
            progress?.Report(total);
            if (count < buffer.Length)
            {
                return total;
            }

            count = Fill(source, buffer);
        }
    }

    /// <summary>
    /// Slot 0 already holds the first (full) chunk. The reader starts before that chunk is hashed,
    /// so it reads ahead while the hash kernel is compiled and runs for the first time.
    /// </summary>
    private long HashOverlapped(Stream source, IIncrementalHash hash, ProgressMeter? progress)
    {
        for (int i = 1; i < RingDepth; i++)
        {
            Buffer(i);
        }

        long total = 0;
        using (var ring = new Ring(source, _buffers))
        {
            for (int slot = 0; ; slot = (slot + 1) % RingDepth)
            {
                int count = ring.WaitFilled(slot);
                if (count < 0)
                {
                    break;
                }

                hash.Update(Buffer(slot).AsSpan(0, count));
                total += count;
                progress?.Report(total);
                ring.Free();
                if (count < ChunkSize)
                {
                    break;
                }
            }

            // Disposing waits for the reader: never return while it may touch the stream or the buffers.
            ring.Dispose();

            // A read error ends the ring early; report it rather than a digest of part of the input.
            ring.ThrowReadError();
        }

        return total;
    }

    private byte[] Buffer(int index) => _buffers[index] ??= GC.AllocateUninitializedArray<byte>(ChunkSize);

    // Reads until the buffer is full or the input ends, so pipes deliver whole chunks too.
    private static int Fill(Stream source, byte[] buffer) =>
        source.ReadAtLeast(buffer, buffer.Length, throwOnEndOfStream: false);

    /// <summary>
    /// One input's reader thread and its hand-offs. <c>_filled</c> counts chunks ready to hash,
    /// <c>_free</c> slots ready to refill; a slot's byte count is written before <c>_filled</c> is
    /// released and read after it is acquired, so the semaphores order every access.
    /// </summary>
    private sealed class Ring : IDisposable
    {
        private readonly Stream _source;
        private readonly byte[][] _buffers;
        private readonly int[] _counts = new int[RingDepth];
        private readonly SemaphoreSlim _filled = new(1);
        private readonly SemaphoreSlim _free = new(RingDepth - 1);
        private readonly Thread _reader;
        private volatile bool _stopping;
        private bool _disposed;
        private ExceptionDispatchInfo? _error;

        public Ring(Stream source, byte[][] buffers)
        {
            _source = source;
            _buffers = buffers;
            _counts[0] = ChunkSize;
            _reader = new Thread(Read) { IsBackground = true, Name = "b2fast reader" };
            _reader.Start();
        }

        /// <summary>Waits for <paramref name="slot"/> to be filled; -1 when the reader failed.</summary>
        public int WaitFilled(int slot)
        {
            _filled.Wait();
            return _counts[slot];
        }

        public void Free() => _free.Release();

        /// <summary>Stops the reader and waits for it; safe to call twice.</summary>
        public void Dispose()
        {
            if (_disposed)
            {
                return;
            }

            _disposed = true;
            // Wakes a reader waiting for a free slot, which then sees the flag and ends.
            _stopping = true;
            _free.Release();
            _reader.Join();
            _filled.Dispose();
            _free.Dispose();
        }

        public void ThrowReadError() => _error?.Throw();

        private void Read()
        {
            for (int slot = 1; ; slot = (slot + 1) % RingDepth)
            {
                _free.Wait();
                if (_stopping)
                {
                    return;
                }

                int count;
                try
                {
                    count = Fill(_source, _buffers[slot]);
                }
                catch (Exception ex)
                {
                    // Whatever the stream throws belongs to the hashing thread, which rethrows it.
                    _error = ExceptionDispatchInfo.Capture(ex);
                    count = -1;
                }

                _counts[slot] = count;
                _filled.Release();
                if (count != ChunkSize)
                {
                    return;
                }
            }
        }
    }
}

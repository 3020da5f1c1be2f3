using System;
using System.Collections.Concurrent;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// Feeds a stream to a hash through a small ring of large buffers: a reader thread fills free
/// buffers while this thread hashes filled ones, so the copy out of the page cache (or the pipe)
/// overlaps hashing instead of adding to it. One instance serves a whole run; its buffers are
/// reused for every input.
/// </summary>
/// <remarks>
/// A ring rather than a simple double buffer because the machine may be busy: with several
/// buffers the reader, once scheduled, runs ahead by several chunks, and the hashing thread only
/// waits when the reader has fallen behind by all of them, not at every chunk hand-off.
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
        hash.Update(first.AsSpan(0, count));
        progress?.Report(count);

        // A short fill means the end was reached: a small input is done with no thread at all.
        if (count < first.Length)
        {
            return count;
        }

        return Overlap
            ? count + HashOverlapped(source, hash, progress, count)
            : count + HashSequentially(source, hash, progress, count);
    }

    private long HashSequentially(Stream source, IIncrementalHash hash, ProgressMeter? progress, long done)
    {
        byte[] buffer = Buffer(0);
        long total = 0;
        int count;
        do
        {
            count = Fill(source, buffer);
            hash.Update(buffer.AsSpan(0, count));
            total += count;
            progress?.Report(done + total);
        }
        while (count == buffer.Length);

        return total;
    }

    private long HashOverlapped(Stream source, IIncrementalHash hash, ProgressMeter? progress, long done)
    {
        using var free = new BlockingCollection<byte[]>(RingDepth);
        using var filled = new BlockingCollection<(byte[] Buffer, int Count)>(RingDepth);
        using var stop = new CancellationTokenSource();
        for (int i = 0; i < RingDepth; i++)
        {
            free.Add(Buffer(i));
        }

        Task reader = Task.Run(() =>
        {
            try
            {
                int count;
                do
                {
                    byte[] buffer = free.Take(stop.Token);
                    count = Fill(source, buffer);
                    filled.Add((buffer, count), stop.Token);
                }
                while (count == ChunkSize);
            }
            finally
            {
                filled.CompleteAdding();
            }
        });

        long total = 0;
        try
        {
            foreach ((byte[] buffer, int count) in filled.GetConsumingEnumerable())
            {
                hash.Update(buffer.AsSpan(0, count));
                total += count;
                progress?.Report(done + total);
                free.Add(buffer);
            }
        }
        finally
        {
            // Never return while the reader may still touch the stream or the buffers.
            stop.Cancel();
            ((IAsyncResult)reader).AsyncWaitHandle.WaitOne();
        }

        // A read error ends the ring early; report it rather than a digest of part of the input.
        reader.GetAwaiter().GetResult();
        return total;
    }

    private byte[] Buffer(int index) => _buffers[index] ??= GC.AllocateUninitializedArray<byte>(ChunkSize);

    // Reads until the buffer is full or the input ends, so pipes deliver whole chunks too.
    private static int Fill(Stream source, byte[] buffer) =>
        source.ReadAtLeast(buffer, buffer.Length, throwOnEndOfStream: false);
}

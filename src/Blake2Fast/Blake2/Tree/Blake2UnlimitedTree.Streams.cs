using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

// Unlimited-fanout tree hashing of streams: a seekable file is read in parallel at explicit
// offsets, each worker reading its own batches; any other stream (a pipe, a network stream, any
// stream on the netstandard builds) is read in order, a round of batches at a time, each round
// hashed on every worker.
internal static partial class Blake2UnlimitedTree<TVariant>
{
    /// <summary>The stream checks every stream form makes before reading.</summary>
    public static void CheckStream(Stream source)
    {
        ArgumentNullException.ThrowIfNull(source);
        if (!source.CanRead)
        {
            throw new ArgumentException("The stream does not support reading.", nameof(source));
        }
    }

    /// <summary>Hashes the rest of <paramref name="source"/> (checked by the caller) into <paramref name="destination"/>.</summary>
    public static void Hash(Stream source, long leafLength, Span<byte> destination, int maxDegreeOfParallelism, Blake2ManyKernel kernel)
    {
        PositionalFile? file = PositionalFile.TryOpen(source);
        if (file is not null)
        {
            HashFile(file, leafLength, destination, maxDegreeOfParallelism, kernel, CancellationToken.None);
            return;
        }

        byte[] digest = new byte[destination.Length];
        ValueTask pending = HashInOrderAsync(source, leafLength, digest, maxDegreeOfParallelism, kernel, synchronous: true, CancellationToken.None);

        // Synchronous reads complete every step at once, so this does not block: AsTask gives
        // the completed task (or the failed one, whose exception GetResult throws unwrapped).
        pending.AsTask().GetAwaiter().GetResult();
        digest.CopyTo(destination);
    }

    /// <summary>The asynchronous form of <see cref="Hash(Stream, long, Span{byte}, int, Blake2ManyKernel)"/>; checks nothing.</summary>
    public static async ValueTask<int> HashAsync(Stream source, long leafLength, Memory<byte> destination, int maxDegreeOfParallelism, Blake2ManyKernel kernel, CancellationToken cancellationToken)
    {
        byte[] digest = new byte[destination.Length];
        PositionalFile? file = PositionalFile.TryOpen(source);
        if (file is not null)
        {
            // Positional reads of a file have no asynchronous form worth the name here (the
            // workers hash what they read): the work runs on the pool, not on the caller's thread.
            await Task.Run(() => HashFile(file, leafLength, digest, maxDegreeOfParallelism, kernel, cancellationToken), cancellationToken).ConfigureAwait(false);
        }
        else
        {
            await HashInOrderAsync(source, leafLength, digest, maxDegreeOfParallelism, kernel, synchronous: false, cancellationToken).ConfigureAwait(false);
        }

        digest.CopyTo(destination);
        return digest.Length;
    }

    /// <summary>Hashes a file with every worker reading its own batches at their offsets.</summary>
    private static void HashFile(PositionalFile file, long leafLength, Span<byte> destination, int maxDegreeOfParallelism, Blake2ManyKernel kernel, CancellationToken cancellationToken)
    {
        int digestLength = destination.Length;
        long length = file.Length;
        long leafCount = LeafCount(length, leafLength);
        int workers = Blake2TreePlan.Workers(length, leafLength, leafCount, Blake2TreePlan.Degree(maxDegreeOfParallelism), inMemory: false);
        int windowLeaves = WindowLeaves(digestLength);
        bool longLeaves = leafLength > Blake2TreePlan.BatchLength;

        // The first window is the largest, and a smaller one's batches are no longer (Blake2TreePlan).
        var firstWindow = new LeafWindow(leafLength, digestLength, 0, leafCount <= windowLeaves, kernel);
        int bufferLength = longLeaves ? Blake2TreePlan.ChunkLength : (int)(firstWindow.BatchLeaves(Math.Min(leafCount, windowLeaves), workers) * leafLength);
        byte[] digests = ArrayPool<byte>.Shared.Rent((int)Math.Min(leafCount, windowLeaves) * digestLength);

        // One buffer per worker for the whole file, passed on from a worker that ends to the next
        // one the parallel loop starts: a new buffer's first touch is its dear part (ReadBuffer).
        var buffers = new ConcurrentBag<ReadBuffer>();
        Blake2Core<TVariant> root = default;
        root.Initialize(RootSettings(digestLength, leafLength));
        try
        {
            for (long first = 0; first < leafCount; first += windowLeaves)
            {
                int count = (int)Math.Min(windowLeaves, leafCount - first);
                var window = new LeafWindow(leafLength, digestLength, first, first + count == leafCount, kernel);
                int perBatch = longLeaves ? 1 : window.BatchLeaves(count, workers);
                int batches = (count + perBatch - 1) / perBatch;
                ParallelPieces.Run(batches, workers, () => buffers.TryTake(out ReadBuffer? buffer) ? buffer : new ReadBuffer(bufferLength), (batch, buffer) =>
                {
                    int leaf = (int)batch * perBatch;
                    int leaves = Math.Min(perBatch, count - leaf);
                    long from = (first + leaf) * leafLength;
                    long to = Math.Min(length, (first + leaf + leaves) * leafLength);
                    if (longLeaves)
                    {
                        HashLongLeaf(file, from, to, first + leaf == leafCount - 1, window, leaf, buffer.Span, digests);
                    }
                    else
                    {
                        Span<byte> read = buffer.Span[..ReadFully(file, buffer.Span[..(int)(to - from)], from)];
                        window.HashBatch(read, leaf, digests, window.EndsTree && leaf + leaves == count);
                    }
                }, buffers.Add, cancellationToken);
                root.Update(digests.AsSpan(0, count * digestLength));
            }

            root.Finish(destination);
            file.MoveToEnd();
        }
        finally
        {
            root.Erase();
            Return(digests, digests.Length);
            foreach (ReadBuffer buffer in buffers)
            {
                buffer.Dispose();
            }
        }
    }

    /// <summary>Hashes one leaf longer than a batch, bytes <paramref name="from"/> to <paramref name="to"/> of the file, a chunk at a time.</summary>
    private static void HashLongLeaf(PositionalFile file, long from, long to, bool isLast, LeafWindow window, int leaf, Span<byte> buffer, byte[] digests)
    {
        Blake2Core<TVariant> node = default;
        node.Initialize(LeafSettings(window.DigestLength, window.LeafLength) with { NodeOffset = (ulong)(window.FirstLeaf + leaf), IsLastNode = isLast });
        try
        {
            for (long at = from; at < to; at += Blake2TreePlan.ChunkLength)
            {
                node.Update(buffer[..ReadFully(file, buffer[..(int)Math.Min(Blake2TreePlan.ChunkLength, to - at)], at)]);
            }

            node.Finish(digests.AsSpan(leaf * window.DigestLength, window.DigestLength));
        }
        finally
        {
            node.Erase();
        }
    }

    /// <summary>Fills <paramref name="buffer"/> from <paramref name="offset"/>; a file that ends first has changed under the hash.</summary>
    private static int ReadFully(PositionalFile file, Span<byte> buffer, long offset)
    {
        int done = 0;
        while (done < buffer.Length)
        {
            int read = file.Read(buffer[done..], offset + done);
            if (read == 0)
            {
                throw new EndOfStreamException($"The file ended at {offset + done} bytes while it was being hashed; it was {file.Length} bytes long when hashing began.");
            }

            done += read;
        }

        return done;
    }

    /// <summary>
    /// Hashes a stream read in order, into <paramref name="destination"/> (its length is the
    /// digest length). With <paramref name="synchronous"/>, every read is a synchronous one and
    /// the returned task is complete when this returns.
    /// </summary>
    private static ValueTask HashInOrderAsync(Stream source, long leafLength, byte[] destination, int maxDegreeOfParallelism, Blake2ManyKernel kernel, bool synchronous, CancellationToken cancellationToken) =>
        leafLength > Blake2TreePlan.BatchLength
            ? HashLongLeavesInOrderAsync(source, leafLength, destination, synchronous, cancellationToken)
            : HashRoundsAsync(source, leafLength, destination, maxDegreeOfParallelism, kernel, synchronous, cancellationToken);

    /// <summary>
    /// Reads a round of whole batches (<see cref="Blake2TreePlan.RoundCapacity"/>), hashes all its leaves but the last on every
    /// worker, moves that last leaf to the front and reads on: a leaf is known to be the tree's
    /// last only once the stream has ended, so one is always held back until then.
    /// </summary>
    private static async ValueTask HashRoundsAsync(Stream source, long leafLength, byte[] destination, int maxDegreeOfParallelism, Blake2ManyKernel kernel, bool synchronous, CancellationToken cancellationToken)
    {
        int digestLength = destination.Length;
        int workers = Blake2TreePlan.Workers(long.MaxValue, leafLength, long.MaxValue, Blake2TreePlan.Degree(maxDegreeOfParallelism), inMemory: false);
        int leaf = (int)leafLength;

        // Whole batches and the leaf held back: every batch of a full round fills the lanes evenly.
        long capacity = Blake2TreePlan.RoundCapacity(leafLength, WindowLeaves(digestLength), workers);
        int perBatch = new LeafWindow(leafLength, digestLength, 0, false, kernel).BatchLeaves(capacity, workers);
        int roundLeaves = (int)(capacity / perBatch * perBatch) + 1;
        int roundLength = roundLeaves * leaf;
        byte[] buffer = ArrayPool<byte>.Shared.Rent(roundLength);
        byte[] digests = ArrayPool<byte>.Shared.Rent(roundLeaves * digestLength);
        int used = 0;
        Blake2Core<TVariant> root = default;
        root.Initialize(RootSettings(digestLength, leafLength));
        try
        {
            int filled = 0;
            long firstLeaf = 0;
            while (true)
            {
                cancellationToken.ThrowIfCancellationRequested();
                int read = await ReadAsync(source, buffer, filled, roundLength - filled, synchronous, cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    int last = HashRound(buffer, filled, new LeafWindow(leafLength, digestLength, firstLeaf, EndsTree: true, kernel), digests, workers, cancellationToken);
                    root.Update(digests.AsSpan(0, last * digestLength));
                    break;
                }

                filled += read;
                used = Math.Max(used, filled);
                if (filled == roundLength)
                {
                    int hashed = HashRound(buffer, roundLength - leaf, new LeafWindow(leafLength, digestLength, firstLeaf, EndsTree: false, kernel), digests, workers, cancellationToken);
                    root.Update(digests.AsSpan(0, hashed * digestLength));
                    firstLeaf += hashed;
                    Buffer.BlockCopy(buffer, roundLength - leaf, buffer, 0, leaf);
                    filled = leaf;
                }
            }

            root.Finish(destination);
        }
        finally
        {
            root.Erase();
            Return(buffer, used);
            Return(digests, digests.Length);
        }
    }

    /// <summary>Hashes the leaves of the first <paramref name="length"/> bytes of <paramref name="buffer"/> on up to <paramref name="workers"/> threads; returns how many there were.</summary>
    private static unsafe int HashRound(byte[] buffer, int length, LeafWindow window, byte[] digests, int workers, CancellationToken cancellationToken)
    {
        int leaves = (int)LeafCount(length, window.LeafLength);
        if (workers == 1 || leaves == 1)
        {
            window.HashBatches(buffer.AsSpan(0, length), digests, 0, window.BatchCount(length, workers), workers);
        }
        else
        {
            fixed (byte* start = buffer)
            {
                window.HashInParallel((nint)start, length, digests, workers, cancellationToken);
            }
        }

        return leaves;
    }

    /// <summary>
    /// Hashes leaves longer than a batch one at a time, a chunk at a time, each finished only once
    /// more input shows it is not the last.
    /// </summary>
    private static async ValueTask HashLongLeavesInOrderAsync(Stream source, long leafLength, byte[] destination, bool synchronous, CancellationToken cancellationToken)
    {
        int digestLength = destination.Length;
        byte[] chunk = ArrayPool<byte>.Shared.Rent(Blake2TreePlan.ChunkLength);
        byte[] digest = new byte[digestLength];
        int used = 0;
        Blake2Core<TVariant> root = default;
        Blake2Core<TVariant> node = default;
        root.Initialize(RootSettings(digestLength, leafLength));
        node.Initialize(LeafSettings(digestLength, leafLength));
        try
        {
            ulong leaf = 0;
            long inLeaf = 0;
            while (true)
            {
                cancellationToken.ThrowIfCancellationRequested();
                int read = await ReadAsync(source, chunk, 0, Blake2TreePlan.ChunkLength, synchronous, cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    node.MarkLastNode();
                    node.Finish(digest);
                    root.Update(digest);
                    break;
                }

                used = Math.Max(used, read);
                for (int at = 0; at < read;)
                {
                    if (inLeaf == leafLength)
                    {
                        node.Finish(digest);
                        root.Update(digest);
                        node.Initialize(LeafSettings(digestLength, leafLength) with { NodeOffset = ++leaf });
                        inLeaf = 0;
                    }

                    int take = (int)Math.Min(read - at, leafLength - inLeaf);
                    node.Update(chunk.AsSpan(at, take));
                    inLeaf += take;
                    at += take;
                }
            }

            root.Finish(destination);
        }
        finally
        {
            root.Erase();
            node.Erase();
            Return(chunk, used);
        }
    }

    /// <summary>A synchronous read (complete on return) or an asynchronous one, into <paramref name="buffer"/> at <paramref name="offset"/>.</summary>
    private static ValueTask<int> ReadAsync(Stream source, byte[] buffer, int offset, int count, bool synchronous, CancellationToken cancellationToken) =>
        synchronous ? new(source.Read(buffer, offset, count)) : source.ReadAsync(buffer.AsMemory(offset, count), cancellationToken);
}

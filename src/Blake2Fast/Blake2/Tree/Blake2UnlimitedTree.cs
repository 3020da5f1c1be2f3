using System;
using System.Runtime.CompilerServices;
using System.Buffers;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// BLAKE2 tree hashing with unlimited fanout, as s3git and bt2sum compute it: every node has fanout
/// 0, depth 2, leaf length L and inner length d; leaf i hashes bytes [iL, (i+1)L) at node depth 0,
/// node offset i, the last leaf with the last-node flag (an empty input is one empty leaf); the
/// root (depth 1, offset 0, last node) hashes the leaves' digests in order.
/// </summary>
/// <remarks>
/// <para>Leaves are equal-length messages that differ only in their node offset, so they go
/// through the <c>HashMany</c> lane driver (<see cref="Blake2Many{TVariant}"/>) with a
/// <see cref="Blake2LeafNumbering"/>, a batch of leaves per call, batches on every worker.</para>
/// <para>Memory is bounded whatever the input: leaf digests are gathered in windows of
/// <see cref="DigestWindowLength"/> bytes and fed to the root as each window completes, and a
/// stream is read in batches of at most <see cref="BatchLength"/> bytes per worker (a leaf longer
/// than that is read in <see cref="ChunkLength"/> pieces).</para>
/// </remarks>
internal static partial class Blake2UnlimitedTree<TVariant> where TVariant : struct, IBlake2ManyVariant
{
    /// <summary>Bytes of leaf digests gathered before they are fed to the root.</summary>
    public const int DigestWindowLength = 1 << 20;

    /// <summary>
    /// Bytes of leaves a worker hashes per batch, and the most a stream buffers per worker: 16
    /// leaves of 1 MiB, which fill the 16 BLAKE2s lanes of a 512-bit kernel (and the 8 BLAKE2b
    /// ones twice).
    /// </summary>
    public const int BatchLength = 16 << 20;

    /// <summary>Bytes read at a time from a leaf longer than <see cref="BatchLength"/>.</summary>
    public const int ChunkLength = 1 << 20;

    /// <summary>
    /// The least input per extra worker: below it one thread is faster than handing work out.
    /// </summary>
    /// <remarks>
    /// Measured only roughly, on the 2-vCPU AMD EPYC Zen 5 of bench/results while other builds kept
    /// its load average at 15 (Stopwatch, best of 200, BLAKE2b, one thread against two): with 64 KiB
    /// leaves two threads were ahead at 128 KiB (114 against 354 us, a noisy sample) and level from
    /// 256 KiB to 2 MiB, with 4 KiB leaves level throughout. 512 KiB per extra thread keeps small
    /// inputs on the calling thread; it wants measuring again on a quiet machine.
    /// </remarks>
    public const long MinimumBytesPerWorker = 512 * 1024;

    /// <summary>The parameters of every leaf; <see cref="Blake2LeafNumbering"/> sets each one's node offset and last-node flag.</summary>
    public static Blake2Settings LeafSettings(int digestLength, long leafLength) => new()
    {
        DigestLength = digestLength,
        FanOut = 0,
        MaxDepth = 2,
        LeafLength = (uint)leafLength,
        InnerLength = (byte)digestLength,
    };

    /// <summary>The root's parameters: depth 1, offset 0, the last (only) node of its level.</summary>
    public static Blake2Settings RootSettings(int digestLength, long leafLength) =>
        LeafSettings(digestLength, leafLength) with { NodeDepth = 1, IsLastNode = true };

    /// <summary>How many leaves <paramref name="length"/> bytes make: at least one.</summary>
    public static long LeafCount(long length, long leafLength) => Math.Max(1, (length + leafLength - 1) / leafLength);

    /// <summary>
    /// How many threads to use (the calling one included) for <paramref name="length"/> bytes, or
    /// for a stream of unknown length when <paramref name="length"/> is <see cref="long.MaxValue"/>.
    /// </summary>
    /// <remarks>
    /// Never more than one per processor, even where more are allowed: more threads cannot hash
    /// faster, and each holds a batch of input (for a stream of unknown length, nothing else
    /// bounded int.MaxValue of them, and the size of a round of batches overflowed).
    /// </remarks>
    public static int Workers(long length, int maxDegreeOfParallelism)
    {
        long limit = maxDegreeOfParallelism == -1 ? Environment.ProcessorCount : Math.Min(maxDegreeOfParallelism, Environment.ProcessorCount);
        return (int)Math.Max(1, Math.Min(limit, length / MinimumBytesPerWorker));
    }

    /// <summary>Leaves per window of digests.</summary>
    public static int WindowLeaves(int digestLength) => DigestWindowLength / digestLength;

    /// <summary>
    /// Leaves per batch: as many as <see cref="BatchLength"/> holds (one for a longer leaf), or,
    /// for input already in memory (<paramref name="inMemory"/>), at least a lane for each of
    /// <paramref name="lanes"/>; but few enough that a window of digests has a batch for every
    /// worker; and a whole number of lane-fulls wherever a lane-full fits.
    /// </summary>
    /// <remarks>
    /// A batch that is not a whole number of lane-fulls leaves lanes idle, and the lane driver
    /// hashes the last few leaves one at a time (fewer than half its lanes) and copies blocks for
    /// a kernel with idle lanes: on the Zen 5 of bench/results, BLAKE2s on 64 MiB, one thread,
    /// leaves of 1 MiB + 64 bytes (15 to a 16 MiB batch) took 24 ms against 13 ms for 1 MiB
    /// leaves, and 4 MiB leaves (4 to a batch, under the lane driver's minimum) 100 ms.
    /// </remarks>
    public static int BatchLeaves(long leafLength, int digestLength, int workers, int lanes, bool inMemory)
    {
        long fit = BatchLength / leafLength;
        if (inMemory)
        {
            fit = Math.Max(fit, lanes);
        }

        long leaves = Math.Min(fit, (WindowLeaves(digestLength) + workers - 1) / workers);
        if (leaves >= lanes)
        {
            leaves -= leaves % lanes;
        }

        return (int)Math.Max(1, leaves);
    }

    /// <summary>Hashes <paramref name="source"/> into <paramref name="destination"/>, whose length is the digest length (checked by the caller).</summary>
    public static void Hash(ReadOnlySpan<byte> source, long leafLength, Span<byte> destination, int maxDegreeOfParallelism, Blake2ManyKernel kernel) =>
        HashForcingWorkers(source, leafLength, destination, Workers(source.Length, maxDegreeOfParallelism), kernel);

    /// <summary>
    /// <see cref="Hash(ReadOnlySpan{byte}, long, Span{byte}, int, Blake2ManyKernel)"/> on exactly
    /// <paramref name="workers"/> threads at most, whatever the input's length (tests force the
    /// parallel path on small inputs with this).
    /// </summary>
    public static unsafe void HashForcingWorkers(ReadOnlySpan<byte> source, long leafLength, Span<byte> destination, int workers, Blake2ManyKernel kernel)
    {
        int digestLength = destination.Length;
        long leafCount = LeafCount(source.Length, leafLength);
        int windowLeaves = WindowLeaves(digestLength);
        int digestsLength = (int)Math.Min(leafCount, windowLeaves) * digestLength;
        // One thread and few leaves: the digests fit on the stack and nothing is allocated.
        byte[]? rented = digestsLength > 1024 || workers > 1 ? ArrayPool<byte>.Shared.Rent(digestsLength) : null;
        Span<byte> digests = rented is null ? stackalloc byte[1024] : rented.AsSpan(0, digestsLength);
        Blake2Core<TVariant> root = default;
        root.Initialize(RootSettings(digestLength, leafLength));
        try
        {
            fixed (byte* start = source)
            {
                for (long first = 0; first < leafCount; first += windowLeaves)
                {
                    int count = (int)Math.Min(windowLeaves, leafCount - first);
                    long from = first * leafLength;
                    int length = (int)(Math.Min(source.Length, (first + count) * leafLength) - from);
                    Span<byte> windowDigests = digests[..(count * digestLength)];
                    var window = new LeafWindow(leafLength, digestLength, first, first + count == leafCount, kernel, InMemory: true);
                    if (workers == 1)
                    {
                        window.HashBatches(source.Slice((int)from, length), windowDigests, 0, window.BatchCount(length, 1), 1);
                    }
                    else
                    {
                        window.HashInParallel((nint)(start + from), length, rented!, workers, CancellationToken.None);
                    }

                    root.Update(windowDigests);
                }
            }

            root.Finish(destination);
        }
        finally
        {
            root.Erase();
            digests.Clear();
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }
    }

    /// <summary>Runs <paramref name="body"/> for batches 0 to <paramref name="count"/> - 1 on up to <paramref name="workers"/> threads, the calling one among them.</summary>
    /// <remarks>
    /// The first exception stops the other workers' next batches and reaches the caller as
    /// itself, not wrapped in an <see cref="AggregateException"/>.
    /// </remarks>
    public static void ForEachBatch<TLocal>(int count, int workers, Func<TLocal> start, Action<int, TLocal> body, Action<TLocal> end, CancellationToken cancellationToken)
    {
        var options = new ParallelOptions { MaxDegreeOfParallelism = workers, CancellationToken = cancellationToken };
        try
        {
            Parallel.For(0, count, options, start, (batch, _, local) =>
            {
                body(batch, local);
                return local;
            }, end);
        }
        catch (AggregateException e) when (e.InnerExceptions.Count > 0)
        {
            // Workers that fail at once each add theirs (every worker of a file that ended early
            // finds it short): the caller gets the first, as the exception the documentation names.
            ExceptionDispatchInfo.Capture(e.InnerExceptions[0]).Throw();
        }
    }

    /// <summary>
    /// A run of consecutive leaves whose digests are gathered in one buffer: leaf
    /// <see cref="FirstLeaf"/> + j's digest at j * d. It ends the tree when <see cref="EndsTree"/>.
    /// </summary>
    /// <remarks>
    /// <see cref="InMemory"/> when the whole input is in memory (a span), so that a batch's size is
    /// not bounded by <see cref="BatchLength"/> (see <see cref="BatchLeaves"/>).
    /// </remarks>
    public readonly record struct LeafWindow(long LeafLength, int DigestLength, long FirstLeaf, bool EndsTree, Blake2ManyKernel Kernel, bool InMemory = false)
    {
        /// <summary>Leaves per batch for <paramref name="workers"/> workers.</summary>
        public int BatchLeaves(int workers) =>
            Blake2UnlimitedTree<TVariant>.BatchLeaves(LeafLength, DigestLength, workers, default(TVariant).Lanes(Kernel), InMemory);

        /// <summary>How many batches <paramref name="length"/> bytes of this window make, for <paramref name="workers"/> workers.</summary>
        public int BatchCount(int length, int workers)
        {
            long leaves = LeafCount(length, LeafLength);
            int perBatch = BatchLeaves(workers);
            return (int)((leaves + perBatch - 1) / perBatch);
        }

        /// <summary>
        /// Hashes batches <paramref name="first"/> to <paramref name="first"/> + <paramref name="count"/> - 1
        /// of <paramref name="window"/> (the window's bytes, batches sized for <paramref name="workers"/>)
        /// into their places in <paramref name="digests"/> (the whole window's).
        /// </summary>
        [MethodImpl(KernelRoot.DriverOptions)]
        public void HashBatches(ReadOnlySpan<byte> window, Span<byte> digests, int first, int count, int workers)
        {
            int perBatch = BatchLeaves(workers);
            long windowLeaves = LeafCount(window.Length, LeafLength);
            for (int batch = first; batch < first + count; batch++)
            {
                long leaf = (long)batch * perBatch;
                int leaves = (int)Math.Min(perBatch, windowLeaves - leaf);
                long from = leaf * LeafLength;
                int length = (int)(Math.Min(window.Length, (leaf + leaves) * LeafLength) - from);
                HashBatch(window.Slice((int)from, length), (int)leaf, digests, EndsTree && leaf + leaves == windowLeaves);
            }
        }

        /// <summary>
        /// Hashes the leaves of <paramref name="batch"/>, the first of which is leaf
        /// <paramref name="leaf"/> of the window, into their places in <paramref name="digests"/>
        /// (the whole window's); <paramref name="endsTree"/> when its last leaf is the tree's.
        /// </summary>
        public void HashBatch(ReadOnlySpan<byte> batch, int leaf, Span<byte> digests, bool endsTree)
        {
            Blake2MessageList leaves = Blake2MessageList.Leaves(batch, (int)Math.Min(LeafLength, int.MaxValue));
            Blake2Many<TVariant>.Hash(
                LeafSettings(DigestLength, LeafLength),
                leaves,
                digests.Slice(leaf * DigestLength, leaves.Count * DigestLength),
                Kernel,
                new Blake2LeafNumbering((ulong)(FirstLeaf + leaf), endsTree));
        }

        /// <summary>
        /// <see cref="HashBatches"/> of the whole window on up to <paramref name="workers"/> threads;
        /// <paramref name="address"/> is the window's first byte, pinned by the caller.
        /// </summary>
        public void HashInParallel(nint address, int length, byte[] digests, int workers, CancellationToken cancellationToken)
        {
            LeafWindow window = this;
            int count = BatchCount(length, workers);
            int digestsLength = (int)LeafCount(length, LeafLength) * DigestLength;
            ForEachBatch<object?>(count, workers, static () => null, (batch, _) =>
            {
                unsafe
                {
                    var bytes = new ReadOnlySpan<byte>((void*)address, length);
                    window.HashBatches(bytes, digests.AsSpan(0, digestsLength), batch, 1, workers);
                }
            }, static _ => { }, cancellationToken);
        }
    }

    /// <summary>Returns a rented buffer after erasing its first <paramref name="used"/> bytes: a stream's bytes may be secret.</summary>
    public static void Return(byte[]? buffer, int used)
    {
        if (buffer is not null)
        {
            SecretBytes.Erase(buffer.AsSpan(0, Math.Min(used, buffer.Length)));
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}

using System;
using System.Runtime.CompilerServices;
using System.Buffers;
using System.Threading;
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
/// stream is read in batches of at most <see cref="Blake2TreePlan.BatchLength"/> bytes per worker
/// and <see cref="Blake2TreePlan.MaxBufferedLength"/> in all (a leaf longer than a batch is read in
/// <see cref="Blake2TreePlan.ChunkLength"/> pieces). How batches are cut: <see cref="Blake2TreePlan"/>.</para>
/// </remarks>
internal static partial class Blake2UnlimitedTree<TVariant> where TVariant : struct, IBlake2ManyVariant
{
    /// <summary>Bytes of leaf digests gathered before they are fed to the root.</summary>
    public const int DigestWindowLength = 1 << 20;

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

    /// <summary>Leaves per window of digests.</summary>
    public static int WindowLeaves(int digestLength) => DigestWindowLength / digestLength;

    /// <summary>Hashes <paramref name="source"/> into <paramref name="destination"/>, whose length is the digest length (checked by the caller).</summary>
    public static void Hash(ReadOnlySpan<byte> source, long leafLength, Span<byte> destination, int maxDegreeOfParallelism, Blake2ManyKernel kernel) =>
        HashForcingWorkers(
            source,
            leafLength,
            destination,
            Blake2TreePlan.Workers(source.Length, leafLength, LeafCount(source.Length, leafLength), Blake2TreePlan.Degree(maxDegreeOfParallelism), inMemory: true),
            kernel);

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

    /// <summary>
    /// A run of consecutive leaves whose digests are gathered in one buffer: leaf
    /// <see cref="FirstLeaf"/> + j's digest at j * d. It ends the tree when <see cref="EndsTree"/>.
    /// </summary>
    /// <remarks>
    /// <see cref="InMemory"/> when the whole input is in memory (a span), so that a batch's size is
    /// not bounded by memory (<see cref="Blake2TreePlan.MaxBatchLength"/>).
    /// </remarks>
    public readonly record struct LeafWindow(long LeafLength, int DigestLength, long FirstLeaf, bool EndsTree, Blake2ManyKernel Kernel, bool InMemory = false)
    {
        /// <summary>Leaves per batch for <paramref name="workers"/> workers sharing <paramref name="leaves"/> leaves of this window.</summary>
        public int BatchLeaves(long leaves, int workers)
        {
            int lanes = default(TVariant).Lanes(Kernel);
            return Blake2TreePlan.BatchLeaves(leaves, LeafLength, workers, lanes, Blake2TreePlan.MaxBatchLength(LeafLength, workers, lanes, InMemory));
        }

        /// <summary>How many batches <paramref name="length"/> bytes of this window make, for <paramref name="workers"/> workers.</summary>
        public int BatchCount(int length, int workers)
        {
            long leaves = LeafCount(length, LeafLength);
            int perBatch = BatchLeaves(leaves, workers);
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
            long windowLeaves = LeafCount(window.Length, LeafLength);
            int perBatch = BatchLeaves(windowLeaves, workers);
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
            ParallelPieces.Run<object?>(count, workers, static () => null, (batch, _) =>
            {
                unsafe
                {
                    var bytes = new ReadOnlySpan<byte>((void*)address, length);
                    window.HashBatches(bytes, digests.AsSpan(0, digestsLength), (int)batch, 1, workers);
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

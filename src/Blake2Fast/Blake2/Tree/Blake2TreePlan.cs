using System;

namespace Blake2Fast.Internal;

/// <summary>
/// How BLAKE2 tree hashing with unlimited fanout cuts its leaves into batches for its workers
/// (<see cref="ParallelPieces"/>): pure functions of the input's shape and the degree given, so
/// that the tests can enumerate them for degrees 1 to 256 and inputs up to 1 TiB.
/// </summary>
/// <remarks>
/// <para>
/// The rule, in order: every worker gets a batch; where the leaves allow, each gets about
/// <see cref="ParallelPieces.PerWorker"/> batches, so that a slowed core is made up for; a batch
/// holds a whole number of lane-fulls of leaves (<c>HashMany</c>'s lanes), and where
/// <see cref="ParallelPieces.PerWorker"/> batches a worker would leave lanes empty, fewer batches
/// fill them, but never fewer batches than workers; and a batch read from a stream or file fits
/// its worker's share of <see cref="MaxBufferedLength"/>.
/// </para>
/// <para>
/// Batches are planned from the degree, not of a fixed length (<see cref="BatchLength"/> is only
/// their upper bound): with a fixed 16 leaves of 1 MiB, 64 MiB made 4 batches, so 16 cores hashed it
/// on 4 workers and left the rest idle. Planned from the degree, 64 MiB on 16 workers is 16 batches
/// of 4 leaves (docs/measurements.md#blake2-tree-batches).
/// </para>
/// </remarks>
internal static class Blake2TreePlan
{
    /// <summary>
    /// The most input one batch holds: 16 leaves of 1 MiB fill the 16 BLAKE2s lanes of a 512-bit
    /// kernel (and the 8 BLAKE2b ones twice). Also the most a stream or file buffers per worker.
    /// </summary>
    public const int BatchLength = 16 << 20;

    /// <summary>
    /// The most a stream or file buffers for all its workers together: 64 workers get
    /// <see cref="BatchLength"/> each, more get less (256 workers: 4 MiB each).
    /// </summary>
    public const long MaxBufferedLength = 1L << 30;

    /// <summary>Bytes read at a time from a leaf longer than <see cref="BatchLength"/>.</summary>
    public const int ChunkLength = 1 << 20;

    /// <summary>
    /// The least input per extra worker: below it one thread is faster than handing work out.
    /// </summary>
    /// <remarks>
    /// 512 KiB per extra thread keeps small inputs on the calling thread, where a second thread
    /// gained nothing clear. The value rests on a rough, noisy measurement and wants measuring again
    /// on a quiet machine (docs/measurements.md#blake2-tree-minimum-per-worker).
    /// </remarks>
    public const long MinimumBytesPerWorker = 512 * 1024;

    /// <summary>
    /// The number of threads a <c>maxDegreeOfParallelism</c> argument allows: -1 is one per
    /// processor; any other (checked by the caller) is taken as given, even above the processor
    /// count: it is the caller's number, and the memory it can cost is bounded by
    /// <see cref="MaxBufferedLength"/>.
    /// </summary>
    public static int Degree(int maxDegreeOfParallelism) => maxDegreeOfParallelism == -1 ? Environment.ProcessorCount : maxDegreeOfParallelism;

    /// <summary>
    /// How many workers (the calling thread included) hash <paramref name="length"/> bytes, or a
    /// stream of unknown length when <paramref name="length"/> is <see cref="long.MaxValue"/>, for
    /// a <paramref name="degree"/> of at least 1: one per <see cref="MinimumBytesPerWorker"/> at
    /// most, never more than the leaves (<paramref name="leafCount"/>), and, for input read into
    /// buffers (not <paramref name="inMemory"/>), no more than <see cref="MaxBufferedLength"/> holds
    /// a buffer each (a leaf, or a <see cref="ChunkLength"/> of a longer one).
    /// </summary>
    public static int Workers(long length, long leafLength, long leafCount, int degree, bool inMemory)
    {
        long most = Math.Min(Math.Min(degree, leafCount), length / MinimumBytesPerWorker);
        if (!inMemory)
        {
            most = Math.Min(most, MaxBufferedLength / (leafLength > BatchLength ? ChunkLength : leafLength));
        }

        return (int)Math.Max(1, most);
    }

    /// <summary>
    /// The most bytes of leaves one batch may hold: in memory, <see cref="BatchLength"/> or a
    /// lane-full of leaves, whichever is more (a bound for evening out, not for memory); read from
    /// a stream or file, the worker's share of <see cref="MaxBufferedLength"/>, at most
    /// <see cref="BatchLength"/>.
    /// </summary>
    public static long MaxBatchLength(long leafLength, int workers, int lanes, bool inMemory) =>
        inMemory
            ? Math.Max(BatchLength, lanes * leafLength)
            : Math.Min(BatchLength, MaxBufferedLength / Math.Max(1, workers));

    /// <summary>
    /// Leaves per batch when <paramref name="leaves"/> leaves (a window of digests, or a stream's
    /// round) are shared among <paramref name="workers"/> workers, with <paramref name="lanes"/>
    /// lanes per kernel call and batches of at most <paramref name="maxBatchLength"/> bytes (at
    /// least one leaf): see the class remarks for the rule.
    /// </summary>
    public static int BatchLeaves(long leaves, long leafLength, int workers, int lanes, long maxBatchLength)
    {
        workers = Math.Max(1, workers);
        lanes = Math.Max(1, lanes);
        long wanted = CeilingDivide(leaves, (long)workers * ParallelPieces.PerWorker);
        long batch = wanted >= lanes
            ? wanted - (wanted % lanes)
            : Math.Min(lanes, Math.Max(1, leaves / workers));

        long most = Math.Max(1, maxBatchLength / leafLength);
        if (batch > most)
        {
            batch = most >= lanes ? most - (most % lanes) : most;
        }

        return (int)Math.Max(1, batch);
    }

    /// <summary>
    /// How many leaves a stream read in order takes in per round (without the one held back):
    /// one window of digests at most (<paramref name="windowLeaves"/>), and no more than the
    /// workers may buffer together (<see cref="MaxBatchLength"/> each), but at least one leaf per worker.
    /// </summary>
    public static long RoundCapacity(long leafLength, long windowLeaves, int workers) =>
        Math.Max(workers, Math.Min(windowLeaves, workers * MaxBatchLength(leafLength, workers, 1, inMemory: false) / leafLength));

    /// <summary>⌈<paramref name="value"/> / <paramref name="divisor"/>⌉ for positive values.</summary>
    private static long CeilingDivide(long value, long divisor) => ((value - 1) / divisor) + 1;
}

using System;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Internal;

/// <summary>
/// Runs numbered pieces of work on several threads, the calling one among them: every worker
/// takes the next piece not yet taken until none is left. The one loop under every multi-core
/// path of the library (BLAKE3's and Bao's pieces, BLAKE2 tree batches in memory and from files);
/// each family plans its own pieces (<c>Blake3Tree.PieceLength</c>, <c>Blake2TreePlan</c>).
/// </summary>
/// <remarks>
/// <para>
/// Pieces rather than one share per worker: a static split finishes when its slowest share does,
/// and on a shared machine one core is often slowed for a while (on the build machine's two
/// cores, a memory-mapped 1 GiB file split in two halves spent a third of its time with one core
/// idle). With about <see cref="PerWorker"/> pieces or more each, a worker that falls behind is
/// helped by the others, as a work-stealing join does.
/// </para>
/// <para>
/// Workers are <see cref="Parallel.For(int, int, ParallelOptions, Action{int})"/>'s, so a worker
/// that the thread pool cannot start at once is run by the calling thread instead of waited for.
/// The first exception stops the other workers before their next piece and reaches the caller as
/// itself, not wrapped in an <see cref="AggregateException"/>; cancellation is checked before each
/// piece.
/// </para>
/// </remarks>
internal static class ParallelPieces
{
    /// <summary>
    /// The pieces per worker every plan aims for where the input allows: enough that a worker on a
    /// core slowed by other work is made up for by the others.
    /// </summary>
    public const int PerWorker = 4;

    /// <summary>
    /// Called by each worker as it starts, before its first piece, where a test has set it: the
    /// tests block there until the expected number of workers run at once. Flows with the
    /// execution context, so that only the test's own calls see it.
    /// </summary>
    internal static readonly AsyncLocal<Action?> WorkerStarted = new();

    /// <summary>Runs <paramref name="work"/> for pieces 0 to <paramref name="pieces"/> - 1 on up to <paramref name="workers"/> threads.</summary>
    public static void Run(int pieces, int workers, Action<int> work) =>
        Run<Action<int>>(pieces, workers, () => work, static (piece, run) => run((int)piece), static _ => { }, CancellationToken.None);

    /// <summary>
    /// Runs <paramref name="body"/> for pieces 0 to <paramref name="pieces"/> - 1 on up to
    /// <paramref name="workers"/> threads; each worker gets its own <typeparamref name="TLocal"/>
    /// from <paramref name="start"/> (a read buffer) and hands it to <paramref name="end"/> when it stops.
    /// </summary>
    public static void Run<TLocal>(long pieces, int workers, Func<TLocal> start, Action<long, TLocal> body, Action<TLocal> end, CancellationToken cancellationToken)
    {
        var job = new Job<TLocal>(pieces, start, body, end, cancellationToken);
        int count = (int)Math.Max(1, Math.Min(workers, pieces));
        if (count == 1)
        {
            job.Work();
            return;
        }

        try
        {
            Parallel.For(0, count, new ParallelOptions { MaxDegreeOfParallelism = count, CancellationToken = cancellationToken }, _ => job.Work());
        }
        catch (AggregateException e) when (e.InnerExceptions.Count > 0)
        {
            // Workers that fail at once each add theirs (every worker of a file that ended early
            // finds it short): the caller gets the first, as the exception the documentation names.
            ExceptionDispatchInfo.Capture(e.InnerExceptions[0]).Throw();
        }
    }

    /// <summary>The pieces of one call and the counter that hands them out.</summary>
    private sealed class Job<TLocal>(long pieces, Func<TLocal> start, Action<long, TLocal> body, Action<TLocal> end, CancellationToken cancellationToken)
    {
        private long _next = -1;
        private volatile bool _failed;

        public void Work()
        {
            WorkerStarted.Value?.Invoke();
            TLocal local = start();
            try
            {
                for (long piece = Interlocked.Increment(ref _next); piece < pieces && !_failed; piece = Interlocked.Increment(ref _next))
                {
                    cancellationToken.ThrowIfCancellationRequested();
                    body(piece, local);
                }
            }
            catch
            {
                _failed = true;
                throw;
            }
            finally
            {
                end(local);
            }
        }
    }
}

using System;
using System.Collections.Concurrent;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// The one work-claiming loop of the library and the tool (<see cref="ParallelPieces"/>): every
/// piece once, no more workers than asked or than pieces, the calling thread among them, a local
/// per worker handed back, the first exception rethrown unwrapped after the others stopped, and on
/// <see cref="ParallelPieces.DedicatedThreads"/> every worker running at once.
/// </summary>
public sealed class ParallelPiecesTests
{
    public static TheoryData<long, int, bool> Cases()
    {
        var cases = new TheoryData<long, int, bool>();
        foreach (bool dedicated in new[] { false, true })
        {
            foreach ((long pieces, int workers) in new[] { (0L, 4), (1L, 4), (3L, 4), (4L, 4), (1000L, 1), (1000L, 3), (1000L, 16) })
            {
                cases.Add(pieces, workers, dedicated);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Every_piece_runs_once_on_at_most_the_workers_given_with_a_local_each(long pieces, int workers, bool dedicated)
    {
        int[] runs = new int[pieces];
        var threads = new ConcurrentDictionary<int, int>();
        var locals = new ConcurrentBag<object>();
        var returned = new ConcurrentBag<object>();
        int caller = Environment.CurrentManagedThreadId;

        ParallelPieces.Run(
            pieces,
            workers,
            () =>
            {
                var local = new object();
                locals.Add(local);
                return local;
            },
            (piece, local) =>
            {
                Interlocked.Increment(ref runs[piece]);
                threads[Environment.CurrentManagedThreadId] = 1;
            },
            returned.Add,
            CancellationToken.None,
            dedicated ? ParallelPieces.DedicatedThreads : null);

        Assert.All(runs, r => Assert.Equal(1, r));
        Assert.True(threads.Count <= Math.Max(1, Math.Min(workers, pieces)), $"{threads.Count} threads for {pieces} pieces on {workers} workers");
        Assert.Equal(locals.OrderBy(l => l.GetHashCode()), returned.OrderBy(l => l.GetHashCode()));
        if (workers == 1 || pieces <= 1)
        {
            Assert.True(threads.IsEmpty || threads.Keys.Single() == caller, "one worker is the calling thread");
        }
    }

    [Fact]
    public void Dedicated_threads_run_every_worker_at_once()
    {
        // Eight pieces on eight workers, each piece waiting for the others at a barrier: only eight
        // workers inside at once can pass it, whatever the thread pool holds.
        using var barrier = new Barrier(8);
        ParallelPieces.Run<object?>(8, 8, static () => null, (_, _) => Assert.True(barrier.SignalAndWait(TimeSpan.FromSeconds(30)), "the eight workers were not inside at once"), static _ => { }, CancellationToken.None, ParallelPieces.DedicatedThreads);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void The_first_failure_reaches_the_caller_unwrapped_and_stops_the_rest(bool dedicated)
    {
        int ran = 0;
        IOException thrown = Assert.Throws<IOException>(() => ParallelPieces.Run<object?>(1_000_000, 4, static () => null, (piece, _) =>
        {
            Interlocked.Increment(ref ran);
            if (piece == 10)
            {
                throw new IOException("piece 10 failed");
            }
        }, static _ => { }, CancellationToken.None, dedicated ? ParallelPieces.DedicatedThreads : null));

        Assert.Equal("piece 10 failed", thrown.Message);
        Assert.True(Volatile.Read(ref ran) < 1_000_000, "the other workers went on after the failure");
    }

    [Fact]
    public void Cancellation_is_honoured_before_each_piece()
    {
        using var cancel = new CancellationTokenSource();
        int ran = 0;
        Assert.Throws<OperationCanceledException>(() => ParallelPieces.Run<object?>(1_000_000, 2, static () => null, (piece, _) =>
        {
            if (Interlocked.Increment(ref ran) == 100)
            {
                cancel.Cancel();
            }
        }, static _ => { }, cancel.Token));
        Assert.True(Volatile.Read(ref ran) < 1_000_000);
    }

    [Fact]
    public void A_worker_started_after_the_call_finished_does_nothing()
    {
        // The scheduler holds the queued workers until the call has returned: the calling thread
        // must have done every piece without waiting for them, and when they run at last they
        // must find the call closed and touch nothing (no local made, no piece run).
        var held = new HeldScheduler();
        int locals = 0, ran = 0;
        ParallelPieces.Run(100, 4, () => Interlocked.Increment(ref locals), (_, _) => Interlocked.Increment(ref ran), static _ => { }, CancellationToken.None, held);

        Assert.Equal(100, ran);
        Assert.Equal(1, locals);
        Assert.Equal(3, held.Count);
        held.RunAll();
        Assert.Equal(100, ran);
        Assert.Equal(1, locals);
    }

    [Fact]
    public void The_calling_thread_waits_for_a_piece_a_worker_is_still_doing()
    {
        // Two pieces on two dedicated workers: whichever thread takes the slow piece, the call
        // returns only after it is done.
        using var bothStarted = new Barrier(2);
        int done = 0;
        ParallelPieces.Run<object?>(2, 2, static () => null, (piece, _) =>
        {
            Assert.True(bothStarted.SignalAndWait(TimeSpan.FromSeconds(30)), "the two workers were not inside at once");
            if (piece == 1)
            {
                Thread.Sleep(200);
            }

            Interlocked.Increment(ref done);
        }, static _ => { }, CancellationToken.None, ParallelPieces.DedicatedThreads);

        Assert.Equal(2, Volatile.Read(ref done));
    }

    /// <summary>Holds every task queued until <see cref="RunAll"/>.</summary>
    private sealed class HeldScheduler : TaskScheduler
    {
        private readonly ConcurrentQueue<Task> _tasks = new();

        public int Count => _tasks.Count;

        public void RunAll()
        {
            while (_tasks.TryDequeue(out Task? task))
            {
                TryExecuteTask(task);
            }
        }

        protected override void QueueTask(Task task) => _tasks.Enqueue(task);

        protected override bool TryExecuteTaskInline(Task task, bool taskWasPreviouslyQueued) => false;

        protected override System.Collections.Generic.IEnumerable<Task> GetScheduledTasks() => _tasks;
    }
}

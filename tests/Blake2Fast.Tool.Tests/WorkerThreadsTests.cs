using System;
using System.Collections.Concurrent;
using System.IO;
using System.Linq;
using System.Threading;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The tool's one loop for work on several threads (<see cref="WorkerThreads"/>: BLAKE3 pieces,
/// populating a mapping): every item once, no more threads than asked or than items, the calling
/// thread among them, the first exception rethrown unwrapped after every thread stopped.
/// </summary>
public sealed class WorkerThreadsTests
{
    [Theory]
    [InlineData(0L, 4)]
    [InlineData(1L, 4)]
    [InlineData(3L, 4)]
    [InlineData(4L, 4)]
    [InlineData(1000L, 1)]
    [InlineData(1000L, 3)]
    [InlineData(1000L, 16)]
    public void Every_item_runs_once_on_at_most_the_threads_given(long count, int threads)
    {
        int[] runs = new int[count];
        var workers = new ConcurrentDictionary<int, int>();
        int caller = Environment.CurrentManagedThreadId;

        WorkerThreads.Run(count, threads, "test worker", (worker, item) =>
        {
            Interlocked.Increment(ref runs[item]);
            workers[worker] = Environment.CurrentManagedThreadId;
        });

        Assert.All(runs, r => Assert.Equal(1, r));
        Assert.True(workers.Count <= Math.Max(1, Math.Min(threads, count)), $"{workers.Count} workers for {count} items on {threads} threads");
        Assert.All(workers.Keys, w => Assert.InRange(w, 0, Math.Max(0, Math.Min(threads, count) - 1)));
        Assert.Equal(workers.Count, workers.Values.Distinct().Count());
        // The calling thread is worker 0 (the helpers may have taken every item before it asked).
        Assert.True(!workers.TryGetValue(0, out int thread0) || thread0 == caller, "worker 0 ran on another thread than the caller");
        if (threads == 1 && count > 0)
        {
            Assert.Equal(caller, Assert.Single(workers.Values));
        }
    }

    [Fact]
    public void Threads_run_at_once_when_there_are_items_for_them()
    {
        // Four items on four threads, each item waiting for the others: only four at once can finish.
        using var barrier = new Barrier(4);
        WorkerThreads.Run(4, 4, "test worker", (_, _) => Assert.True(barrier.SignalAndWait(TimeSpan.FromSeconds(30)), "the four workers did not all run at once"));
    }

    [Fact]
    public void The_first_failure_reaches_the_caller_unwrapped_and_stops_the_rest()
    {
        int ran = 0;
        var thrown = Assert.Throws<IOException>(() => WorkerThreads.Run(1_000_000, 4, "test worker", (_, item) =>
        {
            Interlocked.Increment(ref ran);
            if (item == 10)
            {
                throw new IOException("item 10 failed");
            }
        }));

        Assert.Equal("item 10 failed", thrown.Message);
        Assert.True(Volatile.Read(ref ran) < 1_000_000, "the other workers went on after the failure");
    }
}

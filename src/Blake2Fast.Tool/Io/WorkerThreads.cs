using System;
using System.Runtime.ExceptionServices;
using System.Threading;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// The tool's one loop for work spread over threads: items 0 to count - 1, each thread taking the
/// next item not yet taken, the calling thread among them (as worker 0), so that a slow item holds
/// up one thread and never the others. Dedicated threads, not the thread pool: the tool runs one
/// job at a time and wants exactly the threads it was given (<c>--num-threads</c>) at once.
/// The first exception stops the others after their current item and is rethrown, unwrapped, on
/// the calling thread once every thread has stopped.
/// </summary>
internal static class WorkerThreads
{
    /// <summary>
    /// Runs <paramref name="work"/>(worker, item) for every item below <paramref name="count"/> on
    /// min(<paramref name="threads"/>, <paramref name="count"/>) threads (one at least).
    /// </summary>
    public static void Run(long count, int threads, string threadName, Action<int, long> work)
    {
        long next = -1;
        int failed = 0;
        ExceptionDispatchInfo? failure = null;

        void Work(int worker)
        {
            try
            {
                for (long item = Interlocked.Increment(ref next); item < count && Volatile.Read(ref failed) == 0; item = Interlocked.Increment(ref next))
                {
                    work(worker, item);
                }
            }
            catch (Exception ex)
            {
                Interlocked.CompareExchange(ref failure, ExceptionDispatchInfo.Capture(ex), null);
                Volatile.Write(ref failed, 1);
            }
        }

        var helpers = new Thread[(int)Math.Max(0, Math.Min(threads, count) - 1)];
        for (int i = 0; i < helpers.Length; i++)
        {
            int worker = i + 1;
            helpers[i] = new Thread(() => Work(worker)) { IsBackground = true, Name = threadName };
            helpers[i].Start();
        }

        Work(0);
        foreach (Thread helper in helpers)
        {
            helper.Join();
        }

        failure?.Throw();
    }
}

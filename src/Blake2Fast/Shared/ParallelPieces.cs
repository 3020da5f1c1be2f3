using System;
using System.Collections.Generic;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Internal;

/// <summary>
/// Runs numbered pieces of work on several threads, the calling one among them: every worker
/// takes the next piece not yet taken until none is left. The one work-claiming loop of the
/// library and of the <c>b2fast</c> tool (BLAKE3's and Bao's pieces, BLAKE2 tree batches in memory
/// and from files, the tool's files read at their offsets); each family plans its own pieces
/// (<see cref="Blake3PiecePlan"/>, <c>Blake2TreePlan</c>).
/// </summary>
/// <remarks>
/// <para>
/// Pieces rather than one share per worker: a static split finishes when its slowest share does,
/// and on a shared machine one core is often slowed for a while. With about
/// <see cref="PerWorker"/> pieces or more each, a worker that falls behind is helped by the
/// others, as a work-stealing join does.
/// </para>
/// <para>
/// Workers other than the calling thread are queued on the scheduler given: the thread pool
/// by default (a library must not make a pool of its own), <see cref="DedicatedThreads"/> where
/// the caller wants exactly the threads it asked for at once (the tool's <c>--num-threads</c>).
/// The calling thread works from the start and, once no piece is left, waits only for the
/// workers that have taken one: a worker that the pool starts after that finds the call closed
/// and returns at once, so a busy pool (64 logins on 2 cores) slows a call down but never
/// deadlocks it. The first exception stops the other workers before their next piece and
/// reaches the caller as itself, not wrapped in an <see cref="AggregateException"/>;
/// cancellation is checked before each piece. A call allocates its job and a queued item per
/// worker, nothing per piece.
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
    /// What a test sets around the calls it makes (it flows with the execution context, so only
    /// the test's own calls see it): an action each worker runs as it starts, before its first
    /// piece, and the scheduler workers run on when the caller names none.
    /// </summary>
    internal static readonly AsyncLocal<WorkerHooks?> Hooks = new();

    /// <summary>Runs <paramref name="work"/> for pieces 0 to <paramref name="pieces"/> - 1 on up to <paramref name="workers"/> threads.</summary>
    public static void Run(int pieces, int workers, Action<int> work) =>
        Run<Action<int>>(pieces, workers, () => work, static (piece, run) => run((int)piece), static _ => { }, CancellationToken.None);

    /// <summary>
    /// Runs <paramref name="body"/> for pieces 0 to <paramref name="pieces"/> - 1 on up to
    /// <paramref name="workers"/> threads; each worker gets its own <typeparamref name="TLocal"/>
    /// from <paramref name="start"/> (a read buffer) and hands it to <paramref name="end"/> when it stops.
    /// </summary>
    /// <param name="pieces">How many pieces.</param>
    /// <param name="workers">The most threads, the calling one among them.</param>
    /// <param name="start">Makes a worker's local as it starts.</param>
    /// <param name="body">Does one piece with the worker's local.</param>
    /// <param name="end">Takes a worker's local back as it stops, failed or not.</param>
    /// <param name="cancellationToken">Checked before each piece.</param>
    /// <param name="scheduler">Where workers other than the calling thread run: the thread pool when <see langword="null"/>, or <see cref="DedicatedThreads"/>.</param>
    public static void Run<TLocal>(long pieces, int workers, Func<TLocal> start, Action<long, TLocal> body, Action<TLocal> end, CancellationToken cancellationToken, TaskScheduler? scheduler = null)
    {
        WorkerHooks? hooks = Hooks.Value;
        var job = new Job<TLocal>(pieces, start, body, end, hooks?.Started, cancellationToken);
        int others = (int)Math.Max(0, Math.Min(workers, pieces) - 1);
        scheduler ??= hooks?.Scheduler;
        for (int i = 0; i < others; i++)
        {
            if (scheduler is null)
            {
                ThreadPool.QueueUserWorkItem(Job<TLocal>.JoinCallback, job);
            }
            else
            {
                Task.Factory.StartNew(static state => ((Job<TLocal>)state!).Join(), job, CancellationToken.None, TaskCreationOptions.DenyChildAttach, scheduler);
            }
        }

        job.RunOnCaller();
    }

    /// <summary>
    /// A scheduler that starts a background thread for each worker, so that every worker runs at
    /// once whatever the thread pool holds: for a program that runs one job at a time and was
    /// told how many threads to use. Threads end with their worker.
    /// </summary>
    public static TaskScheduler DedicatedThreads { get; } = new DedicatedThreadScheduler();

    /// <summary>See <see cref="Hooks"/>.</summary>
    /// <param name="Started">Run by each worker as it starts, before its first piece.</param>
    /// <param name="Scheduler">The scheduler for calls that name none (the thread pool's otherwise).</param>
    internal sealed record WorkerHooks(Action? Started, TaskScheduler? Scheduler);

    /// <summary>The pieces of one call, the counter that hands them out and the workers inside.</summary>
    private sealed class Job<TLocal>(long pieces, Func<TLocal> start, Action<long, TLocal> body, Action<TLocal> end, Action? started, CancellationToken cancellationToken)
    {
        /// <summary>The bit of <see cref="_workers"/> set once the calling thread has finished: no worker may join after it.</summary>
        private const int Closed = 1 << 30;

        /// <summary>What a queued worker runs: joins the job unless it is closed.</summary>
        public static readonly WaitCallback JoinCallback = static job => ((Job<TLocal>)job!).Join();

        private long _next = -1;
        private volatile bool _failed;
        private Exception? _firstError;

        /// <summary>The queued workers inside the job (working or about to), plus <see cref="Closed"/>.</summary>
        private int _workers;

        /// <summary>The calling thread's part: works until no piece is left, closes the job, waits for the workers inside, then throws the first error.</summary>
        public void RunOnCaller()
        {
            Work();
            if (Interlocked.Add(ref _workers, Closed) != Closed)
            {
                // Workers still finish pieces they took: a short spin usually sees them done
                // without the cost of sleeping and being woken.
                var spin = default(SpinWait);
                while (Volatile.Read(ref _workers) != Closed)
                {
                    if (spin.NextSpinWillYield)
                    {
                        lock (this)
                        {
                            while (Volatile.Read(ref _workers) != Closed)
                            {
                                Monitor.Wait(this);
                            }
                        }

                        break;
                    }

                    spin.SpinOnce();
                }
            }

            if (_firstError is { } error)
            {
                ExceptionDispatchInfo.Capture(error).Throw();
            }
        }

        /// <summary>A queued worker's part: joins the job and works unless the calling thread has already closed it.</summary>
        public void Join()
        {
            int seen = Volatile.Read(ref _workers);
            while (true)
            {
                if ((seen & Closed) != 0)
                {
                    return;
                }

                int before = Interlocked.CompareExchange(ref _workers, seen + 1, seen);
                if (before == seen)
                {
                    break;
                }

                seen = before;
            }

            try
            {
                Work();
            }
            finally
            {
                if (Interlocked.Decrement(ref _workers) == Closed)
                {
                    // The last worker out of a closed job wakes the calling thread.
                    lock (this)
                    {
                        Monitor.PulseAll(this);
                    }
                }
            }
        }

        private void Work()
        {
            try
            {
                started?.Invoke();
                TLocal local = start();
                try
                {
                    for (long piece = Interlocked.Increment(ref _next); piece < pieces && !_failed; piece = Interlocked.Increment(ref _next))
                    {
                        cancellationToken.ThrowIfCancellationRequested();
                        body(piece, local);
                    }
                }
                finally
                {
                    end(local);
                }
            }
            catch (Exception e)
            {
                _failed = true;
                Interlocked.CompareExchange(ref _firstError, e, null);
            }
        }
    }

    /// <summary>A thread for every task queued; none run inline on another scheduler's thread.</summary>
    private sealed class DedicatedThreadScheduler : TaskScheduler
    {
        public override int MaximumConcurrencyLevel => int.MaxValue;

        protected override void QueueTask(Task task) =>
            new Thread(() => TryExecuteTask(task)) { IsBackground = true, Name = "Blake2Fast worker" }.Start();

        // Nothing waits on these tasks (the calling thread works beside them): none runs inline.
        protected override bool TryExecuteTaskInline(Task task, bool taskWasPreviouslyQueued) => false;

        protected override IEnumerable<Task> GetScheduledTasks() => [];
    }
}

using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;
using Orleans;
using Orleans.Runtime;
using Orleans.Runtime.Placement;

namespace Blake2Fast.OrleansSample;

/// <summary>
/// The client's side of a job: submits it to a new coordinator, watches that the coordinator is
/// still alive while it runs, and, if the coordinator's silo is lost, submits the job again to a
/// new one (at most <see cref="MaxJobAttempts"/> times in all).
/// </summary>
/// <remarks>
/// <para>A lost worker silo is the coordinator's business (it retries the piece elsewhere); a lost
/// coordinator loses the job's state, so the client starts the job over. A client is not told
/// that a silo behind its gateway died, and a call to a grain there would wait for its whole
/// response timeout, so while the job runs the client asks the coordinator every
/// <see cref="HeartbeatPeriod"/> whether it is running the job
/// (<see cref="IHashJobGrain.IsRunningAsync"/>). Two answers in a row that are missing (the call
/// failed or timed out) or "no" (Orleans has activated the grain again on a live silo, without
/// the job) mean the coordinator is lost: the job call is cancelled and the job submitted again.</para>
/// <para>Failures of the job itself (<see cref="PieceFailedException"/>, a missing or changed
/// file, a bad argument) and cancellation are not retried: they reach the caller as they are.</para>
/// </remarks>
/// <param name="grains">The cluster client (or a grain factory inside a silo).</param>
public sealed partial class DistributedHasher(IGrainFactory grains)
{
    private readonly IGrainFactory _grains = grains ?? throw new ArgumentNullException(nameof(grains));

    /// <summary>
    /// How many times one job is submitted before it gives up (default 5). Just after a silo dies,
    /// a submission may also be refused outright (the client's gateway connection to that silo is
    /// not yet known dead): that uses an attempt too, hence more than two or three.
    /// </summary>
    public int MaxJobAttempts { get; init; } = 5;

    /// <summary>How often the client checks that the coordinator is alive (default 5 seconds).</summary>
    public TimeSpan HeartbeatPeriod { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>
    /// How long the client waits before it submits a job again (default 2 seconds): time for its
    /// gateway connections to notice the silo that was lost.
    /// </summary>
    public TimeSpan RetryDelay { get; init; } = TimeSpan.FromSeconds(2);

    /// <summary>Where the client says that it submits a job again; none by default.</summary>
    public ILogger? Logger { get; init; }

    /// <summary>Hashes a file with BLAKE3 across the cluster.</summary>
    /// <param name="job">The file, mode and output length.</param>
    /// <param name="cancellationToken">Cancels the job and its pieces.</param>
    /// <returns>The output: what <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/> (or its keyed and key derivation forms) gives for the whole file.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="job"/> is <see langword="null"/>.</exception>
    public Task<byte[]> HashBlake3Async(Blake3Job job, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(job);
        return RunAsync((coordinator, token) => coordinator.HashBlake3Async(job, token), cancellationToken);
    }

    /// <summary>Hashes a file with BLAKE2b in tree mode (unlimited fanout) across the cluster.</summary>
    /// <param name="job">The file, leaf length and digest length.</param>
    /// <param name="cancellationToken">Cancels the job and its pieces.</param>
    /// <returns>The digest: what <see cref="Blake2b.HashTree(ReadOnlySpan{byte}, int, Span{byte}, int)"/> gives for the whole file.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="job"/> is <see langword="null"/>.</exception>
    public Task<byte[]> HashBlake2TreeAsync(Blake2TreeJob job, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(job);
        return RunAsync((coordinator, token) => coordinator.HashBlake2TreeAsync(job, token), cancellationToken);
    }

    private async Task<byte[]> RunAsync(Func<IHashJobGrain, CancellationToken, Task<byte[]>> submit, CancellationToken cancellationToken)
    {
        for (int attempt = 1; ; attempt++)
        {
            // A new job id each time: a new coordinator, placed afresh, with no state from before.
            Guid jobId = Guid.NewGuid();
            IHashJobGrain coordinator = _grains.GetGrain<IHashJobGrain>(jobId);
            using var call = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            Task<byte[]> job = submit(coordinator, call.Token);
            try
            {
                if (await IsAnsweredAsync(job, coordinator, cancellationToken).ConfigureAwait(false))
                {
                    return await job.ConfigureAwait(false);
                }

                // Lost: stop waiting for an answer that will not come.
                await call.CancelAsync().ConfigureAwait(false);
                if (attempt == MaxJobAttempts)
                {
                    throw new SiloUnavailableException($"The job's coordinator was lost {attempt} times; giving up.");
                }

                LogResubmit(Logger ?? NullLogger.Instance, jobId, attempt, MaxJobAttempts, null);
            }
            catch (Exception e) when (attempt < MaxJobAttempts && IsCoordinatorLost(e))
            {
                // The call itself reported the coordinator's silo gone, or could not reach it.
                LogResubmit(Logger ?? NullLogger.Instance, jobId, attempt, MaxJobAttempts, e);
            }

            // Start over, placed by Orleans: a placement hint the caller gave may name the silo
            // that was just lost.
            RequestContext.Remove(IPlacementDirector.PlacementHintKey);
            await Task.Delay(RetryDelay, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Waits for the job's answer; <see langword="false"/> if the coordinator is lost first.</summary>
    private async Task<bool> IsAnsweredAsync(Task<byte[]> job, IHashJobGrain coordinator, CancellationToken cancellationToken)
    {
        int misses = 0;
        while (misses < 2)
        {
            if (await Task.WhenAny(job, Task.Delay(HeartbeatPeriod, cancellationToken)).ConfigureAwait(false) == job)
            {
                return true;
            }

            cancellationToken.ThrowIfCancellationRequested();
            bool running;
            try
            {
                running = await coordinator.IsRunningAsync().ConfigureAwait(false);
            }
            catch (Exception e) when (IsCoordinatorLost(e))
            {
                running = false;
            }

            misses = running ? 0 : misses + 1;
        }

        return job.IsCompleted;
    }

    [LoggerMessage(Level = LogLevel.Warning, Message = "Job {JobId}: the coordinator is lost (attempt {Attempt} of {MaxAttempts}); submitting the job again")]
    private static partial void LogResubmit(ILogger logger, Guid jobId, int attempt, int maxAttempts, Exception? exception);

    /// <summary>The runtime lost or refused the call (its silo died or is leaving), or it timed out.</summary>
    private static bool IsCoordinatorLost(Exception e) => e is SiloUnavailableException or OrleansMessageRejectionException or TimeoutException;
}

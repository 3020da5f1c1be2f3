using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Orleans;
using Orleans.Placement;
using Orleans.Runtime;
using Orleans.Runtime.Placement;

namespace Blake2Fast.OrleansSample;

/// <summary>
/// A job's coordinator (see <see cref="IHashJobGrain"/>): one activation per job; it hashes
/// nothing but a one-chunk BLAKE3 input itself.
/// </summary>
/// <remarks>
/// <para><b>Placement.</b> Prefer-local: the coordinator is activated on the silo whose gateway
/// took the client's call, a silo the client has just reached. A job that the client submits
/// again after losing a coordinator therefore starts on a live silo, not on the dead one, which
/// the cluster goes on counting as active until its failure detector has voted it out.</para>
/// <para><b>Cutting.</b> BLAKE3: pieces of <see cref="Blake3Subtree.SplitLength"/> bytes (1024
/// times a power of two), so that every piece is a subtree of the file's tree; an input of 1024
/// bytes or less has no subtrees and is hashed here, from the file, with an offset-0 hasher's
/// <c>Finish</c> (the root). BLAKE2 tree: runs of whole leaves; an empty file is one empty
/// leaf, which a worker hashes like any other.</para>
/// <para><b>Spreading.</b> Pieces are taken in order by a bounded number of lanes
/// (<see cref="HashJobOptions.MaxPiecesInFlight"/>); each attempt is a new worker activation
/// whose silo the coordinator names with a placement hint: the active silos in address order,
/// piece <c>i</c>, attempt <c>a</c> on silo <c>(i + a) mod n</c>, leaving out every silo on which
/// an attempt of this job failed.</para>
/// <para><b>Failures.</b> An attempt that times out (<see cref="HashJobOptions.PieceTimeout"/>),
/// loses its silo, is rejected by the runtime or meets an I/O error is given to another silo, at
/// most <see cref="HashJobOptions.MaxAttempts"/> times in all, then the job fails with
/// <see cref="PieceFailedException"/>. Anything else (a file that changed, a bad argument) fails
/// the job at once with its own exception, and cancels the pieces still in flight; so does the
/// caller's cancellation.</para>
/// </remarks>
[PreferLocalPlacement]
public sealed partial class HashJobGrain(IClusterMembershipService membership, IHostApplicationLifetime lifetime, ILogger<HashJobGrain> logger) : Grain, IHashJobGrain
{
    /// <summary>Silos on which an attempt of this job failed; later attempts avoid them.</summary>
    private readonly HashSet<SiloAddress> _failedSilos = [];

    /// <summary>This job's id: the grain's key.</summary>
    private Guid JobId => this.GetPrimaryKey();

    /// <summary>Whether a job runs on this activation (what <see cref="IsRunningAsync"/> reports).</summary>
    private bool _running;

    /// <inheritdoc/>
    public Task<bool> IsRunningAsync()
    {
        if (!_running)
        {
            // Activated by the heartbeat alone (the job's silo died, or the job is over): go.
            DeactivateOnIdle();
        }

        return Task.FromResult(_running);
    }

    /// <inheritdoc/>
    public async Task<byte[]> HashBlake3Async(Blake3Job job, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(job);
        ArgumentOutOfRangeException.ThrowIfLessThan(job.OutputLength, 1, nameof(job.OutputLength));
        job.Options.Validate();
        Blake3Mode mode = job.Mode.ToMode();
        long fileLength = FileLength(job.Path);
        byte[] output = new byte[job.OutputLength];
        _running = true;
        try
        {
            if (fileLength <= Blake3Subtree.ChunkLength)
            {
                // One chunk or less has no subtrees (SplitLength and MergeRoot refuse it): its hash
                // is the root of a single chunk, which an offset-0 hasher's Finish gives in any mode.
                LogJob(JobId, "BLAKE3", job.Path, fileLength, 0, RuntimeIdentity);
                byte[] bytes = await FileRange.ReadAllAsync(Piece(job, fileLength, 0, 0, 0, fileLength), cancellationToken);
                Blake3HashState hasher = Blake3Subtree.CreateHasher(mode, 0);
                hasher.Update(bytes);
                hasher.Finish(output);
                return output;
            }

            long pieceLength = Blake3Subtree.SplitLength(fileLength, job.Options.MaxPieces);
            int count = (int)(((fileLength - 1) / pieceLength) + 1);
            LogJob(JobId, "BLAKE3", job.Path, fileLength, count, RuntimeIdentity);
            byte[] chainingValues = new byte[count * Blake3Subtree.ChainingValueLength];
            long[] lengths = new long[count];
            await RunPiecesAsync(
                new Plan(
                    count,
                    (index, attempt) => Piece(job, fileLength, index, attempt, index * pieceLength, Math.Min(pieceLength, fileLength - (index * pieceLength))),
                    (worker, piece, token) => worker.HashSubtreeAsync(piece, job.Mode, token),
                    _ => Blake3Subtree.ChainingValueLength,
                    (piece, chainingValue) =>
                    {
                        lengths[piece.Index] = piece.Length;
                        chainingValue.CopyTo(chainingValues, piece.Index * Blake3Subtree.ChainingValueLength);
                    },
                    job.Options),
                cancellationToken);

            Blake3Subtree.MergeRoot(mode, lengths, chainingValues, output);
            return output;
        }
        finally
        {
            _running = false;
            DeactivateOnIdle();
        }
    }

    /// <inheritdoc/>
    public async Task<byte[]> HashBlake2TreeAsync(Blake2TreeJob job, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(job);
        ArgumentOutOfRangeException.ThrowIfLessThan(job.LeafLength, 1, nameof(job.LeafLength));
        ArgumentOutOfRangeException.ThrowIfLessThan(job.DigestLength, 1, nameof(job.DigestLength));
        ArgumentOutOfRangeException.ThrowIfGreaterThan(job.DigestLength, Blake2b.MaxDigestLength, nameof(job.DigestLength));
        job.Options.Validate();
        long fileLength = FileLength(job.Path);
        long leafCount = Blake2Leaves.LeafCount(fileLength, job.LeafLength);
        long leavesPerPiece = Blake2Leaves.LeavesPerPiece(leafCount, job.Options.MaxPieces, job.DigestLength);
        long pieceLength = leavesPerPiece * job.LeafLength;
        _running = true;
        try
        {
            int count = checked((int)(((leafCount - 1) / leavesPerPiece) + 1));
            LogJob(JobId, "BLAKE2b tree", job.Path, fileLength, count, RuntimeIdentity);

            // The root absorbs the leaf digests as the pieces arrive in order: the coordinator keeps
            // only the pieces that finished ahead of a slower one, not the whole tree's digests.
            using var root = Blake2b.CreateTreeRootHasher(job.LeafLength, job.DigestLength);
            await RunPiecesAsync(
                new Plan(
                    count,
                    (index, attempt) => Piece(job, fileLength, index, attempt, index * pieceLength, Math.Clamp(fileLength - (index * pieceLength), 0, pieceLength)),
                    (worker, piece, token) => worker.HashLeavesAsync(piece, job.LeafLength, job.DigestLength, token),
                    piece => (int)(Blake2Leaves.LeafCount(piece.Length, job.LeafLength) * job.DigestLength),
                    (_, digests) => root.AppendLeafDigests(digests),
                    job.Options),
                cancellationToken);

            byte[] digest = new byte[job.DigestLength];
            root.Finish(digest);
            return digest;
        }
        finally
        {
            _running = false;
            DeactivateOnIdle();
        }
    }

    /// <summary>The input's length, read on this silo; a missing file fails the job here, before any piece.</summary>
    private static long FileLength(string path)
    {
        ArgumentException.ThrowIfNullOrEmpty(path);
        var file = new FileInfo(path);
        return file.Exists ? file.Length : throw new FileNotFoundException($"The job's input {path} does not exist on the coordinator's silo.", path);
    }

    private PieceInfo Piece(HashJob job, long fileLength, int index, int attempt, long offset, long length) =>
        new(JobId, index, attempt, job.Path, fileLength, offset, length, job.Options.ReadBufferLength);

    /// <summary>
    /// Runs the plan's pieces on bounded lanes, each piece with retries, and hands their results
    /// to <see cref="Plan.Consume"/> in piece order. The first failure that is not retried cancels
    /// the rest and is what the caller sees; so is the caller's cancellation.
    /// </summary>
    private async Task RunPiecesAsync(Plan plan, CancellationToken cancellationToken)
    {
        var early = new Dictionary<int, (PieceInfo Piece, byte[] Result)>();
        int next = 0;
        int consumed = 0;
        ExceptionDispatchInfo? failure = null;
        using var job = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        int lanes = Math.Min(plan.Count, plan.Options.MaxPiecesInFlight > 0 ? plan.Options.MaxPiecesInFlight : 2 * Math.Max(1, ActiveSilos().Count));

        // Lanes interleave on this activation's single-threaded scheduler: the counters and the
        // results that finished ahead of their turn need no lock.
        async Task Lane()
        {
            try
            {
                for (int index = next++; index < plan.Count; index = next++)
                {
                    early[index] = await RunPieceAsync(plan, index, job.Token);
                    while (early.Remove(consumed, out var ready))
                    {
                        plan.Consume(ready.Piece, ready.Result);
                        consumed++;
                    }
                }
            }
            catch (Exception e) when (!job.IsCancellationRequested)
            {
                failure ??= ExceptionDispatchInfo.Capture(e);
                await job.CancelAsync();
            }
        }

        try
        {
            await Task.WhenAll(Enumerable.Range(0, lanes).Select(_ => Lane()));
        }
        catch (Exception) when (job.IsCancellationRequested)
        {
            // Lanes end with an exception only once the job is cancelled: by the first failure
            // (in `failure`) or by the caller. Either is reported below, not whichever lane's
            // exception WhenAll happens to pick.
        }

        failure?.Throw();
        cancellationToken.ThrowIfCancellationRequested();
    }

    /// <summary>Runs one piece: up to MaxAttempts attempts, each on a new activation on another silo.</summary>
    private async Task<(PieceInfo Piece, byte[] Result)> RunPieceAsync(Plan plan, int index, CancellationToken cancellationToken)
    {
        Exception? last = null;
        for (int attempt = 0; attempt < plan.Options.MaxAttempts; attempt++)
        {
            cancellationToken.ThrowIfCancellationRequested();
            PieceInfo info = plan.Piece(index, attempt);
            SiloAddress? silo = PickSilo(index, attempt);
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(plan.Options.PieceTimeout);

            // The hint places the new activation (a new key per attempt, so always a new one). It
            // is set in this method's own async flow, so it reaches this call only.
            if (silo is not null)
            {
                RequestContext.Set(IPlacementDirector.PlacementHintKey, silo);
            }

            try
            {
                byte[] result = await plan.Call(GrainFactory.GetGrain<IHashWorkerGrain>(info.WorkerKey), info, timeout.Token);
                return result.Length == plan.ResultLength(info)
                    ? (info, result)
                    : throw new InvalidDataException($"The worker for {info} returned {result.Length} bytes, not {plan.ResultLength(info)}.");
            }
            catch (Exception e) when (!cancellationToken.IsCancellationRequested && lifetime.ApplicationStopping.IsCancellationRequested)
            {
                // This coordinator's own silo is stopping: its calls fail at once ("the local
                // Orleans host is shutting down"), so retrying them here would only turn the loss
                // of the coordinator into a PieceFailedException, which the client takes for a
                // failure of the job itself. It is the coordinator that is lost: say so, and the
                // client submits the job again elsewhere (DistributedHasher). Seen as a flaky
                // A_coordinator_silo_killed_mid_job_has_the_job_started_again.
                throw new SiloUnavailableException($"The silo of job {JobId}'s coordinator is shutting down; {info} was not finished there: {e.Message}");
            }
            catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
            {
                // Not the job's cancellation: the attempt's own timeout, or its silo cancelled it (shutting down).
                last = timeout.IsCancellationRequested
                    ? new TimeoutException($"{info} did not finish within {plan.Options.PieceTimeout}.")
                    : new OperationCanceledException($"{info} was cancelled on its silo.");
            }
            catch (Exception e) when (IsRetryable(e))
            {
                last = e;
            }
            finally
            {
                RequestContext.Remove(IPlacementDirector.PlacementHintKey);
            }

            if (silo is not null)
            {
                _failedSilos.Add(silo);
            }

            LogRetry(last, JobId, info, silo?.ToString() ?? "(any)", plan.Options.MaxAttempts - attempt - 1);
        }

        throw new PieceFailedException($"Piece {index} of job {JobId} failed on all {plan.Options.MaxAttempts} attempts; the last failure: {last!.Message}", last)
        {
            PieceIndex = index,
            Attempts = plan.Options.MaxAttempts,
        };
    }

    /// <summary>
    /// Failures that another silo may not have: the runtime lost or refused the call (a dead or
    /// leaving silo), it timed out, or the silo could not read the file. A changed file
    /// (<see cref="InvalidDataException"/>) or a bad argument would fail everywhere.
    /// </summary>
    private static bool IsRetryable(Exception e) => e is OrleansException or TimeoutException or IOException;

    /// <summary>The silo for an attempt: dealt round the active silos that have not failed this job (all active ones if every one has).</summary>
    private SiloAddress? PickSilo(int index, int attempt)
    {
        List<SiloAddress> active = ActiveSilos();
        List<SiloAddress> healthy = active.Where(s => !_failedSilos.Contains(s)).ToList();
        List<SiloAddress> candidates = healthy.Count > 0 ? healthy : active;
        return candidates.Count == 0 ? null : candidates[(index + attempt) % candidates.Count];
    }

    private List<SiloAddress> ActiveSilos() =>
        membership.CurrentSnapshot.Members.Values.Where(m => m.Status == SiloStatus.Active).Select(m => m.SiloAddress).Order().ToList();

    /// <summary>
    /// A job's pieces: how many, each attempt's piece, the worker call, the length of its result,
    /// and what takes the results, in piece order.
    /// </summary>
    private sealed record Plan(
        int Count,
        Func<int, int, PieceInfo> Piece,
        Func<IHashWorkerGrain, PieceInfo, CancellationToken, Task<byte[]>> Call,
        Func<PieceInfo, int> ResultLength,
        Action<PieceInfo, byte[]> Consume,
        HashJobOptions Options);

    [LoggerMessage(Level = LogLevel.Information, Message = "Job {JobId}: {Function} of {Path} ({Length} bytes) in {Pieces} pieces, coordinated on silo {Silo}")]
    private partial void LogJob(Guid jobId, string function, string path, long length, int pieces, string silo);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Job {JobId}: {Piece} on silo {Silo} failed; {AttemptsLeft} attempts left")]
    private partial void LogRetry(Exception? exception, Guid jobId, PieceInfo piece, string silo, int attemptsLeft);
}

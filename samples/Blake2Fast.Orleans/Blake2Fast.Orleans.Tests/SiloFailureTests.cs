using System;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Orleans.Runtime;
using Orleans.Runtime.Placement;
using Orleans.TestingHost;

namespace Blake2Fast.OrleansSample.Tests;

/// <summary>
/// A silo killed in the middle of a job, each test on a cluster of its own (the silo does not
/// come back): the job completes with the right digest, the dead silo's work taken over.
/// </summary>
public sealed class SiloFailureTests
{
    private static CancellationToken Token => TestContext.Current.CancellationToken;

    [Fact]
    public async Task A_worker_silo_killed_mid_job_has_its_pieces_taken_over()
    {
        await using var cluster = new HashCluster();
        await cluster.InitializeAsync();
        (string path, byte[] bytes) = cluster.CreateFile(2 << 20);
        InProcessSiloHandle[] silos = cluster.Cluster.Silos.ToArray();
        InProcessSiloHandle victim = silos[^1];
        var heldOnVictim = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        // The victim's first attempts hang (until their silo dies); the other silos work normally.
        cluster.Board.On(path, (silo, piece, workerToken) =>
        {
            if (silo != victim.Name || piece.Attempt > 0)
            {
                return Task.CompletedTask;
            }

            heldOnVictim.TrySetResult();
            return Task.Delay(Timeout.Infinite, workerToken);
        });

        // The coordinator goes on the primary silo (a placement hint from the client), so that
        // the silo that dies holds workers only.
        var options = new HashJobOptions { MaxPieces = 12, PieceTimeout = TimeSpan.FromSeconds(20) };
        Task<byte[]> job = SubmitOn(cluster, silos[0], new Blake3Job { Path = path, Options = options });

        await heldOnVictim.Task.WaitAsync(TimeSpan.FromSeconds(20), Token);
        var clock = Stopwatch.StartNew();
        await cluster.Cluster.KillSiloAsync(victim, Token);
        byte[] result = await job.WaitAsync(TimeSpan.FromSeconds(40), Token);
        TestContext.Current.SendDiagnosticMessage($"worker silo killed: the job finished {clock.Elapsed} later");

        Assert.Equal(Blake3.HashData(bytes), result);
        var pieces = cluster.Board.PiecesOf(path);
        int[] lost = pieces.Where(p => p.Silo == victim.Name).Select(p => p.Piece.Index).ToArray();
        Assert.NotEmpty(lost);
        foreach (int index in lost)
        {
            // Taken over: a later attempt of the same piece ran on a silo that is still alive.
            Assert.Contains(pieces, p => p.Piece.Index == index && p.Piece.Attempt > 0 && p.Silo != victim.Name);
        }
    }

    [Fact]
    public async Task A_coordinator_silo_killed_mid_job_has_the_job_started_again()
    {
        await using var cluster = new HashCluster();
        await cluster.InitializeAsync();
        (string path, byte[] bytes) = cluster.CreateFile(1 << 20);
        InProcessSiloHandle victim = cluster.Cluster.Silos[^1];
        Guid? firstJob = null;
        var held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);

        // The first job's pieces wait (on every silo) until its coordinator is dead; the
        // client's second job runs normally.
        cluster.Board.On(path, (_, piece, _) =>
        {
            firstJob ??= piece.JobId;
            if (piece.JobId != firstJob)
            {
                return Task.CompletedTask;
            }

            held.TrySetResult();
            return release.Task;
        });

        Task<byte[]> job = SubmitOn(cluster, victim, new Blake3Job { Path = path, Options = new() { MaxPieces = 8 } });
        await held.Task.WaitAsync(TimeSpan.FromSeconds(20), Token);
        var clock = Stopwatch.StartNew();
        await cluster.Cluster.KillSiloAsync(victim, Token);
        release.SetResult();
        byte[] result = await job.WaitAsync(TimeSpan.FromSeconds(40), Token);
        TestContext.Current.SendDiagnosticMessage($"coordinator silo killed: the job finished {clock.Elapsed} later");

        Assert.Equal(Blake3.HashData(bytes), result);
        Assert.Equal(2, cluster.Board.PiecesOf(path).Select(p => p.Piece.JobId).Distinct().Count());
    }

    /// <summary>Submits a job whose coordinator the client places on <paramref name="silo"/>.</summary>
    private static Task<byte[]> SubmitOn(HashCluster cluster, InProcessSiloHandle silo, Blake3Job job)
    {
        RequestContext.Set(IPlacementDirector.PlacementHintKey, silo.SiloAddress);
        try
        {
            return cluster.Hasher.HashBlake3Async(job, Token);
        }
        finally
        {
            RequestContext.Remove(IPlacementDirector.PlacementHintKey);
        }
    }
}

using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Orleans.TestingHost;

namespace Blake2Fast.OrleansSample.Tests;

/// <summary>A piece as a silo's hook saw it start.</summary>
public sealed record StartedPiece(string Silo, PieceInfo Piece);

/// <summary>
/// What every silo's <see cref="IHashWorkerHook"/> of one cluster reports to, and asks what to do:
/// tests record where pieces ran and hold, fail or slow the pieces of their own file.
/// </summary>
public sealed class HookBoard
{
    private readonly ConcurrentDictionary<string, Func<string, PieceInfo, CancellationToken, Task>> _behaviours = new(StringComparer.Ordinal);

    /// <summary>Every piece started, in the order the hooks saw them.</summary>
    public ConcurrentQueue<StartedPiece> Started { get; } = new();

    /// <summary>Makes the pieces of <paramref name="path"/> run <paramref name="behaviour"/> (silo name, piece, worker token) before they read.</summary>
    public void On(string path, Func<string, PieceInfo, CancellationToken, Task> behaviour) => _behaviours[path] = behaviour;

    /// <summary>The pieces of <paramref name="path"/> seen so far.</summary>
    public List<StartedPiece> PiecesOf(string path) => Started.Where(p => p.Piece.Path == path).ToList();

    internal Task RunAsync(string silo, PieceInfo piece, CancellationToken cancellationToken)
    {
        Started.Enqueue(new StartedPiece(silo, piece));
        return _behaviours.TryGetValue(piece.Path, out var behaviour) ? behaviour(silo, piece, cancellationToken) : Task.CompletedTask;
    }
}

/// <summary>One silo's hook: reports to the cluster's board under the silo's name.</summary>
internal sealed class BoardHook(string silo, HookBoard board) : IHashWorkerHook
{
    public ValueTask OnPieceStartingAsync(PieceInfo piece, CancellationToken cancellationToken) =>
        new(board.RunAsync(silo, piece, cancellationToken));
}

/// <summary>
/// An in-process cluster of three silos (the primary and two secondaries), each with a hook that
/// reports to <see cref="Board"/>, and a folder of generated input files.
/// </summary>
public sealed class HashCluster : IAsyncLifetime
{
    public const int Silos = 3;

    private readonly string _folder = Path.Combine(Path.GetTempPath(), "blake2fast-orleans-" + Guid.NewGuid().ToString("N"));
    private int _files;

    public HashCluster()
    {
        var builder = new InProcessTestClusterBuilder(Silos);
        builder.ConfigureSilo((options, silo) => silo.Services.AddSingleton<IHashWorkerHook>(new BoardHook(options.SiloName, Board)));
        Cluster = builder.Build();
    }

    public InProcessTestCluster Cluster { get; }

    public HookBoard Board { get; } = new();

    /// <summary>The client's side, with a short heartbeat and retry delay so that a lost coordinator is noticed and replaced quickly.</summary>
    public DistributedHasher Hasher => new(Cluster.Client) { HeartbeatPeriod = TimeSpan.FromSeconds(1), RetryDelay = TimeSpan.FromMilliseconds(500) };

    public async ValueTask InitializeAsync()
    {
        Directory.CreateDirectory(_folder);
        await Cluster.DeployAsync();
    }

    public async ValueTask DisposeAsync()
    {
        await Cluster.DisposeAsync();
        Directory.Delete(_folder, recursive: true);
    }

    /// <summary>Writes a file of <paramref name="length"/> pseudo-random bytes (seeded by the length) and returns its path and bytes.</summary>
    public (string Path, byte[] Bytes) CreateFile(int length)
    {
        byte[] bytes = new byte[length];
        new Random(length).NextBytes(bytes);
        string path = Path.Combine(_folder, $"input-{Interlocked.Increment(ref _files)}-{length}.bin");
        File.WriteAllBytes(path, bytes);
        return (path, bytes);
    }
}

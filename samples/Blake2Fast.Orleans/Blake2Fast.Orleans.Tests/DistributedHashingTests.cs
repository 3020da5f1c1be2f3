using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.OrleansSample.Tests;

/// <summary>
/// Jobs on a healthy cluster of three silos: every result against the library's one-machine hash
/// of the same bytes, and the failures that must reach the caller as they are.
/// </summary>
public sealed class DistributedHashingTests(HashCluster cluster) : IClassFixture<HashCluster>
{
    /// <summary>Workers read 64 KiB at a time, so that most pieces arrive in several blocks.</summary>
    private static readonly HashJobOptions Streaming = new() { ReadBufferLength = 64 << 10 };

    private static CancellationToken Token => TestContext.Current.CancellationToken;

    [Theory]
    [InlineData(0, 64)] // empty: no subtrees, hashed by the coordinator
    [InlineData(1, 64)]
    [InlineData(1024, 64)] // exactly one chunk: still no subtrees
    [InlineData(1025, 64)] // the smallest input with two subtrees
    [InlineData(4096, 2)]
    [InlineData(100_000, 7)]
    [InlineData((2 << 20) + 123, 16)]
    [InlineData(1 << 20, 64)] // 64 subtrees of 16 KiB
    public async Task Blake3_matches_the_one_machine_hash_in_every_mode(int length, int maxPieces)
    {
        (string path, byte[] bytes) = cluster.CreateFile(length);
        HashJobOptions options = new() { MaxPieces = maxPieces, ReadBufferLength = Streaming.ReadBufferLength };
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)(7 * i)).ToArray();

        byte[] expected = new byte[32];
        Blake3.HashData(bytes, expected);
        Assert.Equal(expected, await Blake3Async(new() { Path = path, Options = options }));

        Blake3.HashData(key, bytes, expected);
        Assert.Equal(expected, await Blake3Async(new() { Path = path, Mode = Blake3ModeSpec.Keyed(key), Options = options }));

        Blake3.DeriveKey("Blake2Fast Orleans sample 2025-01-01 test context", bytes, expected);
        Assert.Equal(expected, await Blake3Async(new() { Path = path, Mode = Blake3ModeSpec.DeriveKey("Blake2Fast Orleans sample 2025-01-01 test context"), Options = options }));

        // Extended output: the root's output stream, not just its first 32 bytes.
        byte[] extended = new byte[131];
        Blake3.HashData(bytes, extended);
        Assert.Equal(extended, await Blake3Async(new() { Path = path, OutputLength = extended.Length, Options = options }));
    }

    [Theory]
    [InlineData(0, 4096, 64)] // empty: one empty leaf, hashed by a worker like any other
    [InlineData(1, 4096, 64)]
    [InlineData(4096, 4096, 32)] // exactly one leaf
    [InlineData(100_000, 1000, 64)]
    [InlineData((2 << 20) + 123, 64 << 10, 64)]
    [InlineData((2 << 20) + 123, 1 << 20, 20)] // leaves longer than the read buffer
    public async Task Blake2_tree_matches_the_one_machine_hash(int length, int leafLength, int digestLength)
    {
        (string path, byte[] bytes) = cluster.CreateFile(length);
        byte[] expected = Blake2b.HashTree(bytes, leafLength, digestLength);
        Assert.Equal(expected, await Blake2TreeAsync(new() { Path = path, LeafLength = leafLength, DigestLength = digestLength, Options = new() { MaxPieces = 5, ReadBufferLength = Streaming.ReadBufferLength } }));
    }

    [Fact]
    public async Task Pieces_are_spread_over_every_silo()
    {
        (string path, byte[] bytes) = cluster.CreateFile(1 << 20);
        byte[] result = await Blake3Async(new() { Path = path, Options = new() { MaxPieces = 16 } });

        Assert.Equal(Blake3.HashData(bytes), result);
        var pieces = cluster.Board.PiecesOf(path);
        Assert.Equal(16, pieces.Count);
        Assert.Equal(HashCluster.Silos, pieces.Select(p => p.Silo).Distinct().Count());
    }

    [Fact]
    public async Task A_missing_file_reaches_the_caller()
    {
        string path = Path.Combine(Path.GetTempPath(), "blake2fast-orleans-missing-" + Guid.NewGuid().ToString("N"));
        var e = await Assert.ThrowsAsync<FileNotFoundException>(() => Blake3Async(new() { Path = path }));
        Assert.Contains(path, e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_bad_argument_reaches_the_caller()
    {
        (string path, _) = cluster.CreateFile(5000);
        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => Blake2TreeAsync(new() { Path = path, LeafLength = 0 }));
        await Assert.ThrowsAsync<ArgumentOutOfRangeException>(() => Blake3Async(new() { Path = path, Options = new() { MaxPieces = 1 } }));
    }

    [Fact]
    public async Task A_failure_another_silo_would_share_is_not_retried()
    {
        (string path, _) = cluster.CreateFile(200_000);
        cluster.Board.On(path, (_, piece, _) => piece.Index == 1 ? throw new InvalidOperationException("piece 1 refuses") : Task.CompletedTask);

        var e = await Assert.ThrowsAsync<InvalidOperationException>(() => Blake3Async(new() { Path = path, Options = new() { MaxPieces = 4 } }));

        Assert.Equal("piece 1 refuses", e.Message);
        Assert.DoesNotContain(cluster.Board.PiecesOf(path), p => p.Piece.Attempt > 0);
    }

    [Fact]
    public async Task A_file_that_changes_during_the_job_fails_it()
    {
        (string path, _) = cluster.CreateFile(200_000);
        cluster.Board.On(path, async (_, piece, _) =>
        {
            if (piece.Index == 0)
            {
                await File.AppendAllTextAsync(path, "more", CancellationToken.None);
            }
        });

        var e = await Assert.ThrowsAsync<InvalidDataException>(() => Blake3Async(new() { Path = path, Options = new() { MaxPieces = 4, MaxPiecesInFlight = 1 } }));
        Assert.Contains("changed while it was being hashed", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_piece_that_never_finishes_fails_the_job_after_the_last_attempt()
    {
        (string path, _) = cluster.CreateFile(200_000);
        cluster.Board.On(path, (_, piece, token) => piece.Index == 0 ? Task.Delay(Timeout.Infinite, token) : Task.CompletedTask);
        var options = new HashJobOptions { MaxPieces = 4, MaxAttempts = 2, PieceTimeout = TimeSpan.FromSeconds(2) };

        var e = await Assert.ThrowsAsync<PieceFailedException>(() => Blake3Async(new() { Path = path, Options = options }));

        Assert.Equal(0, e.PieceIndex);
        Assert.Equal(2, e.Attempts);
        Assert.IsType<TimeoutException>(e.InnerException);
        var attempts = cluster.Board.PiecesOf(path).Where(p => p.Piece.Index == 0).ToList();
        Assert.Equal([0, 1], attempts.Select(p => p.Piece.Attempt).Order());
        Assert.NotEqual(attempts[0].Silo, attempts[1].Silo);
    }

    [Fact]
    public async Task Cancellation_reaches_the_caller_and_the_workers()
    {
        (string path, _) = cluster.CreateFile(200_000);
        var held = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        var cancelled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        cluster.Board.On(path, async (_, _, token) =>
        {
            held.TrySetResult();
            try
            {
                await Task.Delay(Timeout.Infinite, token);
            }
            catch (OperationCanceledException)
            {
                cancelled.TrySetResult();
                throw;
            }
        });
        using var cancel = CancellationTokenSource.CreateLinkedTokenSource(Token);

        Task<byte[]> job = cluster.Hasher.HashBlake3Async(new Blake3Job { Path = path, Options = new() { MaxPieces = 4 } }, cancel.Token);
        await held.Task.WaitAsync(TimeSpan.FromSeconds(20), Token);
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => job.WaitAsync(TimeSpan.FromSeconds(10), Token));
        await cancelled.Task.WaitAsync(TimeSpan.FromSeconds(10), Token);
    }

    private Task<byte[]> Blake3Async(Blake3Job job) => cluster.Hasher.HashBlake3Async(job, Token);

    private Task<byte[]> Blake2TreeAsync(Blake2TreeJob job) => cluster.Hasher.HashBlake2TreeAsync(job, Token);
}

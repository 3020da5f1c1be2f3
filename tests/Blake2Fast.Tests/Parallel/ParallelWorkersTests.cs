using System;
using System.IO;
using System.Threading;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// Every multi-core path, at degree 16 on whatever machine runs the tests (two cores in CI):
/// the number of workers inside the work loop at the same moment reaches min(degree, pieces), and
/// the digest is the one-thread digest. Each worker waits as it starts until all the expected ones
/// are inside at once, and leaves after: workers run one after another never count more than one,
/// so a split capped by the processor count or by a fixed batch size fails. The workers run on a
/// thread each (<see cref="ParallelPieces.DedicatedThreads"/>, set for these calls only), so that
/// nothing process-wide changes: what is tested is the plan and the loop, not the thread pool.
/// </summary>
public class ParallelWorkersTests
{
    private const int Degree = 16;

    /// <summary>Runs <paramref name="hash"/> with the workers held at their start until <paramref name="expected"/> are inside at once; returns the most that were.</summary>
    private static int WorkersAtOnce(int expected, Action hash)
    {
        int inside = 0;
        int most = 0;
        using var allIn = new ManualResetEventSlim();
        ParallelPieces.Hooks.Value = new ParallelPieces.WorkerHooks(
            () =>
            {
                int now = Interlocked.Increment(ref inside);
                InterlockedMax(ref most, now);
                if (now >= expected)
                {
                    allIn.Set();
                }

                allIn.Wait(TimeSpan.FromSeconds(20));
                Interlocked.Decrement(ref inside);
            },
            ParallelPieces.DedicatedThreads);
        try
        {
            hash();
        }
        finally
        {
            ParallelPieces.Hooks.Value = null;
        }

        return most;
    }

    private static void InterlockedMax(ref int location, int value)
    {
        for (int seen = Volatile.Read(ref location); value > seen; seen = Volatile.Read(ref location))
        {
            if (Interlocked.CompareExchange(ref location, value, seen) == seen)
            {
                return;
            }
        }
    }

    private static byte[] Input(int length)
    {
        byte[] input = new byte[length];
        new Random(length).NextBytes(input);
        return input;
    }

    [Fact]
    public void Blake3_one_shot_runs_16_workers_at_once()
    {
        byte[] input = Input(4 << 20);
        byte[] expected = Blake3.HashData(input);
        byte[] actual = new byte[32];
        Assert.Equal(Degree, WorkersAtOnce(Degree, () => Blake3.HashData(input, actual, Degree)));
        Assert.Equal(expected, actual);
    }

    [Fact]
    public void Blake3_incremental_update_runs_16_workers_at_once()
    {
        // 2 MiB + 1: one 2 MiB subtree (32 pieces) goes to the workers, one byte to the chunk state.
        byte[] input = Input((2 << 20) + 1);
        byte[] expected = Blake3.HashData(input);
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        Assert.Equal(Degree, WorkersAtOnce(Degree, () => state.Update(input, Degree)));
        byte[] actual = new byte[32];
        state.Finish(actual);
        Assert.Equal(expected, actual);
    }

    [Fact]
    public void Bao_outboard_encode_and_decode_run_16_workers_at_once()
    {
        byte[] input = Input(4 << 20);
        byte[] hash = new byte[32];
        byte[] outboard = Bao.EncodeOutboard(input, hash);
        byte[] parallelHash = new byte[32];
        byte[]? parallelOutboard = null;
        Assert.Equal(Degree, WorkersAtOnce(Degree, () => parallelOutboard = Bao.EncodeOutboard(input, parallelHash, Degree)));
        Assert.Equal(outboard, parallelOutboard);
        Assert.Equal(hash, parallelHash);

        byte[]? decoded = null;
        Assert.Equal(Degree, WorkersAtOnce(Degree, () => decoded = Bao.DecodeOutboard(input, outboard, hash, Degree)));
        Assert.Equal(input, decoded);
    }

    [Theory]
    [InlineData(16 << 20, 1 << 20, 16)]   // 16 leaves of 1 MiB: 16 batches of one leaf
    [InlineData(64 << 20, 1 << 20, 16)]   // the 16-core Xeon's case: 16 batches of 4 (was 4 of 16)
    [InlineData(8 << 20, 65536, 16)]      // 128 leaves: every worker a lane-full
    [InlineData(16 << 20, 4 << 20, 4)]    // 4 leaves: 4 workers, no more
    public void Blake2_tree_in_memory_runs_min_of_degree_and_batches_at_once(int length, int leafLength, int expected)
    {
        byte[] input = Input(length);
        byte[] reference = Blake2b.HashTree(input, leafLength, 64, maxDegreeOfParallelism: 1);
        byte[] digest = new byte[64];
        Assert.Equal(expected, WorkersAtOnce(expected, () => Blake2b.HashTree(input, leafLength, digest, Degree)));
        Assert.Equal(reference, digest);

        byte[] small = new byte[32];
        Assert.Equal(expected, WorkersAtOnce(expected, () => Blake2s.HashTree(input, leafLength, small, Degree)));
        Assert.Equal(Blake2s.HashTree(input, leafLength, 32, maxDegreeOfParallelism: 1), small);
    }

    [Fact]
    public void Blake2_tree_from_a_file_runs_16_workers_at_once()
    {
        byte[] input = Input(16 << 20);
        string path = Path.GetTempFileName();
        try
        {
            File.WriteAllBytes(path, input);
            byte[] digest = new byte[64];
            using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read);
            Assert.Equal(Degree, WorkersAtOnce(Degree, () => Blake2b.HashTree(file, 1 << 20, digest, Degree)));
            Assert.Equal(Blake2b.HashTree(input, 1 << 20, 64, maxDegreeOfParallelism: 1), digest);
        }
        finally
        {
            File.Delete(path);
        }
    }
}

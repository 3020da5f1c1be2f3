using System;
using System.Collections.Generic;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// The multi-core splits as pure functions, enumerated for every degree from 1 to 256 and inputs
/// from the parallel threshold to 1 TiB (BLAKE2 trees from files and streams; BLAKE3 spans up to
/// 2 GiB - 1): every worker gets work, about <see cref="ParallelPieces.PerWorker"/> pieces each
/// where the input allows, lanes filled unless that would idle a worker, memory bounded.
/// </summary>
[Trait("Legs", "Build")]
public class WorkPlanTests
{
    private const long Mib = 1L << 20;

    /// <summary>Powers of two from 1 MiB to 1 TiB with one byte less and one more, and some odd lengths.</summary>
    private static IEnumerable<long> Lengths(long from, long to)
    {
        for (long length = from; length <= to; length *= 2)
        {
            yield return length - 1;
            yield return length;
            yield return length + 1;
            yield return (length * 3 / 2) + 5;
        }
    }

    private static long CeilingDivide(long value, long divisor) => ((value - 1) / divisor) + 1;

    [Fact]
    public void Blake2_tree_batches_reach_every_worker_fill_lanes_and_bound_memory()
    {
        long[] leafLengths = [1024, 4096, 65536, Mib, 5 * Mib, 16 * Mib, (16 * Mib) + 1, 64 * Mib];
        int[] laneCounts = [1, 4, 8, 16];
        int[] digestLengths = [64, 32];
        int checkedPlans = 0;
        foreach (bool inMemory in new[] { true, false })
        {
            foreach (long length in Lengths(Mib, inMemory ? 1L << 30 : 1L << 40))
            {
                foreach (long leafLength in leafLengths)
                {
                    long leafCount = Math.Max(1, CeilingDivide(length, leafLength));
                    for (int degree = 1; degree <= 256; degree++)
                    {
                        int workers = Blake2TreePlan.Workers(length, leafLength, leafCount, degree, inMemory);
                        Assert.InRange(workers, 1, degree);
                        Assert.True(workers <= leafCount, $"{workers} workers for {leafCount} leaves");
                        if (inMemory)
                        {
                            // Nothing but the input's size keeps a worker out: no processor count, no batch size.
                            Assert.Equal(Math.Max(1, Math.Min(Math.Min(degree, leafCount), length / Blake2TreePlan.MinimumBytesPerWorker)), workers);
                        }

                        bool longLeaves = !inMemory && leafLength > Blake2TreePlan.BatchLength;
                        long perWorkerBuffer = longLeaves ? Blake2TreePlan.ChunkLength : 0;
                        foreach (int digestLength in digestLengths)
                        {
                            long windowLeaves = Math.Min(leafCount, (1 << 20) / digestLength);
                            foreach (int lanes in laneCounts)
                            {
                                if (longLeaves)
                                {
                                    Assert.True(workers * perWorkerBuffer <= Blake2TreePlan.MaxBufferedLength);
                                    continue;
                                }

                                long most = Blake2TreePlan.MaxBatchLength(leafLength, workers, lanes, inMemory);
                                int perBatch = Blake2TreePlan.BatchLeaves(windowLeaves, leafLength, workers, lanes, most);
                                long batches = CeilingDivide(windowLeaves, perBatch);
                                string plan = $"{length} B, leaves {leafLength}, degree {degree}, {workers} workers, {lanes} lanes, d={digestLength}, in memory {inMemory}: {batches} batches of {perBatch}";
                                checkedPlans++;

                                // Every worker has a batch where the window has a leaf for each.
                                Assert.True(batches >= Math.Min(workers, windowLeaves), plan);

                                // About PerWorker batches each where a lane-full each allows: never a
                                // batch longer than that share.
                                long share = CeilingDivide(windowLeaves, (long)workers * ParallelPieces.PerWorker);
                                if (share >= lanes)
                                {
                                    Assert.True(perBatch <= share, plan);
                                }

                                // Whole lane-fulls, unless filling them would idle workers, the window
                                // has fewer leaves than lanes, or memory allows fewer.
                                bool laneFull = perBatch % lanes == 0;
                                bool wouldIdle = perBatch == Math.Max(1, windowLeaves / workers) && perBatch < lanes;
                                bool memoryBound = perBatch == Math.Max(1, most / leafLength) && perBatch < lanes;
                                Assert.True(laneFull || wouldIdle || memoryBound || windowLeaves < lanes, plan);

                                if (!inMemory)
                                {
                                    // Memory: a batch buffer per worker, 16 MiB each and 1 GiB in all at most.
                                    Assert.True(perBatch * leafLength <= Math.Max(Blake2TreePlan.BatchLength, leafLength), plan);
                                    Assert.True(workers * perBatch * leafLength <= Blake2TreePlan.MaxBufferedLength, plan);

                                    // A stream read in order: a round of whole batches, at least a leaf per worker, bounded.
                                    int streamWorkers = Blake2TreePlan.Workers(long.MaxValue, leafLength, long.MaxValue, degree, inMemory: false);
                                    long capacity = Blake2TreePlan.RoundCapacity(leafLength, (1 << 20) / digestLength, streamWorkers);
                                    int roundBatch = Blake2TreePlan.BatchLeaves(capacity, leafLength, streamWorkers, lanes, Blake2TreePlan.MaxBatchLength(leafLength, streamWorkers, lanes, inMemory: false));
                                    long roundLeaves = capacity / roundBatch * roundBatch;
                                    Assert.True(roundLeaves >= 1 && CeilingDivide(roundLeaves, roundBatch) >= Math.Min(streamWorkers, capacity), plan);
                                    Assert.True(roundLeaves * leafLength <= Blake2TreePlan.MaxBufferedLength, plan);
                                }
                            }
                        }
                    }
                }
            }
        }

        Assert.True(checkedPlans > 100_000, $"{checkedPlans} plans checked");
    }

    [Theory]
    [InlineData(8)]
    [InlineData(16)]
    public void Sixty_four_MiB_of_1_MiB_leaves_on_16_workers_is_16_batches(int lanes)
    {
        // The case the 16-core Xeon showed: a fixed 16-leaf batch made 4 batches, so 4 workers.
        int workers = Blake2TreePlan.Workers(64 * Mib, Mib, 64, 16, inMemory: true);
        int perBatch = Blake2TreePlan.BatchLeaves(64, Mib, workers, lanes, Blake2TreePlan.MaxBatchLength(Mib, workers, lanes, inMemory: true));
        Assert.Equal(16, workers);
        Assert.Equal(4, perBatch);

        // Two workers: four batches each of a lane-full (BLAKE2b), or two of 16 (BLAKE2s's 16 lanes).
        perBatch = Blake2TreePlan.BatchLeaves(64, Mib, 2, lanes, Blake2TreePlan.MaxBatchLength(Mib, 2, lanes, inMemory: true));
        Assert.Equal(lanes, perBatch);
    }

    [Fact]
    public void Blake3_pieces_are_subtrees_about_four_per_worker_and_bounded()
    {
        int checkedPlans = 0;
        foreach (long longLength in Lengths(Blake3Tree.ParallelMinimum, int.MaxValue))
        {
            if (longLength < Blake3Tree.ParallelMinimum || longLength > int.MaxValue)
            {
                continue;
            }

            int length = (int)longLength;
            long fullChunks = (length - 1) / 1024;
            for (int degree = 2; degree <= 256; degree++)
            {
                int pieceLength = Blake3Tree.PieceLength(length, degree);
                int chunks = pieceLength / 1024;
                int pieces = ((length - 1) / pieceLength) + 1;
                string plan = $"{length} B on {degree}: {pieces} pieces of {chunks} chunks";
                checkedPlans++;
                Assert.Equal(0, pieceLength % 1024);
                Assert.True(chunks >= 64 && (chunks & (chunks - 1)) == 0, plan);
                Assert.InRange(pieces, 2, Blake3PiecePlan.MaxPieces);

                // About four per worker or more, unless the input is too short for that many
                // 64-chunk pieces, or the cap on pieces stops it.
                Assert.True(pieces >= Math.Min(Math.Min(ParallelPieces.PerWorker * degree, Blake3PiecePlan.MaxPieces / 2), (fullChunks / 64) + 1), plan);

                // Not needlessly coarse: halving the pieces would have passed the target or the cap.
                if (chunks > 64)
                {
                    long finer = ((length - 1) / (pieceLength / 2)) + 1;
                    Assert.True(finer > Math.Min(degree * 8, Blake3PiecePlan.MaxPieces), plan);
                }

                // Memory: each piece's frontier of at most 16 chaining values.
                Assert.True(pieces * 16 * 32 <= 512 * 1024, plan);
            }
        }

        Assert.True(checkedPlans > 10_000, $"{checkedPlans} plans checked");
    }

    [Fact]
    public void Blake3_pieces_of_any_long_length_are_subtrees_of_at_most_1_GiB_in_groups_of_bounded_size()
    {
        int checkedPlans = 0;
        foreach (long minimum in new[] { 64 * 1024L, Mib })
        {
            for (long power = 2 * 1024; power > 0; power = power <= long.MaxValue / 2 ? power * 2 : 0)
            {
                foreach (long length in new[] { power - 1, power, power + 1, power + (power / 2) + 5, long.MaxValue - power + 1 })
                {
                    if (length <= minimum || length <= 1024)
                    {
                        continue;
                    }

                    for (int degree = 1; degree <= 256; degree++)
                    {
                        long piece = Blake3PiecePlan.PieceLength(length, degree, minimum);
                        long pieces = Blake3PiecePlan.PieceCount(length, piece);
                        string plan = $"{length} B on {degree}, at least {minimum}: {pieces} pieces of {piece}";
                        checkedPlans++;
                        Assert.True(piece >= minimum && piece <= Blake3PiecePlan.MaxPieceLength && (piece & (piece - 1)) == 0, plan);
                        Assert.True(pieces >= 2, plan);

                        // Under the 1 GiB cap, at most one group: the count is bounded by the plan.
                        if (piece < Blake3PiecePlan.MaxPieceLength)
                        {
                            Assert.InRange(pieces, 2, Blake3PiecePlan.MaxPieces);
                        }

                        // Every worker gets about four or more where the input allows.
                        Assert.True(pieces >= Math.Min(Math.Min(ParallelPieces.PerWorker * (long)degree, Blake3PiecePlan.MaxPieces / 2), ((length - 1) / minimum) + 1), plan);
                    }
                }
            }
        }

        Assert.True(checkedPlans > 50_000, $"{checkedPlans} plans checked");
    }

    [Theory]
    [InlineData((5 << 20) + 3, 1)]
    [InlineData((5 << 20) + 3, 2)]
    [InlineData(1 << 21, 16)]
    [InlineData((64 * 1024) + 1, 3)]
    public void Blake3_pieces_hashed_and_merged_in_order_give_the_one_shot_hash(int length, int degree)
    {
        byte[] input = new byte[length];
        new Random(length + degree).NextBytes(input);
        byte[] key = new byte[32];
        new Random(3).NextBytes(key);
        foreach (Blake3Mode mode in new[] { Blake3Mode.Hash, Blake3Mode.Keyed(key) })
        {
            byte[] actual = new byte[100];
            using (Blake3OutputReader root = Blake3PiecePlan.HashPieces<object?>(
                mode, length, Blake3PiecePlan.PieceLength(length, degree, 64 * 1024), degree, static () => null,
                (offset, pieceLength, _, cv) => Blake3Subtree.Hash(mode, input.AsSpan((int)offset, pieceLength), offset, cv),
                static _ => { }, default))
            {
                root.Read(actual);
            }

            byte[] expected = new byte[100];
            if (mode.IsKeyed)
            {
                Blake3.HashData(key, input, expected);
            }
            else
            {
                Blake3.HashData(input, expected);
            }

            Assert.Equal(expected, actual);
        }
    }
}

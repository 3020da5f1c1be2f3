using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// BLAKE3 subtrees against the whole-input hash of the same bytes: <c>Blake3Subtree.Hash</c> (one
/// shot) and a subtree hasher fed in 64 KiB parts, beside <c>Blake3.HashData</c> (the baseline); and
/// the merges, which should cost one compression each.
/// </summary>
/// <remarks>
/// The subtree starts at an offset equal to its length (the largest subtree that offset allows),
/// where a distributed hash puts its second piece. Setup checks that two halves merge to the hash.
/// </remarks>
[BenchmarkCategory(Categories.Blake3, "Subtree")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake3SubtreeBenchmarks
{
    private const int Part = 64 * 1024;

    private byte[] _source = [];
    private readonly byte[] _output = new byte[32];
    private readonly byte[] _left = new byte[32];
    private readonly byte[] _right = new byte[32];

    /// <summary>Subtree length in bytes: 16 KiB, 1 MiB and 16 MiB (powers of two: whole subtrees).</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>The sizes measured.</summary>
    public static IEnumerable<int> Sizes => [16 * 1024, InputSizes.MiB, 16 * InputSizes.MiB];

    /// <summary>Builds the input and checks that its halves merge to its hash.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _source = new byte[Size];
        new Random(Size).NextBytes(_source);
        int half = Size / 2;
        Blake3Subtree.Hash(Blake3Mode.Hash, _source.AsSpan(0, half), 0, _left);
        Blake3Subtree.Hash(Blake3Mode.Hash, _source.AsSpan(half), half, _right);
        Blake3Subtree.MergeRoot(Blake3Mode.Hash, _left, _right, _output);
        if (!_output.AsSpan().SequenceEqual(Blake3.HashData(_source)))
        {
            throw new InvalidOperationException("Two subtree halves do not merge to Blake3.HashData; refusing to measure.");
        }
    }

    /// <summary>The whole-input one-shot of the same bytes.</summary>
    [Benchmark(Baseline = true)]
    public void HashData() => Blake3.HashData(_source, _output);

    /// <summary>The subtree's chaining value, one shot, on the calling thread.</summary>
    [Benchmark]
    public void SubtreeHash() => Blake3Subtree.Hash(Blake3Mode.Hash, _source, Size, _output);

    /// <summary>The subtree's chaining value from a subtree hasher fed in 64 KiB parts.</summary>
    [Benchmark]
    public void SubtreeIncremental()
    {
        Blake3HashState state = Blake3Subtree.CreateHasher(Blake3Mode.Hash, Size);
        for (int at = 0; at < _source.Length; at += Part)
        {
            state.Update(_source.AsSpan(at, Math.Min(Part, _source.Length - at)));
        }

        state.FinishSubtree(_output);
    }

    /// <summary>Two chaining values to their parent's: one compression.</summary>
    [Benchmark]
    public void Merge() => Blake3Subtree.Merge(Blake3Mode.Hash, _left, _right, _output);

    /// <summary>Two chaining values to the 32-byte root hash: one compression.</summary>
    [Benchmark]
    public void MergeRoot() => Blake3Subtree.MergeRoot(Blake3Mode.Hash, _left, _right, _output);
}

using System;
using BenchmarkDotNet.Attributes;
using Blake2Fast.Bench.Native;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Where BLAKE3 starts gaining from a second thread: the calling thread alone against
/// <c>maxDegreeOfParallelism: -1</c> around the engine's threshold (a node of at least 128 KiB is
/// split across threads), so the threshold rests on a measurement: 64 KiB stays on one thread, 128
/// KiB is the smallest input that splits. The official C BLAKE3 (native, one thread) is the
/// one-thread reference at the same sizes, where it is built.
/// </summary>
[BenchmarkCategory(Categories.Blake3)]
public class Blake3ParallelBenchmarks() : SizedDigestBenchmark([64 * 1024, 128 * 1024, 256 * 1024, 512 * 1024])
{
    /// <summary>The calling thread only.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int OneThread() => Blake3Benchmarks.OneThread(Source, Output);

    /// <summary>Every core (the calling thread takes part).</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int AllCores() => Blake3Benchmarks.AllCores(Source, Output);

    /// <summary>The official C BLAKE3 (native), one thread.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake3C)]
    public int Blake3COneThread()
    {
        Blake3C.Hash(Source, Output.AsSpan(0, 32));
        return 32;
    }
}

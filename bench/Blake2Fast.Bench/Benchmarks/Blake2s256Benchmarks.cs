using System;
using BenchmarkDotNet.Attributes;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>BLAKE2s-256 from every library that has it (libsodium does not), and libb2's BLAKE2sp.</summary>
[BenchmarkCategory(Categories.Blake2s, Categories.Unkeyed, Categories.Peers)]
[RowAlgorithm(Algorithms.Blake2s256)]
public class Blake2s256Benchmarks() : Blake2PeerBenchmarks<Blake2sFamily>(32, InputSizes.WithLargest)
{
    /// <summary>libb2 <c>blake2s</c>.</summary>
    [Benchmark, Row(Libraries.Libb2)]
    public int Libb2() => Native.Libb2.Blake2s(Output.AsSpan(0, DigestLength), Source, default);

    /// <summary>Blake2Fast BLAKE2sp: eight BLAKE2s leaves in SIMD lanes (a different digest from BLAKE2s).</summary>
    [Benchmark, Row(Algorithms.Blake2sp256, Libraries.Blake2Fast)]
    public int Blake2sp() => global::Blake2Fast.Blake2sp.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>libb2 <c>blake2sp</c> (8-way parallel mode; a different digest).</summary>
    [Benchmark, Row(Algorithms.Blake2sp256, Libraries.Libb2)]
    public int Libb2Blake2sp() => Native.Libb2.Blake2sp(Output.AsSpan(0, DigestLength), Source, default);
}

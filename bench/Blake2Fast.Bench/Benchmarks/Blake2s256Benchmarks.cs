using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>BLAKE2s-256 from every library that has it (libsodium does not), and libb2's BLAKE2sp.</summary>
[BenchmarkCategory(Categories.Blake2s, Categories.Unkeyed, Categories.Peers)]
public class Blake2s256Benchmarks : DigestBenchmark
{
    private const int DigestLength = 32;

    /// <summary>Input length in bytes.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>The sizes this class measures.</summary>
    public static IEnumerable<int> Sizes => InputSizes.WithLargest;

    /// <summary>Builds the input.</summary>
    [GlobalSetup]
    public void Setup() => Prepare(Size);

    /// <summary>Blake2Fast one-shot into a caller's span.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.Blake2s256, Libraries.Blake2Fast)]
    public int Blake2Fast() => Blake2s.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>BouncyCastle's digest object, created per hash.</summary>
    [Benchmark, Row(Algorithms.Blake2s256, Libraries.BouncyCastle)]
    public int BouncyCastle()
    {
        var digest = new Blake2sDigest(DigestLength * 8);
        digest.BlockUpdate(Source, 0, Source.Length);
        return digest.DoFinal(Output, 0);
    }

    /// <summary>libb2 <c>blake2s</c>.</summary>
    [Benchmark, Row(Algorithms.Blake2s256, Libraries.Libb2)]
    public int Libb2() => Native.Libb2.Blake2s(Output.AsSpan(0, DigestLength), Source, default);

    /// <summary>Blake2Fast BLAKE2sp: eight BLAKE2s leaves in SIMD lanes (a different digest from BLAKE2s).</summary>
    [Benchmark, Row(Algorithms.Blake2sp256, Libraries.Blake2Fast)]
    public int Blake2sp() => global::Blake2Fast.Blake2sp.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>libb2 <c>blake2sp</c> (8-way parallel mode; a different digest).</summary>
    [Benchmark, Row(Algorithms.Blake2sp256, Libraries.Libb2)]
    public int Libb2Blake2sp() => Native.Libb2.Blake2sp(Output.AsSpan(0, DigestLength), Source, default);
}

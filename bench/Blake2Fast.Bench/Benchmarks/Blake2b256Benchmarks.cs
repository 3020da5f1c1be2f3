using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>BLAKE2b with a 32-byte digest, the common replacement for SHA-256.</summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Unkeyed, Categories.Peers)]
public class Blake2b256Benchmarks : DigestBenchmark
{
    private const int DigestLength = 32;

    /// <summary>Input length in bytes.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>The sizes this class measures.</summary>
    public static IEnumerable<int> Sizes => InputSizes.Standard;

    /// <summary>Builds the input.</summary>
    [GlobalSetup]
    public void Setup() => Prepare(Size);

    /// <summary>Blake2Fast one-shot into a caller's span.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.Blake2b256, Libraries.Blake2Fast)]
    public int Blake2Fast() => Blake2b.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>BouncyCastle's digest object, created per hash.</summary>
    [Benchmark, Row(Algorithms.Blake2b256, Libraries.BouncyCastle)]
    public int BouncyCastle()
    {
        var digest = new Blake2bDigest(DigestLength * 8);
        digest.BlockUpdate(Source, 0, Source.Length);
        return digest.DoFinal(Output, 0);
    }

    /// <summary>libsodium <c>crypto_generichash</c>.</summary>
    [Benchmark, Row(Algorithms.Blake2b256, Libraries.Libsodium)]
    public int Libsodium() => Native.Libsodium.Hash(Output.AsSpan(0, DigestLength), Source, default);

    /// <summary>libb2 <c>blake2b</c>.</summary>
    [Benchmark, Row(Algorithms.Blake2b256, Libraries.Libb2)]
    public int Libb2() => Native.Libb2.Blake2b(Output.AsSpan(0, DigestLength), Source, default);
}

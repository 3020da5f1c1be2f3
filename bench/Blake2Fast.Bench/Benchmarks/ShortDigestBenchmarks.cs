using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// A 5-byte (40-bit) digest of 3 bytes: nearly all fixed cost (argument checks, parameter block,
/// one compress), which is what hashing many tiny keys pays. libsodium is absent: it refuses
/// digests under 16 bytes.
/// </summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Blake2s, Categories.ShortDigest, Categories.Peers)]
public class ShortDigestBenchmarks : DigestBenchmark
{
    private const int DigestLength = 5;

    /// <summary>Input length in bytes.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>The sizes this class measures.</summary>
    public static IEnumerable<int> Sizes => [InputSizes.Tiny];

    /// <summary>Builds the input.</summary>
    [GlobalSetup]
    public void Setup() => Prepare(Size);

    /// <summary>Blake2Fast BLAKE2b-40 one-shot.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.Blake2b40, Libraries.Blake2Fast)]
    public int Blake2Fast() => Blake2b.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>BouncyCastle BLAKE2b-40 (its byte-length constructor; the bit-size one allows only 160..512).</summary>
    [Benchmark, Row(Algorithms.Blake2b40, Libraries.BouncyCastle)]
    public int BouncyCastle()
    {
        var digest = new Blake2bDigest(null, DigestLength, null, null);
        digest.BlockUpdate(Source, 0, Source.Length);
        return digest.DoFinal(Output, 0);
    }

    /// <summary>libb2 BLAKE2b-40.</summary>
    [Benchmark, Row(Algorithms.Blake2b40, Libraries.Libb2)]
    public int Libb2() => Native.Libb2.Blake2b(Output.AsSpan(0, DigestLength), Source, default);

    /// <summary>Blake2Fast BLAKE2s-40 one-shot.</summary>
    [Benchmark, Row(Algorithms.Blake2s40, Libraries.Blake2Fast)]
    public int Blake2FastBlake2s() => Blake2s.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>BouncyCastle BLAKE2s-40.</summary>
    [Benchmark, Row(Algorithms.Blake2s40, Libraries.BouncyCastle)]
    public int BouncyCastleBlake2s()
    {
        var digest = new Blake2sDigest(null, DigestLength, null, null);
        digest.BlockUpdate(Source, 0, Source.Length);
        return digest.DoFinal(Output, 0);
    }

    /// <summary>libb2 BLAKE2s-40.</summary>
    [Benchmark, Row(Algorithms.Blake2s40, Libraries.Libb2)]
    public int Libb2Blake2s() => Native.Libb2.Blake2s(Output.AsSpan(0, DigestLength), Source, default);
}

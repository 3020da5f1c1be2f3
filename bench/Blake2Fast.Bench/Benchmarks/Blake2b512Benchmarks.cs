using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// The headline table: BLAKE2b-512 from every library, BLAKE2bp from libb2, and the in-box hashes
/// a .NET developer would otherwise pick, all on the same input.
/// </summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Unkeyed, Categories.Peers)]
public class Blake2b512Benchmarks : DigestBenchmark
{
    private const int DigestLength = 64;

    /// <summary>Input length in bytes.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>The sizes this class measures.</summary>
    public static IEnumerable<int> Sizes => InputSizes.WithLargest;

    /// <summary>Builds the input.</summary>
    [GlobalSetup]
    public void Setup() => Prepare(Size);

    /// <summary>Blake2Fast one-shot into a caller's span.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.Blake2b512, Libraries.Blake2Fast)]
    public int Blake2Fast() => Blake2b.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>BouncyCastle's digest object, created per hash as its API is used for one message.</summary>
    [Benchmark, Row(Algorithms.Blake2b512, Libraries.BouncyCastle)]
    public int BouncyCastle()
    {
        var digest = new Blake2bDigest(DigestLength * 8);
        digest.BlockUpdate(Source, 0, Source.Length);
        return digest.DoFinal(Output, 0);
    }

    /// <summary>libsodium <c>crypto_generichash</c>.</summary>
    [Benchmark, Row(Algorithms.Blake2b512, Libraries.Libsodium)]
    public int Libsodium() => Native.Libsodium.Hash(Output.AsSpan(0, DigestLength), Source, default);

    /// <summary>libb2 <c>blake2b</c>.</summary>
    [Benchmark, Row(Algorithms.Blake2b512, Libraries.Libb2)]
    public int Libb2() => Native.Libb2.Blake2b(Output.AsSpan(0, DigestLength), Source, default);

    /// <summary>Blake2Fast BLAKE2bp: four BLAKE2b leaves in SIMD lanes (a different digest from BLAKE2b).</summary>
    [Benchmark, Row(Algorithms.Blake2bp512, Libraries.Blake2Fast)]
    public int Blake2bp() => global::Blake2Fast.Blake2bp.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>libb2 <c>blake2bp</c> (4-way parallel mode; a different digest).</summary>
    [Benchmark, Row(Algorithms.Blake2bp512, Libraries.Libb2)]
    public int Libb2Blake2bp() => Native.Libb2.Blake2bp(Output.AsSpan(0, DigestLength), Source, default);

    /// <summary>In-box MD5.</summary>
    [Benchmark, Row(Algorithms.Md5, Libraries.DotNet)]
    public int DotNetMd5() => MD5.HashData(Source, Output);

    /// <summary>In-box SHA-256.</summary>
    [Benchmark, Row(Algorithms.Sha256, Libraries.DotNet)]
    public int DotNetSha256() => SHA256.HashData(Source, Output);

    /// <summary>In-box SHA-512.</summary>
    [Benchmark, Row(Algorithms.Sha512, Libraries.DotNet)]
    public int DotNetSha512() => SHA512.HashData(Source, Output);

    /// <summary>In-box SHA3-256 (skipped where the platform lacks it).</summary>
    [Benchmark, Row(Algorithms.Sha3_256, Libraries.DotNet)]
    public int DotNetSha3() => SHA3_256.HashData(Source, Output);
}

using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Keyed BLAKE2b-256 with a 32-byte key against <see cref="HMACSHA256"/>: the token-hashing case,
/// where BLAKE2's built-in key replaces HMAC's two extra hash passes.
/// </summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Keyed, Categories.Peers)]
[RowAlgorithm(Algorithms.Blake2b256Keyed)]
public class KeyedBlake2b256Benchmarks() : SizedDigestBenchmark(InputSizes.Standard, keyLength: 32)
{
    private const int DigestLength = 32;

    /// <summary>Blake2Fast keyed one-shot.</summary>
    [Benchmark(Baseline = true), Row(Libraries.Blake2Fast)]
    public int Blake2Fast() => Blake2b.HashData(Key, Source, Output.AsSpan(0, DigestLength));

    /// <summary>BouncyCastle keyed digest, created per hash.</summary>
    [Benchmark, Row(Libraries.BouncyCastle)]
    public int BouncyCastle() => Digest(new Blake2bDigest(Key, DigestLength, null, null));

    /// <summary>libsodium keyed <c>crypto_generichash</c>.</summary>
    [Benchmark, Row(Libraries.Libsodium)]
    public int Libsodium() => Native.Libsodium.Hash(Output.AsSpan(0, DigestLength), Source, Key);

    /// <summary>libb2 keyed <c>blake2b</c>.</summary>
    [Benchmark, Row(Libraries.Libb2)]
    public int Libb2() => Native.Libb2.Blake2b(Output.AsSpan(0, DigestLength), Source, Key);

    /// <summary>In-box HMAC-SHA256 one-shot with the same key.</summary>
    [Benchmark, Row(Algorithms.HmacSha256, Libraries.DotNet)]
    public int DotNetHmacSha256() => HMACSHA256.HashData(Key, Source, Output);
}

using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Keyed BLAKE2b-256 with a 32-byte key against <see cref="HMACSHA256"/>: the token-hashing case,
/// where BLAKE2's built-in key replaces HMAC's two extra hash passes.
/// </summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Keyed, Categories.Peers)]
public class KeyedBlake2b256Benchmarks : DigestBenchmark
{
    private const int DigestLength = 32;
    private const int KeyLength = 32;
    private byte[] _key = [];

    /// <summary>Input length in bytes.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>The sizes this class measures.</summary>
    public static IEnumerable<int> Sizes => InputSizes.Standard;

    /// <summary>Builds the input and the key.</summary>
    [GlobalSetup]
    public void Setup()
    {
        Prepare(Size);
        _key = GC.AllocateUninitializedArray<byte>(KeyLength, pinned: true);
        Checks.Rfc7693SelfTest.FillSequence(_key, KeyLength);
    }

    /// <summary>Blake2Fast keyed one-shot.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.Blake2b256Keyed, Libraries.Blake2Fast)]
    public int Blake2Fast() => Blake2b.HashData(_key, Source, Output.AsSpan(0, DigestLength));

    /// <summary>BouncyCastle keyed digest, created per hash.</summary>
    [Benchmark, Row(Algorithms.Blake2b256Keyed, Libraries.BouncyCastle)]
    public int BouncyCastle()
    {
        var digest = new Blake2bDigest(_key, DigestLength, null, null);
        digest.BlockUpdate(Source, 0, Source.Length);
        return digest.DoFinal(Output, 0);
    }

    /// <summary>libsodium keyed <c>crypto_generichash</c>.</summary>
    [Benchmark, Row(Algorithms.Blake2b256Keyed, Libraries.Libsodium)]
    public int Libsodium() => Native.Libsodium.Hash(Output.AsSpan(0, DigestLength), Source, _key);

    /// <summary>libb2 keyed <c>blake2b</c>.</summary>
    [Benchmark, Row(Algorithms.Blake2b256Keyed, Libraries.Libb2)]
    public int Libb2() => Native.Libb2.Blake2b(Output.AsSpan(0, DigestLength), Source, _key);

    /// <summary>In-box HMAC-SHA256 one-shot with the same key.</summary>
    [Benchmark, Row(Algorithms.HmacSha256, Libraries.DotNet)]
    public int DotNetHmacSha256() => HMACSHA256.HashData(_key, Source, Output);
}

using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// RFC 2104 HMAC-BLAKE2s and HMAC-BLAKE2b one-shots (a new key each call, as a protocol's key
/// schedule does) beside .NET's <see cref="HMACSHA256"/> and keyed BLAKE2s, BLAKE2's own MAC.
/// </summary>
/// <remarks>Measured at a Noise handshake's short inputs and 1 KiB.</remarks>
[BenchmarkCategory(Categories.Blake2s, Categories.Blake2b, Categories.Keyed, Categories.Hmac, Categories.Peers)]
public class HmacBenchmarks() : SizedDigestBenchmark([64, 1024], keyLength: 32)
{
    /// <summary>Blake2Fast HMAC-BLAKE2s one-shot.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.HmacBlake2s, Libraries.Blake2Fast)]
    public int HmacBlake2s() => HMACBlake2s.HashData(Key, Source, Output);

    /// <summary>Blake2Fast HMAC-BLAKE2b one-shot.</summary>
    [Benchmark, Row(Algorithms.HmacBlake2b, Libraries.Blake2Fast)]
    public int HmacBlake2b() => HMACBlake2b.HashData(Key, Source, Output);

    /// <summary>In-box HMAC-SHA256 one-shot with the same key.</summary>
    [Benchmark, Row(Algorithms.HmacSha256, Libraries.DotNet)]
    public int DotNetHmacSha256() => HMACSHA256.HashData(Key, Source, Output);

    /// <summary>Keyed BLAKE2s-256 (BLAKE2's own MAC) with the same key.</summary>
    [Benchmark, Row(Algorithms.Blake2s256Keyed, Libraries.Blake2Fast)]
    public int KeyedBlake2s() => Blake2s.HashData(Key, Source, Output.AsSpan(0, 32));
}

using System;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// A 5-byte (40-bit) digest of 3 bytes: nearly all fixed cost (argument checks, parameter block,
/// one compress), which is what hashing many tiny keys pays. libsodium is absent: it refuses
/// digests under 16 bytes. The BLAKE2b rows come first, then the same for BLAKE2s.
/// </summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Blake2s, Categories.ShortDigest, Categories.Peers)]
[RowAlgorithm(Algorithms.Blake2b40)]
public class ShortDigestBenchmarks() : Blake2PeerBenchmarks<Blake2bFamily>(5, [InputSizes.Tiny])
{
    /// <summary>libb2 BLAKE2b-40.</summary>
    [Benchmark, Row(Libraries.Libb2)]
    public int Libb2() => Native.Libb2.Blake2b(Output.AsSpan(0, DigestLength), Source, default);

    /// <summary>Blake2Fast BLAKE2s-40 one-shot.</summary>
    [Benchmark, Row(Algorithms.Blake2s40, Libraries.Blake2Fast)]
    public int Blake2FastBlake2s() => Blake2s.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>BouncyCastle BLAKE2s-40.</summary>
    [Benchmark, Row(Algorithms.Blake2s40, Libraries.BouncyCastle)]
    public int BouncyCastleBlake2s() => Digest(new Blake2sDigest(null, DigestLength, null, null));

    /// <summary>libb2 BLAKE2s-40.</summary>
    [Benchmark, Row(Algorithms.Blake2s40, Libraries.Libb2)]
    public int Libb2Blake2s() => Native.Libb2.Blake2s(Output.AsSpan(0, DigestLength), Source, default);
}

using System;
using BenchmarkDotNet.Attributes;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>BLAKE2b with a 32-byte digest, the common replacement for SHA-256.</summary>
/// <remarks>Its libsodium and libb2 rows follow the two every BLAKE2 class has; <see cref="Blake2b512Benchmarks"/> adds its own after them.</remarks>
[BenchmarkCategory(Categories.Blake2b, Categories.Unkeyed, Categories.Peers)]
[RowAlgorithm(Algorithms.Blake2b256)]
public class Blake2b256Benchmarks : Blake2PeerBenchmarks<Blake2bFamily>
{
    /// <summary>BLAKE2b-256 at the standard sizes.</summary>
    public Blake2b256Benchmarks()
        : this(32, InputSizes.Standard)
    {
    }

    /// <summary>BLAKE2b at another digest length and sizes.</summary>
    protected Blake2b256Benchmarks(int digestLength, int[] sizes)
        : base(digestLength, sizes)
    {
    }

    /// <summary>libsodium <c>crypto_generichash</c>.</summary>
    [Benchmark, Row(Libraries.Libsodium)]
    public int Libsodium() => Native.Libsodium.Hash(Output.AsSpan(0, DigestLength), Source, default);

    /// <summary>libb2 <c>blake2b</c>.</summary>
    [Benchmark, Row(Libraries.Libb2)]
    public int Libb2() => Native.Libb2.Blake2b(Output.AsSpan(0, DigestLength), Source, default);
}

using System;
using System.Security.Cryptography;
using BenchmarkDotNet.Attributes;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// The headline table: BLAKE2b-512 from every library, BLAKE2bp from libb2, and the in-box hashes
/// a .NET developer would otherwise pick, all on the same input.
/// </summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Unkeyed, Categories.Peers)]
[RowAlgorithm(Algorithms.Blake2b512)]
public class Blake2b512Benchmarks() : Blake2b256Benchmarks(64, InputSizes.WithLargest)
{
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

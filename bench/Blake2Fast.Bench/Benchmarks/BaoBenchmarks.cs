using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Bao beside the BLAKE3 hash it builds on, one thread and every core: encoding (combined and
/// outboard) and decoding a combined encoding, each row's work against
/// <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/> of the same input.
/// </summary>
/// <remarks>
/// Encoding hashes exactly what BLAKE3 hashes and writes the parents (1/16 of the input) where they
/// go; a combined encoding also copies the input, and the decoder copies it back out (chunk by
/// chunk, before hashing it, so that the bytes verified are the bytes returned). Each row allocates
/// the array it returns, as the API does. The encoding rows return the root hash, which the startup
/// check compares with BLAKE3's; the decoding rows return the last 32 bytes decoded.
/// </remarks>
[BenchmarkCategory(Categories.Blake3)]
public class BaoBenchmarks : DigestBenchmark
{
    private const int MiB = 1024 * 1024;

    private byte[] _hash = [];
    private byte[] _encoded = [];

    /// <summary>Input length in bytes.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>1 MiB and 64 MiB.</summary>
    public static IEnumerable<int> Sizes => [MiB, 64 * MiB];

    /// <summary>Builds the input and its combined encoding.</summary>
    [GlobalSetup]
    public void Setup()
    {
        Prepare(Size);
        _hash = new byte[32];
        _encoded = Bao.Encode(Source, _hash);
    }

    /// <summary>BLAKE3 alone, calling thread only: the yardstick.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int HashOneThread()
    {
        Blake3.HashData(Source, Output.AsSpan(0, 32));
        return 32;
    }

    /// <summary>BLAKE3 alone on every core.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int HashAllCores()
    {
        Blake3.HashData(Source, Output.AsSpan(0, 32), -1);
        return 32;
    }

    /// <summary>Combined encoding, calling thread only.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int EncodeOneThread() => Encode(outboard: false, 1);

    /// <summary>Combined encoding on every core.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int EncodeAllCores() => Encode(outboard: false, -1);

    /// <summary>Outboard encoding, calling thread only.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int OutboardOneThread() => Encode(outboard: true, 1);

    /// <summary>Outboard encoding on every core.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int OutboardAllCores() => Encode(outboard: true, -1);

    /// <summary>Decoding (verifying) the combined encoding, calling thread only.</summary>
    [Benchmark, Row(BaoDecode, Libraries.Blake2Fast)]
    public int DecodeOneThread() => Decode(1);

    /// <summary>Decoding (verifying) the combined encoding on every core.</summary>
    [Benchmark, Row(BaoDecode, Libraries.Blake2Fast)]
    public int DecodeAllCores() => Decode(-1);

    private const string BaoDecode = "Bao decode (last 32 bytes)";

    private int Encode(bool outboard, int degree)
    {
        Span<byte> hash = Output.AsSpan(0, 32);
        byte[] encoding = outboard ? Bao.EncodeOutboard(Source, hash, degree) : Bao.Encode(Source, hash, degree);
        return encoding.Length > 0 ? 32 : 0;
    }

    private int Decode(int degree)
    {
        byte[] content = Bao.Decode(_encoded, _hash, degree);
        content.AsSpan(content.Length - 32).CopyTo(Output);
        return 32;
    }
}

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
/// <para>
/// Encoding hashes exactly what BLAKE3 hashes and writes the parents (1/16 of the input) where they
/// go; a combined encoding also copies the input, and the decoder copies it back out (chunk by
/// chunk, before hashing it, so that the bytes verified are the bytes returned).
/// </para>
/// <para>
/// The main rows write into buffers made once (the destination overloads), so they measure the
/// work; the <c>...Array</c> rows call the overloads that return a new array, as most callers will,
/// and so also pay for allocating it (a large-object-heap array, and the collections that follow).
/// The encoding rows return the root hash, which the startup check compares with BLAKE3's; the
/// decoding rows return the last 32 bytes decoded.
/// </para>
/// </remarks>
[BenchmarkCategory(Categories.Blake3)]
public class BaoBenchmarks : DigestBenchmark
{
    private const int MiB = 1024 * 1024;
    private const string BaoDecode = "BLAKE3 Bao decode (last 32 bytes)";

    private byte[] _hash = [];
    private byte[] _encoded = [];
    private byte[] _encodeBuffer = [];
    private byte[] _decodeBuffer = [];

    /// <summary>Input length in bytes.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>1 MiB and 64 MiB.</summary>
    public static IEnumerable<int> Sizes => [MiB, 64 * MiB];

    /// <summary>Builds the input, its combined encoding and the rows' buffers.</summary>
    [GlobalSetup]
    public void Setup()
    {
        Prepare(Size);
        _hash = new byte[32];
        _encoded = Bao.Encode(Source, _hash);
        _encodeBuffer = new byte[_encoded.Length];
        _decodeBuffer = new byte[Size];
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

    /// <summary>Combined encoding into a buffer, calling thread only.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int EncodeOneThread() => Bao.Encode(Source, _encodeBuffer, Output.AsSpan(0, 32), 1) > 0 ? 32 : 0;

    /// <summary>Combined encoding into a buffer on every core.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int EncodeAllCores() => Bao.Encode(Source, _encodeBuffer, Output.AsSpan(0, 32), -1) > 0 ? 32 : 0;

    /// <summary>Outboard encoding into a buffer, calling thread only.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int OutboardOneThread() => Bao.EncodeOutboard(Source, _encodeBuffer, Output.AsSpan(0, 32), 1) > 0 ? 32 : 0;

    /// <summary>Outboard encoding into a buffer on every core.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int OutboardAllCores() => Bao.EncodeOutboard(Source, _encodeBuffer, Output.AsSpan(0, 32), -1) > 0 ? 32 : 0;

    /// <summary>Decoding (verifying) the combined encoding into a buffer, calling thread only.</summary>
    [Benchmark, Row(BaoDecode, Libraries.Blake2Fast)]
    public int DecodeOneThread() => Tail(_decodeBuffer.AsSpan(0, Bao.Decode(_encoded, _hash, _decodeBuffer, 1)));

    /// <summary>Decoding (verifying) the combined encoding into a buffer on every core.</summary>
    [Benchmark, Row(BaoDecode, Libraries.Blake2Fast)]
    public int DecodeAllCores() => Tail(_decodeBuffer.AsSpan(0, Bao.Decode(_encoded, _hash, _decodeBuffer, -1)));

    /// <summary>Combined encoding into a new array, calling thread only.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int EncodeArray() => Bao.Encode(Source, Output.AsSpan(0, 32)).Length > 0 ? 32 : 0;

    /// <summary>Outboard encoding into a new array, calling thread only.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int OutboardArray() => Bao.EncodeOutboard(Source, Output.AsSpan(0, 32)).Length > 0 ? 32 : 0;

    /// <summary>Decoding into a new array, calling thread only.</summary>
    [Benchmark, Row(BaoDecode, Libraries.Blake2Fast)]
    public int DecodeArray() => Tail(Bao.Decode(_encoded, _hash));

    private int Tail(ReadOnlySpan<byte> content)
    {
        content[^32..].CopyTo(Output);
        return 32;
    }
}

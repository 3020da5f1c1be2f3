using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.IO;
using System.Runtime.InteropServices;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto.Digests;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// BLAKE2b-512 of data that arrives in 4 KiB pieces, and of a <see cref="MemoryStream"/>: the
/// incremental paths, whose digests must equal the one-shot rows of <see cref="Blake2b512Benchmarks"/>.
/// </summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Streaming, Categories.Peers)]
[SuppressMessage("Design", "CA1001", Justification = "BenchmarkDotNet calls GlobalCleanup, which disposes the stream.")]
public class StreamingBenchmarks : DigestBenchmark
{
    private const int DigestLength = 64;
    private const int ChunkLength = 4096;
    private MemoryStream _stream = new();
    private nint _sodiumState;

    /// <summary>Input length in bytes.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>The sizes this class measures.</summary>
    public static IEnumerable<int> Sizes => InputSizes.Streaming;

    /// <summary>Builds the input, the stream over it and libsodium's state.</summary>
    [GlobalSetup]
    public unsafe void Setup()
    {
        Prepare(Size);
        _stream = new MemoryStream(Source, writable: false);
        if (Native.Libsodium.IsAvailable)
        {
            // crypto_generichash_state is declared 64-byte aligned.
            _sodiumState = (nint)NativeMemory.AlignedAlloc((nuint)Native.Libsodium.StateLength, 64);
        }
    }

    /// <summary>Frees libsodium's state.</summary>
    [GlobalCleanup]
    public unsafe void Cleanup()
    {
        NativeMemory.AlignedFree((void*)_sodiumState);
        _sodiumState = 0;
        _stream.Dispose();
    }

    /// <summary>Blake2Fast incremental hasher fed 4 KiB at a time.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.Blake2b512, Libraries.Blake2Fast)]
    public int Blake2FastIncremental()
    {
        var hasher = Blake2b.CreateIncrementalHasher(DigestLength);
        ReadOnlySpan<byte> rest = Source;
        while (rest.Length > ChunkLength)
        {
            hasher.Update(rest[..ChunkLength]);
            rest = rest[ChunkLength..];
        }

        hasher.Update(rest);
        return hasher.Finish(Output.AsSpan(0, DigestLength));
    }

    /// <summary>Blake2Fast <c>HashData(Stream)</c> over a <see cref="MemoryStream"/>.</summary>
    [Benchmark, Row(Algorithms.Blake2b512, Libraries.Blake2Fast)]
    public int Blake2FastStream()
    {
        _stream.Position = 0;
        byte[] digest = Blake2b.HashData(_stream);
        digest.CopyTo(Output, 0);
        return digest.Length;
    }

    /// <summary>BouncyCastle fed 4 KiB at a time.</summary>
    [Benchmark, Row(Algorithms.Blake2b512, Libraries.BouncyCastle)]
    public int BouncyCastle()
    {
        var digest = new Blake2bDigest(DigestLength * 8);
        for (int offset = 0; offset < Source.Length; offset += ChunkLength)
        {
            digest.BlockUpdate(Source, offset, Math.Min(ChunkLength, Source.Length - offset));
        }

        return digest.DoFinal(Output, 0);
    }

    /// <summary>libsodium init/update/final fed 4 KiB at a time.</summary>
    [Benchmark, Row(Algorithms.Blake2b512, Libraries.Libsodium)]
    public int Libsodium()
    {
        Native.Libsodium.Init(_sodiumState, default, DigestLength);
        ReadOnlySpan<byte> rest = Source;
        while (rest.Length > ChunkLength)
        {
            Native.Libsodium.Update(_sodiumState, rest[..ChunkLength]);
            rest = rest[ChunkLength..];
        }

        Native.Libsodium.Update(_sodiumState, rest);
        return Native.Libsodium.Final(_sodiumState, Output.AsSpan(0, DigestLength));
    }
}

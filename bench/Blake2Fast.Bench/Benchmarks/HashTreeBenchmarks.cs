using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake3Net = global::Blake3;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Issue #23: BLAKE2 tree hashing with unlimited fanout (<c>HashTree</c>) on 64 MiB with 1 MiB
/// leaves, on one core and on all, beside the single-message modes on the same data (BLAKE2b,
/// BLAKE2bp, BLAKE2sp) and Blake3.NET's multi-threaded BLAKE3 (the <c>Blake3</c> package, managed
/// code; <c>Hasher.UpdateWithJoin</c>), the baseline: the targets are ratios within one run.
/// </summary>
/// <remarks>Setup refuses to measure if the tree digests on one core and on all differ.</remarks>
[BenchmarkCategory("HashTree")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
public class HashTreeBenchmarks
{
    private const int LeafLength = 1 << 20;
    private readonly byte[] _digest = new byte[64];
    private byte[] _data = [];

    /// <summary>The input: 64 MiB of random bytes.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _data = new byte[64 << 20];
        new Random(23).NextBytes(_data);
        byte[] one = Blake2b.HashTree(_data.AsSpan(), LeafLength, 64, 1);
        byte[] all = Blake2b.HashTree(_data.AsSpan(), LeafLength, 64, -1);
        if (!one.AsSpan().SequenceEqual(all) || !Blake2s.HashTree(_data.AsSpan(), LeafLength, 32, 1).AsSpan().SequenceEqual(Blake2s.HashTree(_data.AsSpan(), LeafLength, 32, -1)))
        {
            throw new InvalidOperationException("HashTree on one core and on all cores disagree; refusing to measure.");
        }
    }

    /// <summary>Blake3.NET (managed), all cores: the baseline.</summary>
    [Benchmark(Baseline = true, Description = "Blake3.NET UpdateWithJoin")]
    public byte Blake3AllCores()
    {
        using Blake3Net.Hasher hasher = Blake3Net.Hasher.New();
        hasher.UpdateWithJoin(_data);
        return hasher.Finalize().AsSpan()[0];
    }

    /// <summary>BLAKE2b tree, 1 MiB leaves, all cores.</summary>
    [Benchmark(Description = "Blake2b.HashTree all cores")]
    public int Blake2bTreeAllCores() => Blake2b.HashTree(_data, LeafLength, _digest, -1);

    /// <summary>BLAKE2b tree, 1 MiB leaves, the calling thread only.</summary>
    [Benchmark(Description = "Blake2b.HashTree one core")]
    public int Blake2bTreeOneCore() => Blake2b.HashTree(_data, LeafLength, _digest, 1);

    /// <summary>BLAKE2s tree, 1 MiB leaves, all cores.</summary>
    [Benchmark(Description = "Blake2s.HashTree all cores")]
    public int Blake2sTreeAllCores() => Blake2s.HashTree(_data, LeafLength, _digest.AsSpan(0, 32), -1);

    /// <summary>BLAKE2s tree, 1 MiB leaves, the calling thread only.</summary>
    [Benchmark(Description = "Blake2s.HashTree one core")]
    public int Blake2sTreeOneCore() => Blake2s.HashTree(_data, LeafLength, _digest.AsSpan(0, 32), 1);

    /// <summary>Sequential BLAKE2b (one core).</summary>
    [Benchmark(Description = "Blake2b.HashData")]
    public int Blake2bSequential() => Blake2b.HashData(_data, _digest.AsSpan());

    /// <summary>BLAKE2bp (one core).</summary>
    [Benchmark(Description = "Blake2bp.HashData")]
    public int Blake2bpOneCore() => Blake2bp.HashData(_data, _digest.AsSpan());

    /// <summary>BLAKE2sp (one core).</summary>
    [Benchmark(Description = "Blake2sp.HashData")]
    public int Blake2spOneCore() => Blake2sp.HashData(_data, _digest.AsSpan(0, 32));
}

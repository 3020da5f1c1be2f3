using System;
using BenchmarkDotNet.Attributes;
using Blake2Fast.Bench.Native;
using Blake3Net = global::Blake3;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// BLAKE3-256 on one thread and on every core, beside the official C implementation (native, its own
/// assembly; one thread), Blake3.NET (the <c>Blake3</c> package, managed code) and this library's
/// fastest BLAKE2 modes on the same input.
/// </summary>
/// <remarks>
/// One thread: <c>Blake3.HashData</c> against the C library's init, update and finalize (one P/Invoke
/// each) and Blake3.NET's <c>Hasher.Hash</c>. The C row is skipped with a note where
/// artifacts/native/libblake3.so is missing (bench/run.sh builds it). Every core: the
/// <c>maxDegreeOfParallelism: -1</c> overload against <c>Hasher.UpdateWithJoin</c>.
/// Both stay on one thread for small inputs. The startup check compares every BLAKE3 row's digest.
/// The sizes are those of issue #22: 64 B, 1 KiB, 16 KiB, 1 MiB and 64 MiB.
/// </remarks>
[BenchmarkCategory(Categories.Blake3, Categories.Peers)]
public class Blake3Benchmarks() : SizedDigestBenchmark([64, 1024, 16 * 1024, MiB, 64 * MiB])
{
    private const int MiB = 1024 * 1024;

    /// <summary>Blake2Fast BLAKE3, calling thread only.</summary>
    [Benchmark(Baseline = true), Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int Blake3OneThread() => OneThread(Source, Output);

    /// <summary>Blake2Fast BLAKE3 on every core.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake2Fast)]
    public int Blake3AllCores() => AllCores(Source, Output);

    /// <summary>The official C BLAKE3 (native), one thread: it has no multi-threaded API of its own.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake3C)]
    public int Blake3COneThread()
    {
        Blake3C.Hash(Source, Output.AsSpan(0, 32));
        return 32;
    }

    /// <summary>Blake3.NET, one thread.</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake3Net)]
    public int Blake3NetOneThread()
    {
        Blake3Net.Hash hash = Blake3Net.Hasher.Hash(Source);
        hash.AsSpan().CopyTo(Output);
        return 32;
    }

    /// <summary>Blake3.NET on every core (UpdateWithJoin).</summary>
    [Benchmark, Row(Algorithms.Blake3_256, Libraries.Blake3Net)]
    public int Blake3NetAllCores()
    {
        using Blake3Net.Hasher hasher = Blake3Net.Hasher.New();
        hasher.UpdateWithJoin(Source);
        hasher.Finalize(Output.AsSpan(0, 32));
        return 32;
    }

    /// <summary>Blake2Fast BLAKE2b-512, for scale.</summary>
    [Benchmark, Row(Algorithms.Blake2b512, Libraries.Blake2Fast)]
    public int Blake2b() => global::Blake2Fast.Blake2b.HashData(Source, Output.AsSpan(0, 64));

    /// <summary>Blake2Fast BLAKE2bp-512, for scale.</summary>
    [Benchmark, Row(Algorithms.Blake2bp512, Libraries.Blake2Fast)]
    public int Blake2bp() => global::Blake2Fast.Blake2bp.HashData(Source, Output.AsSpan(0, 64));

    /// <summary>Blake2Fast BLAKE2sp-256, for scale.</summary>
    [Benchmark, Row(Algorithms.Blake2sp256, Libraries.Blake2Fast)]
    public int Blake2sp() => global::Blake2Fast.Blake2sp.HashData(Source, Output.AsSpan(0, 32));

    /// <summary>Blake2Fast BLAKE3-256 on the calling thread only; also a row of <see cref="Blake3ParallelBenchmarks"/>.</summary>
    internal static int OneThread(ReadOnlySpan<byte> source, Span<byte> output)
    {
        Blake3.HashData(source, output[..32]);
        return 32;
    }

    /// <summary>Blake2Fast BLAKE3-256 on every core, the calling thread taking part.</summary>
    internal static int AllCores(ReadOnlySpan<byte> source, Span<byte> output)
    {
        Blake3.HashData(source, output[..32], -1);
        return 32;
    }
}

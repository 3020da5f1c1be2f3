using System;
using System.Globalization;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Blake2Fast.Bench.Columns;
using Blake2Fast.Bench.Native;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// RFC 9106's first recommendation, Argon2id m = 2 GiB, t = 1, p = 4 (<see cref="Argon2Parameters.Rfc9106FirstRecommendation"/>):
/// ours on one thread and on every core, beside libsodium's crypto_pwhash with the same memory and
/// passes at p = 1 (the only p it runs) and the reference libargon2 with p = 4 on 4 threads. Each
/// row fills 2 GiB once; the GB/s column is that memory over the mean time. Ours takes the 2 GiB
/// from native memory for the call and frees it (wiped) before returning, so the process holds
/// 2 GiB and a little more, whatever the number of calls.
/// </summary>
[BenchmarkCategory(Categories.Argon2, Categories.Peers)]
[MemoryDiagnoser]
[Config(typeof(FilledColumnConfig))]
public class Argon2FirstRecommendationBenchmarks
{
    /// <summary>m, in KiB: 2 GiB.</summary>
    public const int MemoryKiB = 2 * 1024 * 1024;

    private static readonly byte[] Password = "correct horse battery staple"u8.ToArray();
    private static readonly byte[] Salt = "0123456789abcdef"u8.ToArray();
    private static readonly Argon2Parameters OneThread = Copy(Argon2Parameters.Rfc9106FirstRecommendation, threads: 1);
    private static readonly Argon2Parameters EveryCore = Copy(Argon2Parameters.Rfc9106FirstRecommendation, threads: -1);
    private readonly byte[] _tag = new byte[32];

    /// <summary>Refuses to time rows that disagree: ours on every core and libargon2 must give ours on one thread's tag.</summary>
    [GlobalSetup]
    public void Check()
    {
        if (OneThread.MemorySize != MemoryKiB || OneThread.Iterations != 1 || OneThread.Parallelism != 4 || OneThread.Type != Argon2Type.Argon2id)
        {
            throw new InvalidOperationException("Argon2Parameters.Rfc9106FirstRecommendation is no longer m = 2 GiB, t = 1, p = 4, Argon2id.");
        }

        string expected = Convert.ToHexString(Argon2.DeriveKey(Password, Salt, 32, OneThread));
        string everyCore = Convert.ToHexString(Argon2.DeriveKey(Password, Salt, 32, EveryCore));
        if (everyCore != expected)
        {
            throw new InvalidOperationException($"Ours on every core computes {everyCore}, on one thread {expected}.");
        }

        if (Libargon2.IsAvailable)
        {
            Libargon2.HashId(1, MemoryKiB, 4, Password, Salt, _tag);
            if (Convert.ToHexString(_tag) != expected)
            {
                throw new InvalidOperationException($"libargon2 computes {Convert.ToHexString(_tag)}, ours {expected}.");
            }
        }
    }

    /// <summary>Ours, p = 4, every lane on the calling thread.</summary>
    [Benchmark(Baseline = true)]
    public byte[] OursOneThread() => Argon2.DeriveKey(Password, Salt, 32, OneThread);

    /// <summary>Ours, p = 4, lanes on every core (MaxDegreeOfParallelism = -1).</summary>
    [Benchmark]
    public byte[] OursEveryCore() => Argon2.DeriveKey(Password, Salt, 32, EveryCore);

    /// <summary>libsodium crypto_pwhash (native), m = 2 GiB, t = 1, p = 1 (another tag: libsodium runs p = 1 only).</summary>
    [Benchmark]
    public byte[] LibsodiumP1()
    {
        if (!Libsodium.PwhashAvailable)
        {
            throw new InvalidOperationException("libsodium.so.23 is not installed.");
        }

        Libsodium.Pwhash(_tag, Password, Salt, 1, MemoryKiB * 1024L);
        return _tag;
    }

    /// <summary>The reference libargon2 (native), p = 4 on 4 threads.</summary>
    [Benchmark]
    public byte[] Libargon2FourThreads()
    {
        if (!Libargon2.IsAvailable)
        {
            throw new InvalidOperationException("libargon2.so.1 is not installed.");
        }

        Libargon2.HashId(1, MemoryKiB, 4, Password, Salt, _tag);
        return _tag;
    }

    private static Argon2Parameters Copy(Argon2Parameters preset, int threads) => new()
    {
        Type = preset.Type,
        Iterations = preset.Iterations,
        MemorySize = preset.MemorySize,
        Parallelism = preset.Parallelism,
        MaxDegreeOfParallelism = threads,
    };

    /// <summary>Adds <see cref="FilledColumn"/>.</summary>
    private sealed class FilledColumnConfig : ManualConfig
    {
        public FilledColumnConfig() => AddColumn(new FilledColumn());
    }

    /// <summary>The memory each row fills (2 GiB, one pass) over its mean time, in GB/s (10^9 bytes a second).</summary>
    private sealed class FilledColumn() : RowColumn("Filled GB/s", "2 GiB of Argon2 memory filled once / mean time, in 10^9 bytes per second", isNumeric: true)
    {
        protected override string Value(Summary summary, BenchmarkCase benchmarkCase)
        {
            double? meanNanoseconds = summary[benchmarkCase]?.ResultStatistics?.Mean;
            return meanNanoseconds is > 0
                ? (MemoryKiB * 1024.0 / meanNanoseconds.Value).ToString("F2", CultureInfo.InvariantCulture)
                : "-";
        }
    }
}

extern alias BouncyCastle2;

using System;
using BenchmarkDotNet.Attributes;
using Blake2Fast.Bench.Native;
using BcArgon2Generator = BouncyCastle2::Org.BouncyCastle.Crypto.Generators.Argon2BytesGenerator;
using BcArgon2Parameters = BouncyCastle2::Org.BouncyCastle.Crypto.Parameters.Argon2Parameters;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Argon2id, m = 64 MiB, t = 3, 32-byte tag (RFC 9106's second recommendation's memory and passes):
/// with p = 1 on one thread against libsodium's crypto_pwhash (native, p = 1 only) and the managed
/// NuGet peers Konscious 1.3.1, Isopoh 2.0.0 and BouncyCastle 2.7.0; with p = 4, ours on the calling
/// thread only and on every core against the reference libargon2 with 4 threads. Every row computes
/// the same tag for its p (checked in <see cref="Check"/> before timing).
/// </summary>
[BenchmarkCategory(Categories.Argon2, Categories.Peers)]
[MemoryDiagnoser]
public class Argon2Benchmarks
{
    private const int MemoryKiB = 64 * 1024;
    private const int Passes = 3;
    private static readonly byte[] Password = "correct horse battery staple"u8.ToArray();
    private static readonly byte[] Salt = "0123456789abcdef"u8.ToArray();
    private static readonly Argon2Parameters OneLane = new() { Type = Argon2Type.Argon2id, Iterations = Passes, MemorySize = MemoryKiB, Parallelism = 1 };
    private static readonly Argon2Parameters FourLanesOneThread = new() { Iterations = Passes, MemorySize = MemoryKiB, Parallelism = 4 };
    private static readonly Argon2Parameters FourLanesAllCores = new() { Iterations = Passes, MemorySize = MemoryKiB, Parallelism = 4, MaxDegreeOfParallelism = -1 };
    private readonly byte[] _tag = new byte[32];

    /// <summary>Refuses to time rows that disagree: each p = 1 peer and each p = 4 row must give the same tag as ours.</summary>
    [GlobalSetup]
    public void Check()
    {
        string one = Convert.ToHexString(Argon2.DeriveKey(Password, Salt, 32, OneLane));
        string four = Convert.ToHexString(Argon2.DeriveKey(Password, Salt, 32, FourLanesOneThread));
        Same(one, Convert.ToHexString(Konscious()), "Konscious");
        Same(one, Convert.ToHexString(BouncyCastle()), "BouncyCastle");
        Same(one, Convert.ToHexString(Isopoh()), "Isopoh");
        Same(four, Convert.ToHexString(Argon2.DeriveKey(Password, Salt, 32, FourLanesAllCores)), "ours on every core");
        if (Libsodium.PwhashAvailable)
        {
            Libsodium.Pwhash(_tag, Password, Salt, Passes, MemoryKiB * 1024L);
            Same(one, Convert.ToHexString(_tag), "libsodium");
        }

        if (Libargon2.IsAvailable)
        {
            Libargon2.HashId(Passes, MemoryKiB, 4, Password, Salt, _tag);
            Same(four, Convert.ToHexString(_tag), "libargon2");
        }

        static void Same(string expected, string actual, string who)
        {
            if (expected != actual)
            {
                throw new InvalidOperationException($"{who} computes another Argon2id tag: {actual}, ours {expected}.");
            }
        }
    }

    /// <summary>Ours, p = 1, the calling thread.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("p=1")]
    public byte[] OursP1() => Argon2.DeriveKey(Password, Salt, 32, OneLane);

    /// <summary>libsodium crypto_pwhash (native), p = 1.</summary>
    [Benchmark, BenchmarkCategory("p=1")]
    public byte[] LibsodiumP1()
    {
        if (!Libsodium.PwhashAvailable)
        {
            throw new InvalidOperationException("libsodium.so.23 is not installed.");
        }

        Libsodium.Pwhash(_tag, Password, Salt, Passes, MemoryKiB * 1024L);
        return _tag;
    }

    /// <summary>Konscious.Security.Cryptography.Argon2 1.3.1, p = 1.</summary>
    [Benchmark, BenchmarkCategory("p=1")]
    public byte[] KonsciousP1() => Konscious();

    /// <summary>Isopoh.Cryptography.Argon2 2.0.0, p = 1, one thread.</summary>
    [Benchmark, BenchmarkCategory("p=1")]
    public byte[] IsopohP1() => Isopoh();

    /// <summary>BouncyCastle.Cryptography 2.7.0 Argon2BytesGenerator, p = 1.</summary>
    [Benchmark, BenchmarkCategory("p=1")]
    public byte[] BouncyCastleP1() => BouncyCastle();

    /// <summary>Ours, p = 4, every lane on the calling thread.</summary>
    [Benchmark, BenchmarkCategory("p=4")]
    public byte[] OursP4OneThread() => Argon2.DeriveKey(Password, Salt, 32, FourLanesOneThread);

    /// <summary>Ours, p = 4, lanes on every core (MaxDegreeOfParallelism = -1).</summary>
    [Benchmark, BenchmarkCategory("p=4")]
    public byte[] OursP4AllCores() => Argon2.DeriveKey(Password, Salt, 32, FourLanesAllCores);

    /// <summary>The reference libargon2 (native), p = 4 on 4 threads.</summary>
    [Benchmark, BenchmarkCategory("p=4")]
    public byte[] Libargon2P4FourThreads()
    {
        if (!Libargon2.IsAvailable)
        {
            throw new InvalidOperationException("libargon2.so.1 is not installed.");
        }

        Libargon2.HashId(Passes, MemoryKiB, 4, Password, Salt, _tag);
        return _tag;
    }

    private static byte[] Konscious()
    {
        using var argon2 = new Konscious.Security.Cryptography.Argon2id(Password) { Salt = Salt, DegreeOfParallelism = 1, Iterations = Passes, MemorySize = MemoryKiB };
        return argon2.GetBytes(32);
    }

    private static byte[] Isopoh()
    {
        var config = new global::Isopoh.Cryptography.Argon2.Argon2Config
        {
            Type = global::Isopoh.Cryptography.Argon2.Argon2Type.HybridAddressing,
            Version = global::Isopoh.Cryptography.Argon2.Argon2Version.Nineteen,
            TimeCost = Passes,
            MemoryCost = MemoryKiB,
            Lanes = 1,
            Threads = 1,
            Password = Password,
            Salt = Salt,
            HashLength = 32,
        };
        using var argon2 = new global::Isopoh.Cryptography.Argon2.Argon2(config);
        using var hash = argon2.Hash();
        return (byte[])hash.Buffer.Clone();
    }

    private static byte[] BouncyCastle()
    {
        var generator = new BcArgon2Generator();
        generator.Init(new BcArgon2Parameters.Builder(BcArgon2Parameters.Argon2id)
            .WithVersion(BcArgon2Parameters.Version13).WithIterations(Passes).WithMemoryAsKB(MemoryKiB).WithParallelism(1).WithSalt(Salt).Build());
        byte[] tag = new byte[32];
        generator.GenerateBytes(Password, tag);
        return tag;
    }
}

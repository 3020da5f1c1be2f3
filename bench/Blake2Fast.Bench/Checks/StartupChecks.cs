using System;
using System.Collections.Generic;
using System.IO;
using BenchmarkDotNet.Configs;
using Blake2Fast.Bench.Native;
using Org.BouncyCastle.Crypto.Digests;
using static Blake2Fast.Bench.Checks.Rfc7693SelfTest;

namespace Blake2Fast.Bench.Checks;

/// <summary>
/// What must hold before any number is worth measuring: Blake2Fast passes the RFC 7693 self-test
/// (one-shot and incremental), every peer passes it too, and every row agrees with the others on
/// the benchmark inputs. A speed table of wrong answers would be worse than none.
/// </summary>
internal static class StartupChecks
{
    /// <summary>Runs every check, reporting to <paramref name="log"/>. False if any failed.</summary>
    public static bool Run(IConfig config, TextWriter log)
    {
        bool ok = true;
        log.WriteLine("RFC 7693 self-test:");
        foreach ((string name, Variant variant, HashFunction hash, bool ours) in Subjects())
        {
            bool passed;
            string detail;
            try
            {
                passed = Passes(variant, hash);
                detail = passed ? "pass" : "FAIL";
            }
            catch (Exception e) when (e is InvalidOperationException or ArgumentException or DllNotFoundException or EntryPointNotFoundException)
            {
                passed = false;
                detail = $"FAIL ({e.Message})";
            }

            log.WriteLine($"  {name,-36} {detail}{(passed || ours ? "" : "  <- peer disagrees with RFC 7693")}");
            ok &= passed;
        }

        log.WriteLine("BLAKE3 official test vectors (hash, 0 to 102400 bytes):");
        foreach ((string name, Blake3KnownAnswers.HashFunction hash, bool ours) in Blake3Subjects())
        {
            string detail;
            try
            {
                IReadOnlyList<int> failed = Blake3KnownAnswers.Failures(hash);
                detail = failed.Count == 0 ? "pass" : $"FAIL at {string.Join(", ", failed)} bytes";
                ok &= failed.Count == 0;
            }
            catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
            {
                detail = $"FAIL ({e.Message})";
                ok = false;
            }

            log.WriteLine($"  {name,-36} {detail}{(detail == "pass" || ours ? "" : "  <- peer disagrees with the official vectors")}");
        }

        ok &= DigestCrossCheck.Run(config, log);
        return ok;
    }

    private static IEnumerable<(string Name, Blake3KnownAnswers.HashFunction Hash, bool Ours)> Blake3Subjects()
    {
        yield return ("Blake2Fast Blake3.HashData", m => Blake3.HashData(m), true);
        if (Blake3C.IsAvailable)
        {
            yield return ("official C BLAKE3 (native)", m =>
            {
                byte[] output = new byte[32];
                Blake3C.Hash(m, output);
                return output;
            }, false);
        }

        yield return ("Blake3.NET Hasher.Hash (managed)", m => global::Blake3.Hasher.Hash(m).AsSpan().ToArray(), false);
    }

    /// <summary>Feeds a third of <paramref name="message"/>, then the rest, and finishes.</summary>
    private static byte[] InThirds<THasher>(THasher hasher, byte[] message)
        where THasher : struct, IBlake2Incremental
    {
        hasher.Update<byte>(message.AsSpan(0, message.Length / 3));
        hasher.Update<byte>(message.AsSpan(message.Length / 3));
        return hasher.Finish();
    }

    private static IEnumerable<(string Name, Variant Variant, HashFunction Hash, bool Ours)> Subjects()
    {
        yield return ("Blake2Fast BLAKE2b one-shot", Blake2bTest, (n, k, m) => Blake2b.HashData(k, m, n), true);
        yield return ("Blake2Fast BLAKE2b incremental", Blake2bTest, (n, k, m) => InThirds(Blake2b.CreateIncrementalHasher(n, k), m), true);
        yield return ("Blake2Fast BLAKE2s one-shot", Blake2sTest, (n, k, m) => Blake2s.HashData(k, m, n), true);
        yield return ("Blake2Fast BLAKE2s incremental", Blake2sTest, (n, k, m) => InThirds(Blake2s.CreateIncrementalHasher(n, k), m), true);
        yield return ("BouncyCastle Blake2bDigest", Blake2bTest, (n, k, m) => BouncyCastle(new Blake2bDigest(k.Length == 0 ? null : k, n, null, null), m), false);
        yield return ("BouncyCastle Blake2sDigest", Blake2sTest, (n, k, m) => BouncyCastle(new Blake2sDigest(k.Length == 0 ? null : k, n, null, null), m), false);
        if (Libsodium.IsAvailable)
        {
            yield return ("libsodium crypto_generichash", Blake2bTest, (n, k, m) => Fill(n, o => Libsodium.Hash(o, m, k)), false);
        }

        if (Libb2.IsAvailable)
        {
            yield return ("libb2 blake2b", Blake2bTest, (n, k, m) => Fill(n, o => Libb2.Blake2b(o, m, k)), false);
            yield return ("libb2 blake2s", Blake2sTest, (n, k, m) => Fill(n, o => Libb2.Blake2s(o, m, k)), false);
        }
    }

    private static byte[] BouncyCastle(Org.BouncyCastle.Crypto.IDigest digest, byte[] message)
    {
        digest.BlockUpdate(message, 0, message.Length);
        byte[] output = new byte[digest.GetDigestSize()];
        digest.DoFinal(output, 0);
        return output;
    }

    private static byte[] Fill(int length, Func<byte[], int> write)
    {
        byte[] output = new byte[length];
        write(output);
        return output;
    }
}

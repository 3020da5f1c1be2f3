using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;
using System.Security.Cryptography;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using Blake2Fast.Bench.Benchmarks;
using Blake2Fast.Bench.Native;

namespace Blake2Fast.Bench.Running;

/// <summary>
/// What the numbers depend on beyond BenchmarkDotNet's own header: Blake2Fast's kernels, the ISA
/// switches, which peers loaded (and which could not be measured at all). Printed before the run
/// and saved next to the results for the report script.
/// </summary>
internal static class EnvironmentReport
{
    /// <summary>The name of the file <see cref="Write"/> creates in the results directory.</summary>
    public const string FileName = "blake2fast-environment.md";

    /// <summary>Peers that exist for .NET but cannot be restored from this build's package source.</summary>
    private const string NotMeasured =
        "SauceControl.Blake2Fast 2.x, BouncyCastle.Cryptography 2.x, NSec.Cryptography and Konscious.Security.Cryptography.Blake2 " +
        "are not measured: their packages cannot be restored from the package source this suite is built with. " +
        "NSec's native code, libsodium, is measured directly; BouncyCastle is measured through Portable.BouncyCastle 1.8.10.";

    /// <summary>The report lines for <paramref name="config"/>'s jobs.</summary>
    public static IEnumerable<string> Lines(IConfig config)
    {
        string? version = typeof(Blake2b).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        yield return $"Blake2Fast {version} (the version's suffix is the commit); {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC";
        yield return $"Blake2Fast kernels in this process: {Describe(KernelInfo.InProcess)}; ISA switches: {KernelInfo.Describe(KernelInfo.ProcessKnobs())}";
        foreach (Job job in config.GetJobs())
        {
            yield return $"Job {job.ResolvedId}: ISA switches {KernelInfo.Describe(KernelInfo.Knobs(job))}; Blake2Fast kernels {Describe(KernelInfo.For(job))}";
        }

        yield return $"Hardware intrinsics .NET reports: {string.Join(" ", Isa())}";
        yield return "Peers: " + string.Join("; ", Peers());
        foreach (string skipped in SkippedRows())
        {
            yield return skipped;
        }

        yield return NotMeasured;
    }

    /// <summary>Prints the lines to <paramref name="log"/>.</summary>
    public static void Print(TextWriter log, IConfig config)
    {
        foreach (string line in Lines(config))
        {
            log.WriteLine(line);
        }
    }

    /// <summary>Saves the lines as a markdown list in <paramref name="resultsDirectory"/>.</summary>
    public static void Write(string resultsDirectory, IConfig config) =>
        File.WriteAllLines(Path.Combine(resultsDirectory, FileName), Lines(config).Select(line => "- " + line));

    private static IEnumerable<string> Isa()
    {
        (string Name, bool Supported)[] features =
        [
            ("AVX-512F", Avx512F.IsSupported), ("AVX-512BW", Avx512BW.IsSupported), ("AVX-512VL", Avx512F.VL.IsSupported),
            ("AVX-512VBMI", Avx512Vbmi.IsSupported), ("AVX2", Avx2.IsSupported), ("AVX", Avx.IsSupported),
            ("SSE4.2", Sse42.IsSupported), ("SSE4.1", Sse41.IsSupported), ("SSSE3", Ssse3.IsSupported), ("SSE2", Sse2.IsSupported),
            ("AdvSimd", AdvSimd.IsSupported),
        ];
        IEnumerable<string> supported = features.Where(f => f.Supported).Select(f => f.Name);
        return supported.Any()
            ? supported.Append($"(Vector512 {Accelerated(Vector512.IsHardwareAccelerated)}, Vector256 {Accelerated(Vector256.IsHardwareAccelerated)}, Vector128 {Accelerated(Vector128.IsHardwareAccelerated)})")
            : ["none (scalar only)"];
    }

    private static string Describe(KernelChoice kernels) =>
        $"BLAKE2b {kernels.Blake2b}, BLAKE2s {kernels.Blake2s}, BLAKE2bp {kernels.Blake2bp}, BLAKE2sp {kernels.Blake2sp}, BLAKE2Xb {kernels.Blake2Xb}, BLAKE2Xs {kernels.Blake2Xs}, BLAKE3 {kernels.Blake3}";

    private static string Accelerated(bool accelerated) => accelerated ? "accelerated" : "not accelerated";

    private static IEnumerable<string> Peers()
    {
        yield return Libsodium.IsAvailable
            ? $"libsodium {Libsodium.Version} ({NativeLibraries.SodiumFile})"
            : "libsodium NOT LOADED";
        yield return !Libb2.IsAvailable ? "libb2 NOT LOADED"
            : Libb2.UsesOpenMP ? $"libb2 ({NativeLibraries.Libb2File}, built with OpenMP: its BLAKE2bp/BLAKE2sp rows run 4/8 threads and pay a thread hand-off per call)"
            : $"libb2 ({NativeLibraries.Libb2File}, single-threaded)";
        yield return Blake3C.IsAvailable
            ? $"official C BLAKE3 {Blake3C.Version} (native, {NativeLibraries.Blake3CFile})"
            : "official C BLAKE3 NOT LOADED (bench/native/build-blake3-c.sh builds it)";
        string? blake3Net = typeof(global::Blake3.Hasher).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        yield return $"Blake3.NET {blake3Net?.Split('+')[0]} (the Blake3 package, managed)";
        Version? bouncyCastle = typeof(Org.BouncyCastle.Crypto.Digests.Blake2bDigest).Assembly.GetName().Version;
        yield return $"Portable.BouncyCastle {bouncyCastle}";
        string dotnet = $".NET {Environment.Version} cryptography";
        if (OperatingSystem.IsLinux())
        {
            long v = SafeEvpPKeyHandle.OpenSslVersion;
            dotnet += $" (OpenSSL {v >> 28}.{(v >> 20) & 0xFF}.{(v >> 4) & 0xFF})";
        }

        yield return dotnet + (SHA3_256.IsSupported ? ", SHA3-256 supported" : ", SHA3-256 not supported");
    }

    private static IEnumerable<string> SkippedRows() =>
        typeof(DigestBenchmark).Assembly.GetTypes()
            .Where(t => !t.IsAbstract)
            .SelectMany(t => t.GetMethods().OrderBy(DeclaredOrderer.Rank).Select(m => (Type: t, Method: m, Row: RowAttribute.Of(t, m))))
            .Where(x => x.Row is not null && RowAvailability.WhyUnavailable(x.Row) is not null)
            .GroupBy(x => RowAvailability.WhyUnavailable(x.Row!)!)
            .Select(g => $"Skipped: {string.Join(", ", g.Select(x => $"{x.Type.Name}.{x.Method.Name}"))}: {g.Key}.");
}

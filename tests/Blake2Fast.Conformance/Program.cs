using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;

namespace Blake2Fast.Conformance;

/// <summary>
/// Runs the library's conformance checks and prints "conformance: N passed, M failed".
/// Exit status 0 only if nothing failed and the checks ran. Where the xunit suite cannot run (the
/// netstandard2.0 build on Mono; linux-arm64 under qemu), CI runs this instead.
/// </summary>
/// <remarks>
/// Options: --kat PATH (default: Vectors/blake2-kat.json beside the program, copied there from the
/// test suite's vectors; nothing outside the repository is needed). The parameter, HMAC/HKDF and
/// BLAKE3 vectors are read from the same folder.
/// Environment: BLAKE2FAST_EXPECTED_ARCH (X64, Arm64, ...), BLAKE2FAST_EXPECTED_BUILD (net10.0,
/// netstandard2.0, ...), BLAKE2FAST_EXPECTED_KERNELS (the exact "b=... s=... bp=... sp=... xb=... xs=... b3=..."
/// line printed as "kernels picked"): each, when set, must match what this run sees.
/// </remarks>
internal static class Program
{
    private static int Main(string[] args)
    {
        var report = new Report();
        string build = typeof(Blake2b).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "(none)";
        Console.WriteLine($"runtime: {RuntimeInformation.FrameworkDescription}, {RuntimeInformation.ProcessArchitecture}, {RuntimeInformation.OSDescription}");
        Console.WriteLine($"library build: {build}");
        Console.WriteLine($"kernels picked: {KernelChecks.Picks}");
        Console.WriteLine($"kernels supported: {KernelChecks.Supported}");

        report.Begin("platform");
        CheckExpected(report, "BLAKE2FAST_EXPECTED_ARCH", RuntimeInformation.ProcessArchitecture.ToString());
        CheckExpected(report, "BLAKE2FAST_EXPECTED_BUILD", ShortName(build));
        CheckExpected(report, "BLAKE2FAST_EXPECTED_KERNELS", KernelChecks.Picks);

        string katPath = Option(args, "--kat") ?? Path.Combine(AppContext.BaseDirectory, "Vectors", "blake2-kat.json");
        Suites.KnownAnswers(report, Json.ReadArrayOfObjects(File.ReadAllText(katPath)));

        string paramsPath = Path.Combine(AppContext.BaseDirectory, "Vectors", "blake2-params.json");
        Suites.ParameterVectors(report, Json.ReadArrayOfObjects(File.ReadAllText(paramsPath)));
        Suites.Rfc7693SelfTest(report);
        Suites.HashAlgorithmInterop(report);
        Suites.BadInput(report);

        string hmacPath = Path.Combine(AppContext.BaseDirectory, "Vectors", "hmac-vectors.json");
        HmacSuites.KnownAnswers(report, Json.ReadObjectOfArrays(File.ReadAllText(hmacPath)));
        HmacSuites.BadInput(report);

        string blake3Path = Path.Combine(AppContext.BaseDirectory, "Vectors", "blake3-test-vectors.json");
        Blake3Suites.KnownAnswers(report, Json.ReadObject(File.ReadAllText(blake3Path)));
        Blake3Suites.BadInput(report);
        KernelChecks.Differentials(report);

        report.PrintSuites();
        Console.WriteLine($"conformance: {report.Passed} passed, {report.Failed} failed");
        return report.Failed == 0 && report.Passed > 0 ? 0 : 1;
    }

    private static void CheckExpected(Report report, string variable, string actual)
    {
        string? expected = Environment.GetEnvironmentVariable(variable);
        if (!string.IsNullOrEmpty(expected))
        {
            report.Check(expected == actual, $"{variable}: expected '{expected}', this run has '{actual}'");
        }
    }

    private static string ShortName(string framework) => framework switch
    {
        ".NETCoreApp,Version=v10.0" => "net10.0",
        ".NETCoreApp,Version=v8.0" => "net8.0",
        ".NETStandard,Version=v2.1" => "netstandard2.1",
        ".NETStandard,Version=v2.0" => "netstandard2.0",
        _ => framework,
    };

    private static string? Option(string[] args, string name)
    {
        int at = Array.IndexOf(args, name);
        return at >= 0 && at + 1 < args.Length ? args[at + 1] : null;
    }
}

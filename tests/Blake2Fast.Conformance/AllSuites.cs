using System;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;

namespace Blake2Fast.Conformance;

/// <summary>
/// Every conformance suite in order, for any host: the console program (vectors from files beside
/// it) and the browser test host (tests/Blake2Fast.Browser, vectors embedded in its assembly). The
/// host says how to read a vector file by name and what the expected-value variables hold.
/// </summary>
internal static class AllSuites
{
    /// <summary>
    /// Prints the runtime, library build and kernels and runs every suite; the host may add its own
    /// suites to the report before <see cref="Finish"/>.
    /// </summary>
    /// <param name="readVectors">The text of a vector file of tests/Blake2Fast.Tests/Vectors by name: blake2-kat.json, blake2-params.json, hmac-vectors.json, blake3-test-vectors.json.</param>
    /// <param name="variable">The value of an environment variable (BLAKE2FAST_EXPECTED_*), null where unset.</param>
    public static Report Run(Func<string, string> readVectors, Func<string, string?> variable)
    {
        var report = new Report();
        string build = typeof(Blake2b).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "(none)";
        Console.WriteLine($"runtime: {RuntimeInformation.FrameworkDescription}, {RuntimeInformation.ProcessArchitecture}, {RuntimeInformation.OSDescription}");
        Console.WriteLine($"library build: {build}");
        Console.WriteLine($"kernels picked: {KernelChecks.Picks}");
        Console.WriteLine($"kernels supported: {KernelChecks.Supported}");

        report.Begin("platform");
        CheckExpected(report, variable, "BLAKE2FAST_EXPECTED_ARCH", RuntimeInformation.ProcessArchitecture.ToString());
        CheckExpected(report, variable, "BLAKE2FAST_EXPECTED_BUILD", ShortName(build));
        CheckExpected(report, variable, "BLAKE2FAST_EXPECTED_KERNELS", KernelChecks.Picks);

        Suites.KnownAnswers(report, Json.ReadArrayOfObjects(readVectors("blake2-kat.json")));
        Suites.ParameterVectors(report, Json.ReadArrayOfObjects(readVectors("blake2-params.json")));
        Suites.Rfc7693SelfTest(report);
        Suites.HashAlgorithmInterop(report);
        Suites.BadInput(report);

        HmacSuites.KnownAnswers(report, Json.ReadObjectOfArrays(readVectors("hmac-vectors.json")));
        HmacSuites.BadInput(report);

        Blake3Suites.KnownAnswers(report, Json.ReadObject(readVectors("blake3-test-vectors.json")));
        Blake3Suites.BadInput(report);
        KernelChecks.Differentials(report);
        return report;
    }

    /// <summary>
    /// Prints each suite's count and the closing line "conformance: N passed, M failed"; returns the
    /// exit status: 0 only if something passed and nothing failed.
    /// </summary>
    public static int Finish(Report report)
    {
        report.PrintSuites();
        Console.WriteLine($"conformance: {report.Passed} passed, {report.Failed} failed");
        return report.Failed == 0 && report.Passed > 0 ? 0 : 1;
    }

    private static void CheckExpected(Report report, Func<string, string?> variable, string name, string actual)
    {
        string? expected = variable(name);
        if (!string.IsNullOrEmpty(expected))
        {
            report.Check(expected == actual, $"{name}: expected '{expected}', this run has '{actual}'");
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
}

using System;
using System.IO;

namespace Blake2Fast.Conformance;

/// <summary>
/// Runs the library's conformance checks and prints "conformance: N passed, M failed".
/// Exit status 0 only if nothing failed and the checks ran. Where the xunit suite cannot run (the
/// netstandard2.0 build on Mono; linux-arm64 under qemu), CI runs this instead; the browser test
/// host (tests/Blake2Fast.Browser) runs the same suites (<see cref="AllSuites.Run"/>) in Chromium.
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
        string? katPath = Option(args, "--kat");
        Report report = AllSuites.Run(
            name => File.ReadAllText(name == "blake2-kat.json" && katPath is not null ? katPath : Path.Combine(AppContext.BaseDirectory, "Vectors", name)),
            Environment.GetEnvironmentVariable);
        return AllSuites.Finish(report);
    }

    private static string? Option(string[] args, string name)
    {
        int at = Array.IndexOf(args, name);
        return at >= 0 && at + 1 < args.Length ? args[at + 1] : null;
    }
}

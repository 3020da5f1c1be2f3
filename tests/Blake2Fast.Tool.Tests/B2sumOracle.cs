using System;
using System.Diagnostics;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// GNU coreutils <c>b2sum</c>, the independent reference for b2fast's output, when the machine has it.
/// Its messages say "b2sum" where b2fast says "b2fast"; everything else must match byte for byte.
/// Linux only: b2fast matches GNU b2sum with glibc's messages and Linux's file names; on Windows
/// it prints names as given (no escaped backslashes), and macOS has no b2sum of its own (a
/// Homebrew one may be any version). Elsewhere the tests check the library and fixed expectations.
/// </summary>
internal static class B2sumOracle
{
    /// <summary>Why no b2sum is compared with here, for the test log.</summary>
    public static string Absence => OperatingSystem.IsLinux() ? "not installed" : "compared on Linux only";

    /// <summary>The full path of b2sum, or <see langword="null"/> when it is not on PATH or this is not Linux.</summary>
    public static string? ExecutablePath { get; } = Find();

    public static bool IsAvailable => ExecutablePath is not null;

    /// <summary>The first line of <c>b2sum --version</c>, for the test log.</summary>
    public static string Describe() =>
        ExecutablePath is null
            ? "coreutils b2sum not found on PATH"
            : $"{ExecutablePath}: {Run(null, "--version").OutputText.Split('\n')[0]}";

    public static RunResult Run(byte[]? stdin, params string[] args)
    {
        var start = new ProcessStartInfo(ExecutablePath ?? throw new InvalidOperationException("b2sum is not available."))
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        RunResult result = ProcessRunner.Run(start, stdin);

        // b2sum names itself by argv[0], which may be its full path.
        string error = result.Error.Replace(ExecutablePath, "b2sum", StringComparison.Ordinal)
            .Replace("b2sum", "b2fast", StringComparison.Ordinal);
        return result with { Error = error };
    }

    private static string? Find()
    {
        if (!OperatingSystem.IsLinux())
        {
            return null;
        }

        string? path = Environment.GetEnvironmentVariable("PATH");
        return path?.Split(Path.PathSeparator)
            .Select(directory => Path.Combine(directory, "b2sum"))
            .FirstOrDefault(File.Exists);
    }
}

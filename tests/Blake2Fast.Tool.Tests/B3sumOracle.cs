using System;
using System.Diagnostics;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// Debian's <c>b3sum</c>, the independent reference for <c>b2fast -a blake3</c>, when the machine has
/// it (CI installs it: .ci/check_b3sum.sh). Tests that use it also check against the library, so
/// without it they still run, on one reference instead of two. Linux only: b2fast matches Debian's
/// b3sum 1.2.0, whose messages later b3sum releases (Homebrew's, on macOS) word otherwise.
/// </summary>
internal static class B3sumOracle
{
    /// <summary>Why no b3sum is compared with here, for the test log.</summary>
    public static string Absence => OperatingSystem.IsLinux() ? "not installed; .ci/check_b3sum.sh installs it" : "compared on Linux only";

    /// <summary>The full path of b3sum, or <see langword="null"/> when it is not on PATH or this is not Linux.</summary>
    public static string? ExecutablePath { get; } = !OperatingSystem.IsLinux() ? null : Environment.GetEnvironmentVariable("PATH")?
        .Split(Path.PathSeparator)
        .Select(directory => Path.Combine(directory, "b3sum"))
        .FirstOrDefault(File.Exists);

    /// <summary>b3sum's line for <paramref name="path"/> (its default: the file memory-mapped when large), or <see langword="null"/> without b3sum.</summary>
    public static string? Line(string path)
    {
        if (ExecutablePath is null)
        {
            return null;
        }

        var start = new ProcessStartInfo(ExecutablePath) { RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(path);
        RunResult result = ProcessRunner.Run(start, stdin: null);
        Assert.Equal(0, result.ExitCode);
        return result.OutputText;
    }

    /// <summary>Runs b3sum with <paramref name="args"/> and <paramref name="stdin"/>; it must be available.</summary>
    public static RunResult Run(byte[]? stdin, params string[] args)
    {
        var start = new ProcessStartInfo(ExecutablePath ?? throw new InvalidOperationException("b3sum is not available.")) { RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        return ProcessRunner.Run(start, stdin);
    }
}

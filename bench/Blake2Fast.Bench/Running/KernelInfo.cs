using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Jobs;

namespace Blake2Fast.Bench.Running;

/// <summary>
/// Which Blake2Fast kernel a benchmark process picks. The kernel is chosen once per process from
/// the CPU and the runtime's ISA switches, so a job that sets such a switch is asked directly: this
/// program started with <c>--probe-kernels</c> under the job's environment prints its choice.
/// </summary>
internal static class KernelInfo
{
    /// <summary>The argument that makes the program print <see cref="ProbeLine"/> and exit.</summary>
    public const string ProbeArgument = "--probe-kernels";

    private static readonly ConcurrentDictionary<string, KernelChoice> Probed = new(StringComparer.Ordinal);

    /// <summary>This process's choice for every family.</summary>
    public static KernelChoice InProcess => new(
        Kernels.Blake2bKernels.Best.ToString(),
        Kernels.Blake2sKernels.Best.ToString(),
        Kernels.Blake2pKernels<ulong>.Best.ToString(),
        Kernels.Blake2pKernels<uint>.Best.ToString(),
        Kernels.Blake2XKernels<ulong>.Best.ToString(),
        Kernels.Blake2XKernels<uint>.Best.ToString(),
        Kernels.Blake3Kernels.Best.ToString());

    /// <summary>The line the probe prints.</summary>
    public static string ProbeLine => InProcess.ToLine();

    /// <summary>Whether an environment variable changes which instructions the JIT may use.</summary>
    public static bool IsKnob(string name) =>
        name.StartsWith("DOTNET_Enable", StringComparison.OrdinalIgnoreCase)
        || name.StartsWith("COMPlus_Enable", StringComparison.OrdinalIgnoreCase)
        || name.Equals("DOTNET_PreferredVectorBitWidth", StringComparison.OrdinalIgnoreCase);

    /// <summary>The ISA switches set in this process's environment.</summary>
    public static SortedDictionary<string, string> ProcessKnobs()
    {
        var knobs = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (DictionaryEntry entry in Environment.GetEnvironmentVariables())
        {
            if (entry.Key is string name && IsKnob(name))
            {
                knobs[name] = entry.Value as string ?? "";
            }
        }

        return knobs;
    }

    /// <summary>The ISA switches a job's processes run with: this process's, overridden by the job's.</summary>
    public static SortedDictionary<string, string> Knobs(Job job)
    {
        SortedDictionary<string, string> knobs = ProcessKnobs();
        foreach (var variable in job.Environment.EnvironmentVariables ?? [])
        {
            if (IsKnob(variable.Key))
            {
                knobs[variable.Key] = variable.Value;
            }
        }

        return knobs;
    }

    /// <summary>"NAME=value, ..." or "none".</summary>
    public static string Describe(IReadOnlyDictionary<string, string> knobs) =>
        knobs.Count == 0 ? "none" : string.Join(", ", knobs.Select(k => $"{k.Key}={k.Value}"));

    /// <summary>The kernels a job's processes pick.</summary>
    public static KernelChoice For(Job job)
    {
        SortedDictionary<string, string> knobs = Knobs(job);
        if (knobs.SequenceEqual(ProcessKnobs()))
        {
            return InProcess;
        }

        return Probed.GetOrAdd(Describe(knobs), _ => Probe(knobs));
    }

    private static KernelChoice Probe(IReadOnlyDictionary<string, string> knobs)
    {
        string? host = Environment.ProcessPath;
        if (host is null)
        {
            return KernelChoice.Unknown;
        }

        var start = new ProcessStartInfo(host) { RedirectStandardOutput = true, UseShellExecute = false };
        if (Path.GetFileNameWithoutExtension(host).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            start.ArgumentList.Add(typeof(KernelInfo).Assembly.Location);
        }

        start.ArgumentList.Add(ProbeArgument);
        foreach ((string name, string value) in knobs)
        {
            start.Environment[name] = value;
        }

        using Process process = Process.Start(start)!;
        string line = process.StandardOutput.ReadToEnd();
        process.WaitForExit();
        return KernelChoice.FromLine(line);
    }
}

/// <summary>The kernel each Blake2Fast family picked: the single-message ones and the lane kernels.</summary>
internal sealed record KernelChoice(string Blake2b, string Blake2s, string Blake2bp, string Blake2sp, string Blake2Xb, string Blake2Xs, string Blake3)
{
    /// <summary>What a failed probe reports.</summary>
    public static KernelChoice Unknown { get; } = new("?", "?", "?", "?", "?", "?", "?");

    /// <summary>The kernel behind a row's algorithm label (see <c>Algorithms</c>).</summary>
    public string For(string algorithm) => algorithm.StartsWith("HMAC-", StringComparison.Ordinal) ? For(algorithm["HMAC-".Length..]) : algorithm switch
    {
        _ when algorithm.StartsWith("BLAKE3", StringComparison.Ordinal) => Blake3,
        _ when algorithm.StartsWith("BLAKE2bp", StringComparison.Ordinal) => Blake2bp,
        _ when algorithm.StartsWith("BLAKE2sp", StringComparison.Ordinal) => Blake2sp,
        _ when algorithm.StartsWith("BLAKE2Xb", StringComparison.Ordinal) => Blake2Xb,
        _ when algorithm.StartsWith("BLAKE2Xs", StringComparison.Ordinal) => Blake2Xs,
        _ when algorithm.StartsWith("BLAKE2s", StringComparison.Ordinal) => Blake2s,
        _ => Blake2b,
    };

    /// <summary>The seven names, space separated, as the probe prints them.</summary>
    public string ToLine() => $"{Blake2b} {Blake2s} {Blake2bp} {Blake2sp} {Blake2Xb} {Blake2Xs} {Blake3}";

    /// <summary>Parses <see cref="ToLine"/>; <see cref="Unknown"/> for anything else.</summary>
    public static KernelChoice FromLine(string line)
    {
        string[] words = line.Split(' ', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        return words.Length == 7 ? new(words[0], words[1], words[2], words[3], words[4], words[5], words[6]) : Unknown;
    }
}

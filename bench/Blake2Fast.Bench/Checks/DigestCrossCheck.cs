using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Parameters;
using BenchmarkDotNet.Running;
using Blake2Fast.Bench.Benchmarks;

namespace Blake2Fast.Bench.Checks;

/// <summary>
/// Runs every row that the configuration would measure once, in this process, and requires rows
/// with the same algorithm label and the same parameters to produce the same digest. Blake2Fast's
/// row, else an independent reference, is the expected value. Also fills <see cref="DigestMap"/>.
/// </summary>
internal static class DigestCrossCheck
{
    /// <summary>Runs the check; writes every disagreement to <paramref name="log"/>. True when all agree.</summary>
    public static bool Run(IConfig config, TextWriter log)
    {
        var results = new List<Result>();
        IEnumerable<Type> types = typeof(DigestBenchmark).Assembly.GetTypes()
            .Where(t => t.IsSubclassOf(typeof(DigestBenchmark)) && !t.IsAbstract)
            .OrderBy(t => t.Name, StringComparer.Ordinal);
        foreach (Type type in types)
        {
            BenchmarkRunInfo info = BenchmarkConverter.TypeToBenchmarks(type, config);
            foreach (BenchmarkCase benchmarkCase in info.BenchmarksCases.DistinctBy(DigestMap.Key))
            {
                results.Add(Compute(benchmarkCase));
            }
        }

        bool ok = true;
        int compared = 0;
        var alone = new SortedSet<string>(StringComparer.Ordinal);
        foreach (var group in results.GroupBy(r => (r.Algorithm, r.Parameters)))
        {
            foreach (Result failed in group.Where(r => r.Error is not null))
            {
                log.WriteLine($"  FAILED  {failed.Name}: {failed.Error}");
                ok = false;
            }

            List<Result> rows = group.Where(r => r.Error is null).ToList();
            if (rows.Count == 0)
            {
                continue;
            }

            Result? ours = rows.FirstOrDefault(r => r.Library == Libraries.Blake2Fast);
            (byte[]? expected, string expectedFrom) = ours is not null
                ? (ours.Digest, ours.Name)
                : (rows[0].Reference, "the tree-mode reference built on Blake2Fast's parameters");
            if (expected is null && rows.Count > 1)
            {
                (expected, expectedFrom) = (rows[0].Digest, rows[0].Name);
            }

            if (expected is null)
            {
                alone.Add(group.Key.Algorithm);
                continue;
            }

            foreach (Result row in rows)
            {
                compared++;
                if (!row.Digest.AsSpan().SequenceEqual(expected))
                {
                    log.WriteLine($"  MISMATCH {group.Key.Algorithm} ({group.Key.Parameters}): {row.Name} gives {Convert.ToHexStringLower(row.Digest)}");
                    log.WriteLine($"           but {expectedFrom} gives {Convert.ToHexStringLower(expected)}");
                    ok = false;
                }
            }
        }

        log.WriteLine($"Digest cross-check: {compared} of {results.Count} rows compared with Blake2Fast or a reference: {(ok ? "all agree" : "DISAGREEMENT")}.");
        if (alone.Count > 0)
        {
            log.WriteLine($"  Rows with no second implementation to compare with: {string.Join(", ", alone)}.");
        }

        return ok;
    }

    private static Result Compute(BenchmarkCase benchmarkCase)
    {
        Descriptor descriptor = benchmarkCase.Descriptor;
        RowAttribute? row = RowAttribute.Of(descriptor.Type, descriptor.WorkloadMethod);
        string name = $"{descriptor.Type.Name}.{descriptor.WorkloadMethod.Name}";
        string algorithm = row?.Algorithm ?? name;
        string library = row?.Library ?? "?";
        string parameters = benchmarkCase.Parameters.DisplayInfo;
        var instance = (DigestBenchmark)Activator.CreateInstance(descriptor.Type)!;
        try
        {
            foreach (ParameterInstance parameter in benchmarkCase.Parameters.Items.Where(p => !p.IsArgument))
            {
                SetMember(instance, parameter);
            }

            descriptor.GlobalSetupMethod?.Invoke(instance, null);
            try
            {
                descriptor.IterationSetupMethod?.Invoke(instance, null);
                instance.ClearOutput();
                object?[] arguments = benchmarkCase.Parameters.Items.Where(p => p.IsArgument).Select(p => p.Value).ToArray();
                if (descriptor.WorkloadMethod.Invoke(instance, arguments) is not int length)
                {
                    return new(name, algorithm, library, parameters, [], null, "does not return the digest length (int)");
                }

                byte[] digest = instance.Digest(length).ToArray();
                DigestMap.Set(benchmarkCase, digest);
                descriptor.IterationCleanupMethod?.Invoke(instance, null);
                return new(name, algorithm, library, parameters, digest, References.For(algorithm, instance.Input), null);
            }
            finally
            {
                descriptor.GlobalCleanupMethod?.Invoke(instance, null);
            }
        }
        catch (TargetInvocationException e)
        {
            return new(name, algorithm, library, parameters, [], null, e.InnerException?.Message ?? e.Message);
        }
    }

    private static void SetMember(object instance, ParameterInstance parameter)
    {
        const BindingFlags Flags = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static;
        Type type = instance.GetType();
        object? target = parameter.IsStatic ? null : instance;
        if (type.GetProperty(parameter.Name, Flags) is { } property)
        {
            property.SetValue(target, parameter.Value);
        }
        else
        {
            type.GetField(parameter.Name, Flags)?.SetValue(target, parameter.Value);
        }
    }

    private sealed record Result(string Name, string Algorithm, string Library, string Parameters, byte[] Digest, byte[]? Reference, string? Error);
}

using System;
using System.Collections.Concurrent;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Bench.Checks;

/// <summary>
/// The digest each benchmark case produced in the startup check. Columns are evaluated in the host
/// process, which never runs the measured code, so the host computes the digests itself up front.
/// </summary>
internal static class DigestMap
{
    private static readonly ConcurrentDictionary<string, byte[]> Digests = new(StringComparer.Ordinal);

    /// <summary>Identifies a case independently of its job: type, method and parameter values.</summary>
    public static string Key(BenchmarkCase benchmarkCase) =>
        $"{benchmarkCase.Descriptor.Type.FullName}.{benchmarkCase.Descriptor.WorkloadMethod.Name}({benchmarkCase.Parameters.DisplayInfo})";

    /// <summary>Records the digest of <paramref name="benchmarkCase"/>.</summary>
    public static void Set(BenchmarkCase benchmarkCase, byte[] digest) => Digests[Key(benchmarkCase)] = digest;

    /// <summary>The digest of <paramref name="benchmarkCase"/>, if the startup check computed one.</summary>
    public static byte[]? Get(BenchmarkCase benchmarkCase) => Digests.TryGetValue(Key(benchmarkCase), out byte[]? digest) ? digest : null;
}

using System;
using Blake2Fast.Bench.Benchmarks;

namespace Blake2Fast.Bench.Checks;

/// <summary>
/// Answers for algorithms that may have no Blake2Fast row to compare peers with (the parallel modes,
/// until Blake2Fast ships them).
/// </summary>
internal static class References
{
    /// <summary>The expected digest of <paramref name="input"/> under <paramref name="algorithm"/>, or null when there is no independent reference.</summary>
    public static byte[]? For(string algorithm, ReadOnlySpan<byte> input) => algorithm switch
    {
        Algorithms.Blake2bp512 => TreeReference.Blake2bp(input),
        Algorithms.Blake2sp256 => TreeReference.Blake2sp(input),
        _ => null,
    };
}

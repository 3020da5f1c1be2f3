using System;
using Blake2Fast.Bench.Benchmarks;

namespace Blake2Fast.Bench.Checks;

/// <summary>
/// Independent answers for the parallel modes: built from plain BLAKE2b/BLAKE2s tree parameters, so
/// they check Blake2Fast's own parallel engine as well as libb2.
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

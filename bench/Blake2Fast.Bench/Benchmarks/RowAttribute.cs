using System;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// What a benchmark row computes and with which library. Rows with the same
/// <see cref="Algorithm"/> on the same input must produce the same digest; the startup check and
/// the report's ratios rely on it, so two rows share a label only when their outputs are comparable.
/// </summary>
[AttributeUsage(AttributeTargets.Method, Inherited = false)]
internal sealed class RowAttribute(string algorithm, string library) : Attribute
{
    /// <summary>The function and its parameters, e.g. "BLAKE2b-256 keyed"; see <see cref="Algorithms"/>.</summary>
    public string Algorithm { get; } = algorithm;

    /// <summary>Who computes it; see <see cref="Libraries"/>.</summary>
    public string Library { get; } = library;
}

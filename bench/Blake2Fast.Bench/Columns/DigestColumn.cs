using System;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Blake2Fast.Bench.Checks;

namespace Blake2Fast.Bench.Columns;

/// <summary>
/// The first bytes of the row's digest, from the startup check, so that a row that disagrees
/// with its neighbours on the same input is visible in the table itself.
/// </summary>
internal sealed class DigestColumn() : RowColumn("Digest", "First 4 bytes of the row's digest (hex), computed before measuring")
{
    private const int Shown = 4;

    /// <inheritdoc/>
    protected override string Value(Summary summary, BenchmarkCase benchmarkCase) =>
        DigestMap.Get(benchmarkCase) is { } digest ? Convert.ToHexStringLower(digest.AsSpan(0, Math.Min(Shown, digest.Length))) : "-";
}

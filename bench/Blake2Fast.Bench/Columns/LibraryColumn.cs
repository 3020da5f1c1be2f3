using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Bench.Columns;

/// <summary>Who computes the row, from its <see cref="Benchmarks.RowAttribute"/>; the report compares every row with the Blake2Fast one.</summary>
internal sealed class LibraryColumn() : RowColumn("Library", "Implementation measured")
{
    /// <inheritdoc/>
    protected override string Value(Summary summary, BenchmarkCase benchmarkCase) => Row(benchmarkCase)?.Library ?? "-";
}

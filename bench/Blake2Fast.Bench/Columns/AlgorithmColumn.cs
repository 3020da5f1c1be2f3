using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Bench.Columns;

/// <summary>What the row computes, from its <see cref="Benchmarks.RowAttribute"/>.</summary>
internal sealed class AlgorithmColumn() : RowColumn("Algorithm", "Function and parameters; rows with equal labels must give equal digests")
{
    /// <inheritdoc/>
    protected override string Value(Summary summary, BenchmarkCase benchmarkCase) => Row(benchmarkCase)?.Algorithm ?? "-";
}

using System.Globalization;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Bench.Columns;

/// <summary>Input bytes per second of mean time, in MiB/s; the unit the report charts.</summary>
internal sealed class ThroughputColumn() : RowColumn("MiB/s", "Input size / mean time, in MiB per second", isNumeric: true)
{
    /// <inheritdoc/>
    protected override string Value(Summary summary, BenchmarkCase benchmarkCase)
    {
        double? meanNanoseconds = summary[benchmarkCase]?.ResultStatistics?.Mean;
        if (Size(benchmarkCase) is not int size || meanNanoseconds is not > 0)
        {
            return "-";
        }

        double mibPerSecond = size / (meanNanoseconds.Value * 1e-9) / (1024 * 1024);
        return mibPerSecond.ToString(mibPerSecond < 10 ? "F2" : "F1", CultureInfo.InvariantCulture);
    }
}

using System;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Blake2Fast.Bench.Benchmarks;
using Blake2Fast.Bench.Running;

namespace Blake2Fast.Bench.Columns;

/// <summary>The Blake2Fast kernel a Blake2Fast row ran on, for the row's job environment.</summary>
internal sealed class KernelColumn() : RowColumn("Kernel", "Blake2Fast compress kernel the row's process selected (- for other libraries)")
{
    /// <inheritdoc/>
    protected override string Value(Summary summary, BenchmarkCase benchmarkCase)
    {
        if (Row(benchmarkCase) is not { Library: Libraries.Blake2Fast } row)
        {
            return "-";
        }

        // BLAKE2bp, BLAKE2sp and BLAKE2X outputs have their own lane kernels, chosen apart from BLAKE2b/s.
        return KernelInfo.For(benchmarkCase.Job).For(row.Algorithm);
    }
}

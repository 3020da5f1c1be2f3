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

        (string blake2b, string blake2s) = KernelInfo.For(benchmarkCase.Job);
        // BLAKE2b, BLAKE2bp and BLAKE2Xb run on the 64-bit kernel, their s counterparts on the 32-bit one.
        string family = row.Algorithm.Replace("X", "", StringComparison.Ordinal);
        return family.StartsWith("BLAKE2s", StringComparison.Ordinal) ? blake2s : blake2b;
    }
}

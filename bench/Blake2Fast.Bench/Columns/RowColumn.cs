using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Blake2Fast.Bench.Benchmarks;

namespace Blake2Fast.Bench.Columns;

/// <summary>A text column computed per row; the shared plumbing of this program's columns.</summary>
internal abstract class RowColumn(string name, string legend, bool isNumeric = false) : IColumn
{
    /// <inheritdoc/>
    public string Id => $"Blake2Fast.Bench.{name}";

    /// <inheritdoc/>
    public string ColumnName => name;

    /// <inheritdoc/>
    public bool AlwaysShow => true;

    /// <inheritdoc/>
    public ColumnCategory Category => ColumnCategory.Custom;

    /// <inheritdoc/>
    public int PriorityInCategory => 0;

    /// <inheritdoc/>
    public bool IsNumeric => isNumeric;

    /// <inheritdoc/>
    public UnitType UnitType => UnitType.Dimensionless;

    /// <inheritdoc/>
    public string Legend => legend;

    /// <summary>The row attribute of <paramref name="benchmarkCase"/>, if its method has one.</summary>
    protected static RowAttribute? Row(BenchmarkCase benchmarkCase) =>
        RowAttribute.Of(benchmarkCase.Descriptor.Type, benchmarkCase.Descriptor.WorkloadMethod);

    /// <summary>The <c>Size</c> parameter of <paramref name="benchmarkCase"/>, if it has one.</summary>
    protected static int? Size(BenchmarkCase benchmarkCase) =>
        benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Size")?.Value as int?;

    /// <inheritdoc/>
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => Value(summary, benchmarkCase);

    /// <inheritdoc/>
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => Value(summary, benchmarkCase);

    /// <inheritdoc/>
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    /// <inheritdoc/>
    public bool IsAvailable(Summary summary) => true;

    /// <summary>The cell text.</summary>
    protected abstract string Value(Summary summary, BenchmarkCase benchmarkCase);
}

using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Bench.Running;

/// <summary>Keeps only the cases whose <c>Size</c> parameter is one of the sizes asked for; cases without one stay.</summary>
internal sealed class SizeFilter(IReadOnlySet<int> sizes) : IFilter
{
    /// <inheritdoc/>
    public bool Predicate(BenchmarkCase benchmarkCase) =>
        benchmarkCase.Parameters.Items.FirstOrDefault(p => p.Name == "Size") is not { Value: int size } || sizes.Contains(size);
}

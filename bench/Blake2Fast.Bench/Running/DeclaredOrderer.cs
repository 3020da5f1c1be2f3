using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Reflection;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Order;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Bench.Running;

/// <summary>
/// BenchmarkDotNet's order (by parameters, then by method) with each class's methods in the order
/// its source declares them, a base class's first. BenchmarkDotNet's own "declared" order is the
/// order reflection lists the methods in, which puts an inherited method before or after the
/// subclass's own as it pleases; the report takes a class's first Blake2Fast row as the reference
/// of rows without one of their own algorithm, so the order must not move.
/// </summary>
internal sealed class DeclaredOrderer() : DefaultOrderer(SummaryOrderPolicy.Default, MethodOrderPolicy.Declared)
{
    /// <inheritdoc/>
    public override IEnumerable<BenchmarkCase> GetExecutionOrder(ImmutableArray<BenchmarkCase> benchmarkCases, IEnumerable<BenchmarkLogicalGroupRule>? order = null) =>
        Declared(base.GetExecutionOrder(benchmarkCases, order));

    /// <inheritdoc/>
    public override IEnumerable<BenchmarkCase> GetSummaryOrder(ImmutableArray<BenchmarkCase> benchmarksCases, Summary summary) =>
        Declared(base.GetSummaryOrder(benchmarksCases, summary));

    /// <summary>Each run of cases that differ only in their method, sorted by where the method is declared.</summary>
    private static IEnumerable<BenchmarkCase> Declared(IEnumerable<BenchmarkCase> cases)
    {
        var run = new List<BenchmarkCase>();
        foreach (BenchmarkCase benchmarkCase in cases)
        {
            if (run.Count > 0 && !SameButMethod(run[0], benchmarkCase))
            {
                foreach (BenchmarkCase c in run.OrderBy(Rank))
                {
                    yield return c;
                }

                run.Clear();
            }

            run.Add(benchmarkCase);
        }

        foreach (BenchmarkCase c in run.OrderBy(Rank))
        {
            yield return c;
        }
    }

    private static bool SameButMethod(BenchmarkCase a, BenchmarkCase b) =>
        a.Descriptor.Type == b.Descriptor.Type && a.Job == b.Job && a.Parameters.DisplayInfo == b.Parameters.DisplayInfo;

    private static (int Depth, int Token) Rank(BenchmarkCase benchmarkCase) => Rank(benchmarkCase.Descriptor.WorkloadMethod);

    /// <summary>Where <paramref name="method"/> is declared: how far down the class hierarchy (base first), then its place in its class.</summary>
    public static (int Depth, int Token) Rank(MethodInfo method)
    {
        int depth = 0;
        for (Type? type = method.DeclaringType!.BaseType; type is not null; type = type.BaseType)
        {
            depth++;
        }

        return (depth, method.MetadataToken);
    }
}

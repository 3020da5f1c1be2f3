using System;
using System.Reflection;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// What a benchmark row computes and with which library. Rows with the same
/// <see cref="Algorithm"/> on the same input must produce the same digest; the startup check and
/// the report's ratios rely on it, so two rows share a label only when their outputs are comparable.
/// </summary>
[AttributeUsage(AttributeTargets.Method, Inherited = false)]
internal sealed class RowAttribute : Attribute
{
    private readonly string? _algorithm;

    /// <summary>A row computing <paramref name="algorithm"/> with <paramref name="library"/>.</summary>
    public RowAttribute(string algorithm, string library)
        : this(library) => _algorithm = algorithm;

    /// <summary>A row of the class's algorithm (<see cref="RowAlgorithmAttribute"/>), as the rows a base class declares for its subclasses are.</summary>
    public RowAttribute(string library) => Library = library;

    /// <summary>The function and its parameters, e.g. "BLAKE2b-256 keyed"; see <see cref="Algorithms"/>.</summary>
    /// <exception cref="InvalidOperationException">The row takes its class's algorithm: read it through <see cref="Of"/>.</exception>
    public string Algorithm => _algorithm ?? throw new InvalidOperationException("This row's algorithm is its class's; read the row through RowAttribute.Of.");

    /// <summary>Who computes it; see <see cref="Libraries"/>.</summary>
    public string Library { get; }

    /// <summary>
    /// The row of <paramref name="method"/> as class <paramref name="benchmarkType"/> runs it, its
    /// algorithm filled in from the class where the method leaves it out; null for a method without one.
    /// </summary>
    public static RowAttribute? Of(Type benchmarkType, MethodInfo method) => method.GetCustomAttribute<RowAttribute>() switch
    {
        { _algorithm: null } row => new RowAttribute(
            benchmarkType.GetCustomAttribute<RowAlgorithmAttribute>()?.Algorithm ?? throw new InvalidOperationException($"{benchmarkType.Name}.{method.Name} names no algorithm and its class has no [RowAlgorithm]."),
            row.Library),
        var row => row,
    };
}

/// <summary>The algorithm of a class's rows that do not name their own (<see cref="RowAttribute(string)"/>).</summary>
[AttributeUsage(AttributeTargets.Class, Inherited = false)]
internal sealed class RowAlgorithmAttribute(string algorithm) : Attribute
{
    /// <summary>The function and its parameters; see <see cref="Algorithms"/>.</summary>
    public string Algorithm { get; } = algorithm;
}

using System.Runtime.CompilerServices;
using System;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>
/// The span one-shots and the incremental cycle allocate nothing (GC.GetAllocatedBytesForCurrentThread).
/// The promise is about optimized code: a Debug build of the library is measured as skipped.
/// </summary>
[Trait("Legs", "Build")]
public class AllocationTests
{
    public static TheoryData<string, string> Operations() => Api.Rows(api => api.NonAllocating.Select(o => o.Name));

    [OptimizedLibraryTheory]
    [MemberData(nameof(Operations))]
    public void Allocates_nothing(string algorithm, string operation)
    {
        Api api = Api.Get(algorithm);
        Action<byte[], byte[], byte[]> run = api.NonAllocating.Single(operation);
        byte[] source = new byte[3 * api.BlockLength + 9];
        byte[] destination = new byte[api.MaxDigestLength];
        byte[] key = new byte[api.MaxKeyLength];

        // Warm up: first calls run the JIT and static constructors, which may allocate.
        for (int i = 0; i < 200; i++)
        {
            run(source, destination, key);
        }

        Assert.Equal(0, AllocationMeter.LeastAllocated(() => run(source, destination, key), 1000));
    }

    [Fact]
    public void The_measurement_sees_an_allocation()
    {
        long before = GC.GetAllocatedBytesForCurrentThread();
        byte[] digest = Blake2b.HashData([1, 2, 3]);
        Assert.True(GC.GetAllocatedBytesForCurrentThread() - before >= digest.Length);

        // The meter keeps the least round: an allocation on every call shows in every round.
        Assert.True(AllocationMeter.LeastAllocated(() => Blake2b.HashData([1, 2, 3]), 10) >= 10 * digest.Length);
    }
}

/// <summary>
/// A theory that only means something when the library was compiled with optimizations: in a
/// Debug build the C# compiler materialises some constant spans as arrays.
/// </summary>
public sealed class OptimizedLibraryTheoryAttribute : TheoryAttribute
{
    public OptimizedLibraryTheoryAttribute([CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber) => Skip = OptimizedLibrary.SkipReason;
}

/// <summary>The <see cref="OptimizedLibraryTheoryAttribute"/> of a single test.</summary>
public sealed class OptimizedLibraryFactAttribute : FactAttribute
{
    public OptimizedLibraryFactAttribute([CallerFilePath] string? sourceFilePath = null, [CallerLineNumber] int sourceLineNumber = -1)
        : base(sourceFilePath, sourceLineNumber) => Skip = OptimizedLibrary.SkipReason;
}

internal static class OptimizedLibrary
{
    /// <summary>Why an allocation test cannot measure this build of the library, or null when it can.</summary>
    public static string? SkipReason
    {
        get
        {
            var debuggable = typeof(Blake2b).Assembly.GetCustomAttributes(typeof(System.Diagnostics.DebuggableAttribute), false);
            return debuggable.Length != 0 && ((System.Diagnostics.DebuggableAttribute)debuggable[0]).IsJITOptimizerDisabled
                ? "Blake2Fast was built without optimizations (Debug); run with -c Release to measure allocations."
                : null;
        }
    }
}

internal static class NamedListExtensions
{
    public static Action<byte[], byte[], byte[]> Single(this System.Collections.Generic.IReadOnlyList<(string Name, Action<byte[], byte[], byte[]> Run)> list, string name)
    {
        foreach ((string n, Action<byte[], byte[], byte[]> run) in list)
        {
            if (n == name)
            {
                return run;
            }
        }

        throw new ArgumentException(name, nameof(name));
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Kernels;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Every BLAKE3 kernel this machine supports, forced one by one: 1 MiB of whole chunks through
/// HashChunks (the engine's bulk call, 1,024 chaining values out) and the 512 parents of the
/// tree's first level through HashParents; the evidence behind the dispatcher's order.
/// </summary>
[BenchmarkCategory("Blake3", Categories.Kernels)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByMethod)]
public class Blake3KernelBenchmarks
{
    private const int Chunks = InputSizes.MiB / 1024;
    private static readonly uint[] Key = [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19];

    private readonly byte[] _source = new byte[InputSizes.MiB];
    private readonly byte[] _chainingValues = new byte[Chunks * 32];
    private readonly byte[] _parents = new byte[Chunks / 2 * 32];

    /// <summary>The kernel under test.</summary>
    [ParamsSource(nameof(Kernels))]
    public string ForcedKernel { get; set; } = "";

    /// <summary>The kernels this machine supports, in enum order.</summary>
    public static IEnumerable<string> Kernels =>
        Enum.GetValues<Blake3Kernel>().Where(Blake3Kernels.IsSupported).Select(k => k.ToString());

    /// <summary>Builds the input and refuses to measure a kernel that disagrees with the scalar one.</summary>
    [GlobalSetup]
    public void Setup()
    {
        Checks.Rfc7693SelfTest.FillSequence(_source, (uint)_source.Length);
        byte[] expected = new byte[_chainingValues.Length];
        Blake3Kernels.HashChunks(Blake3Kernel.Scalar, _source, Key, 0, 0, expected);
        HashChunks();
        if (!_chainingValues.AsSpan().SequenceEqual(expected))
        {
            throw new InvalidOperationException($"The BLAKE3 {ForcedKernel} kernel disagrees with the scalar one on 1 MiB of chunks.");
        }
    }

    /// <summary>1 MiB of chunks to 1,024 chaining values.</summary>
    [Benchmark]
    public void HashChunks() =>
        Blake3Kernels.HashChunks(Enum.Parse<Blake3Kernel>(ForcedKernel), _source, Key, 0, 0, _chainingValues);

    /// <summary>1,024 chaining values to 512 parents.</summary>
    [Benchmark]
    public void HashParents() =>
        Blake3Kernels.HashParents(Enum.Parse<Blake3Kernel>(ForcedKernel), _chainingValues, Key, 0, _parents);
}

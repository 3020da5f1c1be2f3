using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Every BLAKE2b compress kernel this machine supports, forced one by one through the internal
/// hash-state constructor, on the same input: the evidence behind the dispatcher's order.
/// </summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Kernels)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake2bKernelBenchmarks
{
    private byte[] _source = [];
    private readonly byte[] _output = new byte[64];

    /// <summary>Input length in bytes.</summary>
    [Params(64, 3268, 3 * InputSizes.MiB)]
    public int Size { get; set; }

    /// <summary>The kernel under test.</summary>
    [ParamsSource(nameof(Kernels))]
    public string ForcedKernel { get; set; } = "";

    /// <summary>The kernels this machine supports, in enum order.</summary>
    public static IEnumerable<string> Kernels =>
        Enum.GetValues<Blake2bKernel>().Where(Blake2bKernels.IsSupported).Select(k => k.ToString());

    /// <summary>Builds the input and refuses to measure a kernel that disagrees with the public API.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _source = new byte[Size];
        Checks.Rfc7693SelfTest.FillSequence(_source, (uint)Size);
        Hash();
        if (!_output.AsSpan().SequenceEqual(Blake2b.HashData(_source)))
        {
            throw new InvalidOperationException($"The BLAKE2b {ForcedKernel} kernel disagrees with Blake2b.HashData on {Size} bytes.");
        }
    }

    /// <summary>BLAKE2b-512 through the forced kernel.</summary>
    [Benchmark]
    public int Hash()
    {
        var state = new Blake2bHashState(Blake2Settings.Sequential(64, default), Enum.Parse<Blake2bKernel>(ForcedKernel));
        state.Update(_source);
        return state.Finish(_output);
    }
}

/// <summary>The BLAKE2s counterpart of <see cref="Blake2bKernelBenchmarks"/>.</summary>
[BenchmarkCategory(Categories.Blake2s, Categories.Kernels)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake2sKernelBenchmarks
{
    private byte[] _source = [];
    private readonly byte[] _output = new byte[32];

    /// <summary>Input length in bytes.</summary>
    [Params(64, 3268, 3 * InputSizes.MiB)]
    public int Size { get; set; }

    /// <summary>The kernel under test.</summary>
    [ParamsSource(nameof(Kernels))]
    public string ForcedKernel { get; set; } = "";

    /// <summary>The kernels this machine supports, in enum order.</summary>
    public static IEnumerable<string> Kernels =>
        Enum.GetValues<Blake2sKernel>().Where(Blake2sKernels.IsSupported).Select(k => k.ToString());

    /// <summary>Builds the input and refuses to measure a kernel that disagrees with the public API.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _source = new byte[Size];
        Checks.Rfc7693SelfTest.FillSequence(_source, (uint)Size);
        Hash();
        if (!_output.AsSpan().SequenceEqual(Blake2s.HashData(_source)))
        {
            throw new InvalidOperationException($"The BLAKE2s {ForcedKernel} kernel disagrees with Blake2s.HashData on {Size} bytes.");
        }
    }

    /// <summary>BLAKE2s-256 through the forced kernel.</summary>
    [Benchmark]
    public int Hash()
    {
        var state = new Blake2sHashState(Blake2Settings.Sequential(32, default), Enum.Parse<Blake2sKernel>(ForcedKernel));
        state.Update(_source);
        return state.Finish(_output);
    }
}

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
public class Blake2bKernelBenchmarks : KernelBenchmarks<Blake2bHashState, Blake2bKernelSet>;

/// <summary>The BLAKE2s counterpart of <see cref="Blake2bKernelBenchmarks"/>.</summary>
[BenchmarkCategory(Categories.Blake2s, Categories.Kernels)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake2sKernelBenchmarks : KernelBenchmarks<Blake2sHashState, Blake2sKernelSet>;

/// <summary>BLAKE2b's kernels for <see cref="Blake2bKernelBenchmarks"/>.</summary>
public readonly struct Blake2bKernelSet : IKernelFamily<Blake2bHashState>
{
    /// <inheritdoc/>
    public static IEnumerable<string> Supported => Enum.GetValues<Blake2bKernel>().Where(Blake2bKernels.IsSupported).Select(k => k.ToString());

    /// <inheritdoc/>
    public static byte[] HashData(byte[] source) => Blake2b.HashData(source);

    /// <inheritdoc/>
    public static Blake2bHashState Create(string kernel) => new(Blake2Settings.Sequential(64, default), Enum.Parse<Blake2bKernel>(kernel));
}

/// <summary>BLAKE2s's kernels for <see cref="Blake2sKernelBenchmarks"/>.</summary>
public readonly struct Blake2sKernelSet : IKernelFamily<Blake2sHashState>
{
    /// <inheritdoc/>
    public static IEnumerable<string> Supported => Enum.GetValues<Blake2sKernel>().Where(Blake2sKernels.IsSupported).Select(k => k.ToString());

    /// <inheritdoc/>
    public static byte[] HashData(byte[] source) => Blake2s.HashData(source);

    /// <inheritdoc/>
    public static Blake2sHashState Create(string kernel) => new(Blake2Settings.Sequential(32, default), Enum.Parse<Blake2sKernel>(kernel));
}

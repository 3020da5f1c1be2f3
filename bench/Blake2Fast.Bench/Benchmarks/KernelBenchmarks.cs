using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

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

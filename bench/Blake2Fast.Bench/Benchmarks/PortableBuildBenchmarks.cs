using System;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Runtime.Versioning;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// The netstandard2.0 build (what .NET Framework, Mono and Unity get) running on this runtime,
/// against the net10.0 build's scalar kernel forced: the same portable code, compiled without
/// intrinsics, inline arrays or SkipLocalsInit. The netstandard2.0 assembly is loaded into its own
/// AssemblyLoadContext and called through its public one-shot; its digest is checked first.
/// </summary>
[BenchmarkCategory(Categories.PortableBuild)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class PortableBuildBenchmarks
{
    private delegate int HashInto(ReadOnlySpan<byte> source, Span<byte> destination);

    private byte[] _source = [];
    private byte[] _output = [];
    private HashInto _portable = null!;

    /// <summary>BLAKE2b-512 or BLAKE2s-256.</summary>
    [Params("BLAKE2b", "BLAKE2s")]
    public string Variant { get; set; } = "";

    /// <summary>Input length in bytes.</summary>
    [Params(64, 3 * InputSizes.MiB)]
    public int Size { get; set; }

    /// <summary>Loads the netstandard2.0 build and refuses to measure it if it disagrees with this one.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _source = new byte[Size];
        Checks.Rfc7693SelfTest.FillSequence(_source, (uint)Size);
        _output = new byte[Variant == "BLAKE2b" ? 64 : 32];

        string path = typeof(PortableBuildBenchmarks).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .Single(a => a.Key == "PortableBuildPath").Value!;
        Assembly portable = new AssemblyLoadContext("netstandard2.0 build").LoadFromAssemblyPath(path);
        string framework = portable.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "";
        if (framework != ".NETStandard,Version=v2.0")
        {
            throw new InvalidOperationException($"{path} is the {framework} build, not the netstandard2.0 one.");
        }

        _portable = portable.GetType($"Blake2Fast.{(Variant == "BLAKE2b" ? "Blake2b" : "Blake2s")}", throwOnError: true)!
            .GetMethod("HashData", [typeof(ReadOnlySpan<byte>), typeof(Span<byte>)])!
            .CreateDelegate<HashInto>();

        NetStandard20Build();
        byte[] expected = Variant == "BLAKE2b" ? Blake2b.HashData(_source) : Blake2s.HashData(_source);
        if (!_output.AsSpan().SequenceEqual(expected) || !expected.AsSpan().SequenceEqual(HashWithForcedScalar()))
        {
            throw new InvalidOperationException($"{Variant}: the netstandard2.0 build or the forced scalar kernel disagrees with HashData on {Size} bytes.");
        }
    }

    /// <summary>This (net10.0) build with its scalar kernel forced, as every build without intrinsics runs it.</summary>
    [Benchmark(Baseline = true)]
    public int Net10BuildScalarKernel()
    {
        if (Variant == "BLAKE2b")
        {
            var state = new Blake2bHashState(Blake2Settings.Sequential(64, default), Blake2bKernel.Scalar);
            state.Update(_source);
            return state.Finish(_output);
        }

        var s = new Blake2sHashState(Blake2Settings.Sequential(32, default), Blake2sKernel.Scalar);
        s.Update(_source);
        return s.Finish(_output);
    }

    /// <summary>The netstandard2.0 build's public one-shot, on this runtime.</summary>
    [Benchmark]
    public int NetStandard20Build() => _portable(_source, _output);

    private byte[] HashWithForcedScalar()
    {
        Net10BuildScalarKernel();
        return _output.ToArray();
    }
}

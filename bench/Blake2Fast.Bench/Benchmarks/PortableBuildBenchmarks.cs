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
/// <remarks>
/// BLAKE3 is measured only when this process already runs its scalar kernel, as under
/// <c>DOTNET_EnableHWIntrinsic=0</c>: its engine has no per-call kernel choice, so the runtime's
/// switch is what forces scalar there (the jobs inherit it), and with SIMD on the variant is left out
/// rather than compared against a vector kernel under this class's name.
/// </remarks>
[BenchmarkCategory(Categories.PortableBuild)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class PortableBuildBenchmarks
{
    private delegate int HashInto(ReadOnlySpan<byte> source, Span<byte> destination);

    private delegate void Blake3HashInto(ReadOnlySpan<byte> source, Span<byte> destination);

    private byte[] _source = [];
    private byte[] _output = [];
    private HashInto _portable = null!;

    /// <summary>BLAKE2b-512, BLAKE2s-256, or (where this process runs BLAKE3's scalar kernel) BLAKE3-256.</summary>
    [ParamsSource(nameof(Variants))]
    public string Variant { get; set; } = "";

    /// <summary>The variants: BLAKE3 only where the scalar kernel is the one this process picked.</summary>
    public static string[] Variants => Blake3Kernels.Best == Blake3Kernel.Scalar ? ["BLAKE2b", "BLAKE2s", "BLAKE3"] : ["BLAKE2b", "BLAKE2s"];

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
        if (Variant == "BLAKE3" && Blake3Kernels.Best != Blake3Kernel.Scalar)
        {
            throw new InvalidOperationException($"BLAKE3 runs its {Blake3Kernels.Best} kernel in this process: run this variant with DOTNET_EnableHWIntrinsic=0.");
        }

        string path = typeof(PortableBuildBenchmarks).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .Single(a => a.Key == "PortableBuildPath").Value!;
        Assembly portable = new AssemblyLoadContext("netstandard2.0 build").LoadFromAssemblyPath(path);
        string framework = portable.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "";
        if (framework != ".NETStandard,Version=v2.0")
        {
            throw new InvalidOperationException($"{path} is the {framework} build, not the netstandard2.0 one.");
        }

        Type facade = portable.GetType($"Blake2Fast.{Variant switch { "BLAKE2b" => "Blake2b", "BLAKE2s" => "Blake2s", _ => "Blake3" }}", throwOnError: true)!;
        if (Variant == "BLAKE3")
        {
            // Blake3.HashData(source, destination) returns nothing; the adapter returns the length written.
            var blake3 = facade.GetMethod("HashData", [typeof(ReadOnlySpan<byte>), typeof(Span<byte>)])!.CreateDelegate<Blake3HashInto>();
            _portable = (source, destination) =>
            {
                blake3(source, destination);
                return destination.Length;
            };
        }
        else
        {
            _portable = facade.GetMethod("HashData", [typeof(ReadOnlySpan<byte>), typeof(Span<byte>)])!.CreateDelegate<HashInto>();
        }

        NetStandard20Build();
        byte[] expected = Variant switch { "BLAKE2b" => Blake2b.HashData(_source), "BLAKE2s" => Blake2s.HashData(_source), _ => Blake3.HashData(_source) };
        if (!_output.AsSpan().SequenceEqual(expected) || !expected.AsSpan().SequenceEqual(HashWithForcedScalar()))
        {
            throw new InvalidOperationException($"{Variant}: the netstandard2.0 build or the forced scalar kernel disagrees with HashData on {Size} bytes.");
        }
    }

    /// <summary>This (net10.0) build with its scalar kernel forced, as every build without intrinsics runs it (BLAKE3: see the remarks).</summary>
    [Benchmark(Baseline = true)]
    public int Net10BuildScalarKernel()
    {
        if (Variant == "BLAKE3")
        {
            Blake3.HashData(_source, _output);
            return _output.Length;
        }

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

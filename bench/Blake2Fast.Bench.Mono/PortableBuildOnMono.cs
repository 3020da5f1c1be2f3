using System;
using System.Reflection;
using System.Runtime.Versioning;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Running;

namespace Blake2Fast.Bench.Mono;

/// <summary>BLAKE2b-512 and BLAKE2s-256 one-shots of the netstandard2.0 build, on the runtime this runs on.</summary>
public class PortableBuildOnMono
{
    // The first four bytes of BLAKE2b-512 of 64 zero bytes, from Python's hashlib.
    private const string Blake2b512Of64Zeros = "8715b7b5";
    private byte[] _source = [];
    private readonly byte[] _output = new byte[64];

    /// <summary>Input length in bytes.</summary>
    [Params(64, 3 * 1024 * 1024)]
    public int Size { get; set; }

    /// <summary>Builds the input and checks the build and one digest before anything is timed.</summary>
    [GlobalSetup]
    public void Setup()
    {
        string build = typeof(Blake2b).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()?.FrameworkName ?? "";
        if (build != ".NETStandard,Version=v2.0")
        {
            throw new InvalidOperationException($"Expected the netstandard2.0 build, loaded {build}.");
        }

        byte[] zeros = new byte[64];
        string prefix = BitConverter.ToString(Blake2b.HashData(zeros), 0, 4).Replace("-", "").ToLowerInvariant();
        if (prefix != Blake2b512Of64Zeros)
        {
            throw new InvalidOperationException($"BLAKE2b-512 of 64 zero bytes starts {prefix}, not {Blake2b512Of64Zeros}.");
        }

        _source = new byte[Size];
        new Random(7).NextBytes(_source);
    }

    /// <summary>BLAKE2b-512.</summary>
    [Benchmark]
    public int Blake2b512() => Blake2b.HashData(_source, _output.AsSpan());

    /// <summary>BLAKE2s-256.</summary>
    [Benchmark]
    public int Blake2s256() => Blake2s.HashData(_source, _output.AsSpan(0, 32));
}

/// <summary>Runs the benchmarks in process (arguments are BenchmarkDotNet's, e.g. --artifacts DIR).</summary>
public static class Program
{
    /// <summary>Entry point.</summary>
    public static void Main(string[] args) =>
        BenchmarkSwitcher.FromTypes([typeof(PortableBuildOnMono)]).Run([.. args, "--inProcess"]);
}

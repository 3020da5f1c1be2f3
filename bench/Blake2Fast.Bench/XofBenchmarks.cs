using System;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Kernels;
using Blake2XbKernel = Blake2Fast.Kernels.Blake2XKernel;
using Blake2XsKernel = Blake2Fast.Kernels.Blake2XKernel;

namespace Blake2Fast.Bench;

/// <summary>
/// BLAKE2Xb and BLAKE2Xs producing 1 MiB of output, through the best output kernel of this machine
/// (several blocks per vector) against the scalar path that computes one output block at a time.
/// Each category has its own baseline, the scalar row.
/// </summary>
/// <remarks>
/// Xb uses the one-shot <c>HashData</c> (1 MiB is a valid declared length); Xs declares at most
/// 65535 bytes, so its rows read 1 MiB from a hasher of unknown length. Setup refuses to measure
/// if the fast and scalar paths disagree. Needs <c>InternalsVisibleTo("Blake2Fast.Bench")</c>
/// for the scalar baseline.
/// </remarks>
[BenchmarkCategory("Xof")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class XofBenchmarks
{
    private const int OutputLength = 1 << 20;
    private readonly byte[] _input = new byte[64];
    private readonly byte[] _output = GC.AllocateArray<byte>(OutputLength, pinned: true);

    /// <summary>Fills the input and checks that every measured path computes the same output.</summary>
    [GlobalSetup]
    public void Setup()
    {
        for (int i = 0; i < _input.Length; i++)
        {
            _input[i] = (byte)i;
        }

        byte[] fast = new byte[OutputLength];
        byte[] scalar = new byte[OutputLength];
        Blake2Xb.HashData(_input, fast);
        Blake2Xb.HashData(ReadOnlySpan<byte>.Empty, _input, scalar, Blake2XbKernel.Scalar);
        Require(fast, scalar, "Blake2Xb");

        Blake2XsBest();
        _output.CopyTo(fast, 0);
        Blake2XsScalar();
        Require(fast, _output, "Blake2Xs");
    }

    /// <summary>BLAKE2Xb, 1 MiB, one output block at a time through the scalar BLAKE2b compression.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Xof", "Blake2Xb")]
    public int Blake2XbScalar() =>
        Blake2Xb.HashData(ReadOnlySpan<byte>.Empty, _input, _output, Blake2XbKernel.Scalar);

    /// <summary>BLAKE2Xb, 1 MiB, through the public one-shot (four blocks per 256-bit vector where supported).</summary>
    [Benchmark, BenchmarkCategory("Xof", "Blake2Xb")]
    public int Blake2XbBest() => Blake2Xb.HashData(_input, _output);

    /// <summary>BLAKE2Xs, 1 MiB read from a hasher of unknown length, one block at a time through the scalar BLAKE2s compression.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Xof", "Blake2Xs")]
    public int Blake2XsScalar() =>
        ReadAll(new Blake2XsHashState(default, default, default, 0, Blake2XsKernel.Scalar));

    /// <summary>BLAKE2Xs, 1 MiB read from a hasher of unknown length (eight blocks per 256-bit vector where supported).</summary>
    [Benchmark, BenchmarkCategory("Xof", "Blake2Xs")]
    public int Blake2XsBest() => ReadAll(Blake2Xs.CreateIncrementalHasherForUnknownLength());

    private int ReadAll(Blake2XsHashState hasher)
    {
        hasher.Update(_input);
        using Blake2XsReader reader = hasher.Finish();
        reader.Read(_output);
        return _output.Length;
    }

    private static void Require(byte[] fast, byte[] scalar, string name)
    {
        if (!fast.AsSpan().SequenceEqual(scalar))
        {
            throw new InvalidOperationException($"{name}: the best output kernel and the scalar path disagree; refusing to measure.");
        }
    }
}

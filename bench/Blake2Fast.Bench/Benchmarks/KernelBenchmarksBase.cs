using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// One family's compress kernels, each forced through the hash state's internal constructor,
/// hashing the whole input into a digest of the family's largest length.
/// </summary>
/// <typeparam name="TState">The family's hash state.</typeparam>
/// <typeparam name="TKernels">The family's kernels; a struct, so that the measured call reaches them directly.</typeparam>
public abstract class KernelBenchmarks<TState, TKernels>
    where TState : struct, IBlake2Incremental
    where TKernels : struct, IKernelFamily<TState>
{
    private byte[] _source = [];
    private byte[] _output = [];

    /// <summary>Input length in bytes.</summary>
    [Params(64, 3268, 3 * InputSizes.MiB)]
    public int Size { get; set; }

    /// <summary>The kernel under test.</summary>
    [ParamsSource(nameof(Kernels))]
    public string ForcedKernel { get; set; } = "";

    /// <summary>The kernels this machine supports, in enum order.</summary>
    public IEnumerable<string> Kernels => TKernels.Supported;

    /// <summary>Builds the input and refuses to measure a kernel that disagrees with the public API.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _source = new byte[Size];
        _output = new byte[TKernels.Create(ForcedKernel).DigestLength];
        Checks.Rfc7693SelfTest.FillSequence(_source, (uint)Size);
        Hash();
        byte[] expected = TKernels.HashData(_source);
        if (!_output.AsSpan().SequenceEqual(expected))
        {
            throw new InvalidOperationException($"The {typeof(TState).Name} {ForcedKernel} kernel disagrees with the public one-shot on {Size} bytes.");
        }
    }

    /// <summary>The whole input through the forced kernel, into a digest of the family's largest length.</summary>
    [Benchmark]
    public int Hash()
    {
        TState state = TKernels.Create(ForcedKernel);
        state.Update(_source);
        state.Finish(_output);
        return _output.Length;
    }
}

/// <summary>What <see cref="KernelBenchmarks{TState, TKernels}"/> needs from one family's kernels.</summary>
/// <typeparam name="TState">The family's hash state.</typeparam>
public interface IKernelFamily<TState>
    where TState : struct, IBlake2Incremental
{
    /// <summary>The kernels this machine supports, by name, in enum order.</summary>
    static abstract IEnumerable<string> Supported { get; }

    /// <summary>The public one-shot, which every kernel must agree with.</summary>
    static abstract byte[] HashData(byte[] source);

    /// <summary>A state for the family's largest digest on the kernel named <paramref name="kernel"/>.</summary>
    static abstract TState Create(string kernel);
}

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

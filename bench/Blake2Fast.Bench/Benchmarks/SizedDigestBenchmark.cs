using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// A <see cref="DigestBenchmark"/> measured at the input sizes its class lists: the <see cref="Size"/>
/// parameter, and the input (and the key, for a class that takes one) built before each size.
/// </summary>
/// <param name="sizes">The input lengths in bytes the class measures.</param>
/// <param name="keyLength">The length of <see cref="Key"/>; 0 for a class without one.</param>
public abstract class SizedDigestBenchmark(int[] sizes, int keyLength = 0) : DigestBenchmark
{
    /// <summary>Input length in bytes.</summary>
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    /// <summary>The sizes this class measures.</summary>
    public IEnumerable<int> Sizes => sizes;

    /// <summary>The key of the keyed rows: the RFC 7693 test sequence, pinned as the input is.</summary>
    protected byte[] Key { get; private set; } = [];

    /// <summary>Builds the input, and the key where the class has one.</summary>
    [GlobalSetup]
    public void Setup()
    {
        Prepare(Size);
        if (keyLength > 0)
        {
            Key = GC.AllocateUninitializedArray<byte>(keyLength, pinned: true);
            Checks.Rfc7693SelfTest.FillSequence(Key, (uint)keyLength);
        }
    }
}

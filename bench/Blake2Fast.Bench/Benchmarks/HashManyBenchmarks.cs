using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Many short messages: <c>HashMany</c> (each lane kernel forced, and the public method) against a
/// loop of the one-shot over the same messages, the baseline of each group. Issue #16's cases:
/// 1024 messages of 64 bytes and 256 of 1 KiB, each a separate array, digests of the maximum length.
/// </summary>
/// <remarks>
/// The loop is what a user writes today; on the AMD EPYC (Zen 5) it runs the scalar
/// single-message kernel, which is the fastest single-message kernel there. Setup refuses to
/// measure a kernel whose digests differ from the loop's.
/// </remarks>
[BenchmarkCategory("HashMany")]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class HashManyBenchmarks : ManyMessagesBenchmark
{
    /// <summary>BLAKE2b (64-byte digests) or BLAKE2s (32-byte digests).</summary>
    [Params("blake2b", "blake2s")]
    public string Algorithm { get; set; } = "";

    /// <summary>"Loop" (the one-shot per message), "Public" (HashMany as shipped) or a forced lane kernel.</summary>
    [ParamsSource(nameof(Ways))]
    public string Way { get; set; } = "";

    private static readonly string[] Baselines = ["Loop", "Public"];

    /// <summary>The loop, the public method and every lane kernel this machine supports.</summary>
    public static IEnumerable<string> Ways =>
        Baselines.Concat(Enum.GetValues<Blake2ManyKernel>().Where(k => Blake2bManyKernels.IsSupported(k) && k != Blake2ManyKernel.Scalar).Select(k => k.ToString()));

    private int DigestLength => Algorithm == "blake2b" ? 64 : 32;

    /// <summary>Builds the messages and checks the measured way against the loop.</summary>
    [GlobalSetup]
    public void Setup() => Prepare(DigestLength, $"{Algorithm} HashMany '{Way}'");

    /// <summary>All messages, one digest each.</summary>
    [Benchmark]
    public override int Hash()
    {
        if (Way == "Loop")
        {
            return HashInLoop();
        }

        bool isB = Algorithm == "blake2b";
        if (Way == "Public")
        {
            return isB ? Blake2b.HashMany(Messages, Outputs, 64) : Blake2s.HashMany(Messages, Outputs, 32);
        }

        var kernel = Enum.Parse<Blake2ManyKernel>(Way);
        var list = new Blake2MessageList(Messages);
        return isB
            ? Blake2Many<Blake2bVariant>.Hash(Blake2Settings.Sequential(64, default), list, Outputs, kernel)
            : Blake2Many<Blake2sVariant>.Hash(Blake2Settings.Sequential(32, default), list, Outputs, kernel);
    }

    /// <inheritdoc/>
    protected override int HashInLoop() => Algorithm == "blake2b" ? Loop<Blake2bFamily>(64) : Loop<Blake2sFamily>(32);

    // A plain loop around the one-shot, what a user writes: the family is a struct, so each
    // algorithm's loop is compiled on its own and calls its one-shot directly.
    private int Loop<TFamily>(int digestLength)
        where TFamily : struct, IBlake2Family
    {
        ReadOnlyMemory<byte>[] messages = Messages;
        Span<byte> digests = Outputs;
        for (int i = 0; i < messages.Length; i++)
        {
            TFamily.HashData(messages[i].Span, digests.Slice(i * digestLength, digestLength));
        }

        return digests.Length;
    }
}

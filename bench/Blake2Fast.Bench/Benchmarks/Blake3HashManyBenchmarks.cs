using System;
using System.Collections.Generic;
using System.Linq;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Many = Blake2Fast.Internal.Blake3Many;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Many short BLAKE3 messages, BLAKE2's <see cref="HashManyBenchmarks"/> cases with 32-byte
/// outputs: <c>Blake3.HashMany</c> (the public method, and each vector kernel forced) against a
/// loop of <c>Blake3.HashData</c> over the same messages, the baseline of each group.
/// </summary>
/// <remarks>
/// <c>HashData</c> of 64 bytes is one compression with the row kernel, of 1 KiB sixteen. Run under
/// <c>DOTNET_EnableAVX512=0</c> and <c>DOTNET_EnableAVX2=0</c> (or <c>--isa avx2,sse42</c>) for the
/// public method on the 8- and 4-lane kernels.
/// </remarks>
[BenchmarkCategory("HashMany", Categories.Blake3)]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByParams)]
public class Blake3HashManyBenchmarks : ManyMessagesBenchmark
{
    private static readonly uint[] Iv = [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19];

    private static readonly string[] Baselines = ["Loop", "Public"];

    /// <summary>"Loop" (the one-shot per message), "Public" (HashMany as shipped) or a forced kernel.</summary>
    [ParamsSource(nameof(Ways))]
    public string Way { get; set; } = "";

    /// <summary>The loop, the public method and every vector kernel this machine supports.</summary>
    public static IEnumerable<string> Ways =>
        Baselines.Concat(Enum.GetValues<Kernels.Blake3Kernel>().Where(k => k != Kernels.Blake3Kernel.Scalar && Kernels.Blake3Kernels.IsSupported(k)).Select(k => k.ToString()));

    /// <summary>Builds the messages and checks the measured way against the loop.</summary>
    [GlobalSetup]
    public void Setup() => Prepare(32, $"Blake3.HashMany '{Way}'");

    /// <summary>All messages, one 32-byte output each.</summary>
    [Benchmark]
    public override int Hash()
    {
        switch (Way)
        {
            case "Loop":
                return HashInLoop();
            case "Public":
                return Blake3.HashMany(Messages, Outputs, 32);
            default:
                Many.Hash(Iv, 0, new Internal.Blake2MessageList(Messages), Outputs, 32, Enum.Parse<Kernels.Blake3Kernel>(Way));
                return Outputs.Length;
        }
    }

    /// <summary>A plain loop around the one-shot: what a user writes.</summary>
    /// <returns>The bytes written.</returns>
    protected override int HashInLoop()
    {
        ReadOnlyMemory<byte>[] messages = Messages;
        Span<byte> outputs = Outputs;
        foreach (ReadOnlyMemory<byte> message in messages)
        {
            Blake3.HashData(message.Span, outputs[..32]);
            outputs = outputs[32..];
        }

        return Outputs.Length;
    }
}

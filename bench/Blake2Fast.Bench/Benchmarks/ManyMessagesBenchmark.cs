using System;
using BenchmarkDotNet.Attributes;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Base of the <c>HashMany</c> classes: issue #16's cases, 1024 messages of 64 bytes or 256 of 1 KiB,
/// each a separate array, hashed by the way a row measures and by a loop of the one-shot (what a
/// user writes today), which must agree before anything is measured.
/// </summary>
public abstract class ManyMessagesBenchmark
{
    /// <summary>Bytes per message: 1024 messages of 64 bytes, or 256 of 1 KiB.</summary>
    [Params(64, 1024)]
    public int MessageLength { get; set; }

    /// <summary>The messages, built by <see cref="Prepare"/>.</summary>
    protected ReadOnlyMemory<byte>[] Messages { get; private set; } = [];

    /// <summary>Receives the outputs, one after another.</summary>
    protected byte[] Outputs { get; private set; } = [];

    /// <summary>Hashes every message the measured way.</summary>
    /// <returns>The bytes written.</returns>
    public abstract int Hash();

    /// <summary>Hashes every message with a plain loop around the one-shot.</summary>
    /// <returns>The bytes written.</returns>
    protected abstract int HashInLoop();

    /// <summary>
    /// Builds the messages (random, seeded with their count) and room for <paramref name="outputLength"/>
    /// bytes each, then refuses to measure <paramref name="way"/> if its outputs differ from the loop's.
    /// </summary>
    protected void Prepare(int outputLength, string way)
    {
        int count = MessageLength == 64 ? 1024 : 256;
        var random = new Random(count);
        Messages = new ReadOnlyMemory<byte>[count];
        for (int i = 0; i < count; i++)
        {
            byte[] message = new byte[MessageLength];
            random.NextBytes(message);
            Messages[i] = message;
        }

        Outputs = new byte[count * outputLength];
        Hash();
        byte[] measured = Outputs.AsSpan().ToArray();
        HashInLoop();
        if (!measured.AsSpan().SequenceEqual(Outputs))
        {
            throw new InvalidOperationException($"{way} disagrees with the one-shot loop; refusing to measure.");
        }
    }
}

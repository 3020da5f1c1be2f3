using System;
using Org.BouncyCastle.Crypto;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Base of every benchmark class whose rows compute a digest. Each row writes its digest to the
/// start of <see cref="Output"/> and returns its length; the startup check and the digest column
/// read every row through that one convention, whatever library the row calls.
/// </summary>
public abstract class DigestBenchmark
{
    /// <summary>Room for the longest BLAKE2b/BLAKE2s digest; <see cref="Prepare"/> can ask for more (XOF rows).</summary>
    public const int DefaultOutputLength = 64;

    private byte[] _source = [];

    /// <summary>The input, filled by <see cref="Prepare"/>; pinned, so P/Invoke rows pay no pinning cost.</summary>
    protected byte[] Source => _source;

    /// <summary>Receives each row's digest.</summary>
    protected byte[] Output { get; private set; } = GC.AllocateArray<byte>(DefaultOutputLength, pinned: true);

    /// <summary>The input as writable memory, for a class that loads it from a file after <see cref="Prepare"/>.</summary>
    protected Span<byte> SourceForLoading => _source;

    /// <summary>The input, for the startup check.</summary>
    internal ReadOnlySpan<byte> Input => _source;

    /// <summary>The digest the last row wrote, given the length the row returned.</summary>
    internal ReadOnlySpan<byte> Digest(int length) => Output.AsSpan(0, length);

    /// <summary>Zeroes <see cref="Output"/>, so that a row that writes nothing cannot pass the check on a stale digest.</summary>
    internal void ClearOutput() => Array.Clear(Output);

    /// <summary>Runs a BouncyCastle digest, created for this one hash, over the whole input into <see cref="Output"/>.</summary>
    protected int Digest(IDigest digest)
    {
        digest.BlockUpdate(Source, 0, Source.Length);
        return digest.DoFinal(Output, 0);
    }

    /// <summary>
    /// Builds the input for <paramref name="size"/>: the RFC 7693 test sequence seeded with the
    /// size, the same bytes in every class. Rows that write more than 64 bytes pass <paramref name="outputLength"/>.
    /// </summary>
    protected void Prepare(int size, int outputLength = DefaultOutputLength)
    {
        // Benchmark processes never run Main; libsodium must still get its sodium_init here, or
        // it would be measured on its portable code instead of the SIMD code it picks at init.
        _ = Native.Libsodium.IsAvailable;
        _source = GC.AllocateUninitializedArray<byte>(size, pinned: true);
        Checks.Rfc7693SelfTest.FillSequence(_source, (uint)size);
        if (Output.Length < outputLength)
        {
            Output = GC.AllocateArray<byte>(outputLength, pinned: true);
        }
    }
}

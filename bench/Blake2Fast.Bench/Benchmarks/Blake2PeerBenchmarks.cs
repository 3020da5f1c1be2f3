using System;
using BenchmarkDotNet.Attributes;
using Org.BouncyCastle.Crypto;
using Org.BouncyCastle.Crypto.Digests;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// The two rows every BLAKE2 peer class opens with, written once for BLAKE2b and BLAKE2s: this
/// library's one-shot into a caller's span (the baseline) and BouncyCastle's digest object, at the
/// class's digest length. Their algorithm label is the class's <see cref="RowAlgorithmAttribute"/>;
/// the rows a class adds come after them, as declared.
/// </summary>
/// <typeparam name="TFamily">BLAKE2b or BLAKE2s; a struct, so that the rows call it directly.</typeparam>
/// <param name="digestLength">The digest length in bytes.</param>
/// <param name="sizes">The input lengths in bytes the class measures.</param>
public abstract class Blake2PeerBenchmarks<TFamily>(int digestLength, int[] sizes) : SizedDigestBenchmark(sizes)
    where TFamily : struct, IBlake2Family
{
    /// <summary>The digest length in bytes.</summary>
    protected int DigestLength { get; } = digestLength;

    /// <summary>Blake2Fast one-shot into a caller's span.</summary>
    [Benchmark(Baseline = true), Row(Libraries.Blake2Fast)]
    public int Blake2Fast() => TFamily.HashData(Source, Output.AsSpan(0, DigestLength));

    /// <summary>BouncyCastle's digest object, created per hash as its API is used for one message.</summary>
    [Benchmark, Row(Libraries.BouncyCastle)]
    public int BouncyCastle() => Digest(TFamily.BouncyCastle(DigestLength));
}

/// <summary>What <see cref="Blake2PeerBenchmarks{TFamily}"/> calls for one BLAKE2 function.</summary>
public interface IBlake2Family
{
    /// <summary>Blake2Fast's unkeyed one-shot, <c>HashData(source, destination)</c>.</summary>
    static abstract int HashData(ReadOnlySpan<byte> source, Span<byte> destination);

    /// <summary>
    /// BouncyCastle's digest of <paramref name="digestLength"/> bytes, through its byte-length
    /// constructor (the bit-size one takes only 160 to 512 bits).
    /// </summary>
    static abstract IDigest BouncyCastle(int digestLength);
}

/// <summary>BLAKE2b for <see cref="Blake2PeerBenchmarks{TFamily}"/>.</summary>
public readonly struct Blake2bFamily : IBlake2Family
{
    /// <inheritdoc/>
    public static int HashData(ReadOnlySpan<byte> source, Span<byte> destination) => Blake2b.HashData(source, destination);

    /// <inheritdoc/>
    public static IDigest BouncyCastle(int digestLength) => new Blake2bDigest(null, digestLength, null, null);
}

/// <summary>BLAKE2s for <see cref="Blake2PeerBenchmarks{TFamily}"/>.</summary>
public readonly struct Blake2sFamily : IBlake2Family
{
    /// <inheritdoc/>
    public static int HashData(ReadOnlySpan<byte> source, Span<byte> destination) => Blake2s.HashData(source, destination);

    /// <inheritdoc/>
    public static IDigest BouncyCastle(int digestLength) => new Blake2sDigest(null, digestLength, null, null);
}

using System;
using System.IO;
using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// <c>--tree</c>: BLAKE2b or BLAKE2s tree hashing with unlimited fanout (bt2sum's mode) through
/// the library's <c>HashTree</c>, which reads a file at explicit offsets on every core and any
/// other stream (standard input) in order.
/// </summary>
internal static class TreeDigester
{
    /// <summary>Whether <c>--tree</c> applies to <paramref name="algorithm"/>.</summary>
    public static bool Supports(HashAlgorithmInfo algorithm) =>
        algorithm == HashAlgorithms.Blake2b || algorithm == HashAlgorithms.Blake2s;

    /// <summary>The tree digest of the rest of <paramref name="stream"/>; the algorithm is one <see cref="Supports"/> accepts.</summary>
    public static byte[] Digest(Stream stream, HashAlgorithmInfo algorithm, HashParameters parameters, int threads) =>
        algorithm == HashAlgorithms.Blake2b
            ? Blake2b.HashTree(stream, (int)parameters.TreeLeafLength, (int)parameters.DigestBytes, threads)
            : Blake2s.HashTree(stream, (int)parameters.TreeLeafLength, (int)parameters.DigestBytes, threads);

    /// <summary>The tree digest of <paramref name="source"/> (a mapped file), hashed on every core.</summary>
    public static byte[] Digest(ReadOnlySpan<byte> source, HashAlgorithmInfo algorithm, HashParameters parameters, int threads) =>
        algorithm == HashAlgorithms.Blake2b
            ? Blake2b.HashTree(source, (int)parameters.TreeLeafLength, (int)parameters.DigestBytes, threads)
            : Blake2s.HashTree(source, (int)parameters.TreeLeafLength, (int)parameters.DigestBytes, threads);
}

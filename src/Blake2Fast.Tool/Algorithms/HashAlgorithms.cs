using System;
using System.Collections.Generic;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>
/// Every algorithm <c>-a</c> can name. This is the only file that knows which library types
/// implement them: each row's factory builds an <see cref="IIncrementalHash"/> adapter over the
/// library's incremental hasher.
/// </summary>
internal static class HashAlgorithms
{
    // The tool writes an XOF's output as one hex string in memory; 64 MiB of output is far beyond
    // any checksum use and keeps that string well inside .NET's limits. The XOF itself allows more.
    private const long XofToolMaxBytes = 64L * 1024 * 1024;

    /// <summary>BLAKE2b: the default, and the only algorithm of coreutils <c>b2sum</c>.</summary>
    public static readonly HashAlgorithmInfo Blake2b = new(
        "blake2b", "BLAKE2b", maxBits: 512, defaultBits: 512, isExtendable: false,
        maxKeyBytes: 64, saltBytes: 16, personalizationBytes: 16,
        create: p => new Blake2IncrementalHash<Blake2bHashState>(global::Blake2Fast.Blake2b.CreateIncrementalHasher(new Blake2bParameters
        {
            DigestLength = p.DigestBytes,
            Key = p.Key,
            Salt = p.Salt,
            Personalization = p.Personalization,
        })));

    /// <summary>BLAKE2s.</summary>
    public static readonly HashAlgorithmInfo Blake2s = new(
        "blake2s", "BLAKE2s", maxBits: 256, defaultBits: 256, isExtendable: false,
        maxKeyBytes: 32, saltBytes: 8, personalizationBytes: 8,
        create: p => new Blake2IncrementalHash<Blake2sHashState>(global::Blake2Fast.Blake2s.CreateIncrementalHasher(new Blake2sParameters
        {
            DigestLength = p.DigestBytes,
            Key = p.Key,
            Salt = p.Salt,
            Personalization = p.Personalization,
        })));

    /// <summary>BLAKE2bp: four BLAKE2b leaves; the library API takes a key but no salt or personalization.</summary>
    public static readonly HashAlgorithmInfo Blake2bp = new(
        "blake2bp", "BLAKE2bp", maxBits: 512, defaultBits: 512, isExtendable: false,
        maxKeyBytes: 64, saltBytes: 0, personalizationBytes: 0,
        create: p => new Blake2IncrementalHash<Blake2bpHashState>(global::Blake2Fast.Blake2bp.CreateIncrementalHasher(p.DigestBytes, p.Key)));

    /// <summary>BLAKE2sp: eight BLAKE2s leaves; key only, like BLAKE2bp.</summary>
    public static readonly HashAlgorithmInfo Blake2sp = new(
        "blake2sp", "BLAKE2sp", maxBits: 256, defaultBits: 256, isExtendable: false,
        maxKeyBytes: 32, saltBytes: 0, personalizationBytes: 0,
        create: p => new Blake2IncrementalHash<Blake2spHashState>(global::Blake2Fast.Blake2sp.CreateIncrementalHasher(p.DigestBytes, p.Key)));

    /// <summary>BLAKE2Xb: extendable output built on BLAKE2b; <c>-l</c> sets the output length.</summary>
    public static readonly HashAlgorithmInfo Blake2xb = new(
        "blake2xb", "BLAKE2Xb", maxBits: Math.Min(uint.MaxValue, XofToolMaxBytes) * 8, defaultBits: 512, isExtendable: true,
        maxKeyBytes: 64, saltBytes: 16, personalizationBytes: 16,
        create: p => new Blake2XbHash(p));

    /// <summary>BLAKE2Xs: extendable output built on BLAKE2s, up to 65535 bytes.</summary>
    public static readonly HashAlgorithmInfo Blake2xs = new(
        "blake2xs", "BLAKE2Xs", maxBits: ushort.MaxValue * 8L, defaultBits: 256, isExtendable: true,
        maxKeyBytes: 32, saltBytes: 8, personalizationBytes: 8,
        create: p => new Blake2XsHash(p));

    /// <summary>
    /// BLAKE3, as Debian's <c>b3sum</c> prints it (32 bytes by default, any length with <c>-l</c>, in
    /// bits here as for every algorithm of this tool); the key must be exactly 32 bytes.
    /// </summary>
    public static readonly HashAlgorithmInfo Blake3 = new(
        "blake3", "BLAKE3", maxBits: XofToolMaxBytes * 8, defaultBits: 256, isExtendable: false,
        maxKeyBytes: 32, saltBytes: 0, personalizationBytes: 0,
        create: p => new Blake3Hash(p));

    /// <summary>All rows, in the order help and error messages list them.</summary>
    public static IReadOnlyList<HashAlgorithmInfo> All { get; } = [Blake2b, Blake2s, Blake2bp, Blake2sp, Blake2xb, Blake2xs, Blake3];

    /// <summary>Finds the row whose <c>-a</c> name is <paramref name="name"/> (exact, lower case).</summary>
    public static HashAlgorithmInfo? FindByName(string name)
    {
        foreach (HashAlgorithmInfo info in All)
        {
            if (info.Name == name)
            {
                return info;
            }
        }

        return null;
    }

    /// <summary>Finds the row whose tag name is <paramref name="tagName"/> (exact case, as <c>--tag</c> writes it).</summary>
    public static HashAlgorithmInfo? FindByTagName(ReadOnlySpan<char> tagName)
    {
        foreach (HashAlgorithmInfo info in All)
        {
            if (tagName.SequenceEqual(info.TagName))
            {
                return info;
            }
        }

        return null;
    }
}

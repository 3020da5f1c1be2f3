using System;
using System.Collections.Generic;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>
/// Every algorithm <c>-a</c> can name: its limits, and the factory (<see cref="LibraryHashes"/>) that
/// starts the library's incremental hasher behind an <see cref="IIncrementalHash"/>.
/// </summary>
internal static class HashAlgorithms
{
    // BLAKE3's output is written in pieces as it is read (DigestOutput), so its length is bounded only
    // by what -l can say in bits: 2^59 bytes keeps every length, and one past it, inside a long.
    private const long Blake3MaxBytes = 1L << 59;

    /// <summary>BLAKE2b: the default, and the only algorithm of coreutils <c>b2sum</c>.</summary>
    public static readonly HashAlgorithmInfo Blake2b = new("blake2b", "BLAKE2b", MaxBits: 512, DefaultBits: 512, IsExtendable: false, MaxKeyBytes: 64, SaltBytes: 16, PersonalizationBytes: 16, LibraryHashes.Blake2b);

    /// <summary>BLAKE2s.</summary>
    public static readonly HashAlgorithmInfo Blake2s = new("blake2s", "BLAKE2s", MaxBits: 256, DefaultBits: 256, IsExtendable: false, MaxKeyBytes: 32, SaltBytes: 8, PersonalizationBytes: 8, LibraryHashes.Blake2s);

    /// <summary>BLAKE2bp: four BLAKE2b leaves; the library API takes a key but no salt or personalization.</summary>
    public static readonly HashAlgorithmInfo Blake2bp = new("blake2bp", "BLAKE2bp", MaxBits: 512, DefaultBits: 512, IsExtendable: false, MaxKeyBytes: 64, SaltBytes: 0, PersonalizationBytes: 0, LibraryHashes.Blake2bp);

    /// <summary>BLAKE2sp: eight BLAKE2s leaves; key only, like BLAKE2bp.</summary>
    public static readonly HashAlgorithmInfo Blake2sp = new("blake2sp", "BLAKE2sp", MaxBits: 256, DefaultBits: 256, IsExtendable: false, MaxKeyBytes: 32, SaltBytes: 0, PersonalizationBytes: 0, LibraryHashes.Blake2sp);

    /// <summary>BLAKE2Xb: extendable output built on BLAKE2b; <c>-l</c> sets the output length.</summary>
    public static readonly HashAlgorithmInfo Blake2xb = new("blake2xb", "BLAKE2Xb", MaxBits: uint.MaxValue * 8L, DefaultBits: 512, IsExtendable: true, MaxKeyBytes: 64, SaltBytes: 16, PersonalizationBytes: 16, LibraryHashes.Blake2xb);

    /// <summary>BLAKE2Xs: extendable output built on BLAKE2s, up to 65535 bytes.</summary>
    public static readonly HashAlgorithmInfo Blake2xs = new("blake2xs", "BLAKE2Xs", MaxBits: ushort.MaxValue * 8L, DefaultBits: 256, IsExtendable: true, MaxKeyBytes: 32, SaltBytes: 8, PersonalizationBytes: 8, LibraryHashes.Blake2xs);

    /// <summary>
    /// BLAKE3, as Debian's <c>b3sum</c> prints it (32 bytes by default, any length with <c>-l</c>, in
    /// bits here as for every algorithm of this tool); the key must be exactly 32 bytes.
    /// </summary>
    public static readonly HashAlgorithmInfo Blake3 = new("blake3", "BLAKE3", MaxBits: Blake3MaxBytes * 8, DefaultBits: 256, IsExtendable: false, MaxKeyBytes: 32, SaltBytes: 0, PersonalizationBytes: 0, p => new Blake3Hash(p));

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

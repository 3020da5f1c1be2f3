using System;

namespace Blake2Fast.Conformance;

/// <summary>One fixed-length BLAKE2 variant through its public API.</summary>
internal sealed class Algorithm(string name, int maxDigest, int maxKey, int blockLength, Func<byte[], byte[], int, byte[]> oneShot, Func<int, byte[], IBlake2Incremental> incremental)
{
    public string Name { get; } = name;

    public int MaxDigestLength { get; } = maxDigest;

    public int MaxKeyLength { get; } = maxKey;

    public int BlockLength { get; } = blockLength;

    /// <summary>(key, input, digest length) to digest, through HashData.</summary>
    public Func<byte[], byte[], int, byte[]> OneShot { get; } = oneShot;

    /// <summary>(digest length, key) to a hasher, used only through the interface 2.x code uses.</summary>
    public Func<int, byte[], IBlake2Incremental> Incremental { get; } = incremental;

    public static Algorithm[] All { get; } =
    [
        new("blake2b", 64, 64, 128, (k, m, d) => Blake2b.HashData(key: k, source: m, d), (d, k) => Blake2b.CreateIncrementalHasher(d, k)),
        new("blake2s", 32, 32, 64, (k, m, d) => Blake2s.HashData(key: k, source: m, d), (d, k) => Blake2s.CreateIncrementalHasher(d, k)),
        new("blake2bp", 64, 64, 128, (k, m, d) => Blake2bp.HashData(key: k, source: m, d), (d, k) => Blake2bp.CreateIncrementalHasher(d, k)),
        new("blake2sp", 32, 32, 64, (k, m, d) => Blake2sp.HashData(key: k, source: m, d), (d, k) => Blake2sp.CreateIncrementalHasher(d, k)),
    ];

    public static Algorithm Get(string name) => Array.Find(All, a => a.Name == name) ?? throw new ArgumentException("Unknown algorithm " + name);
}

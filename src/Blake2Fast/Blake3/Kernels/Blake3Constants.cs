namespace Blake2Fast.Kernels;

/// <summary>BLAKE3's sizes and domain flags (the BLAKE3 specification, section 2).</summary>
internal static class Blake3Constants
{
    /// <summary>Bytes per compressed block.</summary>
    public const int BlockLength = 64;

    /// <summary>Bytes per chunk: 16 blocks, one leaf of the tree.</summary>
    public const int ChunkLength = 1024;

    /// <summary>Bytes of a key and of the default output.</summary>
    public const int KeyLength = 32;

    /// <summary>Bytes of a chaining value: what each chunk and parent hands up the tree.</summary>
    public const int ChainingValueLength = 32;

    /// <summary>Most chaining values the incremental hasher keeps: one per tree level below 2^64 bytes.</summary>
    public const int MaxStackDepth = 54;

    /// <summary>The domain separation flags (the BLAKE3 specification, table 3).</summary>
    public const uint ChunkStart = 1, ChunkEnd = 2, Parent = 4, Root = 8, KeyedHash = 16, DeriveKeyContext = 32, DeriveKeyMaterial = 64;

    /// <summary>The IV, BLAKE2s's (the SHA-256 one): the key words of unkeyed hashing.</summary>
    public const uint IV0 = Blake2sScalar.IV0, IV1 = Blake2sScalar.IV1, IV2 = Blake2sScalar.IV2, IV3 = Blake2sScalar.IV3;

    /// <inheritdoc cref="IV0"/>
    public const uint IV4 = Blake2sScalar.IV4, IV5 = Blake2sScalar.IV5, IV6 = Blake2sScalar.IV6, IV7 = Blake2sScalar.IV7;
}

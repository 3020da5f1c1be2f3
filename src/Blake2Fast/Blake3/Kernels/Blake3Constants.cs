namespace Blake2Fast.Kernels;

/// <summary>BLAKE3's fixed numbers (the specification, sections 2.1 to 2.3).</summary>
internal static class Blake3Constants
{
    /// <summary>Bytes per block.</summary>
    public const int BlockLength = 64;

    /// <summary>Bytes per chunk (16 blocks).</summary>
    public const int ChunkLength = 1024;

    /// <summary>Bytes per chaining value (8 words).</summary>
    public const int ChainingValueLength = 32;

    /// <summary>Flag of a chunk's first block.</summary>
    public const uint ChunkStart = 1;

    /// <summary>Flag of a chunk's last block.</summary>
    public const uint ChunkEnd = 2;

    /// <summary>Flag of a parent node's block.</summary>
    public const uint Parent = 4;

    /// <summary>Flag of the root compression (output).</summary>
    public const uint Root = 8;

    /// <summary>Mode flag of keyed hashing.</summary>
    public const uint KeyedHash = 16;

    /// <summary>Mode flag of hashing a key derivation context.</summary>
    public const uint DeriveKeyContext = 32;

    /// <summary>Mode flag of hashing key material with a derived context key.</summary>
    public const uint DeriveKeyMaterial = 64;

    /// <summary>The IV, BLAKE2s's (the SHA-256 one): the key words of unkeyed hashing.</summary>
    public const uint IV0 = 0x6A09E667, IV1 = 0xBB67AE85, IV2 = 0x3C6EF372, IV3 = 0xA54FF53A;

    /// <inheritdoc cref="IV0"/>
    public const uint IV4 = 0x510E527F, IV5 = 0x9B05688C, IV6 = 0x1F83D9AB, IV7 = 0x5BE0CD19;
}

namespace Blake2Fast.Kernels;

/// <summary>BLAKE3's sizes and domain flags (the BLAKE3 specification, section 2).</summary>
internal static class Blake3Constants
{
    /// <summary>Bytes per compressed block.</summary>
    public const int BlockLength = 64;

    /// <summary>Bytes per chunk: 16 blocks, one leaf of the tree.</summary>
    public const int ChunkLength = 1024;

    /// <summary>Bytes of a chaining value, a key and the default output.</summary>
    public const int KeyLength = 32;

    /// <summary>Most chaining values the incremental hasher keeps: one per tree level below 2^64 bytes.</summary>
    public const int MaxStackDepth = 54;

    public const uint ChunkStart = 1;
    public const uint ChunkEnd = 2;
    public const uint Parent = 4;
    public const uint Root = 8;
    public const uint KeyedHash = 16;
    public const uint DeriveKeyContext = 32;
    public const uint DeriveKeyMaterial = 64;
}

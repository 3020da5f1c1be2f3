namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Input lengths in bytes. 3268 is deliberately not a multiple of any block size; 10 MiB is measured
/// only for the headline BLAKE2b-512 and BLAKE2s-256 classes (with their parallel modes), to keep the
/// whole suite near 25 minutes on two cores.
/// </summary>
internal static class InputSizes
{
    public const int Tiny = 3;
    public const int MiB = 1024 * 1024;

    /// <summary>The sizes most benchmarks use.</summary>
    public static readonly int[] Standard = [Tiny, 64, 1024, 3268, 3 * MiB];

    /// <summary>Standard plus 10 MiB.</summary>
    public static readonly int[] WithLargest = [.. Standard, 10 * MiB];

    /// <summary>Sizes for incremental and stream hashing (a 3-byte stream says nothing new).</summary>
    public static readonly int[] Streaming = [1024, 3268, 3 * MiB];
}

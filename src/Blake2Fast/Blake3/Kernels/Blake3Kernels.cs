using System;

namespace Blake2Fast.Kernels;

/// <summary>
/// The BLAKE3 compression entry points the engine calls: one compression (<see cref="Compress"/>,
/// <see cref="CompressXof"/>), and whole runs of chunks and of parents
/// (<see cref="HashChunks"/>, <see cref="HashParents"/>), the shape in which lane kernels hash
/// many chunks or parents at once. The engine never dispatches per block.
/// </summary>
/// <remarks>
/// This build carries the portable kernel only; the runs are the seam where chunk-parallel SIMD
/// kernels (16 chunks per 512-bit vector) belong.
/// </remarks>
internal static class Blake3Kernels
{
    /// <summary>One compression; <paramref name="cv"/> (8 words) is replaced by the new chaining value.</summary>
    public static void Compress(Span<uint> cv, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags) =>
        Blake3Scalar.Compress(cv, block, blockLength, counter, flags);

    /// <summary>One compression for output: 64 bytes.</summary>
    public static void CompressXof(ReadOnlySpan<uint> cv, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output64) =>
        Blake3Scalar.CompressXof(cv, block, blockLength, counter, flags, output64);

    /// <summary>Whole chunks: <c>input.Length / 1024</c> chaining values of 32 bytes, chunk i with counter <paramref name="firstCounter"/> + i.</summary>
    public static void HashChunks(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues) =>
        Blake3Scalar.HashChunks(input, key, firstCounter, flags, chainingValues);

    /// <summary>Parents: <c>childChainingValues.Length / 64</c> chaining values of 32 bytes; the output may start where the input does.</summary>
    public static void HashParents(ReadOnlySpan<byte> childChainingValues, ReadOnlySpan<uint> key, uint flags, Span<byte> chainingValues) =>
        Blake3Scalar.HashParents(childChainingValues, key, flags, chainingValues);
}

using System;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2Xs output-block implementations this build carries.</summary>
internal enum Blake2XsKernel : byte
{
    /// <summary>One block at a time through the portable BLAKE2s compression.</summary>
    Scalar = 0,

    /// <summary>Eight blocks at once, one per 32-bit lane of a 256-bit vector; rotations by byte shuffles and shifts.</summary>
    Avx2 = 1,

    /// <summary>As <see cref="Avx2"/>, with the AVX-512VL rotate instruction.</summary>
    Avx512 = 2,
}

/// <summary>
/// Produces BLAKE2Xs output blocks: one-block BLAKE2s hashes of the same message (H0) whose chain
/// values differ only in the node-offset word, so eight of them run side by side in vector lanes.
/// </summary>
/// <remarks>
/// The vector kernels and their requirements are in this build's kernel registry (KernelRegistry.cs
/// under Blake2/Kernels/Vector or Blake2/Kernels/Portable).
/// </remarks>
internal static partial class Blake2XsKernels
{
    private const int BlockLength = 32;

    /// <summary>The fastest kernel this machine supports.</summary>
    public static Blake2XsKernel Best { get; } =
        IsSupported(Blake2XsKernel.Avx512) ? Blake2XsKernel.Avx512
        : IsSupported(Blake2XsKernel.Avx2) ? Blake2XsKernel.Avx2
        : Blake2XsKernel.Scalar;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2XsKernel kernel) => kernel == Blake2XsKernel.Scalar || IsVectorSupported(kernel);

    /// <summary>Returns <paramref name="kernel"/> if this machine can run it.</summary>
    /// <exception cref="PlatformNotSupportedException">It cannot.</exception>
    public static Blake2XsKernel Require(Blake2XsKernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The BLAKE2Xs output kernel {kernel} needs instructions this machine (or runtime configuration) does not provide.");

    /// <inheritdoc cref="IBlake2XVariant.WriteBlocks"/>
    public static void WriteBlocks(Blake2XsKernel kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<uint> chain, uint first, int count, Span<byte> destination)
    {
        int done = kernel == Blake2XsKernel.Scalar ? 0 : WriteBlocksVector(kernel, h0, chain, first, count, destination);

        // The lanes take whole groups; what is left is fewer blocks than lanes (or everything, for Scalar).
        if (done < count)
        {
            WriteBlocksScalar(h0, chain, first + (uint)done, count - done, destination[(done * BlockLength)..]);
        }
    }

    /// <inheritdoc cref="IBlake2XVariant.WriteBlock"/>
    public static void WriteBlock(ReadOnlySpan<byte> h0, ReadOnlySpan<uint> chain, uint index, int digestLength, Span<byte> destination)
    {
        Span<byte> message = stackalloc byte[2 * BlockLength];
        Span<uint> words = stackalloc uint[8];
        Compress(h0, chain, index, digestLength, message, words);
        default(Blake2sVariant).WriteDigest(MemoryMarshal.AsBytes(words), destination[..digestLength]);
        words.Clear();
        message.Clear();
    }

    private static void WriteBlocksScalar(ReadOnlySpan<byte> h0, ReadOnlySpan<uint> chain, uint first, int count, Span<byte> destination)
    {
        Span<byte> message = stackalloc byte[2 * BlockLength];
        Span<uint> words = stackalloc uint[8];
        for (int i = 0; i < count; i++)
        {
            Compress(h0, chain, first + (uint)i, BlockLength, message, words);
            default(Blake2sVariant).WriteDigest(MemoryMarshal.AsBytes(words), destination.Slice(i * BlockLength, BlockLength));
        }

        words.Clear();
        message.Clear();
    }

    private static void Compress(ReadOnlySpan<byte> h0, ReadOnlySpan<uint> chain, uint index, int digestLength, Span<byte> message, Span<uint> words)
    {
        // The message is H0 zero-padded to one 64-byte block; it is the last (and only) block, 32 bytes counted.
        h0[..BlockLength].CopyTo(message);
        message[BlockLength..].Clear();
        chain.CopyTo(words);

        // The digest length is byte 0 of word 0 (the template holds 32), the node offset is word 2 (the template holds 0).
        words[0] ^= (uint)(BlockLength ^ digestLength);
        words[2] ^= index;
        ulong counter = 0;
        Blake2sScalar.Compress(words, message, ref counter, BlockLength, uint.MaxValue, 0);
    }

    private static partial bool IsVectorSupported(Blake2XsKernel kernel);

    /// <summary>Writes as many whole lane groups of blocks as the vector kernel takes; returns how many blocks it wrote.</summary>
    private static partial int WriteBlocksVector(Blake2XsKernel kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<uint> chain, uint first, int count, Span<byte> destination);
}

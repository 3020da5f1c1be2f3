using System;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2Xb output-block implementations this build carries.</summary>
internal enum Blake2XbKernel : byte
{
    /// <summary>One block at a time through the portable BLAKE2b compression.</summary>
    Scalar = 0,

    /// <summary>Four blocks at once, one per 64-bit lane of a 256-bit vector; rotations by byte shuffles and shifts.</summary>
    Avx2 = 1,

    /// <summary>Eight blocks at once, one per 64-bit lane of a 512-bit vector, with the AVX-512 rotate instruction.</summary>
    Avx512 = 2,
}

/// <summary>
/// Produces BLAKE2Xb output blocks. Each block is a one-block BLAKE2b hash of the same message
/// (H0) whose chain value differs from its neighbours' only in the node-offset word, so several
/// blocks run side by side in vector lanes with the message broadcast to every lane.
/// </summary>
/// <remarks>
/// The vector kernels and their requirements are in this build's kernel registry (KernelRegistry.cs
/// under Blake2/Kernels/Vector or Blake2/Kernels/Portable).
/// </remarks>
internal static partial class Blake2XbKernels
{
    private const int BlockLength = 64;

    /// <summary>The fastest kernel this machine supports.</summary>
    public static Blake2XbKernel Best { get; } =
        IsSupported(Blake2XbKernel.Avx512) ? Blake2XbKernel.Avx512
        : IsSupported(Blake2XbKernel.Avx2) ? Blake2XbKernel.Avx2
        : Blake2XbKernel.Scalar;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2XbKernel kernel) => kernel == Blake2XbKernel.Scalar || IsVectorSupported(kernel);

    /// <summary>Returns <paramref name="kernel"/> if this machine can run it.</summary>
    /// <exception cref="PlatformNotSupportedException">It cannot.</exception>
    public static Blake2XbKernel Require(Blake2XbKernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The BLAKE2Xb output kernel {kernel} needs instructions this machine (or runtime configuration) does not provide.");

    /// <inheritdoc cref="IBlake2XVariant.WriteBlocks"/>
    public static void WriteBlocks(Blake2XbKernel kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<ulong> chain, uint first, int count, Span<byte> destination)
    {
        int done = kernel == Blake2XbKernel.Scalar ? 0 : WriteBlocksVector(kernel, h0, chain, first, count, destination);

        // The lanes take whole groups; what is left is fewer blocks than lanes (or everything, for Scalar).
        if (done < count)
        {
            WriteBlocksScalar(h0, chain, first + (uint)done, count - done, destination[(done * BlockLength)..]);
        }
    }

    /// <inheritdoc cref="IBlake2XVariant.WriteBlock"/>
    public static void WriteBlock(ReadOnlySpan<byte> h0, ReadOnlySpan<ulong> chain, uint index, int digestLength, Span<byte> destination)
    {
        Span<byte> message = stackalloc byte[2 * BlockLength];
        Span<ulong> words = stackalloc ulong[8];
        Compress(h0, chain, index, digestLength, message, words);
        default(Blake2bVariant).WriteDigest(MemoryMarshal.AsBytes(words), destination[..digestLength]);
        words.Clear();
        message.Clear();
    }

    private static void WriteBlocksScalar(ReadOnlySpan<byte> h0, ReadOnlySpan<ulong> chain, uint first, int count, Span<byte> destination)
    {
        Span<byte> message = stackalloc byte[2 * BlockLength];
        Span<ulong> words = stackalloc ulong[8];
        for (int i = 0; i < count; i++)
        {
            Compress(h0, chain, first + (uint)i, BlockLength, message, words);
            default(Blake2bVariant).WriteDigest(MemoryMarshal.AsBytes(words), destination.Slice(i * BlockLength, BlockLength));
        }

        words.Clear();
        message.Clear();
    }

    private static void Compress(ReadOnlySpan<byte> h0, ReadOnlySpan<ulong> chain, uint index, int digestLength, Span<byte> message, Span<ulong> words)
    {
        // The message is H0 zero-padded to one 128-byte block; it is the last (and only) block, 64 bytes counted.
        h0[..BlockLength].CopyTo(message);
        message[BlockLength..].Clear();
        chain.CopyTo(words);

        // The digest length is byte 0 of word 0 (the template holds 64), the node offset the low half of word 1 (the template holds 0).
        words[0] ^= (ulong)(BlockLength ^ digestLength);
        words[1] ^= index;
        ulong t0 = 0, t1 = 0;
        Blake2bScalar.Compress(words, message, ref t0, ref t1, BlockLength, ulong.MaxValue, 0);
    }

    private static partial bool IsVectorSupported(Blake2XbKernel kernel);

    /// <summary>Writes as many whole lane groups of blocks as the vector kernel takes; returns how many blocks it wrote.</summary>
    private static partial int WriteBlocksVector(Blake2XbKernel kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<ulong> chain, uint first, int count, Span<byte> destination);
}

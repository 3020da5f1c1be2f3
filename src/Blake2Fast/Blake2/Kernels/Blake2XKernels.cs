using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2X output-block implementations this build carries, for BLAKE2Xb and BLAKE2Xs alike.</summary>
internal enum Blake2XKernel : byte
{
    /// <summary>One block at a time through the portable BLAKE2b or BLAKE2s compression.</summary>
    Scalar = 0,

    /// <summary>256-bit vectors, four BLAKE2Xb or eight BLAKE2Xs blocks at once; rotations by byte shuffles and shifts.</summary>
    Avx2 = 1,

    /// <summary>AVX-512: eight BLAKE2Xb blocks in 512-bit vectors, or eight BLAKE2Xs blocks in 256-bit ones with the AVX-512VL rotate instruction.</summary>
    Avx512 = 2,
}

/// <summary>
/// Produces BLAKE2X output blocks: BLAKE2Xb's (<typeparamref name="TWord"/> <see cref="ulong"/>,
/// 64-byte blocks) or BLAKE2Xs's (<see cref="uint"/>, 32-byte blocks). Each block is a one-block
/// hash of the same message (H0) whose chain value differs from its neighbours' only in the
/// node-offset word, so several blocks run side by side in vector lanes with the message broadcast
/// to every lane.
/// </summary>
/// <remarks>
/// The vector kernels and their requirements are in this build's kernel registry (KernelRegistry.cs
/// under Blake2/Kernels/Vector or Blake2/Kernels/Portable).
/// </remarks>
/// <typeparam name="TWord">The word of the underlying hash.</typeparam>
internal static partial class Blake2XKernels<TWord>
    where TWord : unmanaged
{
    /// <summary>Bytes per output block: the chain value, eight words.</summary>
    private static int BlockLength => 8 * Blake2Word<TWord>.Length;

    /// <summary>The fastest kernel this machine supports.</summary>
    public static Blake2XKernel Best { get; } =
        IsSupported(Blake2XKernel.Avx512) ? Blake2XKernel.Avx512
        : IsSupported(Blake2XKernel.Avx2) ? Blake2XKernel.Avx2
        : Blake2XKernel.Scalar;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2XKernel kernel) => kernel == Blake2XKernel.Scalar || IsVectorSupported(kernel);

    /// <summary>Returns <paramref name="kernel"/> if this machine can run it.</summary>
    /// <exception cref="PlatformNotSupportedException">It cannot.</exception>
    public static Blake2XKernel Require(Blake2XKernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The BLAKE2X{(Blake2Word<TWord>.Is64 ? 'b' : 's')} output kernel {kernel} needs instructions this machine (or runtime configuration) does not provide.");

    /// <inheritdoc cref="Internal.IBlake2XVariant.WriteBlocks"/>
    public static void WriteBlocks(Blake2XKernel kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<TWord> chain, uint first, int count, Span<byte> destination)
    {
        int done = kernel == Blake2XKernel.Scalar ? 0 : WriteBlocksVector(kernel, h0, MemoryMarshal.AsBytes(chain), first, count, destination);

        // The lanes take whole groups; what is left is fewer blocks than lanes (or everything, for Scalar).
        if (done < count)
        {
            WriteBlocksScalar(h0, chain, first + (uint)done, count - done, destination[(done * BlockLength)..]);
        }
    }

    /// <inheritdoc cref="Internal.IBlake2XVariant.WriteBlock"/>
    public static void WriteBlock(ReadOnlySpan<byte> h0, ReadOnlySpan<TWord> chain, uint index, int digestLength, Span<byte> destination)
    {
        Span<byte> message = stackalloc byte[2 * BlockLength];
        Span<byte> words = stackalloc byte[BlockLength];
        Compress(h0, chain, index, digestLength, message, words);
        WriteDigest(words, destination[..digestLength]);
        words.Clear();
        message.Clear();
    }

    private static void WriteBlocksScalar(ReadOnlySpan<byte> h0, ReadOnlySpan<TWord> chain, uint first, int count, Span<byte> destination)
    {
        Span<byte> message = stackalloc byte[2 * BlockLength];
        Span<byte> words = stackalloc byte[BlockLength];
        for (int i = 0; i < count; i++)
        {
            Compress(h0, chain, first + (uint)i, BlockLength, message, words);
            WriteDigest(words, destination.Slice(i * BlockLength, BlockLength));
        }

        words.Clear();
        message.Clear();
    }

    private static void Compress(ReadOnlySpan<byte> h0, ReadOnlySpan<TWord> chain, uint index, int digestLength, Span<byte> message, Span<byte> words)
    {
        // The message is H0 zero-padded to one block; it is the last (and only) block, BlockLength bytes counted.
        h0[..BlockLength].CopyTo(message);
        message[BlockLength..].Clear();
        MemoryMarshal.AsBytes(chain).CopyTo(words);

        // The digest length is byte 0 of word 0 (the template holds the whole block length); the
        // node offset is bytes 8 on, the low half of BLAKE2b's word 1 or BLAKE2s's word 2 (the template holds 0).
        ulong t0 = 0, t1 = 0;
        if (Blake2Word<TWord>.Is64)
        {
            Span<ulong> w = MemoryMarshal.Cast<byte, ulong>(words);
            w[0] ^= (ulong)(BlockLength ^ digestLength);
            w[1] ^= index;
            Blake2bKernels.Compress((byte)Blake2bKernel.Scalar, words, message, ref t0, ref t1, (uint)BlockLength, final: true, lastNode: false);
        }
        else
        {
            Span<uint> w = MemoryMarshal.Cast<byte, uint>(words);
            w[0] ^= (uint)(BlockLength ^ digestLength);
            w[2] ^= index;
            Blake2sKernels.Compress((byte)Blake2sKernel.Scalar, words, message, ref t0, ref t1, (uint)BlockLength, final: true, lastNode: false);
        }
    }

    private static void WriteDigest(ReadOnlySpan<byte> words, Span<byte> destination)
    {
        if (Blake2Word<TWord>.Is64)
        {
            default(Internal.Blake2bVariant).WriteDigest(words, destination);
        }
        else
        {
            default(Internal.Blake2sVariant).WriteDigest(words, destination);
        }
    }

    private static partial bool IsVectorSupported(Blake2XKernel kernel);

    /// <summary>Writes as many whole lane groups of blocks as the vector kernel takes; returns how many blocks it wrote.</summary>
    private static partial int WriteBlocksVector(Blake2XKernel kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination);
}

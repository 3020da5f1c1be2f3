using System;

namespace Blake2Fast.Internal;

/// <summary>
/// BLAKE2b or BLAKE2s of one whole message held in memory: the span one-shots' path, without the
/// incremental engine's state.
/// </summary>
/// <remarks>
/// <para><see cref="Blake2Core{TVariant}"/> keeps an initial chain for <c>Reset</c>, a key copy,
/// a block buffer and a status, clears and copies each of them on the way in and erases all of them
/// on the way out: about 350 bytes of stores around a single block. With the whole message at hand
/// none of that is needed: every block but the last is compressed where it lies, and only the key
/// block and the zero-padded last block pass through a stack buffer, which is erased with the
/// chain value.</para>
/// <para>The fixed cost is what small messages pay: skipping it makes short one-shots faster and
/// leaves long ones unchanged (docs/measurements.md#blake2-one-shot-fixed-cost).</para>
/// </remarks>
internal static class Blake2Message<TVariant> where TVariant : struct, IBlake2Variant
{
    /// <summary>
    /// Hashes <paramref name="source"/> into the first <c>settings.DigestLength</c> bytes of
    /// <paramref name="destination"/> (checked by the caller). Every input byte is read before
    /// the digest is written, so the two may overlap.
    /// </summary>
    public static int Hash(scoped in Blake2Settings settings, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Hash(settings, source, destination, default(TVariant).DefaultKernel);

    /// <summary>As <see cref="Hash(in Blake2Settings, ReadOnlySpan{byte}, Span{byte})"/>, with the compress kernel given (the measuring programs force each one).</summary>
    public static int Hash(scoped in Blake2Settings settings, ReadOnlySpan<byte> source, Span<byte> destination, byte kernel)
    {
        Span<byte> block = stackalloc byte[128];
        block = block[..default(TVariant).BlockLength];
        scoped ReadOnlySpan<byte> keyBlock = default;
        if (!settings.Key.IsEmpty)
        {
            // The key, zero-padded to a whole block, is the first block.
            block.Clear();
            settings.Key.CopyTo(block);
            keyBlock = block;
        }

        return HashFrom(kernel, settings, keyBlock, source, block, destination[..settings.DigestLength]);
    }

    /// <summary>
    /// Unkeyed sequential BLAKE2 at the largest digest length of a message that starts with the
    /// whole block <paramref name="firstBlock"/> and goes on with <paramref name="source"/>: RFC
    /// 2104's inner or outer hash, whose first block is the padded key (the final block when
    /// <paramref name="source"/> is empty). Every input byte is read
    /// before the digest is written, so the two may overlap.
    /// </summary>
    public static int HashAfterBlock(ReadOnlySpan<byte> firstBlock, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        TVariant variant = default;
        Span<byte> block = stackalloc byte[128];
        block = block[..variant.BlockLength];
        Blake2Settings unkeyed = Blake2Settings.Sequential(variant.MaxDigestLength, default);
        return HashFrom(variant.DefaultKernel, unkeyed, firstBlock[..variant.BlockLength], source, block, destination[..variant.MaxDigestLength]);
    }

    /// <summary>
    /// The message <paramref name="firstBlock"/> (one whole block, or empty for none; it may be
    /// <paramref name="block"/> itself), then <paramref name="source"/>, hashed into all of
    /// <paramref name="destination"/>. A first block with nothing after it is the final block.
    /// <paramref name="block"/> is the one-block scratch buffer, erased with the chain at the end.
    /// </summary>
    private static int HashFrom(byte kernel, scoped in Blake2Settings settings, ReadOnlySpan<byte> firstBlock, ReadOnlySpan<byte> source, Span<byte> block, Span<byte> destination)
    {
        TVariant variant = default;
        Span<byte> chain = stackalloc byte[64];
        ulong t0 = 0;
        ulong t1 = 0;
        variant.InitializeChain(chain, settings);
        bool firstBlockIsLast = false;
        if (!firstBlock.IsEmpty)
        {
            firstBlockIsLast = source.IsEmpty;
            variant.Compress(kernel, chain, firstBlock, ref t0, ref t1, (uint)firstBlock.Length, final: firstBlockIsLast, lastNode: firstBlockIsLast && settings.IsLastNode);
        }

        if (!firstBlockIsLast)
        {
            CompressToEnd(kernel, chain, block, ref t0, ref t1, source, settings.IsLastNode);
        }

        return Finish(chain, block, destination);
    }

    /// <summary>Compresses <paramref name="source"/> as the rest of the message: all but its last bytes where they lie, those zero-padded in <paramref name="block"/> as the final block.</summary>
    private static void CompressToEnd(byte kernel, Span<byte> chain, Span<byte> block, ref ulong t0, ref ulong t1, ReadOnlySpan<byte> source, bool lastNode)
    {
        TVariant variant = default;
        int direct = Blake2Core<TVariant>.BytesBeforeLastBlock(source.Length);
        if (direct != 0)
        {
            variant.Compress(kernel, chain, source[..direct], ref t0, ref t1, (uint)variant.BlockLength, final: false, lastNode: false);
            source = source[direct..];
        }

        // The whole block, then the bytes: a clear of constant length is a few vector stores,
        // where clearing the tail alone was a call.
        block.Clear();
        source.CopyTo(block);
        variant.Compress(kernel, chain, block, ref t0, ref t1, (uint)source.Length, final: true, lastNode: lastNode);
    }

    private static int Finish(Span<byte> chain, Span<byte> block, Span<byte> destination)
    {
        default(TVariant).WriteDigest(chain, destination);

        // No exception can occur between the first write of a secret and here (the caller has
        // checked every argument), so no finally block is needed for the erasure.
        SecretBytes.Erase(block);
        SecretBytes.Erase(chain);
        return destination.Length;
    }
}

using System;
using Blake2Fast.Internal;
using Many = Blake2Fast.Internal.Blake2Many<Blake2Fast.Internal.Blake2sVariant>;

namespace Blake2Fast;

// Many messages at once: HashMany fills the lanes of a vector kernel with independent messages.
public static partial class Blake2s
{
    /// <summary>
    /// Computes the BLAKE2s digest of each message in <paramref name="sources"/>, several at once
    /// in the lanes of a vector kernel where the machine has one. Digest i is written at
    /// <c>i * digestLength</c> of <paramref name="destination"/>.
    /// </summary>
    /// <remarks>
    /// Each digest equals what <see cref="HashData(ReadOnlySpan{byte}, Span{byte})"/> gives for that
    /// message; messages may have different lengths, empty ones included. Messages may share memory
    /// with <paramref name="destination"/>. Nothing is allocated unless they do.
    /// </remarks>
    /// <param name="sources">The messages.</param>
    /// <param name="destination">Receives the digests; exactly <c>sources.Length * digestLength</c> bytes.</param>
    /// <param name="digestLength">The length of each digest, 1 to 32 bytes.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not between 1 and 32; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is not exactly <c>sources.Length * digestLength</c> bytes long; nothing was written.</exception>
    public static int HashMany(ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int digestLength) =>
        Many.Hash(Settings(digestLength, default), new Blake2MessageList(sources), destination, nameof(destination));

    /// <summary>
    /// Computes the keyed BLAKE2s digest (a MAC) of each message in <paramref name="sources"/>, all
    /// with the same key, several at once in the lanes of a vector kernel where the machine has
    /// one. Digest i is written at <c>i * digestLength</c> of <paramref name="destination"/>.
    /// </summary>
    /// <remarks>
    /// Each digest equals what <see cref="HashData(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/>
    /// gives for that message and key. The key is erased from the memory the method used before it returns.
    /// </remarks>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <param name="sources">The messages.</param>
    /// <param name="destination">Receives the digests; exactly <c>sources.Length * digestLength</c> bytes.</param>
    /// <param name="digestLength">The length of each digest, 1 to 32 bytes.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not between 1 and 32; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes, or <paramref name="destination"/> is not exactly <c>sources.Length * digestLength</c> bytes long; nothing was written.</exception>
    public static int HashMany(ReadOnlySpan<byte> key, ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int digestLength) =>
        Many.Hash(Settings(digestLength, key), new Blake2MessageList(sources), destination, nameof(destination));

    /// <summary>
    /// Computes the BLAKE2s digest of each message in <paramref name="sources"/> as
    /// <paramref name="parameters"/> describe it (the same parameters for every message). Digest i
    /// is written at <c>i * parameters.DigestLength</c> of <paramref name="destination"/>.
    /// </summary>
    /// <remarks>Each digest equals what <see cref="HashData(Blake2sParameters, ReadOnlySpan{byte}, Span{byte})"/> gives for that message.</remarks>
    /// <param name="parameters">Digest length, key, salt, personalization and tree fields.</param>
    /// <param name="sources">The messages.</param>
    /// <param name="destination">Receives the digests; exactly <c>sources.Length * parameters.DigestLength</c> bytes.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is not exactly <c>sources.Length * parameters.DigestLength</c> bytes long; nothing was written.</exception>
    public static int HashMany(Blake2sParameters parameters, ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        return Many.Hash(parameters.ToSettings(), new Blake2MessageList(sources), destination, nameof(destination));
    }

    /// <summary>
    /// Computes the BLAKE2s digest of each <paramref name="messageLength"/>-byte message of
    /// <paramref name="source"/>, which holds them back to back, several at once in the lanes of a
    /// vector kernel where the machine has one. Digest i (of bytes <c>i * messageLength</c> to
    /// <c>(i + 1) * messageLength - 1</c>) is written at <c>i * digestLength</c> of <paramref name="destination"/>.
    /// </summary>
    /// <remarks>An empty <paramref name="source"/> holds no message: nothing is written and 0 is returned.</remarks>
    /// <param name="source">The messages, back to back; a multiple of <paramref name="messageLength"/> bytes long.</param>
    /// <param name="messageLength">The length of every message, at least 1 byte.</param>
    /// <param name="destination">Receives the digests; exactly <c>source.Length / messageLength * digestLength</c> bytes.</param>
    /// <param name="digestLength">The length of each digest, 1 to 32 bytes.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not between 1 and 32, or <paramref name="messageLength"/> is less than 1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/>'s length is not a multiple of <paramref name="messageLength"/>, or <paramref name="destination"/> has the wrong length; nothing was written.</exception>
    public static int HashMany(ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int digestLength)
    {
        Blake2Settings settings = Settings(digestLength, default);
        Guard.PackedMessages(source.Length, messageLength, nameof(source), nameof(messageLength));
        return Many.Hash(settings, new Blake2MessageList(source, messageLength), destination, nameof(destination));
    }

    /// <summary>
    /// Computes the keyed BLAKE2s digest (a MAC) of each <paramref name="messageLength"/>-byte
    /// message of <paramref name="source"/>, which holds them back to back, all with the same key.
    /// Digest i is written at <c>i * digestLength</c> of <paramref name="destination"/>.
    /// </summary>
    /// <remarks>The key is erased from the memory the method used before it returns.</remarks>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <param name="source">The messages, back to back; a multiple of <paramref name="messageLength"/> bytes long.</param>
    /// <param name="messageLength">The length of every message, at least 1 byte.</param>
    /// <param name="destination">Receives the digests; exactly <c>source.Length / messageLength * digestLength</c> bytes.</param>
    /// <param name="digestLength">The length of each digest, 1 to 32 bytes.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is not between 1 and 32, or <paramref name="messageLength"/> is less than 1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes, <paramref name="source"/>'s length is not a multiple of <paramref name="messageLength"/>, or <paramref name="destination"/> has the wrong length; nothing was written.</exception>
    public static int HashMany(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int digestLength)
    {
        Blake2Settings settings = Settings(digestLength, key);
        Guard.PackedMessages(source.Length, messageLength, nameof(source), nameof(messageLength));
        return Many.Hash(settings, new Blake2MessageList(source, messageLength), destination, nameof(destination));
    }
}

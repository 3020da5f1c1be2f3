using System;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast;

// Many messages at once: HashMany fills the lanes of a vector kernel with independent messages.
public static partial class Blake3
{
    /// <summary>
    /// Computes the BLAKE3 output of each message in <paramref name="sources"/>, messages of up to
    /// 1024 bytes several at once in the lanes of a vector kernel where the machine has one. Output
    /// i, <paramref name="outputLength"/> bytes, is written at <c>i * outputLength</c> of <paramref name="destination"/>.
    /// </summary>
    /// <remarks>
    /// Each output equals what <see cref="HashData(ReadOnlySpan{byte}, Span{byte})"/> gives for that
    /// message and a destination of <paramref name="outputLength"/> bytes. Messages may have any
    /// length, empty ones included: those of one chunk (1024 bytes) or less share the lanes (up to
    /// 16 at a time with AVX-512, 8 with AVX2, 4 with 128-bit vectors), longer ones are hashed one
    /// at a time as the one-shot hashes them. Outputs of up to 32 bytes come straight from the
    /// lanes; longer ones take one more compression per 64 bytes per message. Runs on the calling
    /// thread; messages may share memory with <paramref name="destination"/>, and nothing is
    /// allocated unless they do.
    /// </remarks>
    /// <param name="sources">The messages.</param>
    /// <param name="destination">Receives the outputs; exactly <c>sources.Length * outputLength</c> bytes.</param>
    /// <param name="outputLength">The length of each output, 1 byte or more (32 is the standard hash); all the outputs together must fit in a span, <see cref="int.MaxValue"/> bytes.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is less than 1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is not exactly <c>sources.Length * outputLength</c> bytes long, which no destination is when that product passes <see cref="int.MaxValue"/>; nothing was written.</exception>
    public static int HashMany(ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int outputLength)
    {
        CheckOutputLength(outputLength);
        return Blake3Many.Hash(Iv, 0, new Blake2MessageList(sources), destination, outputLength, nameof(destination));
    }

    /// <summary>
    /// Computes the keyed BLAKE3 output (a MAC) of each message in <paramref name="sources"/>, all
    /// with the same key, several at once in the lanes of a vector kernel where the machine has
    /// one (see <see cref="HashMany(ReadOnlySpan{ReadOnlyMemory{byte}}, Span{byte}, int)"/>).
    /// </summary>
    /// <remarks>
    /// Each output equals what <see cref="HashData(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/>
    /// gives for that message and key. The key is erased from the memory the method used before it returns.
    /// </remarks>
    /// <param name="key">The key: exactly 32 bytes.</param>
    /// <param name="sources">The messages.</param>
    /// <param name="destination">Receives the outputs; exactly <c>sources.Length * outputLength</c> bytes.</param>
    /// <param name="outputLength">The length of each output, 1 byte or more (32 is standard); all the outputs together must fit in a span, <see cref="int.MaxValue"/> bytes.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is less than 1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is not 32 bytes, or <paramref name="destination"/> is not exactly <c>sources.Length * outputLength</c> bytes long, which no destination is when that product passes <see cref="int.MaxValue"/>; nothing was written.</exception>
    public static int HashMany(ReadOnlySpan<byte> key, ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int outputLength)
    {
        CheckKey(key);
        CheckOutputLength(outputLength);
        return KeyedMany(key, new Blake2MessageList(sources), destination, outputLength);
    }

    /// <summary>
    /// Computes the BLAKE3 output of each <paramref name="messageLength"/>-byte message of
    /// <paramref name="source"/>, which holds them back to back, several at once in the lanes of a
    /// vector kernel where the machine has one (see <see cref="HashMany(ReadOnlySpan{ReadOnlyMemory{byte}}, Span{byte}, int)"/>).
    /// Output i (of bytes <c>i * messageLength</c> to <c>(i + 1) * messageLength - 1</c>) is written
    /// at <c>i * outputLength</c> of <paramref name="destination"/>.
    /// </summary>
    /// <remarks>
    /// An empty <paramref name="source"/> holds no message: nothing is written and 0 is returned.
    /// Messages of a whole number of 64-byte blocks, up to 1024 bytes, are read where they lie;
    /// others are copied to the stack a batch at a time.
    /// </remarks>
    /// <param name="source">The messages, back to back; a multiple of <paramref name="messageLength"/> bytes long.</param>
    /// <param name="messageLength">The length of every message, at least 1 byte.</param>
    /// <param name="destination">Receives the outputs; exactly <c>source.Length / messageLength * outputLength</c> bytes.</param>
    /// <param name="outputLength">The length of each output, 1 byte or more (32 is the standard hash); all the outputs together must fit in a span, <see cref="int.MaxValue"/> bytes.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> or <paramref name="messageLength"/> is less than 1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/>'s length is not a multiple of <paramref name="messageLength"/>, or <paramref name="destination"/> has the wrong length, which every destination has when the outputs together would pass <see cref="int.MaxValue"/> bytes; nothing was written.</exception>
    public static int HashMany(ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int outputLength)
    {
        CheckOutputLength(outputLength);
        Guard.PackedMessages(source.Length, messageLength, nameof(source), nameof(messageLength));
        return Blake3Many.Hash(Iv, 0, new Blake2MessageList(source, messageLength), destination, outputLength, nameof(destination));
    }

    /// <summary>
    /// Computes the keyed BLAKE3 output (a MAC) of each <paramref name="messageLength"/>-byte message
    /// of <paramref name="source"/>, which holds them back to back, all with the same key (see
    /// <see cref="HashMany(ReadOnlySpan{byte}, int, Span{byte}, int)"/>).
    /// </summary>
    /// <remarks>The key is erased from the memory the method used before it returns.</remarks>
    /// <param name="key">The key: exactly 32 bytes.</param>
    /// <param name="source">The messages, back to back; a multiple of <paramref name="messageLength"/> bytes long.</param>
    /// <param name="messageLength">The length of every message, at least 1 byte.</param>
    /// <param name="destination">Receives the outputs; exactly <c>source.Length / messageLength * outputLength</c> bytes.</param>
    /// <param name="outputLength">The length of each output, 1 byte or more (32 is standard); all the outputs together must fit in a span, <see cref="int.MaxValue"/> bytes.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> or <paramref name="messageLength"/> is less than 1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is not 32 bytes, <paramref name="source"/>'s length is not a multiple of <paramref name="messageLength"/>, or <paramref name="destination"/> has the wrong length, which every destination has when the outputs together would pass <see cref="int.MaxValue"/> bytes; nothing was written.</exception>
    public static int HashMany(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int outputLength)
    {
        CheckKey(key);
        CheckOutputLength(outputLength);
        Guard.PackedMessages(source.Length, messageLength, nameof(source), nameof(messageLength));
        return KeyedMany(key, new Blake2MessageList(source, messageLength), destination, outputLength);
    }

    private static void CheckOutputLength(int outputLength)
    {
        if (outputLength < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(outputLength), outputLength, "The output length must be at least 1 byte. Nothing was written.");
        }
    }

    /// <summary>The keyed forms, their arguments checked but the destination's: the key's words on the stack, erased after.</summary>
    private static int KeyedMany(ReadOnlySpan<byte> key, scoped in Blake2MessageList messages, Span<byte> destination, int outputLength)
    {
        Span<uint> words = stackalloc uint[8];
        KeyWords(key, words);
        try
        {
            return Blake3Many.Hash(words, Kernels.Blake3Constants.KeyedHash, messages, destination, outputLength, nameof(destination));
        }
        finally
        {
            SecretBytes.Erase(MemoryMarshal.AsBytes(words));
        }
    }
}

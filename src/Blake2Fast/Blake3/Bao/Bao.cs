using System;
using System.IO;
using System.Security.Cryptography;
using Blake2Fast.Internal;

namespace Blake2Fast;

/// <summary>
/// Bao: BLAKE3 verified streaming (the format of the <c>bao</c> crate 0.13). An encoding stores
/// BLAKE3's hash tree with the data (combined) or beside it (outboard), so that a reader who holds
/// only the 32-byte BLAKE3 hash of the data can check every 1 KiB chunk as it arrives, seek, and
/// check any byte range from a short slice, instead of trusting bytes until the whole input is hashed.
/// </summary>
/// <remarks>
/// <para>
/// The root hash of an encoding is <see cref="Blake3.HashData(ReadOnlySpan{byte})"/> of the data:
/// nothing new is hashed. A combined encoding is the content length (8 bytes, little-endian), then
/// the tree in pre-order: each parent node (its children's 32-byte chaining values), its left
/// subtree, its right subtree, with the 1024-byte chunks in place; <see cref="EncodedLength"/>
/// bytes in all. An outboard encoding is the same without the chunks (<see cref="OutboardLength"/>
/// bytes, about 1/16 of the data), read beside the data itself. A slice of (start, count) is the
/// combined layout cut down to the nodes a reader of that range meets.
/// </para>
/// <para>
/// Decoders return only verified bytes: each parent and chunk is checked, in constant time,
/// against what the tree above it promises before any of its bytes are released, and the length
/// is trusted only once the final chunk is verified. A mismatch throws
/// <see cref="BaoVerificationException"/> (a <see cref="CryptographicException"/>); an input cut
/// short throws <see cref="EndOfStreamException"/>. Bytes after the end of an encoding are never read.
/// </para>
/// <para>
/// The span methods hash at BLAKE3's speed, in SIMD lanes; the overloads with
/// <c>maxDegreeOfParallelism</c> also use several threads (the calling thread among them) for inputs
/// of 128 KiB or more, with the same result. The stream methods keep a few hundred KiB of buffers
/// whatever the size of the data.
/// </para>
/// </remarks>
public static class Bao
{
    /// <summary>The length of a Bao hash: the 32-byte BLAKE3 hash.</summary>
    public const int HashLength = 32;

    /// <summary>The length of the header of every encoding and slice: the content length, 8 bytes little-endian.</summary>
    public const int HeaderLength = BaoLayout.HeaderLength;

    /// <summary>The length of a chunk, the unit a decoder verifies: 1024 bytes.</summary>
    public const int ChunkLength = BaoLayout.ChunkLength;

    /// <summary>The largest array .NET allocates; encodings returned as arrays must fit in one.</summary>
    private const int MaxArrayLength = 0x7FFFFFC7;

    /// <summary>The length of the combined encoding of <paramref name="contentLength"/> bytes: 8 + n + 64 x (chunks - 1).</summary>
    /// <param name="contentLength">The length of the data.</param>
    /// <returns>The encoding's length in bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="contentLength"/> is negative, or its encoding would not fit in a <see cref="long"/>.</exception>
    public static long EncodedLength(long contentLength) => Length(contentLength, outboard: false);

    /// <summary>The length of the outboard encoding of <paramref name="contentLength"/> bytes: 8 + 64 x (chunks - 1).</summary>
    /// <param name="contentLength">The length of the data.</param>
    /// <returns>The outboard encoding's length in bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="contentLength"/> is negative, or its combined encoding would not fit in a <see cref="long"/>.</exception>
    public static long OutboardLength(long contentLength) => Length(contentLength, outboard: true);

    /// <summary>Encodes <paramref name="input"/> into a combined encoding (header, parents and chunks).</summary>
    /// <param name="input">The data.</param>
    /// <param name="hash">Receives the 32-byte root hash, which is <see cref="Blake3.HashData(ReadOnlySpan{byte})"/> of <paramref name="input"/>.</param>
    /// <returns>The encoding, <see cref="EncodedLength"/> bytes.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or the encoding of <paramref name="input"/> would not fit in an array (use the stream overload); nothing was written.</exception>
    public static byte[] Encode(ReadOnlySpan<byte> input, Span<byte> hash) => EncodeArray(input, hash, outboard: false, 1);

    /// <summary>Encodes <paramref name="input"/> into a combined encoding on up to <paramref name="maxDegreeOfParallelism"/> threads, the calling thread among them.</summary>
    /// <param name="input">The data.</param>
    /// <param name="hash">Receives the 32-byte root hash.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <returns>The encoding, the same as <see cref="Encode(ReadOnlySpan{byte}, Span{byte})"/>'s.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or the encoding would not fit in an array; nothing was written.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    public static byte[] Encode(ReadOnlySpan<byte> input, Span<byte> hash, int maxDegreeOfParallelism) =>
        EncodeArray(input, hash, outboard: false, maxDegreeOfParallelism);

    /// <summary>Encodes <paramref name="input"/> into an outboard encoding: the header and the parents, to keep beside the data.</summary>
    /// <param name="input">The data.</param>
    /// <param name="hash">Receives the 32-byte root hash, which is <see cref="Blake3.HashData(ReadOnlySpan{byte})"/> of <paramref name="input"/>.</param>
    /// <returns>The outboard encoding, <see cref="OutboardLength"/> bytes.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes; nothing was written.</exception>
    public static byte[] EncodeOutboard(ReadOnlySpan<byte> input, Span<byte> hash) => EncodeArray(input, hash, outboard: true, 1);

    /// <summary>Encodes <paramref name="input"/> into an outboard encoding on up to <paramref name="maxDegreeOfParallelism"/> threads, the calling thread among them.</summary>
    /// <param name="input">The data.</param>
    /// <param name="hash">Receives the 32-byte root hash.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <returns>The outboard encoding, the same as <see cref="EncodeOutboard(ReadOnlySpan{byte}, Span{byte})"/>'s.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes; nothing was written.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    public static byte[] EncodeOutboard(ReadOnlySpan<byte> input, Span<byte> hash, int maxDegreeOfParallelism) =>
        EncodeArray(input, hash, outboard: true, maxDegreeOfParallelism);

    /// <summary>
    /// Encodes <paramref name="input"/> into a combined encoding written to <paramref name="destination"/>,
    /// on up to <paramref name="maxDegreeOfParallelism"/> threads; nothing is allocated.
    /// </summary>
    /// <param name="input">The data.</param>
    /// <param name="destination">Receives the encoding: at least <see cref="EncodedLength"/> bytes; it must not overlap <paramref name="input"/> or <paramref name="hash"/>.</param>
    /// <param name="hash">Receives the 32-byte root hash.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <returns>The number of bytes written, <see cref="EncodedLength"/> of the input's length.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or <paramref name="destination"/> is too short or overlaps another argument; nothing was written.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    public static int Encode(ReadOnlySpan<byte> input, Span<byte> destination, Span<byte> hash, int maxDegreeOfParallelism) =>
        EncodeSpan(input, destination, hash, outboard: false, maxDegreeOfParallelism);

    /// <summary>
    /// Encodes <paramref name="input"/> into an outboard encoding written to <paramref name="destination"/>,
    /// on up to <paramref name="maxDegreeOfParallelism"/> threads; nothing is allocated.
    /// </summary>
    /// <param name="input">The data.</param>
    /// <param name="destination">Receives the outboard encoding: at least <see cref="OutboardLength"/> bytes; it must not overlap <paramref name="input"/> or <paramref name="hash"/>.</param>
    /// <param name="hash">Receives the 32-byte root hash.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <returns>The number of bytes written, <see cref="OutboardLength"/> of the input's length.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or <paramref name="destination"/> is too short or overlaps another argument; nothing was written.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    public static int EncodeOutboard(ReadOnlySpan<byte> input, Span<byte> destination, Span<byte> hash, int maxDegreeOfParallelism) =>
        EncodeSpan(input, destination, hash, outboard: true, maxDegreeOfParallelism);

    /// <summary>
    /// Encodes the rest of <paramref name="input"/> into a combined encoding written at
    /// <paramref name="output"/>'s position, in memory bounded whatever the input's length.
    /// </summary>
    /// <remarks>
    /// The input's length need not be known, so it may be a pipe; but where each node goes depends
    /// on the total length, so the encoding is first written in post-order and then reordered in
    /// place (as the bao crate does): <paramref name="output"/> must be able to seek and to read back
    /// what it wrote (a file opened for reading and writing, a <see cref="MemoryStream"/>). It is left
    /// positioned after the encoding. If reading or writing fails part-way, the output holds an
    /// incomplete encoding.
    /// </remarks>
    /// <param name="input">The data, read to its end.</param>
    /// <param name="output">Receives the encoding; readable, writable and seekable.</param>
    /// <param name="hash">Receives the 32-byte root hash.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> or <paramref name="output"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> cannot be read, <paramref name="output"/> cannot be written, read or seeked, or <paramref name="hash"/> is not 32 bytes; nothing was read or written.</exception>
    public static void Encode(Stream input, Stream output, Span<byte> hash) => EncodeStream(input, output, hash, outboard: false, nameof(output));

    /// <summary>
    /// Encodes the rest of <paramref name="input"/> into an outboard encoding written at
    /// <paramref name="outboard"/>'s position, in memory bounded whatever the input's length.
    /// </summary>
    /// <remarks>
    /// As with <see cref="Encode(Stream, Stream, Span{byte})"/>, <paramref name="outboard"/> must be
    /// able to seek and read back what it wrote, since the tree is reordered in place once the
    /// length is known.
    /// </remarks>
    /// <param name="input">The data, read to its end.</param>
    /// <param name="outboard">Receives the outboard encoding; readable, writable and seekable.</param>
    /// <param name="hash">Receives the 32-byte root hash.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> or <paramref name="outboard"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> cannot be read, <paramref name="outboard"/> cannot be written, read or seeked, or <paramref name="hash"/> is not 32 bytes; nothing was read or written.</exception>
    public static void EncodeOutboard(Stream input, Stream outboard, Span<byte> hash) => EncodeStream(input, outboard, hash, outboard: true, nameof(outboard));

    /// <summary>Decodes a combined encoding, verifying all of it against <paramref name="hash"/>.</summary>
    /// <param name="encoded">The encoding; bytes after its end are ignored.</param>
    /// <param name="hash">The 32-byte root hash (the BLAKE3 hash of the data).</param>
    /// <returns>The data.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes.</exception>
    /// <exception cref="BaoVerificationException">The encoding does not match <paramref name="hash"/>.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="encoded"/> is shorter than its header says (truncated, or a corrupt header).</exception>
    public static byte[] Decode(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> hash) => Decode(encoded, hash, 1);

    /// <summary>Decodes a combined encoding on up to <paramref name="maxDegreeOfParallelism"/> threads, the calling thread among them.</summary>
    /// <param name="encoded">The encoding; bytes after its end are ignored.</param>
    /// <param name="hash">The 32-byte root hash.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <returns>The data.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    /// <exception cref="BaoVerificationException">The encoding does not match <paramref name="hash"/>.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="encoded"/> is shorter than its header says.</exception>
    public static byte[] Decode(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> hash, int maxDegreeOfParallelism)
    {
        CheckHash(hash.Length, nameof(hash));
        int degree = Blake3.Degree(maxDegreeOfParallelism);
        ReadOnlySpan<byte> tree = Tree(encoded, outboard: false, out ulong length);
        byte[] content = OutputArrays.Uninitialized((int)length);
        Verify(content, tree, hash, outboard: false, degree);
        return content;
    }

    /// <summary>
    /// Decodes a combined encoding into <paramref name="destination"/> on up to
    /// <paramref name="maxDegreeOfParallelism"/> threads; nothing is allocated.
    /// </summary>
    /// <param name="encoded">The encoding; bytes after its end are ignored.</param>
    /// <param name="hash">The 32-byte root hash.</param>
    /// <param name="destination">Receives the data: at least as long as the encoding's header says; it must not overlap <paramref name="encoded"/>. On a mismatch, what was written is erased.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <returns>The length of the data written.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or <paramref name="destination"/> is shorter than the data or overlaps <paramref name="encoded"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    /// <exception cref="BaoVerificationException">The encoding does not match <paramref name="hash"/>.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="encoded"/> is shorter than its header says.</exception>
    public static int Decode(ReadOnlySpan<byte> encoded, ReadOnlySpan<byte> hash, Span<byte> destination, int maxDegreeOfParallelism)
    {
        CheckHash(hash.Length, nameof(hash));
        int degree = Blake3.Degree(maxDegreeOfParallelism);
        ReadOnlySpan<byte> tree = Tree(encoded, outboard: false, out ulong length);
        Span<byte> content = Destination(destination, length, encoded);
        Verify(content, tree, hash, outboard: false, degree);
        return content.Length;
    }

    /// <summary>Decodes data kept beside its outboard encoding: checks <paramref name="input"/> against the tree and <paramref name="hash"/>.</summary>
    /// <param name="input">The data; bytes after the length in the outboard header are ignored.</param>
    /// <param name="outboard">The outboard encoding.</param>
    /// <param name="hash">The 32-byte root hash.</param>
    /// <returns>A verified copy of the data.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes.</exception>
    /// <exception cref="BaoVerificationException">The data or the tree does not match <paramref name="hash"/>.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="outboard"/> or <paramref name="input"/> is shorter than the outboard header says.</exception>
    public static byte[] DecodeOutboard(ReadOnlySpan<byte> input, ReadOnlySpan<byte> outboard, ReadOnlySpan<byte> hash) =>
        DecodeOutboard(input, outboard, hash, 1);

    /// <summary>Decodes data kept beside its outboard encoding on up to <paramref name="maxDegreeOfParallelism"/> threads, the calling thread among them.</summary>
    /// <param name="input">The data; bytes after the length in the outboard header are ignored.</param>
    /// <param name="outboard">The outboard encoding.</param>
    /// <param name="hash">The 32-byte root hash.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <returns>A verified copy of the data.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    /// <exception cref="BaoVerificationException">The data or the tree does not match <paramref name="hash"/>.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="outboard"/> or <paramref name="input"/> is shorter than the outboard header says.</exception>
    public static byte[] DecodeOutboard(ReadOnlySpan<byte> input, ReadOnlySpan<byte> outboard, ReadOnlySpan<byte> hash, int maxDegreeOfParallelism)
    {
        CheckHash(hash.Length, nameof(hash));
        int degree = Blake3.Degree(maxDegreeOfParallelism);
        ReadOnlySpan<byte> tree = Tree(outboard, outboard: true, out ulong length);
        ReadOnlySpan<byte> data = Part(input, 0, length);
        byte[] content = OutputArrays.Uninitialized(data.Length);

        // The copy is what gets verified and returned, so a caller's buffer that changes meanwhile
        // cannot slip unverified bytes into the result.
        data.CopyTo(content);
        Verify(content, tree, hash, outboard: true, degree);
        return content;
    }

    /// <summary>
    /// Decodes data kept beside its outboard encoding into <paramref name="destination"/> (a verified
    /// copy of it) on up to <paramref name="maxDegreeOfParallelism"/> threads; nothing is allocated.
    /// </summary>
    /// <param name="input">The data; bytes after the length in the outboard header are ignored.</param>
    /// <param name="outboard">The outboard encoding.</param>
    /// <param name="hash">The 32-byte root hash.</param>
    /// <param name="destination">Receives the verified copy: at least as long as the outboard header says; it must not overlap <paramref name="input"/> or <paramref name="outboard"/>. On a mismatch, what was written is erased.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <returns>The length of the data written.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes, or <paramref name="destination"/> is shorter than the data or overlaps another argument.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    /// <exception cref="BaoVerificationException">The data or the tree does not match <paramref name="hash"/>.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="outboard"/> or <paramref name="input"/> is shorter than the outboard header says.</exception>
    public static int DecodeOutboard(ReadOnlySpan<byte> input, ReadOnlySpan<byte> outboard, ReadOnlySpan<byte> hash, Span<byte> destination, int maxDegreeOfParallelism)
    {
        CheckHash(hash.Length, nameof(hash));
        int degree = Blake3.Degree(maxDegreeOfParallelism);
        ReadOnlySpan<byte> tree = Tree(outboard, outboard: true, out ulong length);
        ReadOnlySpan<byte> data = Part(input, 0, length);
        Span<byte> content = Destination(destination, length, input, outboard);
        data.CopyTo(content);
        Verify(content, tree, hash, outboard: true, degree);
        return content.Length;
    }

    /// <summary>
    /// Creates a read-only stream of the verified data of the combined encoding that
    /// <paramref name="encoded"/> holds from its position on.
    /// </summary>
    /// <remarks>
    /// Reading in order reads <paramref name="encoded"/> in order (a pipe or network stream will do).
    /// Each read returns bytes of a verified chunk only; the end of the stream (a read returning 0),
    /// <see cref="Stream.Length"/>, and a seek from the end or past it are answered only after the
    /// final chunk is verified. The stream can seek when <paramref name="encoded"/> can; a seek walks
    /// the tree from the root to the chunk wanted, verifying on the way. A mismatch throws
    /// <see cref="BaoVerificationException"/> and a truncated source <see cref="EndOfStreamException"/>,
    /// and every later read throws again. Disposing the stream disposes <paramref name="encoded"/>.
    /// </remarks>
    /// <param name="encoded">The encoding, readable.</param>
    /// <param name="hash">The 32-byte root hash.</param>
    /// <returns>The decoding stream.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="encoded"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="encoded"/> cannot be read, or <paramref name="hash"/> is not 32 bytes.</exception>
    public static Stream CreateDecoder(Stream encoded, ReadOnlySpan<byte> hash)
    {
        CheckReadable(encoded, nameof(encoded));
        CheckHash(hash.Length, nameof(hash));
        return new BaoDecoderStream(encoded, null, hash);
    }

    /// <summary>
    /// Creates a read-only stream of the verified data of <paramref name="input"/>, checked against
    /// its outboard encoding in <paramref name="outboard"/> (both from their positions on).
    /// </summary>
    /// <remarks>
    /// As <see cref="CreateDecoder(Stream, ReadOnlySpan{byte})"/>: verified bytes only, the end shown
    /// only after the final chunk is verified, seekable when both streams are. Disposing the stream
    /// disposes both.
    /// </remarks>
    /// <param name="input">The data, readable.</param>
    /// <param name="outboard">The outboard encoding, readable.</param>
    /// <param name="hash">The 32-byte root hash.</param>
    /// <returns>The decoding stream.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> or <paramref name="outboard"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> or <paramref name="outboard"/> cannot be read, or <paramref name="hash"/> is not 32 bytes.</exception>
    public static Stream CreateDecoder(Stream input, Stream outboard, ReadOnlySpan<byte> hash)
    {
        CheckReadable(input, nameof(input));
        CheckReadable(outboard, nameof(outboard));
        CheckHash(hash.Length, nameof(hash));
        return new BaoDecoderStream(outboard, input, hash);
    }

    /// <summary>
    /// Extracts the slice of a combined encoding that proves the bytes from <paramref name="start"/>
    /// to <paramref name="start"/> + <paramref name="count"/>: the header and the parents and chunks
    /// a reader of that range meets. Nothing is verified; <see cref="DecodeSlice"/> does that.
    /// </summary>
    /// <remarks>
    /// A count of 0 counts as 1; a start at or past the end of the data gives the final chunk (which
    /// proves the length); a range past the end stops at it. The slice of the whole data is the
    /// combined encoding.
    /// </remarks>
    /// <param name="encoded">The combined encoding (only the parts the slice needs are read).</param>
    /// <param name="start">The first byte of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <returns>The slice.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="encoded"/> ends before a node the slice needs.</exception>
    public static unsafe byte[] ExtractSlice(ReadOnlySpan<byte> encoded, long start, long count)
    {
        CheckRange(start, count);
        byte[] slice = new byte[SliceLength(Header(encoded), start, count, encoded.Length)];
        fixed (byte* source = encoded)
        {
            using Stream tree = Over(source, encoded.Length);
            using var output = new MemoryStream(slice);
            BaoSliceExtractor.Extract(tree, null, output, (ulong)start, (ulong)count);
        }

        return slice;
    }

    /// <summary>
    /// Extracts the slice of (<paramref name="start"/>, <paramref name="count"/>) from data and its
    /// outboard encoding: the same bytes as <see cref="ExtractSlice(ReadOnlySpan{byte}, long, long)"/>
    /// gives from the combined encoding (a slice always holds its chunks).
    /// </summary>
    /// <param name="input">The data.</param>
    /// <param name="outboard">The outboard encoding.</param>
    /// <param name="start">The first byte of the range.</param>
    /// <param name="count">The length of the range (0 counts as 1).</param>
    /// <returns>The slice.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="outboard"/> or <paramref name="input"/> ends before a node the slice needs.</exception>
    public static unsafe byte[] ExtractSliceOutboard(ReadOnlySpan<byte> input, ReadOnlySpan<byte> outboard, long start, long count)
    {
        CheckRange(start, count);
        byte[] slice = new byte[SliceLength(Header(outboard), start, count, (long)input.Length + outboard.Length)];
        fixed (byte* content = input)
        fixed (byte* tree = outboard)
        {
            using Stream contentStream = Over(content, input.Length);
            using Stream treeStream = Over(tree, outboard.Length);
            using var output = new MemoryStream(slice);
            BaoSliceExtractor.Extract(treeStream, contentStream, output, (ulong)start, (ulong)count);
        }

        return slice;
    }

    /// <summary>
    /// Writes the slice of (<paramref name="start"/>, <paramref name="count"/>) of the combined
    /// encoding in <paramref name="encoded"/> (from its position on) to <paramref name="output"/>.
    /// </summary>
    /// <remarks>
    /// The encoding is read in order, what the slice leaves out seeked over or, if the stream cannot
    /// seek, read and dropped; memory stays bounded whatever the range.
    /// </remarks>
    /// <param name="encoded">The combined encoding, readable.</param>
    /// <param name="output">Receives the slice.</param>
    /// <param name="start">The first byte of the range.</param>
    /// <param name="count">The length of the range (0 counts as 1).</param>
    /// <exception cref="ArgumentNullException"><paramref name="encoded"/> or <paramref name="output"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="encoded"/> cannot be read or <paramref name="output"/> cannot be written.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="encoded"/> ends before a node the slice needs (what came before is written).</exception>
    public static void ExtractSlice(Stream encoded, Stream output, long start, long count)
    {
        CheckReadable(encoded, nameof(encoded));
        CheckWritable(output, nameof(output));
        CheckRange(start, count);
        BaoSliceExtractor.Extract(encoded, null, output, (ulong)start, (ulong)count);
    }

    /// <summary>
    /// Writes the slice of (<paramref name="start"/>, <paramref name="count"/>) to
    /// <paramref name="output"/>, its parents taken from <paramref name="outboard"/> and its chunks
    /// from <paramref name="input"/> (both from their positions on).
    /// </summary>
    /// <param name="input">The data, readable.</param>
    /// <param name="outboard">The outboard encoding, readable.</param>
    /// <param name="output">Receives the slice.</param>
    /// <param name="start">The first byte of the range.</param>
    /// <param name="count">The length of the range (0 counts as 1).</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/>, <paramref name="outboard"/> or <paramref name="output"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="input"/> or <paramref name="outboard"/> cannot be read, or <paramref name="output"/> cannot be written.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="EndOfStreamException">A source ends before a node the slice needs (what came before is written).</exception>
    public static void ExtractSliceOutboard(Stream input, Stream outboard, Stream output, long start, long count)
    {
        CheckReadable(input, nameof(input));
        CheckReadable(outboard, nameof(outboard));
        CheckWritable(output, nameof(output));
        CheckRange(start, count);
        BaoSliceExtractor.Extract(outboard, input, output, (ulong)start, (ulong)count);
    }

    /// <summary>
    /// Verifies a slice against <paramref name="hash"/> and returns the bytes of its range: from
    /// <paramref name="start"/>, <paramref name="count"/> bytes, capped at the end of the data.
    /// </summary>
    /// <remarks>
    /// Pass the <paramref name="start"/> and <paramref name="count"/> the slice was extracted with.
    /// Every node of the slice that the range needs is verified, the final chunk included when the
    /// range reaches the end, so an empty result (a count of 0, or a start at or past the end) still
    /// proves what it says.
    /// </remarks>
    /// <param name="slice">The slice; bytes after it are ignored.</param>
    /// <param name="hash">The 32-byte root hash.</param>
    /// <param name="start">The first byte of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <returns>The verified bytes of the range.</returns>
    /// <exception cref="ArgumentException"><paramref name="hash"/> is not 32 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="count"/> is negative.</exception>
    /// <exception cref="BaoVerificationException">The slice does not match <paramref name="hash"/>.</exception>
    /// <exception cref="EndOfStreamException"><paramref name="slice"/> ends before a node the range needs.</exception>
    public static unsafe byte[] DecodeSlice(ReadOnlySpan<byte> slice, ReadOnlySpan<byte> hash, long start, long count)
    {
        CheckHash(hash.Length, nameof(hash));
        CheckRange(start, count);
        ulong length = Header(slice);
        ulong wanted = (ulong)start >= length ? 0 : Math.Min((ulong)count, length - (ulong)start);

        // A genuine slice holds every byte it returns; a header that says otherwise is not believed
        // as far as an allocation.
        if (wanted > (ulong)slice.Length)
        {
            throw Truncated();
        }

        byte[] content = new byte[wanted];
        fixed (byte* source = slice)
        {
            using Stream sliceStream = Over(source, slice.Length);
            using var decoder = new BaoDecoderStream(sliceStream, hash, (ulong)start, (ulong)count);
            int done = 0;
            int read;
            while (done < content.Length && (read = decoder.ReadSync(content.AsSpan(done))) > 0)
            {
                done += read;
            }

            // One read more: its 0 comes only once the last chunk the range needs is verified
            // (for an empty range, the only one).
            Span<byte> probe = stackalloc byte[1];
            if (done != content.Length || decoder.ReadSync(probe) != 0)
            {
                throw new InvalidOperationException("The slice decoder returned a different number of bytes than its range holds.");
            }
        }

        return content;
    }

    /// <summary>
    /// Creates a read-only stream of the verified bytes of a slice's range, reading the slice from
    /// <paramref name="slice"/> in order: the range from <paramref name="start"/>, <paramref name="count"/>
    /// bytes, capped at the end of the data.
    /// </summary>
    /// <remarks>
    /// Pass the <paramref name="start"/> and <paramref name="count"/> the slice was extracted with.
    /// Reads return verified bytes only, and the end of the stream comes only once the last chunk the
    /// range needs is verified. The stream cannot seek. Disposing it disposes <paramref name="slice"/>.
    /// </remarks>
    /// <param name="slice">The slice, readable.</param>
    /// <param name="hash">The 32-byte root hash.</param>
    /// <param name="start">The first byte of the range.</param>
    /// <param name="count">The length of the range.</param>
    /// <returns>The decoding stream.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="slice"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="slice"/> cannot be read, or <paramref name="hash"/> is not 32 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="start"/> or <paramref name="count"/> is negative.</exception>
    public static Stream CreateSliceDecoder(Stream slice, ReadOnlySpan<byte> hash, long start, long count)
    {
        CheckReadable(slice, nameof(slice));
        CheckHash(hash.Length, nameof(hash));
        CheckRange(start, count);
        return new BaoDecoderStream(slice, hash, (ulong)start, (ulong)count);
    }

    private static long Length(long contentLength, bool outboard)
    {
        if (contentLength < 0 || (ulong)contentLength > BaoLayout.MaxContentLength)
        {
            throw new ArgumentOutOfRangeException(nameof(contentLength), contentLength, $"The content length must be between 0 and {BaoLayout.MaxContentLength}.");
        }

        return BaoLayout.HeaderLength + (long)new BaoLayout(outboard).TreeLength((ulong)contentLength);
    }

    private static byte[] EncodeArray(ReadOnlySpan<byte> input, Span<byte> hash, bool outboard, int maxDegreeOfParallelism)
    {
        CheckHash(hash.Length, nameof(hash));
        int degree = Blake3.Degree(maxDegreeOfParallelism);
        long length = Length(input.Length, outboard);
        if (length > MaxArrayLength)
        {
            throw new ArgumentException($"The encoding of {input.Length} bytes is {length} bytes, more than an array holds; encode to a stream instead. Nothing was written.", nameof(input));
        }

        byte[] encoded = OutputArrays.Uninitialized((int)length);
        EncodeCore(input, encoded, hash, outboard, degree);
        return encoded;
    }

    private static int EncodeSpan(ReadOnlySpan<byte> input, Span<byte> destination, Span<byte> hash, bool outboard, int maxDegreeOfParallelism)
    {
        CheckHash(hash.Length, nameof(hash));
        int degree = Blake3.Degree(maxDegreeOfParallelism);
        Span<byte> encoded = Destination(destination, (ulong)Length(input.Length, outboard), input, hash);
        EncodeCore(input, encoded, hash, outboard, degree);
        return encoded.Length;
    }

    /// <summary>Writes the header and the tree of <paramref name="input"/> to <paramref name="encoded"/> (exactly its encoding's length) and the root hash.</summary>
    private static unsafe void EncodeCore(ReadOnlySpan<byte> input, Span<byte> encoded, Span<byte> hash, bool outboard, int degree)
    {
        BaoLayout.WriteHeader((ulong)input.Length, encoded);
        fixed (byte* content = input)
        {
            BaoTree.Root(
                new Span<byte>(content, input.Length),
                encoded[BaoLayout.HeaderLength..],
                new BaoTree.Mode(outboard, verify: false),
                degree,
                hash);
        }
    }

    private static void EncodeStream(Stream input, Stream output, Span<byte> hash, bool outboard, string outputName)
    {
        CheckReadable(input, nameof(input));
        ArgumentNullException.ThrowIfNull(output, outputName);
        if (!output.CanWrite || !output.CanSeek || !output.CanRead)
        {
            throw new ArgumentException(
                "The output must be writable, seekable and readable: the encoding is written in post-order, then reordered in place once the input's length is known. Nothing was read or written.",
                outputName);
        }

        CheckHash(hash.Length, nameof(hash));
        BaoStreamEncoder.Encode(input, output, outboard, hash);
    }

    /// <summary>Verifies <paramref name="content"/> (filled from a combined tree, or already the outboard data) or erases it and throws.</summary>
    private static unsafe void Verify(Span<byte> content, ReadOnlySpan<byte> tree, ReadOnlySpan<byte> hash, bool outboard, int degree)
    {
        Span<byte> expected = stackalloc byte[HashLength];
        hash.CopyTo(expected);
        bool ok;
        fixed (byte* treeBytes = tree)
        {
            ok = BaoTree.Root(content, new Span<byte>(treeBytes, tree.Length), new BaoTree.Mode(outboard, verify: true), degree, expected);
        }

        if (!ok)
        {
            SecretBytes.Erase(content);
            throw new BaoVerificationException("The Bao encoding does not match the hash.");
        }
    }

    /// <summary>The tree bytes of an encoding (combined or outboard) after its header, whose content length goes to <paramref name="length"/>.</summary>
    private static ReadOnlySpan<byte> Tree(ReadOnlySpan<byte> encoded, bool outboard, out ulong length)
    {
        length = Header(encoded);
        return Part(encoded, BaoLayout.HeaderLength, new BaoLayout(outboard).TreeLength(length));
    }

    /// <summary>
    /// The first <paramref name="length"/> bytes of <paramref name="destination"/>, checked to exist and
    /// to overlap none of the arguments that are read while it is written.
    /// </summary>
    private static Span<byte> Destination(Span<byte> destination, ulong length, ReadOnlySpan<byte> source, ReadOnlySpan<byte> other = default)
    {
        if ((ulong)destination.Length < length)
        {
            throw new ArgumentException($"The destination holds {destination.Length} bytes; {length} are needed. Nothing was written.", nameof(destination));
        }

        Span<byte> target = destination[..(int)length];
        if (target.Overlaps(source) || target.Overlaps(other))
        {
            throw new ArgumentException("The destination overlaps an argument that is read while it is written. Nothing was written.", nameof(destination));
        }

        return target;
    }

    /// <summary>The content length in the header at the start of <paramref name="encoded"/>.</summary>
    private static ulong Header(ReadOnlySpan<byte> encoded) =>
        encoded.Length < BaoLayout.HeaderLength ? throw Truncated() : BaoLayout.ReadHeader(encoded);

    /// <summary>The <paramref name="length"/> bytes of <paramref name="source"/> from <paramref name="offset"/>, or <see cref="EndOfStreamException"/> if it ends first.</summary>
    private static ReadOnlySpan<byte> Part(ReadOnlySpan<byte> source, int offset, ulong length) =>
        length > (ulong)(source.Length - offset) ? throw Truncated() : source.Slice(offset, (int)length);

    /// <summary>The length of a slice, which a source of <paramref name="available"/> bytes must be able to hold.</summary>
    private static int SliceLength(ulong contentLength, long start, long count, long available)
    {
        ulong length = BaoSliceExtractor.Measure(contentLength, (ulong)start, (ulong)count);
        return length > (ulong)available ? throw Truncated() : (int)length;
    }

    /// <summary>
    /// A read-only stream over <paramref name="length"/> bytes the caller keeps pinned, so that the
    /// stream readers serve spans without a copy; an empty span pins to no address at all, and gets an empty stream instead.
    /// </summary>
    private static unsafe Stream Over(byte* pointer, int length) =>
        pointer is null ? new MemoryStream(Array.Empty<byte>(), writable: false) : new UnmanagedMemoryStream(pointer, length);

    private static EndOfStreamException Truncated() =>
        new("The Bao encoding is shorter than its header says: it is truncated, or its header is corrupt.");

    private static void CheckHash(int length, string paramName)
    {
        if (length != HashLength)
        {
            throw new ArgumentException($"A Bao hash is exactly {HashLength} bytes; it is {length} bytes. Nothing was written.", paramName);
        }
    }

    private static void CheckRange(long start, long count)
    {
        if (start < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(start), start, "The start of a slice cannot be negative.");
        }

        if (count < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(count), count, "The length of a slice cannot be negative.");
        }
    }

    private static void CheckReadable(Stream stream, string paramName)
    {
        ArgumentNullException.ThrowIfNull(stream, paramName);
        if (!stream.CanRead)
        {
            throw new ArgumentException("The stream does not support reading.", paramName);
        }
    }

    private static void CheckWritable(Stream stream, string paramName)
    {
        ArgumentNullException.ThrowIfNull(stream, paramName);
        if (!stream.CanWrite)
        {
            throw new ArgumentException("The stream does not support writing.", paramName);
        }
    }
}

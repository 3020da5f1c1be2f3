using System;
using System.Buffers.Binary;
using System.IO;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// Where things are in a Bao encoding: the 8-byte length header, then the tree in pre-order (a
/// parent's 64 bytes, its left subtree, its right subtree), chunks included (combined) or left out
/// (outboard). The tree is BLAKE3's: a node of more than one chunk holds on its left the largest
/// power of two of chunks that leaves at least one on its right.
/// </summary>
internal readonly struct BaoLayout
{
    /// <summary>The length header: the content length, 8 bytes little-endian.</summary>
    public const int HeaderLength = 8;

    /// <summary>A parent node: its two children's chaining values.</summary>
    public const int ParentLength = 2 * Blake3Constants.ChainingValueLength;

    /// <summary>A chunk: a leaf of the tree.</summary>
    public const int ChunkLength = Blake3Constants.ChunkLength;

    public BaoLayout(bool outboard) => Outboard = outboard;

    /// <summary>Whether chunks are left out of the tree (an outboard encoding).</summary>
    public bool Outboard { get; }

    /// <summary>
    /// The largest content length whose combined encoding (header included) a stream can hold, whose
    /// positions are <see cref="long"/>s; a header above it cannot be genuine.
    /// </summary>
    public static ulong MaxContentLength { get; } = FindMaxContentLength();

    /// <summary>The number of chunks of <paramref name="contentLength"/> bytes: the empty input is one empty chunk.</summary>
    public static ulong Chunks(ulong contentLength) => contentLength == 0 ? 1 : ((contentLength - 1) / ChunkLength) + 1;

    /// <summary>The chunks of a node's left child: the largest power of two below <paramref name="chunks"/> (2 or more).</summary>
    public static ulong LeftChunks(ulong chunks) => 1UL << (63 - System.Numerics.BitOperations.LeadingZeroCount(chunks - 1));

    /// <summary>The bytes of the tree (no header) of a node holding <paramref name="contentLength"/> bytes; at most <see cref="MaxContentLength"/>.</summary>
    public ulong TreeLength(ulong contentLength) => ((Chunks(contentLength) - 1) * ParentLength) + (Outboard ? 0 : contentLength);

    /// <inheritdoc cref="TreeLength(ulong)"/>
    public int TreeLength(int contentLength) => (int)TreeLength((ulong)contentLength);

    /// <summary>
    /// The tree bytes of a power-of-two node of 2^<paramref name="level"/> whole chunks (level 0: a chunk).
    /// </summary>
    public int PerfectTreeLength(int level) => (((1 << level) - 1) * ParentLength) + (Outboard ? 0 : (1 << level) * ChunkLength);

    /// <summary>The content length in a header; <see cref="EndOfStreamException"/> when no stream could hold that encoding.</summary>
    /// <exception cref="EndOfStreamException">The header claims more than <see cref="MaxContentLength"/> bytes.</exception>
    public static ulong ReadHeader(ReadOnlySpan<byte> header)
    {
        ulong length = BinaryPrimitives.ReadUInt64LittleEndian(header);
        if (length > MaxContentLength)
        {
            throw new EndOfStreamException($"The Bao header claims {length} bytes of content, more than any stream can hold encoded: the encoding is corrupt or not a Bao encoding.");
        }

        return length;
    }

    /// <summary>Writes the header of <paramref name="contentLength"/> bytes.</summary>
    public static void WriteHeader(ulong contentLength, Span<byte> header) => BinaryPrimitives.WriteUInt64LittleEndian(header, contentLength);

    /// <summary>
    /// The chunks a slice of (<paramref name="start"/>, <paramref name="count"/>) covers, first and last
    /// inclusive: a count of 0 counts as 1, a start at or past the end takes the final chunk, and a
    /// range past the end stops at the final chunk.
    /// </summary>
    public static (ulong First, ulong Last) SliceChunks(ulong contentLength, ulong start, ulong count)
    {
        ulong finalChunk = Chunks(contentLength) - 1;
        if (start >= contentLength)
        {
            return (finalChunk, finalChunk);
        }

        // start < contentLength <= MaxContentLength < 2^63, and count < 2^63: the sum cannot wrap.
        ulong end = Math.Min(start + Math.Max(count, 1), contentLength);
        return (start / ChunkLength, (end - 1) / ChunkLength);
    }

    private static ulong FindMaxContentLength()
    {
        // The combined encoding is 8 + n + 64 * (chunks - 1) bytes, increasing in n: the largest n
        // that keeps it a long, found by bisection between 2^62 (fits) and 2^63 (does not).
        var combined = new BaoLayout(false);
        ulong low = 1UL << 62, high = 1UL << 63;
        while (high - low > 1)
        {
            ulong middle = low + ((high - low) / 2);
            if (combined.TreeLength(middle) <= long.MaxValue - HeaderLength)
            {
                low = middle;
            }
            else
            {
                high = middle;
            }
        }

        return low;
    }
}

/// <summary>
/// A node of a Bao tree as a decoder or extractor meets it: its first chunk, how many chunks it
/// spans, where its tree bytes start (after the header, in the full encoding's layout) and whether it is the root.
/// </summary>
internal readonly record struct BaoNode(ulong Start, ulong Chunks, ulong TreeOffset, bool IsRoot)
{
    /// <summary>The last chunk the node spans.</summary>
    public ulong Last => Start + Chunks - 1;

    /// <summary>The content offset of the node's first byte.</summary>
    public ulong ContentStart => Start * BaoLayout.ChunkLength;

    /// <summary>The root of the tree of <paramref name="contentLength"/> bytes.</summary>
    public static BaoNode Root(ulong contentLength) => new(0, BaoLayout.Chunks(contentLength), 0, true);

    /// <summary>How many content bytes the node holds in a tree of <paramref name="contentLength"/> bytes.</summary>
    public ulong ContentLength(ulong contentLength) => Math.Min(Chunks * BaoLayout.ChunkLength, contentLength - ContentStart);

    /// <summary>The children of a parent (2 chunks or more): the left one a power of two of whole chunks.</summary>
    public (BaoNode Left, BaoNode Right) Children(BaoLayout layout)
    {
        ulong left = BaoLayout.LeftChunks(Chunks);
        ulong leftOffset = TreeOffset + BaoLayout.ParentLength;
        return (
            new BaoNode(Start, left, leftOffset, false),
            new BaoNode(Start + left, Chunks - left, leftOffset + layout.TreeLength(left * BaoLayout.ChunkLength), false));
    }
}

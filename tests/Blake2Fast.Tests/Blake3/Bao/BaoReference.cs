using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;

namespace Blake2Fast.Tests;

/// <summary>
/// BLAKE3 written plainly from its specification (one compression function, chunk and parent
/// chaining values), independent of the library's kernels and tree code: the oracle that the
/// Bao reference below hashes with. Checked against the official Bao vectors' hashes.
/// </summary>
internal static class ReferenceBlake3
{
    public const uint ChunkStart = 1, ChunkEnd = 2, Parent = 4, Root = 8;

    private static readonly uint[] Iv = [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19];
    private static readonly int[] Permutation = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];

    /// <summary>The chaining value (or, for the root, the 32-byte hash) of one chunk of 0 to 1024 bytes.</summary>
    public static byte[] Chunk(ReadOnlySpan<byte> chunk, ulong counter, bool root)
    {
        uint[] cv = (uint[])Iv.Clone();
        int blocks = Math.Max(1, (chunk.Length + 63) / 64);
        for (int b = 0; b < blocks; b++)
        {
            int length = Math.Min(64, chunk.Length - (b * 64));
            byte[] block = new byte[64];
            chunk.Slice(b * 64, length).CopyTo(block);
            uint flags = (b == 0 ? ChunkStart : 0) | (b == blocks - 1 ? ChunkEnd | (root ? Root : 0) : 0);
            cv = Compress(cv, block, counter, (uint)length, flags)[..8];
        }

        return Bytes(cv);
    }

    /// <summary>The chaining value (or root hash) of a parent over two children's values.</summary>
    public static byte[] ParentNode(ReadOnlySpan<byte> left32, ReadOnlySpan<byte> right32, bool root)
    {
        byte[] block = [.. left32, .. right32];
        return Bytes(Compress(Iv, block, 0, 64, Parent | (root ? Root : 0))[..8]);
    }

    private static uint[] Compress(uint[] cv, byte[] block, ulong counter, uint blockLength, uint flags)
    {
        uint[] m = new uint[16];
        for (int i = 0; i < 16; i++)
        {
            m[i] = BinaryPrimitives.ReadUInt32LittleEndian(block.AsSpan(i * 4));
        }

        uint[] v = [cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7], Iv[0], Iv[1], Iv[2], Iv[3], (uint)counter, (uint)(counter >> 32), blockLength, flags];
        for (int round = 0; round < 7; round++)
        {
            G(v, 0, 4, 8, 12, m[0], m[1]);
            G(v, 1, 5, 9, 13, m[2], m[3]);
            G(v, 2, 6, 10, 14, m[4], m[5]);
            G(v, 3, 7, 11, 15, m[6], m[7]);
            G(v, 0, 5, 10, 15, m[8], m[9]);
            G(v, 1, 6, 11, 12, m[10], m[11]);
            G(v, 2, 7, 8, 13, m[12], m[13]);
            G(v, 3, 4, 9, 14, m[14], m[15]);
            m = Permutation.Select(p => m[p]).ToArray();
        }

        for (int i = 0; i < 8; i++)
        {
            v[i] ^= v[i + 8];
            v[i + 8] ^= cv[i];
        }

        return v;
    }

    private static void G(uint[] v, int a, int b, int c, int d, uint x, uint y)
    {
        v[a] += v[b] + x;
        v[d] = uint.RotateRight(v[d] ^ v[a], 16);
        v[c] += v[d];
        v[b] = uint.RotateRight(v[b] ^ v[c], 12);
        v[a] += v[b] + y;
        v[d] = uint.RotateRight(v[d] ^ v[a], 8);
        v[c] += v[d];
        v[b] = uint.RotateRight(v[b] ^ v[c], 7);
    }

    private static byte[] Bytes(uint[] words)
    {
        byte[] bytes = new byte[words.Length * 4];
        for (int i = 0; i < words.Length; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(i * 4), words[i]);
        }

        return bytes;
    }
}

/// <summary>
/// Bao written the obvious way, recursively from the format's description (BAO-NOTES.md), over
/// <see cref="ReferenceBlake3"/>: an encoder, a verifying decoder, a slicer and a slice decoder.
/// Slow and simple, the oracle for the library's encodings of random inputs.
/// </summary>
internal static class ReferenceBao
{
    private const int ChunkLength = 1024;

    /// <summary>The input of the official vectors: a 4-byte little-endian counter from 1, cut to <paramref name="length"/> bytes.</summary>
    public static byte[] VectorInput(int length)
    {
        byte[] input = new byte[length + 4];
        for (int i = 0; i * 4 < length; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(input.AsSpan(i * 4), (uint)(i + 1));
        }

        return input[..length];
    }

    /// <summary>The combined (or outboard) encoding and the root hash.</summary>
    public static (byte[] Encoding, byte[] Hash) Encode(byte[] input, bool outboard)
    {
        var tree = new List<byte>();
        byte[] hash = EncodeNode(input, 0, root: true, outboard, tree);
        byte[] header = new byte[8];
        BinaryPrimitives.WriteUInt64LittleEndian(header, (ulong)input.Length);
        return ([.. header, .. tree], hash);
    }

    /// <summary>Chunks in a node's left child: the largest power of two of whole chunks leaving at least one byte on the right.</summary>
    public static long LeftLength(long length)
    {
        long left = ChunkLength;
        while (left * 2 < length)
        {
            left *= 2;
        }

        return left;
    }

    /// <summary>Decodes a combined encoding, verifying every node top-down; throws on any mismatch or truncation.</summary>
    public static byte[] Decode(byte[] encoding, byte[] hash)
    {
        var reader = new Reader(encoding);
        long length = (long)BinaryPrimitives.ReadUInt64LittleEndian(reader.Take(8));
        var content = new List<byte>();
        DecodeNode(reader, length, 0, hash, root: true, 0, long.MaxValue, content);
        return [.. content];
    }

    /// <summary>The slice of (start, count): header, then every node a reader of the range meets, in pre-order.</summary>
    public static byte[] Slice(byte[] encoding, long start, long count)
    {
        var reader = new Reader(encoding);
        byte[] header = reader.Take(8);
        long length = (long)BinaryPrimitives.ReadUInt64LittleEndian(header);
        (long first, long last) = Range(length, start, count);
        var slice = new List<byte>(header);
        SliceNode(reader, length, 0, first, last, slice);
        return [.. slice];
    }

    /// <summary>Verifies a slice top-down and returns the bytes of the range, capped at the end.</summary>
    public static byte[] DecodeSlice(byte[] slice, byte[] hash, long start, long count)
    {
        var reader = new Reader(slice);
        long length = (long)BinaryPrimitives.ReadUInt64LittleEndian(reader.Take(8));
        (long first, long last) = Range(length, start, count);
        var content = new List<byte>();
        DecodeNode(reader, length, 0, hash, root: true, first * ChunkLength, (last + 1) * ChunkLength, content);
        long from = Math.Min(start, length) - (first * ChunkLength);
        long to = Math.Min(start + count, length) - (first * ChunkLength);
        return start >= length ? [] : content.Skip((int)from).Take((int)(to - from)).ToArray();
    }

    /// <summary>
    /// The content offset where the node holding byte <paramref name="encodedOffset"/> of an
    /// encoding of <paramref name="length"/> bytes begins (0 for the header): a decoder that meets a
    /// corruption there may have returned the content before that offset, and nothing after it.
    /// </summary>
    public static long ContentStartOfNodeAt(long length, long encodedOffset, bool outboard)
    {
        if (encodedOffset < 8)
        {
            return 0;
        }

        long at = 8, content = 0;
        while (true)
        {
            if (length <= ChunkLength || encodedOffset < at + 64)
            {
                return content;
            }

            long left = LeftLength(length);
            long leftTree = EncodedTreeLength(left, outboard);
            if (encodedOffset < at + 64 + leftTree)
            {
                (at, length) = (at + 64, left);
            }
            else
            {
                (at, content, length) = (at + 64 + leftTree, content + left, length - left);
            }
        }
    }

    /// <summary>The first and last chunk of a slice: count 0 counts as 1, a start at or past the end takes the final chunk.</summary>
    private static (long First, long Last) Range(long length, long start, long count)
    {
        long final = length == 0 ? 0 : (length - 1) / ChunkLength;
        if (start >= length)
        {
            return (final, final);
        }

        long end = Math.Min(start + Math.Max(count, 1), length);
        return (start / ChunkLength, (end - 1) / ChunkLength);
    }

    private static byte[] EncodeNode(ReadOnlySpan<byte> input, long chunk, bool root, bool outboard, List<byte> tree)
    {
        if (input.Length <= ChunkLength)
        {
            if (!outboard)
            {
                tree.AddRange(input);
            }

            return ReferenceBlake3.Chunk(input, (ulong)chunk, root);
        }

        int left = (int)LeftLength(input.Length);
        var leftTree = new List<byte>();
        var rightTree = new List<byte>();
        byte[] leftCv = EncodeNode(input[..left], chunk, false, outboard, leftTree);
        byte[] rightCv = EncodeNode(input[left..], chunk + (left / ChunkLength), false, outboard, rightTree);
        tree.AddRange(leftCv);
        tree.AddRange(rightCv);
        tree.AddRange(leftTree);
        tree.AddRange(rightTree);
        return ReferenceBlake3.ParentNode(leftCv, rightCv, root);
    }

    /// <summary>
    /// Decodes the node over content [offset, offset + length) whose value must be <paramref name="expected"/>,
    /// reading only the nodes that meet [from, to) of the content (all of them for a full decode).
    /// </summary>
    private static void DecodeNode(Reader reader, long length, long offset, byte[] expected, bool root, long from, long to, List<byte> content)
    {
        if (length <= ChunkLength)
        {
            byte[] chunk = reader.Take((int)length);
            Check(ReferenceBlake3.Chunk(chunk, (ulong)(offset / ChunkLength), root), expected);
            content.AddRange(chunk);
            return;
        }

        byte[] parent = reader.Take(64);
        Check(ReferenceBlake3.ParentNode(parent.AsSpan(0, 32), parent.AsSpan(32), root), expected);
        long left = LeftLength(length);
        if (offset + left > from)
        {
            DecodeNode(reader, left, offset, parent[..32], false, from, to, content);
        }

        if (offset + left < to)
        {
            DecodeNode(reader, length - left, offset + left, parent[32..], false, from, to, content);
        }
    }

    private static void SliceNode(Reader reader, long length, long chunk, long first, long last, List<byte> slice)
    {
        if (length <= ChunkLength)
        {
            slice.AddRange(reader.Take((int)length));
            return;
        }

        slice.AddRange(reader.Take(64));
        long left = LeftLength(length);
        long leftChunks = left / ChunkLength;
        if (chunk + leftChunks - 1 >= first)
        {
            SliceNode(reader, left, chunk, first, last, slice);
        }
        else
        {
            reader.Skip(EncodedTreeLength(left, outboard: false));
        }

        if (chunk + leftChunks <= last)
        {
            SliceNode(reader, length - left, chunk + leftChunks, first, last, slice);
        }
    }

    private static long EncodedTreeLength(long length, bool outboard) =>
        (outboard ? 0 : length) + (64 * (Math.Max(1, (length + ChunkLength - 1) / ChunkLength) - 1));

    private static void Check(byte[] actual, byte[] expected)
    {
        if (!actual.AsSpan().SequenceEqual(expected))
        {
            throw new CryptographicException("reference: mismatch");
        }
    }

    private sealed class Reader(byte[] bytes)
    {
        private long _at;

        public byte[] Take(int count)
        {
            if (_at + count > bytes.Length)
            {
                throw new EndOfStreamException("reference: truncated");
            }

            byte[] taken = bytes.AsSpan((int)_at, count).ToArray();
            _at += count;
            return taken;
        }

        public void Skip(long count) => _at += count;
    }
}

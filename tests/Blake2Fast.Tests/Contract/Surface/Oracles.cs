using System;
using System.Linq;

namespace Blake2Fast.Tests.Surface;

/// <summary>
/// Answers the contract test computes without the code it checks: RFC 2104 HMAC and RFC 5869 HKDF
/// written out over the plain one-shot hash, and the unlimited-fanout tree node by node over
/// <see cref="Blake2bParameters"/> (as make-tree-vectors.py does with hashlib). The one-shots they
/// stand on are checked against hashlib and b3sum in <see cref="OracleAnchorTests"/>.
/// </summary>
internal static partial class Oracles
{
    /// <summary>HMAC(key, message) = H((K0 ^ opad) || H((K0 ^ ipad) || message)), RFC 2104.</summary>
    public static byte[] Hmac(bool wide, byte[] key, byte[] message)
    {
        int block = wide ? Blake2b.BlockLength : Blake2s.BlockLength;
        if (key.Length > block)
        {
            key = Hash(wide, key);
        }

        byte[] inner = new byte[block + message.Length];
        byte[] outer = new byte[block + (wide ? 64 : 32)];
        for (int i = 0; i < block; i++)
        {
            byte k = i < key.Length ? key[i] : (byte)0;
            inner[i] = (byte)(k ^ 0x36);
            outer[i] = (byte)(k ^ 0x5c);
        }

        message.CopyTo(inner, block);
        Hash(wide, inner).CopyTo(outer, block);
        return Hash(wide, outer);
    }

    /// <summary>HKDF-Extract, RFC 5869 section 2.2: an empty salt is HashLen zero bytes.</summary>
    public static byte[] HkdfExtract(bool wide, byte[] salt, byte[] ikm) =>
        Hmac(wide, salt.Length == 0 ? new byte[wide ? 64 : 32] : salt, ikm);

    /// <summary>HKDF-Expand, RFC 5869 section 2.3.</summary>
    public static byte[] HkdfExpand(bool wide, byte[] prk, byte[] info, int length)
    {
        byte[] output = new byte[length];
        byte[] previous = [];
        for (int offset = 0, i = 1; offset < length; i++)
        {
            previous = Hmac(wide, prk, [.. previous, .. info, (byte)i]);
            int take = Math.Min(previous.Length, length - offset);
            previous.AsSpan(0, take).CopyTo(output.AsSpan(offset));
            offset += take;
        }

        return output;
    }

    /// <summary>
    /// The tree with unlimited fanout: leaves of <paramref name="leafLength"/> bytes at depth 0 (one
    /// empty leaf for an empty message), the root over their digests at depth 1; every node with
    /// fanout 0, depth 2, inner length = digest length, the last of each level flagged.
    /// </summary>
    public static byte[] Tree(bool wide, byte[] message, long leafLength, int digestLength)
    {
        long leaves = Math.Max(1, (message.Length + leafLength - 1) / leafLength);
        byte[] digests = new byte[leaves * digestLength];
        for (long i = 0; i < leaves; i++)
        {
            int start = (int)(i * leafLength);
            byte[] leaf = message.AsSpan(start, (int)Math.Min(leafLength, message.Length - start)).ToArray();
            Node(wide, leaf, leafLength, digestLength, (ulong)i, 0, i == leaves - 1).CopyTo(digests, i * digestLength);
        }

        return Node(wide, digests, leafLength, digestLength, 0, 1, true);
    }

    /// <summary>Leaf <paramref name="index"/> of that tree: the node at depth 0 and offset <paramref name="index"/> over <paramref name="leaf"/>.</summary>
    public static byte[] TreeLeaf(bool wide, byte[] leaf, long leafLength, int digestLength, long index, bool last) =>
        Node(wide, leaf, leafLength, digestLength, (ulong)index, 0, last);

    /// <summary>That tree's root over its leaves' digests, given back to back.</summary>
    public static byte[] TreeRoot(bool wide, byte[] leafDigests, long leafLength, int digestLength) =>
        Node(wide, leafDigests, leafLength, digestLength, 0, 1, true);

    /// <summary>
    /// The BLAKE3 hasher of the reference (<see cref="RefBlake3"/>, which calls nothing in the
    /// library) in the mode a request describes: key derivation with its context, keyed with its
    /// key, or plain.
    /// </summary>
    private static RefBlake3 Blake3Mode(byte[] key, string? context) =>
        context is not null ? RefBlake3.DeriveKey(context) : key.Length != 0 ? RefBlake3.Keyed(key) : RefBlake3.Hash();

    /// <summary>The chaining value of <paramref name="input"/> as the subtree that starts at byte <paramref name="offset"/> of the whole input.</summary>
    public static byte[] Blake3SubtreeChainingValue(byte[] key, string? context, byte[] input, long offset)
    {
        RefBlake3 subtree = Blake3Mode(key, context).StartingAt((ulong)offset / RefBlake3.ChunkBytes);
        subtree.Update(input);
        return subtree.SubtreeChainingValue();
    }

    /// <summary>The chaining value of the parent over two children's chaining values.</summary>
    public static byte[] Blake3ParentChainingValue(byte[] key, string? context, byte[] left, byte[] right) =>
        RefBlake3.Bytes(Blake3Mode(key, context).ParentNode(left, right).ChainingValue());

    /// <summary>The first <paramref name="end"/> bytes of the root output of the parent over two children's chaining values.</summary>
    public static byte[] Blake3Root(byte[] key, string? context, byte[] left, byte[] right, long end)
    {
        byte[] output = new byte[end];
        Blake3Mode(key, context).ParentNode(left, right).Read(0, output);
        return output;
    }

    /// <summary>
    /// The first <paramref name="end"/> bytes of the root output of the whole input, given as
    /// consecutive subtrees by their lengths and chaining values (which must be a layout of the
    /// tree): each node over more than one subtree splits at the largest power-of-two number of
    /// whole chunks that leaves a byte on its right, as the BLAKE3 paper's tree does.
    /// </summary>
    public static byte[] Blake3MergeRoot(byte[] key, string? context, long[] lengths, byte[] chainingValues, long end)
    {
        RefBlake3 mode = Blake3Mode(key, context);
        byte[] Children(int first, int count, long length, out byte[] right)
        {
            long left = Blake3LeftLength(length);
            int split = first;
            for (long covered = 0; covered < left; split++)
            {
                covered += lengths[split];
            }

            right = Value(split, first + count - split, length - left);
            return Value(first, split - first, left);
        }

        byte[] Value(int first, int count, long length)
        {
            if (count == 1)
            {
                return chainingValues.AsSpan(first * 32, 32).ToArray();
            }

            byte[] left = Children(first, count, length, out byte[] right);
            return RefBlake3.Bytes(mode.ParentNode(left, right).ChainingValue());
        }

        byte[] leftRoot = Children(0, lengths.Length, lengths.Sum(), out byte[] rightRoot);
        byte[] output = new byte[end];
        mode.ParentNode(leftRoot, rightRoot).Read(0, output);
        return output;
    }

    /// <summary>The left child's length of a BLAKE3 node over <paramref name="length"/> bytes (more than a chunk): the largest power-of-two number of whole chunks below it.</summary>
    public static long Blake3LeftLength(long length)
    {
        long left = RefBlake3.ChunkBytes;
        while (left <= (length - 1) / 2)
        {
            left *= 2;
        }

        return left;
    }

    private static byte[] Node(bool wide, byte[] data, long leafLength, int digestLength, ulong offset, int depth, bool last) => wide
        ? Blake2b.HashData(new Blake2bParameters { DigestLength = digestLength, FanOut = 0, MaxDepth = 2, LeafLength = (uint)leafLength, NodeOffset = offset, NodeDepth = depth, InnerLength = digestLength, IsLastNode = last }, data)
        : Blake2s.HashData(new Blake2sParameters { DigestLength = digestLength, FanOut = 0, MaxDepth = 2, LeafLength = (uint)leafLength, NodeOffset = offset, NodeDepth = depth, InnerLength = digestLength, IsLastNode = last }, data);

    private static byte[] Hash(bool wide, byte[] data) => wide ? Blake2b.HashData(data.AsSpan()) : Blake2s.HashData(data.AsSpan());

    /// <summary>Concatenates digests (HashMany's destination).</summary>
    public static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();
}

using System;

namespace Blake2Fast.Bench.Checks;

/// <summary>
/// BLAKE2bp and BLAKE2sp built from Blake2Fast's tree parameters, slowly and plainly, so that the
/// parallel-mode rows (libb2 now, Blake2Fast's own later) have an answer to be checked against.
/// Leaves: fanout = degree, depth 2, node offset = leaf index, inner length = max digest, the last
/// leaf flagged; input dealt out block by block round-robin. Root: node depth 1, last node, unkeyed
/// but with the key length recorded, hashing the leaf digests in order.
/// </summary>
internal static class TreeReference
{
    /// <summary>Unkeyed BLAKE2bp-512 of <paramref name="input"/>.</summary>
    public static byte[] Blake2bp(ReadOnlySpan<byte> input) => Tree(input, 4, Blake2b.BlockLength, Blake2b.MaxDigestLength, (node, data) =>
        Blake2b.HashData(new Blake2bParameters { DigestLength = node.DigestLength, FanOut = node.FanOut, MaxDepth = 2, NodeOffset = node.Offset, NodeDepth = node.Depth, InnerLength = node.DigestLength, IsLastNode = node.IsLast }, data));

    /// <summary>Unkeyed BLAKE2sp-256 of <paramref name="input"/>.</summary>
    public static byte[] Blake2sp(ReadOnlySpan<byte> input) => Tree(input, 8, Blake2s.BlockLength, Blake2s.MaxDigestLength, (node, data) =>
        Blake2s.HashData(new Blake2sParameters { DigestLength = node.DigestLength, FanOut = node.FanOut, MaxDepth = 2, NodeOffset = node.Offset, NodeDepth = node.Depth, InnerLength = node.DigestLength, IsLastNode = node.IsLast }, data));

    /// <summary>One node's tree parameters: the leaves at depth 0, the root at depth 1.</summary>
    private readonly record struct Node(int DigestLength, int FanOut, ulong Offset, int Depth, bool IsLast);

    /// <summary>Hashes <paramref name="data"/> as node <paramref name="node"/> of the family's tree.</summary>
    private delegate byte[] NodeHash(Node node, ReadOnlySpan<byte> data);

    private static byte[] Tree(ReadOnlySpan<byte> input, int degree, int block, int max, NodeHash hash)
    {
        byte[] leaves = new byte[degree * max];
        for (int leaf = 0; leaf < degree; leaf++)
        {
            hash(new Node(max, degree, (ulong)leaf, 0, leaf == degree - 1), Deal(input, block, degree, leaf)).CopyTo(leaves, leaf * max);
        }

        return hash(new Node(max, degree, 0, 1, true), leaves);
    }

    /// <summary>The blocks of <paramref name="input"/> that go to leaf <paramref name="leaf"/>, concatenated.</summary>
    private static byte[] Deal(ReadOnlySpan<byte> input, int block, int degree, int leaf)
    {
        using var mine = new System.IO.MemoryStream();
        for (int offset = leaf * block; offset < input.Length; offset += degree * block)
        {
            mine.Write(input.Slice(offset, Math.Min(block, input.Length - offset)));
        }

        return mine.ToArray();
    }
}

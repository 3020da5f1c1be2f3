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
    public static byte[] Blake2bp(ReadOnlySpan<byte> input)
    {
        const int Degree = 4;
        const int Max = Blake2b.MaxDigestLength;
        byte[] leaves = new byte[Degree * Max];
        for (int leaf = 0; leaf < Degree; leaf++)
        {
            var parameters = new Blake2bParameters
            {
                DigestLength = Max,
                FanOut = Degree,
                MaxDepth = 2,
                NodeOffset = (ulong)leaf,
                InnerLength = Max,
                IsLastNode = leaf == Degree - 1,
            };
            Blake2b.HashData(parameters, Deal(input, Blake2b.BlockLength, Degree, leaf)).CopyTo(leaves, leaf * Max);
        }

        var root = new Blake2bParameters { DigestLength = Max, FanOut = Degree, MaxDepth = 2, NodeDepth = 1, InnerLength = Max, IsLastNode = true };
        return Blake2b.HashData(root, leaves);
    }

    /// <summary>Unkeyed BLAKE2sp-256 of <paramref name="input"/>.</summary>
    public static byte[] Blake2sp(ReadOnlySpan<byte> input)
    {
        const int Degree = 8;
        const int Max = Blake2s.MaxDigestLength;
        byte[] leaves = new byte[Degree * Max];
        for (int leaf = 0; leaf < Degree; leaf++)
        {
            var parameters = new Blake2sParameters
            {
                DigestLength = Max,
                FanOut = Degree,
                MaxDepth = 2,
                NodeOffset = (ulong)leaf,
                InnerLength = Max,
                IsLastNode = leaf == Degree - 1,
            };
            Blake2s.HashData(parameters, Deal(input, Blake2s.BlockLength, Degree, leaf)).CopyTo(leaves, leaf * Max);
        }

        var root = new Blake2sParameters { DigestLength = Max, FanOut = Degree, MaxDepth = 2, NodeDepth = 1, InnerLength = Max, IsLastNode = true };
        return Blake2s.HashData(root, leaves);
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

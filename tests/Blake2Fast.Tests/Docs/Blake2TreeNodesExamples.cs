using System;

namespace Blake2Fast.Tests;

/// <summary>
/// Every C# snippet of docs/blake2-tree-nodes.md, verbatim (DocSnippetTests checks that), run and
/// checked against s3git's published digests of "hello s3git\n" (BLAKE3-NOTES.md section 4) and
/// Python's hashlib (the 10,000-byte tree, node by node with the tree parameters).
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake2TreeNodesExamples
{
    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    [Fact]
    public void The_s3git_object_leaf_by_leaf()
    {
        // s3git's object for "hello s3git\n": one leaf (5 MiB leaves), which is also the last.
        const int S3gitLeafLength = 5 * 1024 * 1024;
        byte[] objectName = new byte[64];
        Blake2b.HashTreeLeaf("hello s3git\n"u8, leafIndex: 0, S3gitLeafLength, isLastLeaf: true, objectName);
        // objectName is 46ddd7b91748c4d2...6dddcc, the name s3git publishes

        using Blake2TreeRootHasher root = Blake2b.CreateTreeRootHasher(S3gitLeafLength);
        root.AppendLeafDigest(objectName);
        byte[] digest = root.Finish();
        // digest is Blake2b.HashTree("hello s3git\n"u8, S3gitLeafLength): 18e622875a89cede...

        Assert.Equal("46ddd7b91748c4d253e328a9644d78b3e3a298ebbbab462891502f05e956ef7ec03c8e0978e5160a858cc50ca6b37176248b602d50d0c609abe75b462b6dddcc", Hex(objectName));
        Assert.Equal("18e622875a89cede0d7019b2c8afecf8928c21eac18ec51e38a8e6b829b82c3ef306dec34227929fa77b1c7c329b3d4e50ed9e72dc4dc885be0932d3f28d7053", Hex(digest));
    }

    [Fact]
    public void Leaves_anywhere_root_in_order()
    {
        byte[] input = new byte[10_000];
        for (int i = 0; i < input.Length; i++)
        {
            input[i] = (byte)(i % 251);
        }

        const int LeafLength = 4096;
        int leaves = (input.Length + LeafLength - 1) / LeafLength;
        byte[] leafDigests = new byte[leaves * 32];
        System.Threading.Tasks.Parallel.For(0, leaves, i =>
        {
            int from = i * LeafLength;
            int length = Math.Min(LeafLength, input.Length - from);
            Blake2s.HashTreeLeaf(input.AsSpan(from, length), i, LeafLength, isLastLeaf: i == leaves - 1, leafDigests.AsSpan(i * 32, 32));
        });

        byte[] treeDigest = new byte[32];
        Blake2s.HashTreeRoot(leafDigests, LeafLength, treeDigest);
        // treeDigest is Blake2s.HashTree(input, LeafLength): a184272393e4a7e9...

        Assert.Equal("a184272393e4a7e9fd341f3039b1f87f15aebd720919fa7c928359882c377288", Hex(treeDigest));
        Assert.Equal(Hex(treeDigest), Hex(Blake2s.HashTree(input, LeafLength, 32)));
    }
}

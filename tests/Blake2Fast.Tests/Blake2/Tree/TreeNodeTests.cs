using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace Blake2Fast.Tests;

/// <summary>
/// The BLAKE2 tree's nodes one at a time (Blake2b/Blake2s.HashTreeLeaf, HashTreeRoot and
/// CreateTreeRootHasher): every leaf and root against hashlib's node-by-node trees
/// (Vectors/make-tree-leaf-vectors.py), leaves far along huge trees, the s3git object name,
/// leaves and roots together against HashTree's hashlib vectors; bad input.
/// </summary>
[Trait("Legs", "Kernel")]
public class TreeNodeTests
{
    /// <summary>One case of tree-leaf-vectors.json; its input is rebuilt from <see cref="Seed"/> and <see cref="Length"/>.</summary>
    private sealed record LeafCase(
        [property: JsonPropertyName("alg")] string Algorithm,
        [property: JsonPropertyName("leaf")] int LeafLength,
        [property: JsonPropertyName("length")] int Length,
        [property: JsonPropertyName("seed")] int Seed,
        [property: JsonPropertyName("digest")] int DigestLength,
        [property: JsonPropertyName("leaves")] string[] Leaves,
        [property: JsonPropertyName("root")] string Root,
        [property: JsonPropertyName("farIndex")] long FarIndex,
        [property: JsonPropertyName("farLeaf")] string? FarLeaf)
    {
        public byte[] Input() => Enumerable.Range(0, Length).Select(i => (byte)((7 * i) + Seed)).ToArray();

        public override string ToString() => $"{Algorithm} L={LeafLength} n={Length} d={DigestLength}";
    }

    private sealed record LeafFile([property: JsonPropertyName("cases")] LeafCase[] Cases);

    private static readonly Lazy<LeafCase[]> Vectors = new(() =>
        JsonSerializer.Deserialize<LeafFile>(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "Vectors", "tree-leaf-vectors.json")))!.Cases);

    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    private static bool IsB(string algorithm) => algorithm == "blake2b";

    private static byte[] Leaf(string algorithm, ReadOnlySpan<byte> leaf, long index, int leafLength, bool last, int digestLength)
    {
        byte[] digest = new byte[digestLength];
        int written = IsB(algorithm)
            ? Blake2b.HashTreeLeaf(leaf, index, leafLength, last, digest)
            : Blake2s.HashTreeLeaf(leaf, index, leafLength, last, digest);
        Assert.Equal(digestLength, written);
        return digest;
    }

    private static byte[] Root(string algorithm, ReadOnlySpan<byte> digests, int leafLength, int digestLength)
    {
        byte[] digest = new byte[digestLength];
        _ = IsB(algorithm) ? Blake2b.HashTreeRoot(digests, leafLength, digest) : Blake2s.HashTreeRoot(digests, leafLength, digest);
        return digest;
    }

    private static Blake2TreeRootHasher RootHasher(string algorithm, int leafLength, int digestLength) =>
        IsB(algorithm) ? Blake2b.CreateTreeRootHasher(leafLength, digestLength) : Blake2s.CreateTreeRootHasher(leafLength, digestLength);

    [Fact]
    public void Leaves_and_roots_are_hashlibs()
    {
        Assert.Equal(16, Vectors.Value.Length);
        foreach (LeafCase c in Vectors.Value)
        {
            byte[] input = c.Input();
            int count = c.Leaves.Length;
            using Blake2TreeRootHasher hasher = RootHasher(c.Algorithm, c.LeafLength, c.DigestLength);
            for (int i = 0; i < count; i++)
            {
                int from = i * c.LeafLength;
                byte[] leaf = Leaf(c.Algorithm, input.AsSpan(from, Math.Min(c.LeafLength, c.Length - from)), i, c.LeafLength, i == count - 1, c.DigestLength);
                Assert.True(c.Leaves[i] == Hex(leaf), $"{c}, leaf {i}");
                hasher.AppendLeafDigest(leaf);
            }

            Assert.Equal(count, hasher.LeafCount);
            Assert.Equal(c.Root, Hex(hasher.Finish()));
            byte[] digests = c.Leaves.SelectMany(Convert.FromHexString).ToArray();
            Assert.Equal(c.Root, Hex(Root(c.Algorithm, digests, c.LeafLength, c.DigestLength)));

            // The whole tree in one call agrees, and so do the digests appended all at once.
            byte[] tree = IsB(c.Algorithm) ? Blake2b.HashTree(input, c.LeafLength, c.DigestLength) : Blake2s.HashTree(input, c.LeafLength, c.DigestLength);
            Assert.Equal(c.Root, Hex(tree));
            using Blake2TreeRootHasher together = RootHasher(c.Algorithm, c.LeafLength, c.DigestLength);
            together.AppendLeafDigests(digests);
            together.AppendLeafDigests([]);
            byte[] longer = Enumerable.Repeat((byte)0xA5, c.DigestLength + 3).ToArray();
            Assert.Equal(c.DigestLength, together.Finish(longer));
            Assert.Equal(c.Root, Hex(longer.AsSpan(0, c.DigestLength)));
            Assert.All(longer.Skip(c.DigestLength), x => Assert.Equal(0xA5, x));

            if (c.FarLeaf is not null)
            {
                Assert.True(c.FarLeaf == Hex(Leaf(c.Algorithm, input.AsSpan(0, c.LeafLength), c.FarIndex, c.LeafLength, false, c.DigestLength)), $"{c}, leaf {c.FarIndex}");
            }
        }
    }

    [Fact]
    public void The_only_leaf_of_hello_s3git_is_its_published_object_name()
    {
        // s3git names the object by its first leaf's digest: 46ddd7b9...6dddcc (BLAKE3-NOTES.md section 4).
        string hex = Hex(Leaf("blake2b", "hello s3git\n"u8, 0, 5 << 20, true, 64));
        Assert.StartsWith("46ddd7b9", hex);
        Assert.EndsWith("6dddcc", hex);
        using Blake2TreeRootHasher root = Blake2b.CreateTreeRootHasher(5 << 20);
        root.AppendLeafDigest(Convert.FromHexString(hex));
        Assert.Equal("18e622875a89cede0d7019b2c8afecf8928c21eac18ec51e38a8e6b829b82c3ef306dec34227929fa77b1c7c329b3d4e50ed9e72dc4dc885be0932d3f28d7053", Hex(root.Finish()));
    }

    [Fact]
    public void Leaves_and_roots_together_give_hashTrees_hashlib_vectors()
    {
        // Every case of tree-vectors.json whose input is at most 2 MiB, rebuilt leaf by leaf.
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "Vectors", "tree-vectors.json")));
        int checkedCases = 0;
        foreach (JsonElement e in doc.RootElement.GetProperty("cases").EnumerateArray())
        {
            string algorithm = e.GetProperty("alg").GetString()!;
            int leafLength = e.GetProperty("leaf").GetInt32();
            int length = e.GetProperty("length").GetInt32();
            int seed = e.GetProperty("seed").GetInt32();
            int digestLength = e.GetProperty("digest").GetInt32();
            if (length > 2 << 20)
            {
                continue;
            }

            byte[] input = Enumerable.Range(0, length).Select(i => (byte)((7 * i) + seed)).ToArray();
            int count = Math.Max(1, (length + leafLength - 1) / leafLength);
            byte[] digests = new byte[count * digestLength];
            for (int i = 0; i < count; i++)
            {
                int from = i * leafLength;
                Leaf(algorithm, input.AsSpan(from, Math.Min(leafLength, length - from)), i, leafLength, i == count - 1, digestLength).CopyTo(digests, i * digestLength);
            }

            Assert.True(e.GetProperty("out").GetString() == Hex(Root(algorithm, digests, leafLength, digestLength)), $"{algorithm} L={leafLength} n={length} d={digestLength}");
            checkedCases++;
        }

        Assert.True(checkedCases > 500, $"{checkedCases} cases");
    }

    [Theory]
    [InlineData("blake2b")]
    [InlineData("blake2s")]
    public void Bad_input_is_refused_naming_the_argument_and_writing_nothing(string algorithm)
    {
        int max = IsB(algorithm) ? 64 : 32;
        byte[] destination = Enumerable.Repeat((byte)0xA5, max + 1).ToArray();
        Span<byte> digest() => destination.AsSpan(0, 32);
        void LeafCall(byte[] leaf, long index, int leafLength, bool last, int digestLength) =>
            _ = IsB(algorithm)
                ? Blake2b.HashTreeLeaf(leaf, index, leafLength, last, destination.AsSpan(0, digestLength))
                : Blake2s.HashTreeLeaf(leaf, index, leafLength, last, destination.AsSpan(0, digestLength));
        void RootCall(byte[] digests, int leafLength, int digestLength) =>
            _ = IsB(algorithm)
                ? Blake2b.HashTreeRoot(digests, leafLength, destination.AsSpan(0, digestLength))
                : Blake2s.HashTreeRoot(digests, leafLength, destination.AsSpan(0, digestLength));

        Assert.Throws<ArgumentOutOfRangeException>("leafLength", () => LeafCall(new byte[1], 0, 0, true, 32));
        Assert.Throws<ArgumentOutOfRangeException>("leafLength", () => LeafCall(new byte[1], 0, -4, true, 32));
        Assert.Throws<ArgumentOutOfRangeException>("leafIndex", () => LeafCall(new byte[4], -1, 4, false, 32));
        Assert.Throws<ArgumentException>("leaf", () => LeafCall(new byte[5], 0, 4, true, 32));
        Assert.Throws<ArgumentException>("leaf", () => LeafCall(new byte[3], 2, 4, false, 32));
        Assert.Throws<ArgumentException>("leaf", () => LeafCall([], 0, 4, false, 32));
        Assert.Throws<ArgumentException>("leaf", () => LeafCall([], 3, 4, true, 32));
        Assert.Throws<ArgumentException>("destination", () => LeafCall(new byte[4], 0, 4, true, 0));
        Assert.Throws<ArgumentException>("destination", () => LeafCall(new byte[4], 0, 4, true, max + 1));
        if (!IsB(algorithm))
        {
            Assert.Throws<ArgumentOutOfRangeException>("leafIndex", () => Blake2s.HashTreeLeaf(new byte[4], 1L << 48, 4, false, digest()));
        }
        else
        {
            Assert.Equal(32, Blake2b.HashTreeLeaf(new byte[4], long.MaxValue, 4, true, new byte[32]));
        }

        Assert.Throws<ArgumentOutOfRangeException>("leafLength", () => RootCall(new byte[32], 0, 32));
        Assert.Throws<ArgumentException>("leafDigests", () => RootCall([], 4, 32));
        Assert.Throws<ArgumentException>("leafDigests", () => RootCall(new byte[33], 4, 32));
        Assert.Throws<ArgumentException>("destination", () => RootCall(new byte[32], 4, 0));
        Assert.Throws<ArgumentException>("destination", () => RootCall(new byte[(max + 1) * 2], 4, max + 1));

        Assert.Throws<ArgumentOutOfRangeException>("leafLength", () => RootHasher(algorithm, 0, 32));
        Assert.Throws<ArgumentOutOfRangeException>("digestLength", () => RootHasher(algorithm, 4, 0));
        Assert.Throws<ArgumentOutOfRangeException>("digestLength", () => RootHasher(algorithm, 4, max + 1));
        Assert.All(destination, x => Assert.Equal(0xA5, x));

        Blake2TreeRootHasher hasher = RootHasher(algorithm, 4, 16);
        Assert.Throws<ArgumentException>("leafDigest", () => hasher.AppendLeafDigest(new byte[15]));
        Assert.Throws<ArgumentException>("leafDigests", () => hasher.AppendLeafDigests(new byte[17]));
        Assert.Throws<InvalidOperationException>(() => hasher.Finish());
        hasher.AppendLeafDigest(new byte[16]);
        Assert.Throws<ArgumentException>("destination", () => hasher.Finish(new byte[15]));
        Assert.Equal(1, hasher.LeafCount);
        hasher.Finish();
        Assert.Throws<ObjectDisposedException>(() => hasher.AppendLeafDigest(new byte[16]));
        Assert.Throws<ObjectDisposedException>(() => hasher.Finish());
        Blake2TreeRootHasher disposed = RootHasher(algorithm, 4, 16);
        disposed.Dispose();
        Assert.Throws<ObjectDisposedException>(() => disposed.AppendLeafDigests(new byte[16]));
        disposed.Dispose();
    }
}

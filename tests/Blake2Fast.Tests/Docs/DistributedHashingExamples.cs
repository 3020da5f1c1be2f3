using System;
using System.IO;
using System.Linq;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tests;

/// <summary>
/// Every C# snippet of docs/distributed-hashing.md, verbatim (DocSnippetTests checks that), run and
/// checked against answers from Debian's b3sum 1.3.1 (BLAKE3) and Python's hashlib computed node by
/// node (BLAKE2 tree mode), for the input of the official BLAKE3 vectors' pattern (byte i is
/// i mod 251), 1,000,000 bytes long.
/// </summary>
[Trait("Legs", "Kernel")]
public class DistributedHashingExamples
{
    /// <summary>b3sum pattern-1000000.bin</summary>
    private const string Blake3Plain = "5e82c663d164c54e4fcdfcd70e3ca464662228bdbad45cce2e0c2bff999064ef";

    /// <summary>printf 'whats the Elvish word for friend' | b3sum --keyed pattern-1000000.bin</summary>
    private const string Blake3Keyed = "6202caf0bdfc1a56b256113502d23eceafbdac9d3bb5c235033d66d46e8a512b";

    /// <summary>b3sum --derive-key "BLAKE3 2019-12-27 16:29:52 test vectors context" pattern-1000000.bin</summary>
    private const string Blake3Derived = "51d34e3fc87d344db18d8bcb767b74184fe14e6e0f7491b1891cd27d474f04f7";

    /// <summary>hashlib.blake2b node by node: fanout 0, depth 2, leaf 4096, inner 64, the root over the leaves' digests.</summary>
    private const string Blake2bTree4096 = "a6605baad6ba633830a3a515a2dad92dafe903c8ae624cee15911c92de562cc18a7f49162d25cea570ba0d39066bd1e7a2770e45e798197c343e14386982bf3d";

    private static readonly byte[] input = Enumerable.Range(0, 1_000_000).Select(i => (byte)(i % 251)).ToArray();

    [Fact]
    public void Subtrees_on_machines_merged_on_the_coordinator()
    {
        long pieceLength = Blake3Subtree.SplitLength(input.Length, maxSubtrees: 8);
        int pieces = (int)(((input.Length - 1) / pieceLength) + 1);
        long[] lengths = new long[pieces];
        byte[] chainingValues = new byte[pieces * Blake3Subtree.ChainingValueLength];

        for (int i = 0; i < pieces; i++)   // on machine i
        {
            long offset = i * pieceLength;
            lengths[i] = Math.Min(pieceLength, input.Length - offset);
            Blake3Subtree.Hash(Blake3Mode.Hash, input.AsSpan((int)offset, (int)lengths[i]), offset,
                chainingValues.AsSpan(i * Blake3Subtree.ChainingValueLength, Blake3Subtree.ChainingValueLength));
        }

        byte[] hash = new byte[32];   // on the coordinator
        Blake3Subtree.MergeRoot(Blake3Mode.Hash, lengths, chainingValues, hash);   // == Blake3.HashData(input)

        Assert.Equal(8, pieces);
        Assert.Equal(Blake3Plain, Convert.ToHexStringLower(hash));
    }

    [Theory]
    [InlineData("keyed", Blake3Keyed)]
    [InlineData("derive-key", Blake3Derived)]
    public void A_machine_streams_its_piece_from_a_file(string kind, string expected)
    {
        Blake3Mode mode = kind == "keyed"
            ? Blake3Mode.Keyed("whats the Elvish word for friend"u8)
            : Blake3Mode.DeriveKey("BLAKE3 2019-12-27 16:29:52 test vectors context");
        string path = Path.GetTempFileName();
        try
        {
            File.WriteAllBytes(path, input);
            long pieceLength = Blake3Subtree.SplitLength(input.Length, 4);
            long[] lengths = [pieceLength, pieceLength, pieceLength, input.Length - (3 * pieceLength)];
            byte[] chainingValues = new byte[4 * Blake3Subtree.ChainingValueLength];
            for (int piece = 0; piece < 4; piece++)
            {
                long offset = piece * pieceLength;
                long length = lengths[piece];

                Blake3HashState hasher = Blake3Subtree.CreateHasher(mode, offset);
                using (SafeFileHandle file = File.OpenHandle(path))
                {
                    byte[] buffer = new byte[1 << 20];
                    for (long done = 0; done < length;)
                    {
                        int read = RandomAccess.Read(file, buffer.AsSpan(0, (int)Math.Min(buffer.Length, length - done)), offset + done);
                        if (read == 0)
                        {
                            throw new EndOfStreamException($"{path} ended inside the piece");
                        }

                        hasher.Update(buffer.AsSpan(0, read));
                        done += read;
                    }
                }

                byte[] chainingValue = new byte[Blake3Subtree.ChainingValueLength];
                hasher.FinishSubtree(chainingValue);   // erases the hasher (and a keyed mode's key in it)

                chainingValue.CopyTo(chainingValues, piece * Blake3Subtree.ChainingValueLength);
            }

            byte[] hash = new byte[32];
            Blake3Subtree.MergeRoot(mode, lengths, chainingValues, hash);
            Assert.Equal(expected, Convert.ToHexStringLower(hash));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void Blake2_leaves_on_machines_and_the_root_on_the_coordinator()
    {
        const int leafLength = 4096;
        long leaves = Math.Max(1, (input.Length + leafLength - 1) / leafLength);
        byte[] leafDigests = new byte[leaves * 64];

        for (long i = 0; i < leaves; i++)   // on any machine
        {
            int start = (int)(i * leafLength);
            ReadOnlySpan<byte> leaf = input.AsSpan(start, Math.Min(leafLength, input.Length - start));
            Blake2b.HashTreeLeaf(leaf, i, leafLength, isLastLeaf: i == leaves - 1, leafDigests.AsSpan((int)(i * 64), 64));
        }

        byte[] digest = new byte[64];   // on the coordinator
        Blake2b.HashTreeRoot(leafDigests, leafLength, digest);   // == Blake2b.HashTree(input, leafLength)

        Assert.Equal(Blake2bTree4096, Convert.ToHexStringLower(digest));
    }
}

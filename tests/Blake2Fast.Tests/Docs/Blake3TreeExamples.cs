using System;
using System.IO;

namespace Blake2Fast.Tests;

/// <summary>
/// Every C# snippet of docs/blake3-tree.md, verbatim (DocSnippetTests checks that), run and checked
/// against Debian's b3sum: the 3,000,000-byte input is byte i = i mod 251, hashed with
/// <c>b3sum</c>, <c>b3sum --length 1000016</c> (its last 16 bytes), <c>b3sum --keyed</c> (key bytes
/// 0..31) and <c>b3sum --derive-key "example.com 2026-06-01 backup keys v1"</c>; the messages with
/// <c>b3sum</c> and <c>b3sum --length 16</c>.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake3TreeExamples
{
    private const string DataHash = "4713babaefbc2271db70eee8ec588829c0e5aa250951e9a401d11db249256fa8";
    private const string DataAt1000000 = "c9e98da83afdfae3cf40cc1f44a6f355";
    private const string DataKeyed = "212a0c002b1cf65e6e39000696a258936ae5f3a741da77c4bc219b1fd28dc37b";
    private const string DataDerived = "7c4ba1ba47630ac11acc238db0691449d3213a5b737aa16cbac8a68ed6ec496b";

    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    /// <summary>The 32-byte root hash from the two halves' chaining values, in hex.</summary>
    private static string Root(byte[] leftCv, byte[] rightCv)
    {
        byte[] hash = new byte[32];
        Blake3Subtree.MergeRoot(Blake3Mode.Hash, leftCv, rightCv, hash);
        return Hex(hash);
    }

    /// <summary>The snippets share the input; each test builds it as the first snippet does.</summary>
    private static byte[] Data()
    {
        byte[] data = new byte[3_000_000];
        for (int i = 0; i < data.Length; i++)
        {
            data[i] = (byte)(i % 251);
        }

        return data;
    }

    [Fact]
    public void Hash_pieces_anywhere_merge_them_once()
    {
        byte[] data = new byte[3_000_000];
        for (int i = 0; i < data.Length; i++)
        {
            data[i] = (byte)(i % 251);
        }

        // At most 4 pieces of 2^k chunks each: here 3 of 1 MiB, the last one shorter.
        long pieceLength = Blake3Subtree.SplitLength(data.Length, maxSubtrees: 4);
        int pieces = (int)((data.Length + pieceLength - 1) / pieceLength);
        long[] lengths = new long[pieces];
        byte[] chainingValues = new byte[pieces * Blake3Subtree.ChainingValueLength];
        for (int i = 0; i < pieces; i++)
        {
            // On worker i: its own bytes, and where they start in the whole input.
            long offset = i * pieceLength;
            lengths[i] = Math.Min(pieceLength, data.Length - offset);
            Blake3Subtree.Hash(Blake3Mode.Hash, data.AsSpan((int)offset, (int)lengths[i]), offset, chainingValues.AsSpan(i * 32, 32));
        }

        // On the coordinator: the lengths and chaining values, in input order.
        byte[] hash = new byte[32];
        Blake3Subtree.MergeRoot(Blake3Mode.Hash, lengths, chainingValues, hash);
        // hash is Blake3.HashData(data): 4713babaefbc2271...

        Assert.Equal(1 << 20, pieceLength);
        Assert.Equal(3, pieces);
        Assert.Equal(DataHash, Hex(hash));
    }

    [Fact]
    public void Two_halves_any_output_length_any_position()
    {
        byte[] data = Data();
        long left = Blake3Subtree.LeftSubtreeLength(data.Length);
        byte[] leftCv = new byte[32], rightCv = new byte[32];
        Blake3Subtree.Hash(Blake3Mode.Hash, data.AsSpan(0, (int)left), 0, leftCv);
        Blake3Subtree.Hash(Blake3Mode.Hash, data.AsSpan((int)left), left, rightCv, maxDegreeOfParallelism: -1);

        using Blake3OutputReader reader = Blake3Subtree.CreateRootReader(Blake3Mode.Hash, leftCv, rightCv);
        reader.Position = 1_000_000;
        byte[] far = reader.Read(16);
        // far is bytes 1,000,000 to 1,000,015 of the output: c9e98da83afdfae3...

        Assert.Equal(2 << 20, left);
        Assert.Equal(DataAt1000000, Hex(far));
        Assert.Equal(DataHash, Root(leftCv, rightCv));
    }

    [Fact]
    public void A_subtree_that_arrives_in_parts()
    {
        byte[] data = Data();
        long left = Blake3Subtree.LeftSubtreeLength(data.Length);
        byte[] rightCv = new byte[32];
        Blake3Subtree.Hash(Blake3Mode.Hash, data.AsSpan((int)left), left, rightCv);

        Blake3HashState hasher = Blake3Subtree.CreateHasher(Blake3Mode.Hash, inputOffset: left);
        using (var stream = new MemoryStream(data, (int)left, data.Length - (int)left))
        {
            byte[] buffer = new byte[65536];
            int read;
            while ((read = stream.Read(buffer)) > 0)
            {
                hasher.Update(buffer.AsSpan(0, read));
            }
        }

        byte[] streamedCv = new byte[32];
        hasher.FinishSubtree(streamedCv);
        // streamedCv equals rightCv

        Assert.Equal(Hex(rightCv), Hex(streamedCv));
        byte[] leftCv = new byte[32];
        Blake3Subtree.Hash(Blake3Mode.Hash, data.AsSpan(0, (int)left), 0, leftCv);
        Assert.Equal(DataHash, Root(leftCv, streamedCv));
    }

    [Fact]
    public void The_chaining_value_of_a_whole_input_and_where_it_is_refused()
    {
        byte[] data = Data();
        long left = Blake3Subtree.LeftSubtreeLength(data.Length);
        byte[] leftCv = new byte[32], rightCv = new byte[32];
        Blake3Subtree.Hash(Blake3Mode.Hash, data.AsSpan(0, (int)left), 0, leftCv);
        Blake3Subtree.Hash(Blake3Mode.Hash, data.AsSpan((int)left), left, rightCv);
        bool refused = false;

        // The whole input from offset 0, as Rust's finalize_non_root: its chaining value, not its hash.
        byte[] wholeCv = new byte[32];
        Blake3Subtree.Hash(Blake3Mode.Hash, data, 0, wholeCv);

        // The same value from the two halves above, merged as a parent (no ROOT flag).
        byte[] parentCv = new byte[32];
        Blake3Subtree.Merge(Blake3Mode.Hash, leftCv, rightCv, parentCv);
        // parentCv equals wholeCv; neither is the hash 4713babaefbc2271...

        // A first piece of 3 chunks is a whole input's chaining value: nothing can follow it.
        try
        {
            Blake3Subtree.MergeRoot(Blake3Mode.Hash, new long[] { 3072, 1024 }, new byte[64], new byte[32]);
        }
        catch (ArgumentException e)
        {
            // e.ParamName is "subtreeLengths"; e.Message names subtree 0 and the power-of-two rule
            Assert.Equal("subtreeLengths", e.ParamName);
            Assert.Contains("Subtree 0", e.Message);
            Assert.Contains("power-of-two rule", e.Message);
            refused = true;
        }

        Assert.True(refused);
        Assert.Equal(Hex(wholeCv), Hex(parentCv));
        Assert.NotEqual(DataHash, Hex(wholeCv));
        Assert.NotEqual(DataHash, Hex(parentCv));

        // And as the reference model has it: the root node, compressed without ROOT.
        Assert.Equal(Hex(Blake3SubtreeTests.ReferenceChainingValue(RefBlake3.Hash(), data, 0)), Hex(wholeCv));
    }

    [Fact]
    public void Keyed_hashing_and_key_derivation()
    {
        byte[] data = Data();
        long left = Blake3Subtree.LeftSubtreeLength(data.Length);
        string[] expected = [DataKeyed, DataDerived];
        int which = 0;

        byte[] key = new byte[32];
        for (int i = 0; i < key.Length; i++)
        {
            key[i] = (byte)i;
        }

        foreach (Blake3Mode mode in new[] { Blake3Mode.Keyed(key), Blake3Mode.DeriveKey("example.com 2026-06-01 backup keys v1") })
        {
            byte[] l = new byte[32], r = new byte[32], output = new byte[32];
            Blake3Subtree.Hash(mode, data.AsSpan(0, (int)left), 0, l);
            Blake3Subtree.Hash(mode, data.AsSpan((int)left), left, r);
            Blake3Subtree.MergeRoot(mode, l, r, output);
            // Keyed: Blake3.HashData(key, data, output), 212a0c002b1cf65e...
            // DeriveKey: Blake3.DeriveKey(context, data, output), 7c4ba1ba47630ac1...
            Assert.Equal(expected[which++], Hex(output));
        }
    }

    [Fact]
    public void Many_messages_at_once()
    {
        ReadOnlyMemory<byte>[] messages = ["alpha"u8.ToArray(), "beta"u8.ToArray(), new byte[5000]];
        byte[] outputs = new byte[messages.Length * 32];
        Blake3.HashMany(messages, outputs, 32);
        // outputs[32..64] is Blake3.HashData("beta"u8): c607f0e66519ff41...

        // 1000 fixed-length records back to back, a 16-byte output each.
        byte[] records = new byte[1000 * 64];
        byte[] recordHashes = new byte[1000 * 16];
        Blake3.HashMany(records, 64, recordHashes, 16);
        // every record is 64 zero bytes here: each output is 4d006976636a8696...

        Assert.Equal("644a9bc57c6063e2ba4028fa73ed585170ae7db8ac7723d32be49c021a0225f5", Hex(outputs.AsSpan(0, 32)));
        Assert.Equal("c607f0e66519ff41d34c1c8e2e312228c3cc358c0a5b75cef4b22cf8ed3875db", Hex(outputs.AsSpan(32, 32)));
        Assert.Equal("b3fabb88259a9ec91cf4512e0feb747f05ed18effc8e1ad75feed0b6b5a9ec7f", Hex(outputs.AsSpan(64, 32)));
        for (int i = 0; i < 1000; i++)
        {
            Assert.Equal("4d006976636a8696d909a630a4081aad", Hex(recordHashes.AsSpan(i * 16, 16)));
        }
    }
}

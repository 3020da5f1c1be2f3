using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using Blake2Fast.Tests.Surface;

namespace Blake2Fast.Tests;

/// <summary>
/// The answers the contract test compares against (<see cref="Family.Expected"/> and
/// <see cref="Oracles"/>) are themselves right: each path they take is checked here against
/// hashlib, Python's hmac, the BLAKE2 team's KAT, the BLAKE3 test vectors and b3sum.
/// </summary>
[Trait("Legs", "Kernel")]
public class OracleAnchorTests
{
    private static JsonElement Vectors(string file) => JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath(file))).RootElement;

    private static byte[] Hex(JsonElement e, string name) => Convert.FromHexString(e.GetProperty(name).GetString()!);

    [Theory]
    [InlineData("blake2b")]
    [InlineData("blake2s")]
    public void Blake2_requests_give_hashlib_answers(string algorithm)
    {
        Family f = algorithm == "blake2b" ? Family.B : Family.S;
        var cases = TestData.HashlibCases(algorithm).Where(c => c.XofLength < 0).ToList();
        Assert.NotEmpty(cases);
        foreach (ParamCase c in cases)
        {
            object parameters = f.Wide
                ? new Blake2bParameters { DigestLength = c.DigestLength, Key = c.Key, Salt = c.Salt, Personalization = c.Personalization, FanOut = c.FanOut, MaxDepth = c.Depth, LeafLength = c.LeafLength, NodeOffset = c.NodeOffset, NodeDepth = c.NodeDepth, InnerLength = c.InnerLength, IsLastNode = c.LastNode }
                : new Blake2sParameters { DigestLength = c.DigestLength, Key = c.Key, Salt = c.Salt, Personalization = c.Personalization, FanOut = c.FanOut, MaxDepth = c.Depth, LeafLength = c.LeafLength, NodeOffset = c.NodeOffset, NodeDepth = c.NodeDepth, InnerLength = c.InnerLength, IsLastNode = c.LastNode };
            Check.Digest(c.Expected, new Request { Family = f, Parameters = parameters, Message = c.Input, OutputLength = c.DigestLength }.Expected(), c.ToString());
            if (c.Salt.Length == 0 && c.Personalization.Length == 0 && c.FanOut == 1 && c.Depth == 1 && c.LeafLength == 0 && c.NodeOffset == 0 && c.NodeDepth == 0 && c.InnerLength == 0 && !c.LastNode)
            {
                Check.Digest(c.Expected, new Request { Family = f, Key = c.Key, Message = c.Input, OutputLength = c.DigestLength }.Expected(), "key and length " + c);
            }
        }
    }

    [Fact]
    public void Parallel_and_extendable_requests_give_the_KAT_answers()
    {
        foreach (JsonElement e in Vectors("blake2-kat.json").EnumerateArray())
        {
            Family? f = e.GetProperty("hash").GetString() switch
            {
                "blake2bp" => Family.BP,
                "blake2sp" => Family.SP,
                "blake2xb" => Family.XB,
                "blake2xs" => Family.XS,
                _ => null,
            };
            if (f is null)
            {
                continue;
            }

            byte[] expected = Hex(e, "out");
            var request = new Request { Family = f, Key = Hex(e, "key"), Message = Hex(e, "in"), OutputLength = expected.Length };
            Check.Digest(expected, request.Expected(), $"{f} in={request.Message.Length} key={request.Key.Length} out={expected.Length}");
        }
    }

    [Fact]
    public void Blake3_requests_give_the_test_vector_answers()
    {
        JsonElement root = Vectors("blake3-test-vectors.json");
        byte[] key = System.Text.Encoding.ASCII.GetBytes(root.GetProperty("key").GetString()!);
        string context = root.GetProperty("context_string").GetString()!;
        foreach (JsonElement c in root.GetProperty("cases").EnumerateArray())
        {
            int length = c.GetProperty("input_len").GetInt32();
            byte[] input = Enumerable.Range(0, length).Select(i => (byte)(i % 251)).ToArray();
            foreach ((string field, Request request) in new[]
            {
                ("hash", new Request { Family = Family.B3, Message = input }),
                ("keyed_hash", new Request { Family = Family.B3, Key = key, Message = input }),
                ("derive_key", new Request { Family = Family.B3, Context = context, Message = input }),
            })
            {
                byte[] expected = Hex(c, field);
                Check.Digest(expected, request.Expected(0, expected.Length), $"{field} {length}");

                // From a position, as the readers are checked.
                Check.Digest(expected.AsSpan(40).ToArray(), request.Expected(40, expected.Length - 40), $"{field} {length} from 40");
            }
        }
    }

    /// <summary>
    /// The subtree oracles over the reference BLAKE3 rebuild the vectors' roots from chaining values:
    /// the two children of the root, every chunk as a subtree merged up the tree, and the left
    /// child's own two children merged into its chaining value.
    /// </summary>
    [Fact]
    public void Blake3_subtree_oracles_rebuild_the_test_vector_answers()
    {
        JsonElement root = Vectors("blake3-test-vectors.json");
        byte[] key = System.Text.Encoding.ASCII.GetBytes(root.GetProperty("key").GetString()!);
        string context = root.GetProperty("context_string").GetString()!;
        int checkedCases = 0;
        foreach (JsonElement c in root.GetProperty("cases").EnumerateArray())
        {
            int length = c.GetProperty("input_len").GetInt32();
            if (length <= 1024 || length > 64 * 1024)
            {
                continue;
            }

            byte[] input = Enumerable.Range(0, length).Select(i => (byte)(i % 251)).ToArray();
            int left = (int)Oracles.Blake3LeftLength(length);
            foreach ((string field, byte[] k, string? x) in new[] { ("hash", Array.Empty<byte>(), (string?)null), ("keyed_hash", key, null), ("derive_key", [], context) })
            {
                byte[] expected = Hex(c, field);
                byte[] leftValue = Oracles.Blake3SubtreeChainingValue(k, x, input[..left], 0);
                byte[] rightValue = Oracles.Blake3SubtreeChainingValue(k, x, input[left..], left);
                Check.Digest(expected, Oracles.Blake3Root(k, x, leftValue, rightValue, expected.Length), $"{field} {length}: two children");

                long[] chunks = Enumerable.Range(0, (length + 1023) / 1024).Select(i => (long)Math.Min(1024, length - (i * 1024))).ToArray();
                byte[] values = chunks.SelectMany((n, i) => Oracles.Blake3SubtreeChainingValue(k, x, input.AsSpan(i * 1024, (int)n).ToArray(), i * 1024)).ToArray();
                Check.Digest(expected, Oracles.Blake3MergeRoot(k, x, chunks, values, expected.Length), $"{field} {length}: every chunk");

                if (left >= 2048)
                {
                    byte[] merged = Oracles.Blake3ParentChainingValue(k, x,
                        Oracles.Blake3SubtreeChainingValue(k, x, input[..(left / 2)], 0),
                        Oracles.Blake3SubtreeChainingValue(k, x, input[(left / 2)..left], left / 2));
                    Check.Digest(leftValue, merged, $"{field} {length}: the left child from its children");
                }

                checkedCases++;
            }
        }

        Assert.True(checkedCases > 20, $"only {checkedCases} subtree cases checked");
    }

    /// <summary>
    /// The Bao answers come from the tests' reference, which BaoVectorTests pins to the official
    /// vectors; what the fixture adds is the rearrangement of an outboard tree and its data into
    /// the combined layout, checked here against the reference's own combined encodings, and its
    /// lengths against the reference's encodings.
    /// </summary>
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(1024)]
    [InlineData(1025)]
    [InlineData(4596)]
    [InlineData(8193)]
    [InlineData(70000)]
    public void Bao_fixture_rebuilds_combined_encodings_from_outboard_ones(int length)
    {
        byte[] data = ReferenceBao.VectorInput(length);
        (byte[] combined, _) = ReferenceBao.Encode(data, outboard: false);
        (byte[] outboard, _) = ReferenceBao.Encode(data, outboard: true);
        Assert.Equal(combined, BaoFixture.Combine(outboard, data));
        Assert.Equal((UInt128)combined.Length, BaoFixture.CombinedLength(length));
        Assert.Equal((UInt128)outboard.Length, BaoFixture.OutboardLength(length));
        Assert.False(BaoFixture.CombinedShort(combined));
        Assert.True(BaoFixture.CombinedShort(combined[..^1]));
    }

    /// <summary>b3sum 1.3.1: b3sum --derive-key CONTEXT --length 40 over the contract test's key material (byte i = 7i + 1).</summary>
    [Theory]
    [InlineData("", "0db74efb72138691edde7c3f5c16f5ad65e34aa16f208b62e696640f7a3bf8bf4ced77395bb04679")]
    [InlineData("é ☃ \U0001F600", "8c1494ec2fac8125553182233360f024e74f57714df69f84f1ec6eb12b09901fe4b48bca10b9597d")]
    [InlineData("Blake2Fast contract test 2025-01-01 v1", "419ecf80a57e56a6d5584946fc385d341e8ca128401dc69e0b56d0aba07b01bf97e9a1ef27805aef")]
    public void Key_derivation_contexts_give_b3sum_answers(string context, string expected) =>
        Check.Digest(Convert.FromHexString(expected), new Request { Family = Family.B3, Context = context, Message = Arguments.Pattern(Arguments.MessageLength) }.Expected(0, 40), context);

    /// <summary>A lone surrogate is encoded as U+FFFD (EF BF BD), as .NET's UTF-8 encoder does; b3sum was given those bytes. (Not theory data: xunit does not carry a lone surrogate through.)</summary>
    [Fact]
    public void A_lone_surrogate_in_a_context_is_hashed_as_the_replacement_character() =>
        Key_derivation_contexts_give_b3sum_answers("\uD800x", "22cf0a94981326578d84c12b5b09340b1a41649fd9ae5a98ae99e316c3393a398e3bd289a3c3bb46");

    [Fact]
    public void Hmac_and_hkdf_oracles_give_the_python_answers()
    {
        JsonElement root = Vectors("hmac-vectors.json");
        foreach (JsonElement c in root.GetProperty("hmac").EnumerateArray())
        {
            bool wide = c.GetProperty("alg").GetString() == "blake2b";
            Check.Digest(Hex(c, "out"), Oracles.Hmac(wide, Hex(c, "key"), Hex(c, "in")), "HMAC");
        }

        foreach (JsonElement c in root.GetProperty("hkdf").EnumerateArray())
        {
            bool wide = c.GetProperty("alg").GetString() == "blake2b";
            byte[] prk = Oracles.HkdfExtract(wide, Hex(c, "salt"), Hex(c, "ikm"));
            Check.Digest(Hex(c, "prk"), prk, "HKDF-Extract");
            Check.Digest(Hex(c, "okm"), Oracles.HkdfExpand(wide, prk, Hex(c, "info"), c.GetProperty("length").GetInt32()), "HKDF-Expand");
        }
    }

    /// <summary>The node oracles give hashlib's leaves (far along huge trees too) and roots, node by node (make-tree-leaf-vectors.py).</summary>
    [Fact]
    public void Tree_node_oracles_give_the_hashlib_answers()
    {
        int checkedCases = 0;
        foreach (JsonElement c in Vectors("tree-leaf-vectors.json").GetProperty("cases").EnumerateArray())
        {
            bool wide = c.GetProperty("alg").GetString() == "blake2b";
            int leaf = c.GetProperty("leaf").GetInt32();
            int length = c.GetProperty("length").GetInt32();
            int digest = c.GetProperty("digest").GetInt32();
            int seed = c.GetProperty("seed").GetInt32();
            byte[] input = Enumerable.Range(0, length).Select(i => (byte)((7 * i) + seed)).ToArray();
            string[] leaves = c.GetProperty("leaves").EnumerateArray().Select(e => e.GetString()!).ToArray();
            for (int i = 0; i < leaves.Length; i++)
            {
                byte[] bytes = input.AsSpan(Math.Min(i * leaf, length), Math.Min(leaf, length - Math.Min(i * leaf, length))).ToArray();
                Check.Digest(Convert.FromHexString(leaves[i]), Oracles.TreeLeaf(wide, bytes, leaf, digest, i, i == leaves.Length - 1), $"leaf {i} of {c}");
            }

            Check.Digest(Hex(c, "root"), Oracles.TreeRoot(wide, leaves.SelectMany(Convert.FromHexString).ToArray(), leaf, digest), $"root of {c}");
            if (c.GetProperty("farLeaf").GetString() is { } far)
            {
                Check.Digest(Convert.FromHexString(far), Oracles.TreeLeaf(wide, input[..leaf], leaf, digest, c.GetProperty("farIndex").GetInt64(), false), $"far leaf of {c}");
            }

            checkedCases++;
        }

        Assert.True(checkedCases >= 16, $"only {checkedCases} tree node cases checked");
    }

    [Fact]
    public void Tree_oracle_gives_the_hashlib_answers()
    {
        int checkedCases = 0;
        foreach (JsonElement c in Vectors("tree-vectors.json").GetProperty("cases").EnumerateArray())
        {
            int length = c.GetProperty("length").GetInt32();
            long leaf = c.GetProperty("leaf").GetInt64();
            if (length > 64 * 1024 || length / leaf > 64)
            {
                continue;
            }

            int seed = c.GetProperty("seed").GetInt32();
            byte[] input = Enumerable.Range(0, length).Select(i => (byte)((7 * i) + seed)).ToArray();
            bool wide = c.GetProperty("alg").GetString() == "blake2b";
            Check.Digest(Hex(c, "out"), Oracles.Tree(wide, input, leaf, c.GetProperty("digest").GetInt32()), $"tree leaf={leaf} length={length}");
            checkedCases++;
        }

        Assert.True(checkedCases > 50, $"only {checkedCases} tree cases checked");
    }
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;

namespace Blake2Fast.Tests;

/// <summary>
/// One contract, every overload that writes into a caller's span (the table in
/// <see cref="Api.Writers"/>): nothing is written to a destination that is too short, nothing
/// past the digest in one that is too long, input and output may overlap, and forms whose
/// destination length is the digest length reject 0 and max + 1. Expected digests come from hashlib;
/// the tree's nodes (HashTreeLeaf, HashTreeRoot) are checked the same way against hashlib's node vectors.
/// </summary>
[Trait("Legs", "Build")]
public class DestinationContractTests
{
    private const byte Sentinel = 0xA5;

    public static TheoryData<string, string> Writers() => Api.Rows(api => api.Writers.Select(w => w.Name));

    private static (Api Api, DestinationWriter Writer, ParamCase[] Cases) Setup(string algorithm, string writer)
    {
        Api api = Api.Get(algorithm);
        DestinationWriter w = api.Writers.Single(x => x.Name == writer);
        ParamCase[] cases = TestData.HashlibCases(algorithm, "contract")
            .Where(c => (w.TakesKey || c.Key.Length == 0) && (w.TakesLength || c.DigestLength == api.DefaultDigestLength))
            .ToArray();
        Assert.NotEmpty(cases);
        return (api, w, cases);
    }

    private static byte[] Filled(int length)
    {
        byte[] buffer = new byte[length];
        buffer.AsSpan().Fill(Sentinel);
        return buffer;
    }

    [Theory]
    [MemberData(nameof(Writers))]
    public void Writes_the_digest_and_nothing_past_it(string algorithm, string writer)
    {
        (Api api, DestinationWriter w, ParamCase[] cases) = Setup(algorithm, writer);
        foreach (ParamCase c in cases)
        {
            // Forms that take their digest length from the destination get exactly that; the others get room to spare.
            int destinationLength = w.Rule == DestinationRule.IsDigestLength ? c.DigestLength : c.DigestLength + 16;
            byte[] buffer = Filled(8 + destinationLength + 16);
            int written = w.Write(c.Key, c.DigestLength, c.Input, new ArraySegment<byte>(buffer, 8, destinationLength));
            Assert.Equal(c.DigestLength, written);
            Check.Digest(c.Expected, buffer.AsSpan(8, c.DigestLength), $"{writer}: {c}");
            Assert.All(buffer.Take(8), x => Assert.Equal(Sentinel, x));
            Assert.All(buffer.Skip(8 + c.DigestLength), x => Assert.Equal(Sentinel, x));
        }

        _ = api;
    }

    [Theory]
    [MemberData(nameof(Writers))]
    public void A_short_destination_is_not_written(string algorithm, string writer)
    {
        (Api api, DestinationWriter w, ParamCase[] cases) = Setup(algorithm, writer);
        foreach (ParamCase c in cases)
        {
            int[] badLengths = w.Rule == DestinationRule.IsDigestLength
                ? [0, api.MaxDigestLength + 1]
                : [0, c.DigestLength - 1];
            foreach (int length in badLengths.Distinct())
            {
                byte[] buffer = Filled(length + 16);
                var destination = new ArraySegment<byte>(buffer, 0, length);
                if (w.Rule == DestinationRule.AtLeastDigestOrFalse)
                {
                    Assert.Equal(-1, w.Write(c.Key, c.DigestLength, c.Input, destination));
                }
                else
                {
                    ArgumentException e = Assert.Throws<ArgumentException>(() => w.Write(c.Key, c.DigestLength, c.Input, destination));
                    Assert.Equal(w.ParamName, e.ParamName);
                    Assert.Contains(w.Rule == DestinationRule.IsDigestLength ? $"between 1 and {api.MaxDigestLength}" : $"needs {c.DigestLength}", e.Message, StringComparison.Ordinal);
                }

                Assert.All(buffer, x => Assert.Equal(Sentinel, x));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Writers))]
    public void Input_and_output_may_overlap(string algorithm, string writer)
    {
        (_, DestinationWriter w, ParamCase[] cases) = Setup(algorithm, writer);
        foreach (ParamCase c in cases)
        {
            // As a key-derivation loop does: hash a buffer into itself, at its start and further in.
            foreach (int offset in new[] { 0, 7, c.Input.Length - c.DigestLength })
            {
                byte[] buffer = (byte[])c.Input.Clone();
                int written = w.Write(c.Key, c.DigestLength, new ArraySegment<byte>(buffer), new ArraySegment<byte>(buffer, offset, c.DigestLength));
                Assert.Equal(c.DigestLength, written);
                Check.Digest(c.Expected, buffer.AsSpan(offset, c.DigestLength), $"{writer} at offset {offset}: {c}");
                Assert.True(c.Input.AsSpan(0, offset).SequenceEqual(buffer.AsSpan(0, offset)));
                Assert.True(c.Input.AsSpan(offset + c.DigestLength).SequenceEqual(buffer.AsSpan(offset + c.DigestLength)));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void The_table_names_every_public_overload_with_a_span_destination(string algorithm)
    {
        Api api = Api.Get(algorithm);
        Type facade = api == Api.B ? typeof(Blake2b) : typeof(Blake2s);
        Type state = api == Api.B ? typeof(Blake2bHashState) : typeof(Blake2sHashState);
        // HashMany writes one digest per message into a destination of exactly that many digests, a
        // contract of its own that HashManyTests checks (wrong lengths write nothing, overlap, placement).
        // HashTree and HashTreeAsync compute another function (the unlimited-fanout tree mode), whose
        // destinations TreeHashTests checks. That tree's nodes, HashTreeLeaf and HashTreeRoot, take
        // their digest length from the destination (IsDigestLength, ParamName "destination") against
        // hashlib's node vectors rather than plain digests: TreeNodeWriters below. TryExportState
        // writes an exported state, not a digest: ResumableHashingTests and the surface contract check it.
        int spanWriters = facade.GetMethods().Concat(state.GetMethods())
            .Where(m => m.Name is not ("HashMany" or "HashTree" or "HashTreeAsync" or "HashTreeLeaf" or "HashTreeRoot" or "TryExportState"))
            .Count(m => m.GetParameters().Any(p => p.ParameterType == typeof(Span<byte>) || p.ParameterType == typeof(Memory<byte>)));
        int treeNodeWriters = facade.GetMethods().Count(m => m.Name is "HashTreeLeaf" or "HashTreeRoot");

        // The table adds the two HashAlgorithm.TryComputeHash entries, where the build overrides them.
        Assert.Equal(spanWriters + (LibraryBuild.OverridesHashAlgorithmSpans ? 2 : 0), api.Writers.Count);
        Assert.Equal(treeNodeWriters, TreeNodeWriterNames.Length);
    }

    /// <summary>The overloads that write one node of the unlimited-fanout tree; their destination's length is the digest length (<see cref="DestinationRule.IsDigestLength"/>).</summary>
    private static readonly string[] TreeNodeWriterNames = ["HashTreeLeaf", "HashTreeRoot"];

    public static TheoryData<string, string> TreeNodeWriters() => Api.Rows(_ => TreeNodeWriterNames);

    /// <summary>
    /// One case of each digest length of tree-leaf-vectors.json (hashlib, node by node): its
    /// nodes' inputs and digests, and a writer of that node into a destination.
    /// </summary>
    private static IEnumerable<(string Case, byte[] Input, byte[] Expected, Func<ArraySegment<byte>, ArraySegment<byte>, int> Write)> TreeNodes(string algorithm, string writer)
    {
        using JsonDocument vectors = JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath("tree-leaf-vectors.json")));
        var cases = new List<(string, byte[], byte[], Func<ArraySegment<byte>, ArraySegment<byte>, int>)>();
        foreach (JsonElement c in vectors.RootElement.GetProperty("cases").EnumerateArray().Where(c => c.GetProperty("alg").GetString() == algorithm))
        {
            int leaf = c.GetProperty("leaf").GetInt32();
            int length = c.GetProperty("length").GetInt32();
            int seed = c.GetProperty("seed").GetInt32();
            byte[] input = Enumerable.Range(0, length).Select(i => (byte)((7 * i) + seed)).ToArray();
            byte[][] leaves = c.GetProperty("leaves").EnumerateArray().Select(e => Convert.FromHexString(e.GetString()!)).ToArray();
            string name = $"{algorithm} leaf {leaf}, {length} bytes, digest {leaves[0].Length}";
            if (writer == "HashTreeLeaf")
            {
                // The first leaf: full unless it is the only one.
                byte[] first = input[..Math.Min(leaf, length)];
                bool last = leaves.Length == 1;
                cases.Add((name, first, leaves[0], (m, o) => algorithm == "blake2b"
                    ? Blake2b.HashTreeLeaf(m.AsSpan(), 0, leaf, last, o.AsSpan())
                    : Blake2s.HashTreeLeaf(m.AsSpan(), 0, leaf, last, o.AsSpan())));
            }
            else
            {
                cases.Add((name, leaves.SelectMany(x => x).ToArray(), Convert.FromHexString(c.GetProperty("root").GetString()!), (m, o) => algorithm == "blake2b"
                    ? Blake2b.HashTreeRoot(m.AsSpan(), leaf, o.AsSpan())
                    : Blake2s.HashTreeRoot(m.AsSpan(), leaf, o.AsSpan())));
            }
        }

        Assert.NotEmpty(cases);
        return cases;
    }

    [Theory]
    [MemberData(nameof(TreeNodeWriters))]
    public void Tree_nodes_write_the_digest_and_nothing_past_it(string algorithm, string writer)
    {
        foreach ((string name, byte[] input, byte[] expected, var write) in TreeNodes(algorithm, writer))
        {
            byte[] buffer = Filled(8 + expected.Length + 16);
            Assert.Equal(expected.Length, write(new ArraySegment<byte>(input), new ArraySegment<byte>(buffer, 8, expected.Length)));
            Check.Digest(expected, buffer.AsSpan(8, expected.Length), $"{writer}: {name}");
            Assert.All(buffer.Take(8), x => Assert.Equal(Sentinel, x));
            Assert.All(buffer.Skip(8 + expected.Length), x => Assert.Equal(Sentinel, x));
        }
    }

    [Theory]
    [MemberData(nameof(TreeNodeWriters))]
    public void Tree_nodes_refuse_a_destination_of_no_digest_length_and_write_nothing(string algorithm, string writer)
    {
        Api api = Api.Get(algorithm);
        foreach ((_, byte[] input, _, var write) in TreeNodes(algorithm, writer).Take(1))
        {
            foreach (int length in new[] { 0, api.MaxDigestLength + 1 })
            {
                byte[] buffer = Filled(length + 16);
                ArgumentException e = Assert.Throws<ArgumentException>(() => write(new ArraySegment<byte>(input), new ArraySegment<byte>(buffer, 0, length)));
                Assert.Equal("destination", e.ParamName);
                Assert.Contains($"between 1 and {api.MaxDigestLength}", e.Message, StringComparison.Ordinal);
                Assert.All(buffer, x => Assert.Equal(Sentinel, x));
            }
        }
    }

    [Theory]
    [MemberData(nameof(TreeNodeWriters))]
    public void Tree_nodes_input_and_output_may_overlap(string algorithm, string writer)
    {
        foreach ((string name, byte[] input, byte[] expected, var write) in TreeNodes(algorithm, writer).Where(c => c.Input.Length >= c.Expected.Length))
        {
            foreach (int offset in new[] { 0, Math.Min(7, input.Length - expected.Length), input.Length - expected.Length })
            {
                byte[] buffer = (byte[])input.Clone();
                Assert.Equal(expected.Length, write(new ArraySegment<byte>(buffer), new ArraySegment<byte>(buffer, offset, expected.Length)));
                Check.Digest(expected, buffer.AsSpan(offset, expected.Length), $"{writer} at offset {offset}: {name}");
                Assert.True(input.AsSpan(0, offset).SequenceEqual(buffer.AsSpan(0, offset)));
                Assert.True(input.AsSpan(offset + expected.Length).SequenceEqual(buffer.AsSpan(offset + expected.Length)));
            }
        }
    }
}

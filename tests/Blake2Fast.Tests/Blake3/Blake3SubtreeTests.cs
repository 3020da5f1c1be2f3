using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;

namespace Blake2Fast.Tests;

/// <summary>
/// Blake3Subtree and Blake3Mode: subtrees hashed one-shot (on one thread and on several) and
/// incrementally in awkward pieces, at random valid layouts of random inputs up to several MiB (not
/// only the left-full split), in all three modes, merged pair by pair and as a list up to the root,
/// against the official vectors and Blake3.HashData; every rule the official crate states refused.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake3SubtreeTests
{
    private const int Chunk = 1024;

    /// <summary>The official BLAKE3 vectors: their key, context and every case (also read by <see cref="Blake3SubtreeChunkTests"/>).</summary>
    internal static readonly Lazy<(byte[] Key, string Context, List<(int Length, byte[] Hash, byte[] Keyed, byte[] Derived)> Cases)> Vectors = new(() =>
    {
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath("blake3-test-vectors.json")));
        JsonElement root = doc.RootElement;
        var cases = root.GetProperty("cases").EnumerateArray().Select(c => (
            c.GetProperty("input_len").GetInt32(),
            Convert.FromHexString(c.GetProperty("hash").GetString()!),
            Convert.FromHexString(c.GetProperty("keyed_hash").GetString()!),
            Convert.FromHexString(c.GetProperty("derive_key").GetString()!))).ToList();
        return (Encoding.ASCII.GetBytes(root.GetProperty("key").GetString()!), root.GetProperty("context_string").GetString()!, cases);
    });

    /// <summary>The official vectors' lengths that have subtrees (more than one chunk).</summary>
    public static TheoryData<int> TreeLengths => new(Vectors.Value.Cases.Select(c => c.Length).Where(l => l > Chunk));

    /// <summary>The vectors' input of <paramref name="length"/> bytes: 0, 1, ..., 250, 0, 1, ...</summary>
    internal static byte[] VectorInput(int length) => Enumerable.Range(0, length).Select(i => (byte)(i % 251)).ToArray();

    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    /// <summary>The three modes with the vectors' key and context, and what the one-shot computes in each.</summary>
    private static IEnumerable<(string Name, Blake3Mode Mode, Action<byte[], byte[]> OneShot)> Modes(byte[] key, string context) =>
    [
        ("hash", Blake3Mode.Hash, (input, output) => Blake3.HashData(input, output)),
        ("keyed", Blake3Mode.Keyed(key), (input, output) => Blake3.HashData(key, input, output)),
        ("derive", Blake3Mode.DeriveKey(context), (input, output) => Blake3.DeriveKey(context, input, output)),
    ];

    [Theory]
    [MemberData(nameof(TreeLengths))]
    public void The_two_halves_merge_to_the_official_answers_in_every_mode(int length)
    {
        var c = Vectors.Value.Cases.Single(x => x.Length == length);
        byte[] input = VectorInput(length);
        long left = Blake3Subtree.LeftSubtreeLength(length);
        foreach ((string name, Blake3Mode mode, _) in Modes(Vectors.Value.Key, Vectors.Value.Context))
        {
            byte[] expected = name switch { "hash" => c.Hash, "keyed" => c.Keyed, _ => c.Derived };
            byte[] l = new byte[32], r = new byte[32];
            Blake3Subtree.Hash(mode, input.AsSpan(0, (int)left), 0, l);
            Blake3Subtree.Hash(mode, input.AsSpan((int)left), left, r);
            byte[] output = new byte[131];
            Blake3Subtree.MergeRoot(mode, l, r, output);
            Assert.Equal(Hex(expected), Hex(output));

            using Blake3OutputReader reader = Blake3Subtree.CreateRootReader(mode, l, r);
            reader.Position = 17;
            Assert.Equal(Hex(expected.AsSpan(17, 100)), Hex(reader.Read(100)));

            Blake3Subtree.MergeRoot(mode, new long[] { left, length - left }, [.. l, .. r], output);
            Assert.Equal(Hex(expected), Hex(output));
        }
    }

    [Theory]
    [MemberData(nameof(TreeLengths))]
    public void Every_chunk_alone_merged_as_the_tree_gives_the_official_answers(int length)
    {
        // The finest layout: one subtree per chunk, each hashed incrementally a byte at a time for
        // the first and in one piece for the others, merged by the list form and pair by pair.
        var c = Vectors.Value.Cases.Single(x => x.Length == length);
        byte[] input = VectorInput(length);
        Blake3Mode mode = Blake3Mode.Keyed(Vectors.Value.Key);
        int count = (length + Chunk - 1) / Chunk;
        long[] lengths = new long[count];
        byte[] cvs = new byte[count * 32];
        for (int i = 0; i < count; i++)
        {
            int from = i * Chunk;
            lengths[i] = Math.Min(Chunk, length - from);
            if (i == 0)
            {
                Blake3HashState state = Blake3Subtree.CreateHasher(mode, 0);
                foreach (byte b in input.AsSpan(0, Chunk).ToArray())
                {
                    state.Update([b]);
                }

                state.FinishSubtree(cvs.AsSpan(0, 32));
            }
            else
            {
                Blake3Subtree.Hash(mode, input.AsSpan(from, (int)lengths[i]), from, cvs.AsSpan(i * 32, 32));
            }
        }

        byte[] output = new byte[131];
        Blake3Subtree.MergeRoot(mode, lengths, cvs, output);
        Assert.Equal(Hex(c.Keyed), Hex(output));
        Assert.Equal(Hex(c.Keyed.AsSpan(0, 64)), Hex(PairByPair(mode, lengths, cvs, 64)));
    }

    [Fact]
    public void Random_layouts_of_random_inputs_merge_to_the_one_shot_in_every_mode()
    {
        var random = new Random(20260601);
        byte[] key = new byte[32];
        random.NextBytes(key);
        int[] lengths = [1025, 2048, 2049, 3 * Chunk, 5000, 8192 + 1, 65536, 65536 + 1, 100_000, 300_001, 1 << 20, (1 << 20) + 1, (3 << 20) + 517, 5 << 20];
        foreach (int length in lengths)
        {
            byte[] input = new byte[length];
            random.NextBytes(input);
            foreach ((string name, Blake3Mode mode, Action<byte[], byte[]> oneShot) in Modes(key, "Blake2Fast subtree tests 2026"))
            {
                byte[] expected = new byte[48];
                oneShot(input, expected);
                for (int layoutRound = 0; layoutRound < 3; layoutRound++)
                {
                    List<(long Offset, long Length)> layout = RandomLayout(random, length);
                    byte[] cvs = new byte[layout.Count * 32];
                    for (int i = 0; i < layout.Count; i++)
                    {
                        (long offset, long pieceLength) = layout[i];
                        ReadOnlySpan<byte> piece = input.AsSpan((int)offset, (int)pieceLength);
                        // Every piece one-shot (on one thread or several) and in awkward parts: both agree.
                        Span<byte> cv = cvs.AsSpan(i * 32, 32);
                        Blake3Subtree.Hash(mode, piece, offset, cv, random.Next(3) switch { 0 => 1, 1 => 2, _ => -1 });
                        byte[] incremental = new byte[32];
                        HashInAwkwardParts(random, mode, piece, offset, incremental);
                        Assert.True(Hex(cv) == Hex(incremental), $"{name}, the subtree of {pieceLength} bytes at {offset}, incrementally");
                    }

                    long[] pieceLengths = layout.Select(p => p.Length).ToArray();
                    byte[] output = new byte[48];
                    Blake3Subtree.MergeRoot(mode, pieceLengths, cvs, output);
                    string where = $"{name}, {length} bytes in {layout.Count} subtrees: {string.Join(",", pieceLengths.Take(12))}";
                    Assert.True(Hex(expected) == Hex(output), where);
                    Assert.True(Hex(expected) == Hex(PairByPair(mode, pieceLengths, cvs, 48)), "pair by pair, " + where);
                    using Blake3OutputReader reader = Blake3Subtree.CreateRootReader(mode, pieceLengths, cvs);
                    reader.Position = 5;
                    Assert.Equal(Hex(expected.AsSpan(5, 40)), Hex(reader.Read(40)));
                }
            }
        }
    }

    [Fact]
    public void Split_lengths_give_at_most_the_pieces_asked_for_and_every_piece_is_a_subtree()
    {
        var random = new Random(7);
        byte[] input = new byte[(2 << 20) + 333];
        random.NextBytes(input);
        byte[] expected = Blake3.HashData(input);
        foreach (int maxSubtrees in new[] { 2, 3, 4, 7, 16, 100, 10_000 })
        {
            long pieceLength = Blake3Subtree.SplitLength(input.Length, maxSubtrees);
            int count = (int)((input.Length + pieceLength - 1) / pieceLength);
            Assert.InRange(count, 2, maxSubtrees);
            Assert.True(count > maxSubtrees / 2 || pieceLength == Chunk, "the smallest such length");
            long[] lengths = new long[count];
            byte[] cvs = new byte[count * 32];
            for (int i = 0; i < count; i++)
            {
                long offset = i * pieceLength;
                lengths[i] = Math.Min(pieceLength, input.Length - offset);
                Assert.InRange(lengths[i], 1, Blake3Subtree.MaxSubtreeLength(offset));
                Blake3Subtree.Hash(Blake3Mode.Hash, input.AsSpan((int)offset, (int)lengths[i]), offset, cvs.AsSpan(i * 32, 32));
            }

            byte[] output = new byte[32];
            Blake3Subtree.MergeRoot(default, lengths, cvs, output);
            Assert.Equal(Hex(expected), Hex(output));
        }

        Assert.Equal(Chunk, Blake3Subtree.SplitLength(1025, 2));
        Assert.Equal(2 * Chunk, Blake3Subtree.SplitLength(3000, 2));
        Assert.Equal(4096, Blake3Subtree.SplitLength(4097, 2));
        Assert.Equal(Chunk, Blake3Subtree.SplitLength(4096, 4));
        Assert.Equal(1L << 61, Blake3Subtree.SplitLength(long.MaxValue, 4));
    }

    [Fact]
    public void Lengths_and_limits_follow_the_tree()
    {
        // The crate's table: the subtree starting at chunk N holds at most 2^(trailing zeros of N) chunks.
        (long Chunk, long Max)[] table = [(1, 1), (2, 2), (3, 1), (4, 4), (5, 1), (6, 2), (7, 1), (8, 8), (12, 4), (1L << 40, 1L << 40)];
        foreach ((long chunk, long max) in table)
        {
            Assert.Equal(max * Chunk, Blake3Subtree.MaxSubtreeLength(chunk * Chunk));
        }

        Assert.Equal(long.MaxValue, Blake3Subtree.MaxSubtreeLength(0));
        Assert.Equal(1L << 62, Blake3Subtree.MaxSubtreeLength(1L << 62));
        Assert.Equal(Chunk, Blake3Subtree.LeftSubtreeLength(1025));
        Assert.Equal(Chunk, Blake3Subtree.LeftSubtreeLength(2048));
        Assert.Equal(2048, Blake3Subtree.LeftSubtreeLength(2049));
        Assert.Equal(2048, Blake3Subtree.LeftSubtreeLength(4096));
        Assert.Equal(4096, Blake3Subtree.LeftSubtreeLength(4097));
        Assert.Equal(1L << 62, Blake3Subtree.LeftSubtreeLength(long.MaxValue));
        Assert.Equal(32, Blake3Subtree.ChainingValueLength);
        Assert.Equal(1024, Blake3Subtree.ChunkLength);
    }

    [Fact]
    public void Modes_are_what_their_one_shots_compute()
    {
        byte[] input = new byte[5000];
        new Random(5).NextBytes(input);
        byte[] key = Enumerable.Range(1, 32).Select(i => (byte)i).ToArray();
        long left = Blake3Subtree.LeftSubtreeLength(input.Length);
        (Blake3Mode Mode, byte[] Expected)[] cases =
        [
            (default, Blake3.HashData(input)),
            (Blake3Mode.Hash, Blake3.HashData(input)),
            (Blake3Mode.Keyed(key), Keyed(key, input)),
            (Blake3Mode.DeriveKey(""), Derived("", input)),
            (Blake3Mode.DeriveKey("ctx ☃ unicode"), Derived("ctx ☃ unicode", input)),
            (Blake3Mode.DeriveKey(new string('x', 3000)), Derived(new string('x', 3000), input)),
        ];
        foreach ((Blake3Mode mode, byte[] expected) in cases)
        {
            byte[] l = new byte[32], r = new byte[32], output = new byte[32];
            Blake3Subtree.Hash(mode, input.AsSpan(0, (int)left), 0, l);
            Blake3Subtree.Hash(mode, input.AsSpan((int)left), left, r);
            Blake3Subtree.MergeRoot(mode, l, r, output);
            Assert.Equal(Hex(expected), Hex(output));
        }

        Assert.Equal("Hash", default(Blake3Mode).ToString());
        Assert.Equal("Keyed", Blake3Mode.Keyed(key).ToString());
        Assert.Equal("DeriveKey", Blake3Mode.DeriveKey("c").ToString());
        Assert.True(Blake3Mode.Keyed(key).IsKeyed);
        Assert.False(Blake3Mode.Hash.IsKeyed || Blake3Mode.Hash.IsDeriveKey);
        Assert.True(Blake3Mode.DeriveKey("c").IsDeriveKey);

        static byte[] Keyed(byte[] key, byte[] input)
        {
            byte[] output = new byte[32];
            Blake3.HashData(key, input, output);
            return output;
        }

        static byte[] Derived(string context, byte[] input)
        {
            byte[] output = new byte[32];
            Blake3.DeriveKey(context, input, output);
            return output;
        }
    }

    [Fact]
    public void Merge_writes_one_parent_even_over_its_own_children()
    {
        byte[] input = new byte[4096];
        new Random(11).NextBytes(input);
        Blake3Mode mode = Blake3Mode.Keyed(new byte[32]);
        byte[] expected = new byte[32];
        Blake3Subtree.Hash(mode, input.AsSpan(0, 2048), 0, expected);
        byte[] both = new byte[64];
        Blake3Subtree.Hash(mode, input.AsSpan(0, Chunk), 0, both.AsSpan(0, 32));
        Blake3Subtree.Hash(mode, input.AsSpan(Chunk, Chunk), Chunk, both.AsSpan(32));
        Blake3Subtree.Merge(mode, both.AsSpan(0, 32), both.AsSpan(32), both.AsSpan(16, 32));
        Assert.Equal(Hex(expected), Hex(both.AsSpan(16, 32)));

        // A chaining value may be written over the subtree's own input.
        byte[] copy = input.ToArray();
        Blake3Subtree.Hash(mode, copy.AsSpan(0, 2048), 0, copy.AsSpan(100, 32));
        Assert.Equal(Hex(expected), Hex(copy.AsSpan(100, 32)));
    }

    [Fact]
    public void Incremental_subtree_hashers_follow_the_rules_and_reset_to_their_offset()
    {
        byte[] input = new byte[8192];
        new Random(13).NextBytes(input);
        byte[] expected = new byte[32];
        Blake3Subtree.Hash(Blake3Mode.Hash, input.AsSpan(0, 4096), 4096, expected);

        Blake3HashState state = Blake3Subtree.CreateHasher(Blake3Mode.Hash, 4096);
        state.Update(input.AsSpan(0, 4000));
        Assert.Throws<InvalidOperationException>(() => state.Finish());
        Assert.Throws<InvalidOperationException>(() => state.CreateOutputReader());
        byte[] tooMuch = new byte[97];
        Assert.Throws<ArgumentException>("input", () => state.Update(tooMuch));
        Assert.Throws<ArgumentException>("input", () => state.Update(tooMuch, 2));

        // Nothing was absorbed by the refused update: the rest still fits and gives the answer.
        state.Update(input.AsSpan(4000, 96));
        Assert.Throws<ArgumentException>("input", () => state.Update([1]));
        Blake3HashState fork = state;
        byte[] cv = new byte[32];
        Assert.Throws<ArgumentException>("chainingValue", () => state.FinishSubtree(new byte[31]));
        state.FinishSubtree(cv);
        Assert.Equal(Hex(expected), Hex(cv));
        Assert.Throws<InvalidOperationException>(() => state.FinishSubtree(cv));

        // Reset goes back to the subtree's own start.
        fork.Reset();
        fork.Update(input.AsSpan(0, 4096));
        fork.FinishSubtree(cv);
        Assert.Equal(Hex(expected), Hex(cv));

        // Whole chunks after the first chunk are hashed at once: 3 + 1 chunks leave two values on
        // the stack and an empty chunk state, merged by FinishSubtree.
        Blake3HashState whole = Blake3Subtree.CreateHasher(Blake3Mode.Hash, 4096);
        whole.Update(input.AsSpan(0, 3072));
        whole.Update(input.AsSpan(3072, 1024));
        whole.FinishSubtree(cv);
        Blake3Subtree.Hash(Blake3Mode.Hash, input.AsSpan(0, 4096), 4096, expected);
        Assert.Equal(Hex(expected), Hex(cv));

        // At offset 0 the hasher is an ordinary one: Finish gives the root, FinishSubtree the
        // chaining value of any input so far (3000 bytes too, as finalize_non_root), and plain
        // incremental hashers finish as subtrees too.
        Blake3HashState zero = Blake3Subtree.CreateHasher(Blake3Mode.Hash, 0);
        zero.Update(input.AsSpan(0, 3000));
        Blake3HashState zeroFork = zero;
        Assert.Equal(Hex(Blake3.HashData(input.AsSpan(0, 3000))), Hex(zeroFork.Finish()));
        Blake3HashState zeroSubtree = zero;
        zeroSubtree.FinishSubtree(cv);
        Assert.Equal(Hex(ReferenceChainingValue(RefBlake3.Hash(), input.AsSpan(0, 3000), 0)), Hex(cv));
        zero.Update(input.AsSpan(3000, 1096));
        zero.FinishSubtree(cv);
        Blake3Subtree.Hash(Blake3Mode.Hash, input.AsSpan(0, 4096), 0, expected);
        Assert.Equal(Hex(expected), Hex(cv));

        Blake3HashState plain = Blake3.CreateIncrementalHasher();
        Assert.Throws<InvalidOperationException>(() => plain.FinishSubtree(cv));
        plain.Update(input.AsSpan(0, 1024));
        plain.FinishSubtree(cv);
        Blake3Subtree.Hash(Blake3Mode.Hash, input.AsSpan(0, 1024), 0, expected);
        Assert.Equal(Hex(expected), Hex(cv));

        Blake3HashState unset = default;
        Assert.Throws<InvalidOperationException>(() => unset.FinishSubtree(cv));
    }

    [Fact]
    public void Every_rule_violation_is_refused_naming_the_argument_and_writing_nothing()
    {
        byte[] input = new byte[5000];
        byte[] cv = Filled(32);
        byte[] destination = Filled(40);
        Blake3Mode mode = Blake3Mode.Hash;

        Assert.Throws<ArgumentException>("key", () => Blake3Mode.Keyed(new byte[31]));
        Assert.Throws<ArgumentException>("key", () => Blake3Mode.Keyed([]));
        Assert.Throws<ArgumentNullException>("context", () => Blake3Mode.DeriveKey(null!));

        // Offsets: non-negative multiples of 1024.
        Assert.Throws<ArgumentOutOfRangeException>("inputOffset", () => Blake3Subtree.Hash(mode, input.AsSpan(0, 10), -1024, cv));
        Assert.Throws<ArgumentException>("inputOffset", () => Blake3Subtree.Hash(mode, input.AsSpan(0, 10), 1000, cv));
        Assert.Throws<ArgumentException>("inputOffset", () => Blake3Subtree.Hash(mode, input.AsSpan(0, 10), 1025, cv, 2));
        Assert.Throws<ArgumentOutOfRangeException>("inputOffset", () => Blake3Subtree.CreateHasher(mode, long.MinValue));
        Assert.Throws<ArgumentException>("inputOffset", () => Blake3Subtree.CreateHasher(mode, 1));
        Assert.Throws<ArgumentOutOfRangeException>("inputOffset", () => Blake3Subtree.MaxSubtreeLength(-1));
        Assert.Throws<ArgumentException>("inputOffset", () => Blake3Subtree.MaxSubtreeLength(512));

        // Lengths: not empty, not past the maximum (none at offset 0, where 1000, 3072 or 2050 bytes
        // have chaining values: Offset_zero_takes_any_non_empty_input_as_finalize_non_root_does).
        Assert.Throws<ArgumentException>("input", () => Blake3Subtree.Hash(mode, [], 1024, cv));
        Assert.Throws<ArgumentException>("input", () => Blake3Subtree.Hash(mode, [], 0, cv));
        Assert.Throws<ArgumentException>("input", () => Blake3Subtree.Hash(mode, [], 0, cv, 2));
        Assert.Throws<ArgumentException>("input", () => Blake3Subtree.Hash(mode, input.AsSpan(0, 1025), 1024, cv));
        Assert.Throws<ArgumentException>("input", () => Blake3Subtree.Hash(mode, input.AsSpan(0, 2049), 2048, cv));
        Assert.Throws<ArgumentException>("input", () => Blake3Subtree.Hash(mode, input.AsSpan(0, 4097), 3 * 4096, cv));

        // Chaining values: exactly 32 bytes.
        Assert.Throws<ArgumentException>("chainingValue", () => Blake3Subtree.Hash(mode, input.AsSpan(0, 1024), 0, new byte[33]));
        Assert.Throws<ArgumentException>("chainingValue", () => Blake3Subtree.Hash(mode, input.AsSpan(0, 1024), 0, new byte[31]));
        Assert.Throws<ArgumentOutOfRangeException>("maxDegreeOfParallelism", () => Blake3Subtree.Hash(mode, input.AsSpan(0, 1024), 0, cv, 0));
        Assert.Throws<ArgumentException>("left", () => Blake3Subtree.Merge(mode, new byte[31], new byte[32], cv));
        Assert.Throws<ArgumentException>("right", () => Blake3Subtree.Merge(mode, new byte[32], new byte[64], cv));
        Assert.Throws<ArgumentException>("parentChainingValue", () => Blake3Subtree.Merge(mode, new byte[32], new byte[32], new byte[64]));
        Assert.Throws<ArgumentException>("left", () => Blake3Subtree.MergeRoot(mode, ReadOnlySpan<byte>.Empty, new byte[32], destination));
        Assert.Throws<ArgumentException>("right", () => Blake3Subtree.MergeRoot(mode, new byte[32], new byte[33], destination));
        Assert.Throws<ArgumentException>("destination", () => Blake3Subtree.MergeRoot(mode, new byte[32], new byte[32], Span<byte>.Empty));
        Assert.Throws<ArgumentException>("left", () => Blake3Subtree.CreateRootReader(mode, new byte[1], new byte[32]));
        Assert.Throws<ArgumentException>("right", () => Blake3Subtree.CreateRootReader(mode, new byte[32], []));

        // One chunk or less has no subtrees.
        Assert.Throws<ArgumentOutOfRangeException>("inputLength", () => Blake3Subtree.LeftSubtreeLength(1024));
        Assert.Throws<ArgumentOutOfRangeException>("inputLength", () => Blake3Subtree.LeftSubtreeLength(0));
        Assert.Throws<ArgumentOutOfRangeException>("inputLength", () => Blake3Subtree.LeftSubtreeLength(-5));
        Assert.Throws<ArgumentOutOfRangeException>("inputLength", () => Blake3Subtree.SplitLength(1024, 4));
        Assert.Throws<ArgumentOutOfRangeException>("maxSubtrees", () => Blake3Subtree.SplitLength(5000, 1));

        // Lists: at least two non-empty subtrees that are nodes of the tree, 32 bytes of chaining value
        // each (Pieces_that_cannot_be_siblings_are_refused_where_they_meet_naming_the_rule has the messages).
        byte[] two = new byte[64];
        byte[] three = new byte[96];
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, new long[] { 5000 }, two.AsSpan(0, 32), destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, ReadOnlySpan<long>.Empty, ReadOnlySpan<byte>.Empty, destination));
        Assert.Throws<ArgumentException>("chainingValues", () => Blake3Subtree.MergeRoot(mode, new long[] { 1024, 1 }, three, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, new long[] { 1024, 0 }, two, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, new long[] { -1, 2000 }, two, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, new long[] { long.MaxValue, 1 }, two, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, new long[] { 500, 500 }, two, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, new long[] { 1500, 548 }, two, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, new long[] { 1024, 2048, 1 }, three, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, new long[] { 1024, 1, 1 }, three, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, new long[] { 3072, 1024 }, two, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.CreateRootReader(mode, new long[] { 1024, 2048, 1 }, three));
        Assert.Throws<ArgumentException>("chainingValues", () => Blake3Subtree.CreateRootReader(mode, new long[] { 1024, 1 }, new byte[63]));
        Assert.Throws<ArgumentException>("destination", () => Blake3Subtree.MergeRoot(mode, new long[] { 1024, 1 }, two, Span<byte>.Empty));

        Assert.All(cv, x => Assert.Equal(0xA5, x));
        Assert.All(destination, x => Assert.Equal(0xA5, x));
    }

    private static byte[] Filled(int length) => Enumerable.Repeat((byte)0xA5, length).ToArray();

    /// <summary>
    /// The chaining value of <paramref name="input"/> as the subtree at <paramref name="offset"/>,
    /// from the reference model (which calls nothing in the library): its top node without ROOT.
    /// </summary>
    internal static byte[] ReferenceChainingValue(RefBlake3 mode, ReadOnlySpan<byte> input, long offset)
    {
        RefBlake3 subtree = mode.StartingAt((ulong)offset / RefBlake3.ChunkBytes);
        subtree.Update(input);
        return subtree.SubtreeChainingValue();
    }

    /// <summary>
    /// A random layout of consecutive subtrees covering <paramref name="length"/> bytes: the tree is
    /// walked from the root, and each node below it is either taken whole or split into its two
    /// children (always split when it is the root), so any node of any level can be a subtree.
    /// </summary>
    private static List<(long Offset, long Length)> RandomLayout(Random random, long length)
    {
        var layout = new List<(long, long)>();
        Walk(0, length, isRoot: true);
        return layout;

        void Walk(long offset, long nodeLength, bool isRoot)
        {
            if (!isRoot && (nodeLength <= Chunk || random.Next(3) == 0))
            {
                layout.Add((offset, nodeLength));
                return;
            }

            long left = Blake3Subtree.LeftSubtreeLength(nodeLength);
            Walk(offset, left, isRoot: false);
            Walk(offset + left, nodeLength - left, isRoot: false);
        }
    }

    /// <summary>A subtree hashed incrementally in pieces of awkward lengths (0, 1, 63, 64, 65, 1023 ... bytes), some with several threads.</summary>
    private static void HashInAwkwardParts(Random random, Blake3Mode mode, ReadOnlySpan<byte> piece, long offset, Span<byte> cv)
    {
        int[] sizes = [0, 1, 63, 64, 65, 1023, 1024, 1025, 4096, 70_000, 200_000];
        Blake3HashState state = Blake3Subtree.CreateHasher(mode, offset);
        int at = 0;
        while (at < piece.Length)
        {
            int take = Math.Min(sizes[random.Next(sizes.Length)], piece.Length - at);
            state.Update(piece.Slice(at, take), random.Next(4) == 0 ? 2 : 1);
            at += take;
        }

        state.FinishSubtree(cv);
    }

    /// <summary>
    /// The root output from a list of subtrees merged with Merge and MergeRoot alone, the caller
    /// walking the tree: what a user without the list form would write.
    /// </summary>
    internal static byte[] PairByPair(Blake3Mode mode, long[] lengths, byte[] cvs, int outputLength)
    {
        long total = lengths.Sum();
        var pieces = new Dictionary<long, (long Length, byte[] Cv)>();
        long at = 0;
        for (int i = 0; i < lengths.Length; i++)
        {
            pieces[at] = (lengths[i], cvs.AsSpan(i * 32, 32).ToArray());
            at += lengths[i];
        }

        long left = Blake3Subtree.LeftSubtreeLength(total);
        byte[] output = new byte[outputLength];
        Blake3Subtree.MergeRoot(mode, Node(0, left), Node(left, total - left), output);
        return output;

        byte[] Node(long offset, long length)
        {
            if (pieces.TryGetValue(offset, out var piece) && piece.Length == length)
            {
                return piece.Cv;
            }

            long half = Blake3Subtree.LeftSubtreeLength(length);
            byte[] parent = new byte[32];
            Blake3Subtree.Merge(mode, Node(offset, half), Node(offset + half, length - half), parent);
            return parent;
        }
    }
}

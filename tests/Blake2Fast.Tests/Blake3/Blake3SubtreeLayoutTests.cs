using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>
/// Blake3Subtree with the Rust crate's hazmat semantics: any non-empty input at offset 0 has a
/// chaining value (finalize_non_root), and the check that pieces fit together is made where they
/// meet, by the list form of MergeRoot. Single pieces at offset 0 against the reference model and
/// against their own children merged; every chunk boundary of inputs up to 64 chunks split there,
/// hashed one-shot and incrementally, merged as a list and pair by pair, against Blake3.HashData;
/// every layout of up to 10 chunks against the tree's nodes; every refusal naming its rule.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake3SubtreeLayoutTests
{
    private const int Chunk = 1024;

    private static readonly byte[] Key = Enumerable.Range(0, 32).Select(i => (byte)(3 * i + 1)).ToArray();

    private const string Context = "Blake2Fast hazmat layout tests 2026";

    /// <summary>The three modes: the library's, the reference model's, and the one-shot each computes.</summary>
    private static readonly (string Name, Blake3Mode Mode, Func<RefBlake3> Reference, Action<byte[], byte[]> OneShot)[] Modes =
    [
        ("hash", Blake3Mode.Hash, RefBlake3.Hash, (input, output) => Blake3.HashData(input, output)),
        ("keyed", Blake3Mode.Keyed(Key), () => RefBlake3.Keyed(Key), (input, output) => Blake3.HashData(Key, input, output)),
        ("derive", Blake3Mode.DeriveKey(Context), () => RefBlake3.DeriveKey(Context), (input, output) => Blake3.DeriveKey(Context, input, output)),
    ];

    /// <summary>The words each rule's refusal carries in its message.</summary>
    private const string SingleRule = "A single subtree is the whole input";
    private const string WholeChunksRule = "whole-chunks rule";
    private const string PowerOfTwoRule = "power-of-two rule";
    private const string MaxLengthRule = "MaxSubtreeLength rule";

    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    private static byte[] Input(int length, int seed)
    {
        byte[] input = new byte[length];
        new Random(seed).NextBytes(input);
        return input;
    }

    [Fact]
    public void Offset_zero_takes_any_non_empty_input_as_finalize_non_root_does()
    {
        int[] lengths =
        [
            1, 2, 63, 64, 65, 1023, 1024, 1025, 1536, 2047, 2048, 2049, 3071, 3072, 3073, 4095, 4096, 4097,
            5 * Chunk - 1, 5 * Chunk, (5 * Chunk) + 1, 100_000, 300_001,
        ];
        var random = new Random(48);
        foreach (int length in lengths)
        {
            byte[] input = Input(length, length);
            foreach ((string name, Blake3Mode mode, Func<RefBlake3> reference, Action<byte[], byte[]> oneShot) in Modes)
            {
                string where = $"{name}, {length} bytes at offset 0";

                // Independently: the reference model's top node without ROOT, and for more than a
                // chunk the root's two children (hashed the way the crate always allowed) merged.
                string expected = Hex(Blake3SubtreeTests.ReferenceChainingValue(reference(), input, 0));
                if (length > Chunk)
                {
                    int left = (int)Blake3Subtree.LeftSubtreeLength(length);
                    byte[] l = new byte[32], r = new byte[32], parent = new byte[32];
                    Blake3Subtree.Hash(mode, input.AsSpan(0, left), 0, l);
                    Blake3Subtree.Hash(mode, input.AsSpan(left), left, r);
                    Blake3Subtree.Merge(mode, l, r, parent);
                    Assert.True(expected == Hex(parent), "the root's children merged, " + where);
                }

                byte[] cv = new byte[32];
                Blake3Subtree.Hash(mode, input, 0, cv);
                Assert.True(expected == Hex(cv), "Hash, " + where);
                Blake3Subtree.Hash(mode, input, 0, cv, 2);
                Assert.True(expected == Hex(cv), "Hash on 2 threads, " + where);
                Blake3Subtree.Hash(mode, input, 0, cv, -1);
                Assert.True(expected == Hex(cv), "Hash on all threads, " + where);

                Blake3HashState whole = Blake3Subtree.CreateHasher(mode, 0);
                whole.Update(input);
                whole.FinishSubtree(cv);
                Assert.True(expected == Hex(cv), "CreateHasher, one update, " + where);

                Blake3HashState parts = Blake3Subtree.CreateHasher(mode, 0);
                for (int at = 0; at < length;)
                {
                    int take = Math.Min(new[] { 1, 63, 64, 1023, 1024, 1025, 5000, 70_000 }[random.Next(8)], length - at);
                    parts.Update(input.AsSpan(at, take), random.Next(3) == 0 ? 2 : 1);
                    at += take;
                }

                // FinishSubtree leaves the root to Finish: a fork of the same state still gives it.
                Blake3HashState fork = parts;
                parts.FinishSubtree(cv);
                Assert.True(expected == Hex(cv), "CreateHasher, awkward parts, " + where);

                byte[] root = new byte[32];
                oneShot(input, root);
                Assert.Equal(Hex(root), Hex(fork.Finish()));
                Assert.NotEqual(Hex(root), expected);
            }
        }

        // Plain incremental hashers are offset-0 subtree hashers too.
        byte[] partial = Input(1500, 1);
        Blake3HashState plain = Blake3.CreateIncrementalHasher();
        plain.Update(partial);
        byte[] plainCv = new byte[32];
        plain.FinishSubtree(plainCv);
        Assert.Equal(Hex(Blake3SubtreeTests.ReferenceChainingValue(RefBlake3.Hash(), partial, 0)), Hex(plainCv));
    }

    [Fact]
    public void Every_split_of_inputs_up_to_64_chunks_at_every_chunk_boundary_merges_to_the_one_shot_or_is_refused_naming_the_rule()
    {
        byte[] data = Input(64 * Chunk, 64);
        int round = 0;
        for (int chunks = 1; chunks <= 64; chunks++)
        {
            // Whole chunks, a last chunk one byte short, and a last chunk of one byte.
            foreach (int length in new[] { chunks * Chunk, (chunks * Chunk) - 1, ((chunks - 1) * Chunk) + 1 }.Where(n => n >= 1).Distinct())
            {
                (string name, Blake3Mode mode, _, Action<byte[], byte[]> oneShot) = Modes[round++ % Modes.Length];
                byte[] input = data.AsSpan(0, length).ToArray();
                byte[] expected = new byte[32];
                oneShot(input, expected);
                string where = $"{name}, {length} bytes";

                // The input as one piece: it hashes (its chaining value, not its root), and a list of it alone is refused.
                byte[] single = new byte[32];
                Blake3Subtree.Hash(mode, input, 0, single);
                Assert.NotEqual(Hex(expected), Hex(single));
                Refused(mode, [length], SingleRule, where);

                for (int boundary = Chunk; boundary < length; boundary += Chunk)
                {
                    TwoPieces(mode, input, boundary, expected, $"{where}, split at {boundary}");
                    LayoutThrough(mode, input, boundary, expected, $"{where}, nodes split at {boundary}");
                    FirstPieceWhole(mode, input, boundary, expected, $"{where}, one piece to {boundary}");
                }
            }
        }
    }

    [Fact]
    public void Layouts_of_up_to_10_chunks_are_accepted_exactly_when_every_piece_is_a_node_of_the_tree()
    {
        byte[] data = Input(10 * Chunk, 10);
        int accepted = 0, refused = 0;
        for (int chunks = 1; chunks <= 10; chunks++)
        {
            // Every composition of the chunks into pieces (bit i set: a piece ends after chunk i + 1).
            for (int cuts = 0; cuts < 1 << (chunks - 1); cuts++)
            {
                var pieces = new List<long>();
                long start = 0;
                for (int c = 1; c <= chunks; c++)
                {
                    if (c == chunks || (cuts & (1 << (c - 1))) != 0)
                    {
                        pieces.Add((c * Chunk) - start);
                        start = c * Chunk;
                    }
                }

                // The last piece whole or shorter; and a piece moved 500 bytes into the next one.
                var layouts = new List<long[]> { pieces.ToArray() };
                layouts.Add([.. pieces.Take(pieces.Count - 1), pieces[^1] - 1]);
                layouts.Add([.. pieces.Take(pieces.Count - 1), pieces[^1] - (Chunk - 1)]);
                for (int i = 0; i + 1 < pieces.Count; i++)
                {
                    long[] moved = pieces.ToArray();
                    moved[i] -= 500;
                    moved[i + 1] += 500;
                    layouts.Add(moved);
                }

                foreach (long[] lengths in layouts)
                {
                    bool valid = IsLayoutOfNodes(lengths);
                    string where = $"[{string.Join(", ", lengths)}]";
                    if (valid)
                    {
                        accepted++;
                        Merged(Blake3Mode.Hash, data.AsSpan(0, (int)lengths.Sum()).ToArray(), lengths, where);
                    }
                    else
                    {
                        refused++;
                        ArgumentException e = Refused(Blake3Mode.Hash, lengths, null, where);
                        Assert.True(
                            new[] { SingleRule, WholeChunksRule, PowerOfTwoRule, MaxLengthRule }.Count(e.Message.Contains) == 1,
                            $"{where}: the message names one rule: {e.Message}");
                    }
                }
            }
        }

        Assert.True(accepted > 400 && refused > 6000, $"{accepted} accepted, {refused} refused");
    }

    [Fact]
    public void Pieces_that_cannot_be_siblings_are_refused_where_they_meet_naming_the_rule()
    {
        Blake3Mode mode = Blake3Mode.Keyed(Key);

        // A single piece: its root is not derived from its chaining value.
        ArgumentException single = Refused(mode, [5000], SingleRule, "one piece");
        Assert.Contains("Blake3.HashData", single.Message);
        Assert.Contains("ROOT", single.Message);

        // The whole-chunks rule: only the last piece may end inside a chunk.
        Assert.Contains("Subtree 0", Refused(mode, [1500, 548], WholeChunksRule, "1500, 548").Message);
        Assert.Contains("Subtree 0", Refused(mode, [500, 500], WholeChunksRule, "500, 500").Message);
        Assert.Contains("Subtree 1", Refused(mode, [1024, 1, 1], WholeChunksRule, "1024, 1, 1").Message);

        // The power-of-two rule: a piece followed by another is 2^k whole chunks; from offset 0 the
        // chaining value of a whole input (the crate's finalize_non_root of 3 chunks, or of 100,000
        // bytes) is accepted by Hash but cannot be followed by more.
        Assert.Contains("Subtree 0", Refused(mode, [3072, 1024], PowerOfTwoRule, "3072, 1024").Message);
        Assert.Contains("from offset 0", Refused(mode, [3072, 1024], PowerOfTwoRule, "3072, 1024").Message);
        Refused(mode, [99 * Chunk, 1], PowerOfTwoRule, "99 chunks, 1");
        Assert.Contains("Subtree 1", Refused(mode, [4096, 3072, 1024], PowerOfTwoRule, "4096, 3072, 1024").Message);

        // The MaxSubtreeLength rule, for pieces in the middle and the last.
        Assert.Contains("Subtree 1", Refused(mode, [1024, 2048, 1], MaxLengthRule, "1024, 2048, 1").Message);
        Assert.Contains("Subtree 2", Refused(mode, [2048, 1024, 2048], MaxLengthRule, "2048, 1024, 2048").Message);
        Assert.Contains("Subtree 1", Refused(mode, [1024, 1025], MaxLengthRule, "1024, 1025").Message);
        Assert.Contains("Subtree 1", Refused(mode, [2048, 4096], MaxLengthRule, "2048, 4096").Message);

        // CreateRootReader's list form applies the same rules.
        var e = Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.CreateRootReader(mode, new long[] { 3072, 1024 }, new byte[64]));
        Assert.Contains(PowerOfTwoRule, e.Message);
        e = Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.CreateRootReader(mode, new long[] { 5000 }, new byte[32]));
        Assert.Contains(SingleRule, e.Message);

        // Merge and the two-child MergeRoot see only 32-byte values (documented): the chaining
        // value of 3 chunks from offset 0 and of the 4th chunk merge without complaint into output
        // that is not the hash of the 4 chunks, which the list form refuses instead.
        byte[] input = Input(4096, 4);
        byte[] l = new byte[32], r = new byte[32], output = new byte[32];
        Blake3Subtree.Hash(mode, input.AsSpan(0, 3072), 0, l);
        Blake3Subtree.Hash(mode, input.AsSpan(3072), 3072, r);
        Blake3Subtree.MergeRoot(mode, l, r, output);
        byte[] expected = new byte[32];
        Blake3.HashData(Key, input, expected);
        Assert.NotEqual(Hex(expected), Hex(output));
    }

    /// <summary>The list [boundary, rest]: the root's two children when boundary is the tree's split, else refused by the rule it breaks.</summary>
    private static void TwoPieces(Blake3Mode mode, byte[] input, int boundary, byte[] expected, string where)
    {
        int length = input.Length;
        if (boundary == Blake3Subtree.LeftSubtreeLength(length))
        {
            byte[] l = new byte[32], r = new byte[32], output = new byte[32];
            Blake3Subtree.Hash(mode, input.AsSpan(0, boundary), 0, l);
            Blake3Subtree.Hash(mode, input.AsSpan(boundary), boundary, r);
            Blake3Subtree.MergeRoot(mode, l, r, output);
            Assert.True(Hex(expected) == Hex(output), "two-child MergeRoot, " + where);
            Merged(mode, input, [boundary, length - boundary], where);
            return;
        }

        // Either the left piece is not 2^k chunks, or it is, shorter than the tree's left child,
        // and the right piece is then longer than its offset allows.
        bool powerOfTwo = ((boundary / Chunk) & ((boundary / Chunk) - 1)) == 0;
        Refused(mode, [boundary, length - boundary], powerOfTwo ? MaxLengthRule : PowerOfTwoRule, where);
    }

    /// <summary>
    /// The fewest nodes of the tree that have a boundary at <paramref name="boundary"/>: every node
    /// taken whole unless the boundary falls inside it. Hashed one-shot and in parts, merged both ways.
    /// </summary>
    private static void LayoutThrough(Blake3Mode mode, byte[] input, int boundary, byte[] expected, string where)
    {
        var lengths = new List<long>();
        Walk(0, input.Length);
        byte[] cvs = Merged(mode, input, [.. lengths], where);
        Assert.True(Hex(expected) == Hex(Blake3SubtreeTests.PairByPair(mode, [.. lengths], cvs, 32)), "pair by pair, " + where);

        void Walk(long offset, long length)
        {
            if (offset != 0 || length != input.Length)
            {
                if (boundary <= offset || boundary >= offset + length)
                {
                    lengths.Add(length);
                    return;
                }
            }

            long left = Blake3Subtree.LeftSubtreeLength(length);
            Walk(offset, left);
            Walk(offset + left, length - left);
        }
    }

    /// <summary>
    /// The bytes before <paramref name="boundary"/> as one offset-0 piece (which always hashes), the
    /// rest as whole nodes: merged when that piece is 2^k chunks, else refused by the power-of-two rule.
    /// </summary>
    private static void FirstPieceWhole(Blake3Mode mode, byte[] input, int boundary, byte[] expected, string where)
    {
        var lengths = new List<long> { boundary };
        for (long offset = boundary; offset < input.Length;)
        {
            long length = Math.Min(Blake3Subtree.MaxSubtreeLength(offset), input.Length - offset);
            lengths.Add(length);
            offset += length;
        }

        byte[] first = new byte[32];
        Blake3Subtree.Hash(mode, input.AsSpan(0, boundary), 0, first);
        if (((boundary / Chunk) & ((boundary / Chunk) - 1)) == 0)
        {
            byte[] cvs = Merged(mode, input, [.. lengths], where);
            Assert.Equal(Hex(first), Hex(cvs.AsSpan(0, 32)));
        }
        else
        {
            Refused(mode, [.. lengths], PowerOfTwoRule, where);
        }
    }

    /// <summary>
    /// Hashes the pieces of a valid layout with Hash and with CreateHasher, Update in two parts and
    /// FinishSubtree, checks they agree, merges them with the list forms and compares with
    /// Blake3.HashData; returns the chaining values.
    /// </summary>
    private static byte[] Merged(Blake3Mode mode, byte[] input, long[] lengths, string where)
    {
        byte[] cvs = new byte[lengths.Length * 32];
        long offset = 0;
        for (int i = 0; i < lengths.Length; i++)
        {
            ReadOnlySpan<byte> piece = input.AsSpan((int)offset, (int)lengths[i]);
            Span<byte> cv = cvs.AsSpan(i * 32, 32);
            Blake3Subtree.Hash(mode, piece, offset, cv);
            Blake3HashState hasher = Blake3Subtree.CreateHasher(mode, offset);
            hasher.Update(piece[..(piece.Length / 3)]);
            hasher.Update(piece[(piece.Length / 3)..]);
            byte[] streamed = new byte[32];
            hasher.FinishSubtree(streamed);
            Assert.True(Hex(cv) == Hex(streamed), $"piece {i} incrementally, {where}");
            offset += lengths[i];
        }

        byte[] expected = OneShot(mode, input);
        byte[] output = new byte[32];
        Blake3Subtree.MergeRoot(mode, lengths, cvs, output);
        Assert.True(Hex(expected) == Hex(output), "list MergeRoot, " + where);
        using Blake3OutputReader reader = Blake3Subtree.CreateRootReader(mode, lengths, cvs);
        Assert.True(Hex(expected) == Hex(reader.Read(32)), "list CreateRootReader, " + where);
        return cvs;
    }

    private static byte[] OneShot(Blake3Mode mode, byte[] input)
    {
        byte[] output = new byte[32];
        Modes.Single(m => m.Mode.ToString() == mode.ToString()).OneShot(input, output);
        return output;
    }

    /// <summary>
    /// Asserts the list form of MergeRoot (and CreateRootReader) refuses <paramref name="lengths"/>
    /// with an ArgumentException naming subtreeLengths and, if given, the rule, writing nothing.
    /// </summary>
    private static ArgumentException Refused(Blake3Mode mode, long[] lengths, string? rule, string where)
    {
        byte[] cvs = new byte[lengths.Length * 32];
        byte[] destination = Enumerable.Repeat((byte)0xA5, 32).ToArray();
        var e = Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.MergeRoot(mode, lengths, cvs, destination));
        Assert.Throws<ArgumentException>("subtreeLengths", () => Blake3Subtree.CreateRootReader(mode, lengths, cvs));
        Assert.All(destination, b => Assert.Equal(0xA5, b));
        Assert.True(rule is null || e.Message.Contains(rule, StringComparison.Ordinal), $"{where}: expected the {rule}: {e.Message}");
        return e;
    }

    /// <summary>
    /// The tree's definition, independently of the library: every node over more than a chunk splits
    /// at the largest power-of-two number of whole chunks that leaves a byte on its right. A layout
    /// is valid when it has two or more pieces and each is a node below the root.
    /// </summary>
    private static bool IsLayoutOfNodes(long[] lengths)
    {
        if (lengths.Length < 2 || lengths.Any(n => n < 1))
        {
            return false;
        }

        var nodes = new HashSet<(long, long)>();
        Add(0, lengths.Sum());
        long offset = 0;
        foreach (long length in lengths)
        {
            if (!nodes.Contains((offset, length)))
            {
                return false;
            }

            offset += length;
        }

        return true;

        void Add(long at, long length)
        {
            if (length <= Chunk)
            {
                return;
            }

            long left = Chunk;
            while (2 * left < length)
            {
                left *= 2;
            }

            nodes.Add((at, left));
            nodes.Add((at + left, length - left));
            Add(at, left);
            Add(at + left, length - left);
        }
    }
}

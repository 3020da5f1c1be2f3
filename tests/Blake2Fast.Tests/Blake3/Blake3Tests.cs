using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// BLAKE3 against the official test vectors (Vectors/blake3-test-vectors.json, CC0, from the
/// BLAKE3 repository: every mode, 35 input lengths, 131-byte outputs) through every surface, and
/// the multi-core path against the single-thread one.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class Blake3Tests
{
    private sealed record Case(int InputLength, byte[] Hash, byte[] KeyedHash, byte[] DeriveKey);

    private static readonly Lazy<(byte[] Key, string Context, List<Case> Cases)> Vectors = new(() =>
    {
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath("blake3-test-vectors.json")));
        JsonElement root = doc.RootElement;
        List<Case> cases = root.GetProperty("cases").EnumerateArray().Select(c => new Case(
            c.GetProperty("input_len").GetInt32(),
            Convert.FromHexString(c.GetProperty("hash").GetString()!),
            Convert.FromHexString(c.GetProperty("keyed_hash").GetString()!),
            Convert.FromHexString(c.GetProperty("derive_key").GetString()!))).ToList();
        return (Encoding.ASCII.GetBytes(root.GetProperty("key").GetString()!), root.GetProperty("context_string").GetString()!, cases);
    });

    private static byte[] Key => Vectors.Value.Key;

    private static string Context => Vectors.Value.Context;

    public static TheoryData<int> InputLengths => new(Vectors.Value.Cases.Select(c => c.InputLength));

    private static Case For(int length) => Vectors.Value.Cases.Single(c => c.InputLength == length);

    /// <summary>The vectors' input: byte i is i mod 251.</summary>
    private static byte[] Input(int length) => Enumerable.Range(0, length).Select(i => (byte)(i % 251)).ToArray();

    [Fact]
    public void The_vector_file_is_complete()
    {
        Assert.Equal(35, Vectors.Value.Cases.Count);
        Assert.All(Vectors.Value.Cases, c => Assert.Equal(131, c.Hash.Length));
    }

    [Theory]
    [MemberData(nameof(InputLengths))]
    public void One_shots_give_the_official_answers(int length)
    {
        Case c = For(length);
        byte[] input = Input(length);
        Assert.Equal(Hex(c.Hash.AsSpan(0, 32)), Hex(Blake3.HashData(input)));
        foreach (int outputLength in new[] { 1, 31, 32, 33, 64, 65, 131 })
        {
            byte[] output = new byte[outputLength];
            Blake3.HashData(input, output);
            Assert.Equal(Hex(c.Hash.AsSpan(0, outputLength)), Hex(output));
            Blake3.HashData(Key, input, output);
            Assert.Equal(Hex(c.KeyedHash.AsSpan(0, outputLength)), Hex(output));
            Blake3.DeriveKey(Context, input, output);
            Assert.Equal(Hex(c.DeriveKey.AsSpan(0, outputLength)), Hex(output));
        }

        foreach (int degree in new[] { 1, 2, 3, -1 })
        {
            byte[] output = new byte[131];
            Blake3.HashData(input, output, degree);
            Assert.Equal(Hex(c.Hash), Hex(output));
            Blake3.HashData(Key, input, output, degree);
            Assert.Equal(Hex(c.KeyedHash), Hex(output));
        }
    }

    [Theory]
    [MemberData(nameof(InputLengths))]
    public void Incremental_hashing_in_awkward_pieces_gives_the_official_answers(int length)
    {
        Case c = For(length);
        byte[] input = Input(length);
        var random = new Random(length);
        int[][] plans = [[1], [63], [64], [65], [1023], [1024], [1025], [4096, 1], [.. Enumerable.Range(0, 20).Select(_ => random.Next(1, 3000))]];
        foreach (int[] plan in plans)
        {
            Blake3HashState hash = Blake3.CreateIncrementalHasher();
            Blake3HashState keyed = Blake3.CreateIncrementalHasher(Key);
            Blake3HashState derive = Blake3.CreateDeriveKeyHasher(Context);
            int offset = 0;
            for (int step = 0; offset < input.Length; step++)
            {
                int take = Math.Min(plan[step % plan.Length], input.Length - offset);
                hash.Update(input.AsSpan(offset, take));
                keyed.Update(input.AsSpan(offset, take));
                derive.Update(input.AsSpan(offset, take), 2);
                offset += take;
            }

            byte[] output = new byte[131];
            hash.Finish(output);
            Assert.True(Hex(c.Hash) == Hex(output), $"hash, pieces of {string.Join(",", plan.Take(3))}");
            keyed.Finish(output);
            Assert.Equal(Hex(c.KeyedHash), Hex(output));
            derive.Finish(output);
            Assert.Equal(Hex(c.DeriveKey), Hex(output));
        }
    }

    [Theory]
    [MemberData(nameof(InputLengths))]
    public void A_copy_forks_and_a_reader_reads_from_any_position(int length)
    {
        Case c = For(length);
        byte[] input = Input(length);
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(input.AsSpan(0, length / 2));
        Blake3HashState fork = state;
        fork.Update(input.AsSpan(length / 2));
        state.Update(input.AsSpan(length / 2));
        Assert.Equal(Hex(c.Hash.AsSpan(0, 32)), Hex(fork.Finish()));

        using Blake3OutputReader reader = state.CreateOutputReader();
        var random = new Random(length);
        for (int i = 0; i < 20; i++)
        {
            int position = random.Next(0, 131);
            int count = random.Next(0, 131 - position + 1);
            reader.Position = (ulong)position;
            Assert.Equal(Hex(c.Hash.AsSpan(position, count)), Hex(reader.Read(count)));
            Assert.Equal((ulong)(position + count), reader.Position);
        }

        // The state is still usable after a reader was made from it.
        Assert.Equal(Hex(c.Hash.AsSpan(0, 32)), Hex(state.Finish()));
    }

    [Theory]
    [MemberData(nameof(InputLengths))]
    public async Task Streams_and_hash_algorithms_give_the_official_answers(int length)
    {
        Case c = For(length);
        byte[] input = Input(length);
        Assert.Equal(Hex(c.Hash.AsSpan(0, 32)), Hex(Blake3.HashData(new ShortReadStream(input))));
        byte[] output = new byte[131];
        Blake3.HashData(new MemoryStream(input), output);
        Assert.Equal(Hex(c.Hash), Hex(output));
        Assert.Equal(Hex(c.Hash.AsSpan(0, 32)), Hex(await Blake3.HashDataAsync(new ShortReadStream(input))));
        output = new byte[131];
        await Blake3.HashDataAsync(new MemoryStream(input), output);
        Assert.Equal(Hex(c.Hash), Hex(output));

        using HashAlgorithm plain = Blake3.CreateHashAlgorithm();
        Assert.Equal(256, plain.HashSize);
        Assert.Equal(Hex(c.Hash.AsSpan(0, 32)), Hex(plain.ComputeHash(input)));
        Assert.Equal(Hex(c.Hash.AsSpan(0, 32)), Hex(plain.ComputeHash(input)));
        using HashAlgorithm keyed = Blake3.CreateHashAlgorithm(Key);
        using (var crypto = new CryptoStream(Stream.Null, keyed, CryptoStreamMode.Write))
        {
            crypto.Write(input);
        }

        Assert.Equal(Hex(c.KeyedHash.AsSpan(0, 32)), Hex(keyed.Hash!));
    }

    /// <summary>
    /// The shapes of the tree one thread builds, enumerated: every whole number of chunks from 1 to
    /// 160 and one byte more, and a few larger inputs, keyed, against the model reference (a
    /// byte-at-a-time tree that shares no code with the library). Which shapes the library meets
    /// depends on the kernel's lane count (the chaining values a subtree hands up), so every
    /// instruction-set leg runs this.
    /// </summary>
    [Fact]
    public void Every_tree_shape_up_to_160_chunks_gives_the_reference_answer()
    {
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)(i * 7)).ToArray();
        int[] large = [1000 * 1024 + 1, 4096 * 1024, (4096 * 1024) + 512 + 1];
        List<int> lengths = Enumerable.Range(1, 160).SelectMany(chunks => new[] { chunks * 1024, (chunks * 1024) + 1 }).Concat(large).ToList();
        AssertKeyedHashesMatchReference(key, lengths, seed: 160, degrees: [1]);
    }

    /// <summary>
    /// From 256 KiB a tree hashes the parents its widest lane groups leave (1 to 15 of a level) in
    /// one padded group of the widest lanes (Blake3Tree.WidestParentsMinimum), below it in
    /// narrower groups; a 32-byte output's root takes such a group too (Blake3Tree.RootBytesInLanes).
    /// Every whole number of chunks from 256 to 288 and one byte more meets every remainder from
    /// 2 to 15 at some level (counted with a model of the frontier); keyed, against the model
    /// reference, on one thread and on two (whose pieces' frontiers are joined the same way).
    /// </summary>
    [Fact]
    public void Every_tree_shape_from_256_to_288_chunks_gives_the_reference_answer_on_one_and_two_threads()
    {
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)(i * 11)).ToArray();
        List<int> lengths = Enumerable.Range(256, 33).SelectMany(chunks => new[] { chunks * 1024, (chunks * 1024) + 1 }).ToList();
        AssertKeyedHashesMatchReference(key, lengths, seed: 288, degrees: [1, 2]);
    }

    /// <summary>
    /// The keyed one-shot of the first <paramref name="lengths"/>[i] bytes of one random input
    /// (ascending lengths), on each of <paramref name="degrees"/> threads, against the model
    /// reference fed the same bytes once, in order.
    /// </summary>
    private static void AssertKeyedHashesMatchReference(byte[] key, List<int> lengths, int seed, int[] degrees)
    {
        byte[] input = new byte[lengths[^1]];
        new Random(seed).NextBytes(input);
        RefBlake3 reference = RefBlake3.Keyed(key);
        int fed = 0;
        byte[] actual = new byte[32];
        foreach (int length in lengths)
        {
            reference.Update(input.AsSpan(fed, length - fed));
            fed = length;
            string expected = Hex(reference.Clone().Finish());
            foreach (int degree in degrees)
            {
                Blake3.HashData(key, input.AsSpan(0, length), actual, degree);
                Assert.True(expected == Hex(actual), $"{length} bytes, {degree} threads");
            }
        }
    }

    /// <summary>
    /// The one-shots' short paths, enumerated: every input length from 0 to a chunk and a block
    /// (one block, one chunk in one chain or padded, the tree), every output length from 1 to 33
    /// and 64, in the three modes, against the model reference; and each written over its own
    /// input. Which path a call takes depends on both lengths, so every pair is run.
    /// </summary>
    [Fact]
    public void Every_length_up_to_a_chunk_and_a_block_gives_the_reference_answer_in_every_mode()
    {
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)(255 - i)).ToArray();
        const string context = "Blake2Fast 2026-11-26 one-shot lengths";
        byte[] input = new byte[1024 + 64];
        new Random(1088).NextBytes(input);
        RefBlake3[] references = [RefBlake3.Hash(), RefBlake3.Keyed(key), RefBlake3.DeriveKey(context)];
        int[] outputLengths = Enumerable.Range(1, 33).Append(64).ToArray();
        byte[] expected = new byte[64];
        byte[] actual = new byte[64];
        for (int length = 0; length <= input.Length; length++)
        {
            if (length > 0)
            {
                Array.ForEach(references, r => r.Update(input.AsSpan(length - 1, 1)));
            }

            ReadOnlySpan<byte> source = input.AsSpan(0, length);
            for (int mode = 0; mode < references.Length; mode++)
            {
                references[mode].RootNode().Read(0, expected);
                foreach (int outputLength in outputLengths)
                {
                    Array.Clear(actual);
                    Span<byte> destination = actual.AsSpan(0, outputLength);
                    Hash(mode, source, destination);
                    Assert.True(Hex(expected.AsSpan(0, outputLength)) == Hex(destination), $"mode {mode}, {length} bytes in, {outputLength} out");
                    Assert.All(actual.Skip(outputLength), b => Assert.Equal(0, b));

                    // Over its own input: the output's room is the input's first bytes.
                    byte[] inPlace = input.AsSpan(0, Math.Max(length, outputLength)).ToArray();
                    Hash(mode, inPlace.AsSpan(0, length), inPlace.AsSpan(0, outputLength));
                    Assert.True(Hex(expected.AsSpan(0, outputLength)) == Hex(inPlace.AsSpan(0, outputLength)), $"mode {mode}, {length} bytes in, {outputLength} out, in place");
                }
            }
        }

        void Hash(int mode, ReadOnlySpan<byte> source, Span<byte> destination)
        {
            switch (mode)
            {
                case 0: Blake3.HashData(source, destination); break;
                case 1: Blake3.HashData(key, source, destination); break;
                default: Blake3.DeriveKey(context, source, destination); break;
            }
        }
    }

    /// <summary>
    /// Subtrees that start past chunk 0 (the last subtree of an input may be any length):
    /// every whole number of chunks from 1 to 256 from chunk 256 on, and one byte more, against
    /// the model reference's chaining value of the same chunks.
    /// </summary>
    [Fact]
    public void Every_subtree_shape_from_chunk_256_gives_the_reference_chaining_value()
    {
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)(255 - i)).ToArray();
        byte[] input = new byte[256 * 1024];
        new Random(256).NextBytes(input);
        RefBlake3 reference = RefBlake3.Keyed(key).StartingAt(256);
        int fed = 0;
        byte[] actual = new byte[32];
        foreach (int length in Enumerable.Range(1, 256).SelectMany(chunks => new[] { (chunks * 1024) - 1023, chunks * 1024 }))
        {
            reference.Update(input.AsSpan(fed, length - fed));
            fed = length;
            Blake3Subtree.Hash(Blake3Mode.Keyed(key), input.AsSpan(0, length), 256 * 1024, actual);
            Assert.True(Hex(reference.Clone().SubtreeChainingValue()) == Hex(actual), $"{length} bytes");
        }
    }

    [Fact]
    public void Several_threads_give_the_single_thread_answer_on_many_tree_shapes()
    {
        var random = new Random(3);
        byte[] key = new byte[32];
        random.NextBytes(key);
        // 2 MiB splits into pieces that are all full.
        foreach (int length in new[] { 128 * 1024, (128 * 1024) + 1, (3 * 1024 * 1024) + 77, 5 * 1024 * 1024, (1 << 20) - 1, 2 << 20 })
        {
            byte[] input = new byte[length];
            random.NextBytes(input);
            byte[] expected = new byte[40];
            Blake3HashState reference = Blake3.CreateIncrementalHasher(key);
            for (int offset = 0; offset < length; offset += 1000)
            {
                reference.Update(input.AsSpan(offset, Math.Min(1000, length - offset)));
            }

            reference.Finish(expected);
            foreach (int degree in new[] { 1, 2, 3, 16, -1 })
            {
                byte[] actual = new byte[40];
                Blake3.HashData(key, input, actual, degree);
                Assert.Equal(Hex(expected), Hex(actual));
                Blake3HashState incremental = Blake3.CreateIncrementalHasher(key);
                incremental.Update(input.AsSpan(0, 5000), degree);
                incremental.Update(input.AsSpan(5000), degree);
                Assert.Equal(Hex(expected), Hex(Finish(incremental, 40)));
            }
        }
    }

    [Fact]
    public void Two_hundred_fifty_six_threads_reach_the_cap_on_pieces_and_give_the_single_thread_answer()
    {
        // 65 MiB + 5 at 256 threads would make 1,041 pieces of 64 KiB: the cap (1,024) doubles
        // their length and leaves a short last one. One length and one degree: the input is large,
        // and the scalar, portable and emulated ARM64 legs run this too. Every other length and
        // degree of the plan: WorkPlanTests.
        byte[] input = new byte[(65 << 20) + 5];
        new Random(17).NextBytes(input);
        Assert.Equal(128 * 1024, Blake3Tree.PieceLength(input.Length, 256));
        Blake3HashState reference = Blake3.CreateIncrementalHasher();
        for (int offset = 0; offset < input.Length; offset += 1000)
        {
            reference.Update(input.AsSpan(offset, Math.Min(1000, input.Length - offset)));
        }

        byte[] expected = new byte[32];
        reference.Finish(expected);
        byte[] actual = new byte[32];
        Blake3.HashData(input, actual, 256);
        Assert.Equal(Hex(expected), Hex(actual));
    }

    /// <summary>
    /// An empty context is legal BLAKE3 (it once reached UTF8Encoding.GetBytes as a null pointer and
    /// threw ArgumentNullException). Expected values from Debian's b3sum 1.3.1:
    /// <c>printf abc | b3sum --derive-key ""</c> and <c>printf '' | b3sum --derive-key "" --length 64</c>.
    /// </summary>
    [Theory]
    [InlineData("abc", "d748f5acddafe4daf90a8d64e8e84297acd693f79c14d6afd6f7e8d9aa37e597")]
    [InlineData("", "741011989511e0d6b52532320d9edb6c0def0ab7e832b99bcc1259591ce2d75b701d666214c39da11895511954dcc5a5c17e030a4db02e7fb04c0e3230283515")]
    public void An_empty_context_derives_what_b3sum_derives(string material, string expected)
    {
        byte[] input = System.Text.Encoding.ASCII.GetBytes(material);
        byte[] output = new byte[expected.Length / 2];
        Blake3.DeriveKey("", input, output);
        Assert.Equal(expected, Hex(output));

        Blake3HashState state = Blake3.CreateDeriveKeyHasher(string.Empty);
        state.Update(input);
        byte[] incremental = new byte[output.Length];
        state.Finish(incremental);
        Assert.Equal(expected, Hex(incremental));
    }

    [Fact]
    public void Bad_input_is_refused_and_nothing_is_written()
    {
        byte[] destination = Filled(32);
        Assert.Throws<ArgumentException>("key", () => Blake3.HashData(new byte[31], [1], destination));
        Assert.Throws<ArgumentException>("key", () => Blake3.HashData(new byte[33], [1], destination, 2));
        Assert.Throws<ArgumentException>("key", () => Blake3.CreateIncrementalHasher(new byte[16]));
        Assert.Throws<ArgumentException>("key", () => Blake3.CreateHashAlgorithm([]));
        Assert.Throws<ArgumentException>("destination", () => Blake3.HashData([1], Span<byte>.Empty));
        Assert.Throws<ArgumentException>("destination", () => Blake3.DeriveKey("c", [1], Span<byte>.Empty));
        Assert.Throws<ArgumentNullException>("context", () => Blake3.DeriveKey(null!, [1], destination));
        Assert.Throws<ArgumentNullException>("context", () => Blake3.CreateDeriveKeyHasher(null!));
        Assert.Throws<ArgumentNullException>("source", () => Blake3.HashData((Stream)null!, destination));
        Assert.Throws<ArgumentException>("source", () => Blake3.HashData(new UnreadableStream(), destination));
        Assert.Throws<ArgumentOutOfRangeException>("maxDegreeOfParallelism", () => Blake3.HashData([1], destination, 0));
        Assert.Throws<ArgumentOutOfRangeException>("maxDegreeOfParallelism", () => Blake3.HashData([1], destination, -2));
        Assert.All(destination, x => Assert.Equal(0xA5, x));

        Blake3HashState unset = default;
        Assert.Throws<InvalidOperationException>(() => unset.Update([1]));
        Assert.Throws<InvalidOperationException>(() => unset.Finish());
        Blake3HashState finished = Blake3.CreateIncrementalHasher();
        finished.Finish();
        Assert.Throws<InvalidOperationException>(() => finished.Update([1]));
        Assert.Throws<InvalidOperationException>(() => finished.Finish(new byte[1]));
        Assert.Throws<InvalidOperationException>(() => finished.CreateOutputReader());
        Blake3HashState live = Blake3.CreateIncrementalHasher();
        Assert.Throws<ArgumentException>("destination", () => live.Finish(Span<byte>.Empty));
        Assert.Throws<ArgumentOutOfRangeException>("maxDegreeOfParallelism", () => live.Update([1], 0));

        using Blake3OutputReader reader = live.CreateOutputReader();
        reader.Position = ulong.MaxValue - 9;
        Assert.Equal(10, reader.Read(10).Length);
        Assert.Equal(0UL, reader.Position);
        reader.Position = ulong.MaxValue - 9;
        byte[] beyond = Filled(11);
        Assert.Throws<InvalidOperationException>(() => reader.Read(beyond));
        Assert.All(beyond, x => Assert.Equal(0xA5, x));
        reader.Dispose();
        Assert.Throws<ObjectDisposedException>(() => reader.Read(1));

        static byte[] Filled(int length) => Enumerable.Repeat((byte)0xA5, length).ToArray();
    }

    [Fact]
    public void Finish_and_Clear_erase_the_key()
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher(Key);
        state.Update(Input(3000));
        Blake3HashState copy = state;
        copy.Clear();
        Assert.All(Bytes(ref copy), x => Assert.Equal(0, x));
        state.Finish();
        Assert.True(Bytes(ref state).Count(x => x != 0) <= 1, "only the status may remain after Finish");

        static byte[] Bytes(ref Blake3HashState s) =>
            System.Runtime.InteropServices.MemoryMarshal.AsBytes(new Span<Blake3HashState>(ref s)).ToArray();
    }

    [OptimizedLibraryFact]
    public void Span_one_shots_and_Update_allocate_nothing_on_one_thread()
    {
        byte[] source = Input(70_000);
        byte[] destination = new byte[100];
        byte[] key = new byte[32];
        void Run()
        {
            Blake3.HashData(source, destination);
            Blake3.HashData(key, source, destination);
            Blake3.DeriveKey("context", source, destination);
            Blake3HashState state = Blake3.CreateIncrementalHasher();
            state.Update(source.AsSpan(0, 3333));
            state.Update(source.AsSpan(3333));
            state.Finish(destination);
        }

        for (int i = 0; i < 20; i++)
        {
            Run();
        }

        Assert.Equal(0, AllocationMeter.LeastAllocated(Run, 50));
    }

    private static byte[] Finish(Blake3HashState state, int length)
    {
        byte[] output = new byte[length];
        state.Finish(output);
        return output;
    }

    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);
}

using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>
/// <see cref="Blake3Subtree.HashChunks"/>: every chunk's chaining value in the SIMD lanes. Checked
/// against the official vectors (the values, merged as a list of one-chunk subtrees, give the
/// official hash, keyed hash and derived key of every vector length) and against each chunk hashed
/// alone, at lengths around every lane-group size and at offsets near and far; refusals write nothing.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake3SubtreeChunkTests
{
    private const int Chunk = 1024;

    private static (byte[] Key, string Context, List<(int Length, byte[] Hash, byte[] Keyed, byte[] Derived)> Cases) Vectors => Blake3SubtreeTests.Vectors.Value;

    private static IEnumerable<(string Name, Blake3Mode Mode)> Modes() =>
    [
        ("hash", Blake3Mode.Hash),
        ("keyed", Blake3Mode.Keyed(Vectors.Key)),
        ("derive", Blake3Mode.DeriveKey(Vectors.Context)),
    ];

    [Theory]
    [MemberData(nameof(Blake3SubtreeTests.TreeLengths), MemberType = typeof(Blake3SubtreeTests))]
    public void Chunk_values_merged_as_a_list_give_the_official_answers(int length)
    {
        var c = Vectors.Cases.Single(x => x.Length == length);
        byte[] input = Blake3SubtreeTests.VectorInput(length);
        int chunks = (length + Chunk - 1) / Chunk;
        long[] lengths = Enumerable.Range(0, chunks).Select(i => (long)Math.Min(Chunk, length - (i * Chunk))).ToArray();
        foreach ((string name, Blake3Mode mode) in Modes())
        {
            byte[] values = new byte[chunks * 32];
            Assert.Equal(chunks * 32, Blake3Subtree.HashChunks(mode, input, 0, values));
            byte[] root = new byte[32];
            Blake3Subtree.MergeRoot(mode, lengths, values, root);
            byte[] expected = name switch { "hash" => c.Hash, "keyed" => c.Keyed, _ => c.Derived };
            Assert.True(expected.AsSpan(0, 32).SequenceEqual(root), $"{name}, {length} bytes");
        }
    }

    /// <summary>Lengths around every lane-group size (4, 8, 16 lanes and what they leave) and partial last chunks.</summary>
    public static TheoryData<int, long> LengthsAndOffsets()
    {
        var data = new TheoryData<int, long>();
        int[] chunkCounts = [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 64, 65];
        int[] tails = [-1, 0, 1, 1023];
        long[] offsets = [0, Chunk, 7 * Chunk, 1L << 40];
        foreach (int count in chunkCounts)
        {
            foreach (int tail in tails)
            {
                int length = (count * Chunk) + tail;
                if (length < 0 || (tail == 1023 && count > 33))
                {
                    continue;
                }

                foreach (long offset in offsets)
                {
                    data.Add(length, offset);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(LengthsAndOffsets))]
    public void Each_value_is_the_chunk_hashed_alone(int length, long offset)
    {
        byte[] input = new byte[length];
        new Random(length ^ (int)(offset >> 10)).NextBytes(input);
        int chunks = (length + Chunk - 1) / Chunk;
        foreach ((string name, Blake3Mode mode) in Modes())
        {
            // One spare value's room, which must stay as it was.
            byte[] values = Enumerable.Repeat((byte)0xA5, (chunks + 1) * 32).ToArray();
            Assert.Equal(chunks * 32, Blake3Subtree.HashChunks(mode, input, offset, values));
            for (int i = 0; i < chunks; i++)
            {
                byte[] alone = new byte[32];
                Blake3Subtree.Hash(mode, input.AsSpan(i * Chunk, Math.Min(Chunk, length - (i * Chunk))), offset + (i * Chunk), alone);
                Assert.True(alone.AsSpan().SequenceEqual(values.AsSpan(i * 32, 32)), $"{name}, {length} bytes at {offset}: chunk {i}");
            }

            Assert.All(values.Skip(chunks * 32), b => Assert.Equal(0xA5, b));
        }
    }

    [Fact]
    public void Refusals_name_the_parameter_and_write_nothing()
    {
        byte[] input = new byte[(3 * Chunk) + 5];
        new Random(4).NextBytes(input);
        byte[] values = Enumerable.Repeat((byte)0x5A, 4 * 32).ToArray();

        Assert.Equal("inputOffset", Assert.Throws<ArgumentOutOfRangeException>(() => Blake3Subtree.HashChunks(Blake3Mode.Hash, input, -Chunk, values)).ParamName);
        Assert.Equal("inputOffset", Assert.Throws<ArgumentException>(() => Blake3Subtree.HashChunks(Blake3Mode.Hash, input, 512, values)).ParamName);
        Assert.Equal("chainingValues", Assert.Throws<ArgumentException>(() => Blake3Subtree.HashChunks(Blake3Mode.Hash, input, 0, values.AsSpan(0, (4 * 32) - 1))).ParamName);
        Assert.All(values, b => Assert.Equal(0x5A, b));

        // The destination inside the input: refused, the input untouched.
        byte[] shared = (byte[])input.Clone();
        Assert.Equal("chainingValues", Assert.Throws<ArgumentException>(() => Blake3Subtree.HashChunks(Blake3Mode.Hash, shared.AsSpan(0, 2 * Chunk), 0, shared.AsSpan(Chunk, 64))).ParamName);
        Assert.Equal(input, shared);

        // No chunk: nothing to write, even into an empty destination.
        Assert.Equal(0, Blake3Subtree.HashChunks(Blake3Mode.Hash, ReadOnlySpan<byte>.Empty, Chunk, Span<byte>.Empty));
    }
}

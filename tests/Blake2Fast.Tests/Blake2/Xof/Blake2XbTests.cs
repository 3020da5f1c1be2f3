using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;
using Blake2XbKernel = Blake2Fast.Kernels.Blake2XKernel;
using Blake2XbKernels = Blake2Fast.Kernels.Blake2XKernels<ulong>;

namespace Blake2Fast.Tests;

public class Blake2XbTests
{
    private const int Block = 64;
    private const int LaneGroup = 4 * Block;

    /// <summary>The output kernels this machine (and runtime configuration) can run.</summary>
    public static TheoryData<int> SupportedKernels()
    {
        var data = new TheoryData<int>();
        foreach (Blake2XbKernel kernel in Enum.GetValues<Blake2XbKernel>().Where(Blake2XbKernels.IsSupported))
        {
            data.Add((int)kernel);
        }

        return data;
    }

    [Fact]
    public void Official_kat_one_shot()
    {
        foreach (KatCase c in KnownAnswerTests.RequireKat("blake2xb"))
        {
            byte[] actual = Blake2Xb.HashData(c.Key, c.Input, c.Expected.Length);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), c.ToString());
        }
    }

    [Fact]
    public void Official_kat_span_and_incremental()
    {
        foreach (KatCase c in KnownAnswerTests.RequireKat("blake2xb"))
        {
            byte[] actual = new byte[c.Expected.Length];
            if (c.Key.Length == 0)
            {
                Blake2Xb.HashData(c.Input, actual);
            }
            else
            {
                Blake2Xb.HashData(c.Key, c.Input, actual);
            }

            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), "span " + c);

            Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasher(c.Expected.Length, c.Key);
            int half = c.Input.Length / 2;
            hasher.Update(c.Input.AsSpan(0, half));
            hasher.Update(c.Input.AsSpan(half));
            using Blake2XbReader reader = hasher.Finish();
            Assert.True(c.Expected.AsSpan().SequenceEqual(reader.Read(c.Expected.Length)), "incremental " + c);
            Assert.Equal(0, reader.Remaining);
        }
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void Official_kat_every_kernel(int kernel)
    {
        foreach (KatCase c in KnownAnswerTests.RequireKat("blake2xb"))
        {
            byte[] actual = new byte[c.Expected.Length];
            Blake2Xb.HashData(c.Key, c.Input, actual, (Blake2XbKernel)kernel);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), $"{(Blake2XbKernel)kernel} {c}");
        }
    }

    public static TheoryData<int> ParamCaseIndexes() => Indexes(TestData.ParamCases("blake2xb").Count);

    [Theory]
    [MemberData(nameof(ParamCaseIndexes))]
    public void Parameter_vectors(int index)
    {
        ParamCase c = TestData.ParamCases("blake2xb")[index];
        var parameters = new Blake2bParameters { Key = c.Key, Salt = c.Salt, Personalization = c.Personalization };
        Assert.Equal(c.DigestLength, c.Expected.Length);
        if (c.XofLength == uint.MaxValue)
        {
            // Length unknown when hashing starts, fixed at the end as the reference's final call does.
            Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasherForUnknownLength(parameters);
            Assert.Null(hasher.OutputLength);
            hasher.Update(c.Input);
            using Blake2XbReader reader = hasher.Finish(c.DigestLength);
            Assert.Equal(Convert.ToHexStringLower(c.Expected), Convert.ToHexStringLower(reader.Read(c.DigestLength)));
        }
        else
        {
            Assert.Equal(c.XofLength, c.DigestLength);
            Assert.Equal(Convert.ToHexStringLower(c.Expected), Convert.ToHexStringLower(Blake2Xb.HashData(parameters, c.Input, c.DigestLength)));

            byte[] span = new byte[c.DigestLength];
            Assert.Equal(c.DigestLength, Blake2Xb.HashData(parameters, c.Input, span));
            Assert.Equal(c.Expected, span);

            Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasher(c.DigestLength, parameters);
            Assert.Equal(c.DigestLength, hasher.OutputLength);
            foreach (byte b in c.Input)
            {
                hasher.Update(b);
            }

            using Blake2XbReader reader = hasher.Finish();
            Assert.Equal(c.Expected, ReadInPieces(reader, c.DigestLength, new Random(index)));
        }
    }

    [Fact]
    public void Parameter_vectors_cover_long_and_unknown_lengths()
    {
        IReadOnlyList<ParamCase> cases = TestData.ParamCases("blake2xb");
        Assert.Contains(cases, c => c.XofLength == uint.MaxValue);
        Assert.Contains(cases, c => c.DigestLength > 2 * LaneGroup);
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void Parameter_vectors_every_kernel(int kernel)
    {
        foreach (ParamCase c in TestData.ParamCases("blake2xb").Where(c => c.XofLength != uint.MaxValue && c.Salt.Length == 0 && c.Personalization.Length == 0))
        {
            byte[] actual = new byte[c.DigestLength];
            Blake2Xb.HashData(c.Key, c.Input, actual, (Blake2XbKernel)kernel);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), c.ToString());
        }

        // Salt and personalization reach the output blocks' parameter blocks through the hasher.
        foreach (ParamCase c in TestData.ParamCases("blake2xb").Where(c => c.XofLength != uint.MaxValue))
        {
            var hasher = new Blake2XbHashState(c.Key, c.Salt, c.Personalization, (ulong)c.DigestLength, (Blake2XbKernel)kernel);
            Assert.Equal((Blake2XbKernel)kernel, hasher.Kernel);
            hasher.Update(c.Input);
            using Blake2XbReader reader = hasher.Finish();
            Assert.True(c.Expected.AsSpan().SequenceEqual(reader.Read(c.DigestLength)), c.ToString());
        }
    }

    public static TheoryData<int, int> KernelsAndLengths()
    {
        var data = new TheoryData<int, int>();
        foreach (int kernel in SupportedKernels())
        {
            foreach (int length in new[] { 1, 63, 64, 65, 255, 256, 257, 319, 320, 511, 512, 513, 1000, 4096, 4097 + LaneGroup, 100_000 })
            {
                data.Add(kernel, length);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(KernelsAndLengths))]
    public void Every_kernel_matches_the_scalar_path(int kernel, int length)
    {
        byte[] key = Enumerable.Range(0, 40).Select(i => (byte)(i * 7)).ToArray();
        byte[] input = Enumerable.Range(0, 300).Select(i => (byte)i).ToArray();
        byte[] scalar = new byte[length];
        byte[] actual = new byte[length];
        Blake2Xb.HashData(key, input, scalar, Blake2XbKernel.Scalar);
        Blake2Xb.HashData(key, input, actual, (Blake2XbKernel)kernel);
        Assert.Equal(scalar, actual);
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void Every_kernel_matches_the_scalar_path_at_the_highest_node_offsets(int kernel)
    {
        // Blocks up to node offset 2^32-1, the last a 32-bit offset can name: no lane may wrap or carry.
        byte[] h0 = Enumerable.Range(0, Block).Select(i => (byte)(255 - i)).ToArray();
        byte[] chain = new byte[64];
        default(Blake2bVariant).InitializeChain(chain, new Blake2Settings { DigestLength = Block, LeafLength = Block, InnerLength = Block, NodeOffset = (ulong)uint.MaxValue << 32 });
        ReadOnlySpan<ulong> words = System.Runtime.InteropServices.MemoryMarshal.Cast<byte, ulong>(chain);
        const int count = 13;
        uint first = uint.MaxValue - count + 1;
        byte[] expected = new byte[count * Block];
        byte[] actual = new byte[count * Block];
        Blake2XbKernels.WriteBlocks(Blake2XbKernel.Scalar, h0, words, first, count, expected);
        Blake2XbKernels.WriteBlocks((Blake2XbKernel)kernel, h0, words, first, count, actual);
        Assert.Equal(expected, actual);

        // And the scalar path agrees with a block computed on its own at the very last offset.
        byte[] last = new byte[Block];
        Blake2XbKernels.WriteBlock(h0, words, uint.MaxValue, Block, last);
        Assert.Equal(expected.AsSpan((count - 1) * Block).ToArray(), last);
    }

    [Fact]
    public void Kernel_selector_is_consistent_and_require_refuses_what_cannot_run()
    {
        Assert.True(Blake2XbKernels.IsSupported(Blake2XbKernels.Best));
        Assert.True(Blake2XbKernels.IsSupported(Blake2XbKernel.Scalar));
        foreach (Blake2XbKernel kernel in Enum.GetValues<Blake2XbKernel>().Append((Blake2XbKernel)99))
        {
            if (Blake2XbKernels.IsSupported(kernel))
            {
                Assert.Equal(kernel, Blake2XbKernels.Require(kernel));
                Assert.True(kernel <= Blake2XbKernels.Best, "Best is the most capable supported kernel");
            }
            else
            {
                Assert.Throws<PlatformNotSupportedException>(() => Blake2XbKernels.Require(kernel));
                Assert.Throws<PlatformNotSupportedException>(() => Blake2Xb.HashData(ReadOnlySpan<byte>.Empty, "x"u8, new byte[10], kernel));
            }
        }
    }

    public static TheoryData<int> Seeds() => Indexes(8);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Any_split_of_the_output_equals_the_one_shot(int seed)
    {
        var random = new Random(seed);
        byte[] input = new byte[random.Next(0, 600)];
        random.NextBytes(input);
        int length = random.Next(1, 5000);
        byte[] expected = Blake2Xb.HashData(input, length);

        Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasher(length);
        hasher.Update(input);
        using Blake2XbReader reader = hasher.Finish();
        Assert.Equal(expected, ReadInPieces(reader, length, random));
        Assert.Equal(length, reader.Position);
        Assert.Equal(0, reader.Remaining);
    }

    public static TheoryData<int[]> SplitPatterns() => new()
    {
        // One byte at a time through several lane groups.
        Enumerable.Repeat(1, 3 * LaneGroup + 5).ToArray(),
        // Reads that straddle blocks, then lane groups, then a short tail.
        new[] { 63, 2, 127, 1, LaneGroup - 1, 2, LaneGroup + 1, 3 * LaneGroup, 7, 64, 64, 1 },
        new[] { 1, LaneGroup, LaneGroup + Block - 1, 5 * LaneGroup - 3, 33 },
        new[] { 0, 64, 0, 3 * Block + 1, 2 * LaneGroup + 31, 1, 2 },
    };

    [Theory]
    [MemberData(nameof(SplitPatterns))]
    public void Block_and_lane_group_straddling_reads_equal_the_one_shot(int[] pattern)
    {
        int length = pattern.Sum();
        byte[] input = "split reads"u8.ToArray();
        byte[] expected = Blake2Xb.HashData(input, length);
        byte[] actual = new byte[length];

        Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasher(length);
        hasher.Update(input);
        using Blake2XbReader reader = hasher.Finish();
        int position = 0;
        foreach (int piece in pattern)
        {
            reader.Read(actual.AsSpan(position, piece));
            position += piece;
        }

        Assert.Equal(expected, actual);
    }

    [Fact]
    public void Unknown_length_stream_is_a_prefix_of_whole_block_outputs()
    {
        byte[] input = "stream"u8.ToArray();
        const int total = 5 * LaneGroup + 3 * Block;

        Blake2XbHashState fixedAtEnd = Blake2Xb.CreateIncrementalHasherForUnknownLength();
        fixedAtEnd.Update(input);
        using Blake2XbReader whole = fixedAtEnd.Finish(total);
        byte[] expected = whole.Read(total);

        Blake2XbHashState streaming = Blake2Xb.CreateIncrementalHasherForUnknownLength();
        streaming.Update(input);
        using Blake2XbReader stream = streaming.Finish();
        Assert.Equal(Blake2Xb.MaxUnknownOutputLength, stream.Length);
        Assert.Equal(expected, ReadInPieces(stream, total, new Random(5)));

        // The declared-length output of the same size is a different function of the input.
        Assert.NotEqual(expected, Blake2Xb.HashData(input, total));

        // A length fixed at the end that is not a whole number of blocks shortens the last block,
        // so its tail differs from the stream's.
        Blake2XbHashState shortened = Blake2Xb.CreateIncrementalHasherForUnknownLength();
        shortened.Update(input);
        using Blake2XbReader reader = shortened.Finish(Block + 10);
        byte[] tail = reader.Read(Block + 10);
        Assert.Equal(expected.AsSpan(0, Block).ToArray(), tail.AsSpan(0, Block).ToArray());
        Assert.NotEqual(expected.AsSpan(Block, 10).ToArray(), tail.AsSpan(Block, 10).ToArray());
    }

    [Fact]
    public void Bad_lengths_are_rejected_with_the_parameter_and_range()
    {
        AssertOutOfRange("outputLength", "4294967295", () => Blake2Xb.CreateIncrementalHasher(0));
        AssertOutOfRange("outputLength", "4294967295", () => Blake2Xb.CreateIncrementalHasher(-1));
        AssertOutOfRange("outputLength", "4294967295", () => Blake2Xb.CreateIncrementalHasher(1L << 32));
        AssertOutOfRange("outputLength", "4294967295", () => Blake2Xb.CreateIncrementalHasher(1L << 32, new Blake2bParameters()));
        AssertOutOfRange("outputLength", "2147483647", () => Blake2Xb.HashData("x"u8, 0));
        AssertOutOfRange("outputLength", "2147483647", () => Blake2Xb.HashData("k"u8, "x"u8, -5));
        AssertOutOfRange("destination", "4294967295", () => Blake2Xb.HashData("x"u8, Span<byte>.Empty));
        AssertOutOfRange("destination", "4294967295", () => Blake2Xb.HashData(new Blake2bParameters(), "x"u8, Span<byte>.Empty));

        ArgumentException key = Assert.Throws<ArgumentException>(() => Blake2Xb.HashData(new byte[65], "x"u8, 10));
        Assert.Equal("key", key.ParamName);
        Assert.Throws<ArgumentException>(() => Blake2Xb.CreateIncrementalHasher(10, new byte[65]));
        Assert.Throws<ArgumentException>(() => Blake2Xb.CreateIncrementalHasherForUnknownLength(new byte[65]));

        Blake2XbHashState unknown = Blake2Xb.CreateIncrementalHasherForUnknownLength();
        AssertOutOfRange("outputLength", "274877906944", () => unknown.Finish(0));
        AssertOutOfRange("outputLength", "274877906944", () => unknown.Finish((64L << 32) + 1));
        Blake2XbHashState declared = Blake2Xb.CreateIncrementalHasher(100);
        AssertOutOfRange("outputLength", "100", () => declared.Finish(99));

        // A failed Finish leaves the state usable.
        declared.Update("x"u8);
        using Blake2XbReader reader = declared.Finish(100);
        Assert.Equal(Blake2Xb.HashData("x"u8, 100), reader.Read(100));
    }

    [Fact]
    public void Parameters_with_digest_length_or_tree_fields_are_refused()
    {
        Blake2bParameters[] refused =
        [
            new() { DigestLength = 32 },
            new() { FanOut = 0 },
            new() { MaxDepth = 2 },
            new() { LeafLength = 64 },
            new() { NodeOffset = 1 },
            new() { NodeDepth = 1 },
            new() { InnerLength = 64 },
            new() { IsLastNode = true },
        ];
        foreach (Blake2bParameters parameters in refused)
        {
            Assert.Equal("parameters", Assert.Throws<ArgumentException>(() => Blake2Xb.HashData(parameters, "x"u8, 10)).ParamName);
            Assert.Throws<ArgumentException>(() => Blake2Xb.HashData(parameters, "x"u8, new byte[10]));
            Assert.Throws<ArgumentException>(() => Blake2Xb.CreateIncrementalHasher(10, parameters));
            Assert.Throws<ArgumentException>(() => Blake2Xb.CreateIncrementalHasherForUnknownLength(parameters));
        }

        Assert.Contains("FanOut = 3", Assert.Throws<ArgumentException>(() => Blake2Xb.HashData(new Blake2bParameters { FanOut = 3 }, "x"u8, 10)).Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentNullException>(() => Blake2Xb.HashData((Blake2bParameters)null!, "x"u8, 10));
    }

    [Fact]
    public void Reading_past_the_end_throws_and_writes_nothing()
    {
        Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasher(100);
        hasher.Update("abc"u8);
        using Blake2XbReader reader = hasher.Finish();
        reader.Read(new byte[30]);

        byte[] destination = Enumerable.Repeat((byte)0xEE, 71).ToArray();
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => reader.Read(destination)).ParamName);
        Assert.All(destination, b => Assert.Equal(0xEE, b));
        Assert.Equal(30, reader.Position);
        Assert.Throws<ArgumentException>(() => reader.Read(71));

        // The rest is still there, and then nothing more.
        Assert.Equal(Blake2Xb.HashData("abc"u8, 100).AsSpan(30).ToArray(), reader.Read(70));
        reader.Read(Span<byte>.Empty);
        Assert.Throws<ArgumentException>(() => reader.Read(new byte[1]));
        Assert.Throws<ArgumentOutOfRangeException>(() => reader.Read(-1));
    }

    [Fact]
    public void Update_after_reading_started_and_use_after_dispose_throw()
    {
        Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasher(10);
        hasher.Update("abc"u8);
        Blake2XbReader reader = hasher.Finish();
        Assert.Throws<InvalidOperationException>(() => hasher.Update("d"u8));
        Assert.Throws<InvalidOperationException>(() => hasher.Update(42));
        Assert.Throws<InvalidOperationException>(() => hasher.Finish());
        Assert.Null(hasher.OutputLength);

        reader.Dispose();
        Assert.Throws<ObjectDisposedException>(() => reader.Read(new byte[1]));
        reader.Dispose();

        Blake2XbHashState uninitialized = default;
        Assert.Throws<InvalidOperationException>(() => uninitialized.Update("x"u8));
        Assert.Throws<InvalidOperationException>(() => uninitialized.Finish());

        Blake2XbHashState cleared = Blake2Xb.CreateIncrementalHasher(10, new byte[] { 1, 2, 3 });
        cleared.Clear();
        Assert.Throws<InvalidOperationException>(() => cleared.Update("x"u8));
    }

    [Fact]
    public void Generic_updates_hash_the_memory_bytes()
    {
        int[] values = [1, -2, 0x01020304];
        byte[] bytes = System.Runtime.InteropServices.MemoryMarshal.AsBytes(values.AsSpan()).ToArray();
        byte[] expected = Blake2Xb.HashData([.. bytes, .. bytes, .. bytes, .. BitConverter.GetBytes(7L)], 200);

        Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasher(200);
        hasher.Update(values);
        hasher.Update(new ArraySegment<int>(values));
        hasher.Update<int>(values.AsSpan());
        hasher.Update(7L);
        using Blake2XbReader reader = hasher.Finish();
        Assert.Equal(expected, reader.Read(200));
    }

    [Fact]
    public void Copying_the_hasher_forks_it()
    {
        Blake2XbHashState a = Blake2Xb.CreateIncrementalHasher(300, "key"u8);
        a.Update("common "u8);
        Blake2XbHashState b = a;
        a.Update("left"u8);
        b.Update("right"u8);
        using Blake2XbReader left = a.Finish();
        using Blake2XbReader right = b.Finish();
        Assert.Equal(Blake2Xb.HashData("key"u8, "common left"u8, 300), left.Read(300));
        Assert.Equal(Blake2Xb.HashData("key"u8, "common right"u8, 300), right.Read(300));
    }

    [Fact]
    public void Secrets_and_h0_are_zeroed()
    {
        byte[] key = Enumerable.Repeat((byte)0xA5, 64).ToArray();
        Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasher(1000, key);
        hasher.Update("secret input"u8);
        Assert.True(Contains(AsBytes(ref hasher), key.AsSpan(0, 16)));

        Blake2XbReader reader = hasher.Finish();
        Assert.False(Contains(AsBytes(ref hasher), key.AsSpan(0, 16)));
        Assert.True(AsBytes(ref hasher).Count(b => b != 0) <= 2, "only the status and kernel bytes may stay");

        reader.Read(new byte[100]);
        Span<byte> output = MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref reader.Output, 1));
        Assert.True(output.IndexOfAnyExcept((byte)0) >= 0);
        reader.Dispose();
        Assert.True(output.IndexOfAnyExcept((byte)0) < 0);

        Blake2XbHashState cleared = Blake2Xb.CreateIncrementalHasher(1000, key);
        cleared.Clear();
        Assert.True(AsBytes(ref cleared).All(b => b == 0));
    }

    internal static byte[] ReadInPieces(Blake2XbReader reader, int length, Random random)
    {
        byte[] output = new byte[length];
        int position = 0;
        while (position < length)
        {
            int piece = Math.Min(length - position, random.Next(4) switch
            {
                0 => 1,
                1 => random.Next(1, Block + 2),
                2 => random.Next(LaneGroup - 2, LaneGroup + 3),
                _ => random.Next(1, 3 * LaneGroup),
            });
            reader.Read(output.AsSpan(position, piece));
            position += piece;
        }

        return output;
    }

    internal static TheoryData<int> Indexes(int count)
    {
        var data = new TheoryData<int>();
        for (int i = 0; i < count; i++)
        {
            data.Add(i);
        }

        return data;
    }

    private static byte[] AsBytes(ref Blake2XbHashState state) => MemoryMarshal.AsBytes(MemoryMarshal.CreateSpan(ref state, 1)).ToArray();

    private static bool Contains(byte[] haystack, ReadOnlySpan<byte> needle) => haystack.AsSpan().IndexOf(needle) >= 0;

    private static void AssertOutOfRange(string paramName, string rangeEnd, Action action)
    {
        ArgumentOutOfRangeException e = Assert.Throws<ArgumentOutOfRangeException>(action);
        Assert.Equal(paramName, e.ParamName);
        Assert.Contains(rangeEnd, e.Message, StringComparison.Ordinal);
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// BLAKE2Xb and BLAKE2Xs, each test written once over both (<see cref="XofApi"/>): the official KAT
/// and the parameter vectors through every surface and output kernel, reads split anywhere, the
/// unknown-length mode, bad input and erasure.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake2XTests
{
    /// <summary>The output kernels this machine (and runtime configuration) can run, for each family.</summary>
    public static TheoryData<string, int> SupportedKernels() => new(from x in XofApi.All from k in x.Kernels.Supported() select (x.Name, (int)k));

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Constants_are_the_specifications(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        Assert.Equal(x.Spec.BlockLength, x.Type.Value<int>("OutputBlockLength"));
        Assert.Equal(x.Spec.MaxOutputLength, Convert.ToInt64(x.Type.Value<object>("MaxOutputLength"), CultureInfo.InvariantCulture));
        Assert.Equal(x.Spec.MaxKeyLength, x.Type.Value<int>("MaxKeyLength"));

        // The unknown-length mode reads up to 2^32 output blocks.
        Assert.Equal((long)x.Spec.BlockLength << 32, x.Type.Value<long>("MaxUnknownOutputLength"));
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Official_kat_one_shot(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        foreach (KatCase c in KnownAnswerTests.RequireKat(algorithm))
        {
            byte[] actual = x.HashData(c.Key, c.Input, c.Expected.Length);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), c.ToString());
        }
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Official_kat_span_and_incremental(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        foreach (KatCase c in KnownAnswerTests.RequireKat(algorithm))
        {
            byte[] actual = new byte[c.Expected.Length];
            if (c.Key.Length == 0)
            {
                x.HashData(c.Input, actual);
            }
            else
            {
                x.HashData(c.Key, c.Input, actual);
            }

            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), "span " + c);

            IXofHasher hasher = x.CreateIncrementalHasher(c.Expected.Length, c.Key);
            int half = c.Input.Length / 2;
            hasher.Update(c.Input.AsSpan(0, half));
            hasher.Update(c.Input.AsSpan(half));
            using IXofReader reader = hasher.Finish();
            Assert.True(c.Expected.AsSpan().SequenceEqual(reader.Read(c.Expected.Length)), "incremental " + c);
            Assert.Equal(0, reader.Remaining);
        }
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void Official_kat_every_kernel(string algorithm, int kernel)
    {
        XofApi x = XofApi.Get(algorithm);
        foreach (KatCase c in KnownAnswerTests.RequireKat(algorithm))
        {
            byte[] actual = new byte[c.Expected.Length];
            x.HashData(c.Key, c.Input, actual, (byte)kernel);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), $"{x.Kernels.Name((byte)kernel)} {c}");
        }
    }

    public static TheoryData<string, int> ParamCaseIndexes() => Numbered(algorithm => TestData.ParamCases(algorithm).Count);

    [Theory]
    [MemberData(nameof(ParamCaseIndexes))]
    public void Parameter_vectors(string algorithm, int index)
    {
        XofApi x = XofApi.Get(algorithm);
        ParamCase c = TestData.ParamCases(algorithm)[index];
        object parameters = x.Parameters(("Key", (ReadOnlyMemory<byte>)c.Key), ("Salt", (ReadOnlyMemory<byte>)c.Salt), ("Personalization", (ReadOnlyMemory<byte>)c.Personalization));
        Assert.Equal(c.DigestLength, c.Expected.Length);
        if (c.XofLength == x.Spec.MaxOutputLength)
        {
            // Length unknown when hashing starts, fixed at the end as the reference's final call does.
            IXofHasher hasher = x.CreateIncrementalHasherForUnknownLength(parameters);
            Assert.Null(hasher.OutputLength);
            hasher.Update(c.Input);
            using IXofReader reader = hasher.Finish(c.DigestLength);
            Assert.Equal(Convert.ToHexStringLower(c.Expected), Convert.ToHexStringLower(reader.Read(c.DigestLength)));
        }
        else
        {
            Assert.Equal(c.XofLength, c.DigestLength);
            Assert.Equal(Convert.ToHexStringLower(c.Expected), Convert.ToHexStringLower(x.HashData(parameters, c.Input, c.DigestLength)));

            byte[] span = new byte[c.DigestLength];
            Assert.Equal(c.DigestLength, x.HashData(parameters, c.Input, span));
            Assert.Equal(c.Expected, span);

            IXofHasher hasher = x.CreateIncrementalHasher(c.DigestLength, parameters);
            Assert.Equal(c.DigestLength, hasher.OutputLength);
            foreach (byte b in c.Input)
            {
                hasher.UpdateValue(b);
            }

            using IXofReader reader = hasher.Finish();
            Assert.Equal(c.Expected, ReadInPieces(x, reader, c.DigestLength, new Random(index)));
        }
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Parameter_vectors_cover_long_and_unknown_lengths(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        IReadOnlyList<ParamCase> cases = TestData.ParamCases(algorithm);
        Assert.Contains(cases, c => c.XofLength == x.Spec.MaxOutputLength);
        Assert.Contains(cases, c => c.DigestLength > 2 * XofApi.LaneGroup);
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void Parameter_vectors_every_kernel(string algorithm, int kernel)
    {
        XofApi x = XofApi.Get(algorithm);
        IEnumerable<ParamCase> declared = TestData.ParamCases(algorithm).Where(c => c.XofLength != x.Spec.MaxOutputLength);
        foreach (ParamCase c in declared.Where(c => c.Salt.Length == 0 && c.Personalization.Length == 0))
        {
            byte[] actual = new byte[c.DigestLength];
            x.HashData(c.Key, c.Input, actual, (byte)kernel);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), c.ToString());
        }

        // Salt and personalization reach the output blocks' parameter blocks through the hasher.
        foreach (ParamCase c in declared)
        {
            IXofHasher hasher = x.CreateIncrementalHasher(c.Key, c.Salt, c.Personalization, (ulong)c.DigestLength, (byte)kernel);
            Assert.Equal(kernel, hasher.Kernel);
            hasher.Update(c.Input);
            using IXofReader reader = hasher.Finish();
            Assert.True(c.Expected.AsSpan().SequenceEqual(reader.Read(c.DigestLength)), c.ToString());
        }
    }

    public static TheoryData<string, int, int> KernelsAndLengths()
    {
        var data = new TheoryData<string, int, int>();
        foreach (XofApi x in XofApi.All)
        {
            int longest = (int)Math.Min(100_000, x.Spec.MaxOutputLength);
            foreach (byte kernel in x.Kernels.Supported())
            {
                foreach (int length in new[] { 1, 63, 64, 65, 255, 256, 257, 319, 320, 511, 512, 513, 1000, 4096, 4097 + XofApi.LaneGroup, longest })
                {
                    data.Add(x.Name, kernel, length);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(KernelsAndLengths))]
    public void Every_kernel_matches_the_scalar_path(string algorithm, int kernel, int length)
    {
        XofApi x = XofApi.Get(algorithm);
        byte[] key = Enumerable.Range(0, x.Spec.MaxKeyLength * 5 / 8).Select(i => (byte)(i * 7)).ToArray();
        byte[] input = Enumerable.Range(0, 300).Select(i => (byte)i).ToArray();
        byte[] scalar = new byte[length];
        byte[] actual = new byte[length];
        x.HashData(key, input, scalar, 0);
        x.HashData(key, input, actual, (byte)kernel);
        Assert.Equal(scalar, actual);
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void Every_kernel_matches_the_scalar_path_at_the_highest_node_offsets(string algorithm, int kernel)
    {
        // Blocks up to node offset 2^32-1 (with the unknown-length XOF field), the last a 32-bit offset can name: no lane may wrap or carry.
        XofApi x = XofApi.Get(algorithm);
        int block = x.Spec.BlockLength;
        byte[] h0 = Enumerable.Range(0, block).Select(i => (byte)(255 - i)).ToArray();
        byte[] chain = new byte[64];
        x.InitializeChain(chain, new Blake2Settings { DigestLength = block, LeafLength = (uint)block, InnerLength = (byte)block, NodeOffset = (ulong)x.Spec.MaxOutputLength << 32 });
        ReadOnlySpan<byte> words = chain.AsSpan(0, 8 * block / 8);
        const int count = 13;
        uint first = uint.MaxValue - count + 1;
        byte[] expected = new byte[count * block];
        byte[] actual = new byte[count * block];
        x.WriteBlocks(0, h0, words, first, count, expected);
        x.WriteBlocks((byte)kernel, h0, words, first, count, actual);
        Assert.Equal(expected, actual);

        // And the scalar path agrees with a block computed on its own at the very last offset.
        byte[] last = new byte[block];
        x.WriteBlock(h0, words, uint.MaxValue, block, last);
        Assert.Equal(expected.AsSpan((count - 1) * block).ToArray(), last);
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Kernel_selector_is_consistent_and_require_refuses_what_cannot_run(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        KernelSet kernels = x.Kernels;
        Assert.True(kernels.IsSupported(kernels.Best));
        Assert.True(kernels.IsSupported(0));
        foreach (byte kernel in kernels.Names.Select(kernels.Parse).Append((byte)99))
        {
            if (kernels.IsSupported(kernel))
            {
                Assert.Equal(kernel, kernels.Require(kernel));
                Assert.True(kernel <= kernels.Best, "Best is the most capable supported kernel");
            }
            else
            {
                Assert.Throws<PlatformNotSupportedException>(() => kernels.Require(kernel));
                Assert.Throws<PlatformNotSupportedException>(() => x.HashData(ReadOnlySpan<byte>.Empty, "x"u8, new byte[10], kernel));
            }
        }
    }

    public static TheoryData<string, int> Seeds() => Numbered(_ => 8);

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Any_split_of_the_output_equals_the_one_shot(string algorithm, int seed)
    {
        XofApi x = XofApi.Get(algorithm);
        var random = new Random(seed);
        byte[] input = new byte[random.Next(0, 600)];
        random.NextBytes(input);
        int length = random.Next(1, 5000);
        byte[] expected = x.HashData(input, length);

        IXofHasher hasher = Absorbed(x, length, input);
        using IXofReader reader = hasher.Finish();
        Assert.Equal(expected, ReadInPieces(x, reader, length, random));
        Assert.Equal(length, reader.Position);
        Assert.Equal(0, reader.Remaining);
    }

    public static TheoryData<string, int[]> SplitPatterns()
    {
        var data = new TheoryData<string, int[]>();
        foreach (XofApi x in XofApi.All)
        {
            int block = x.Spec.BlockLength;
            int group = XofApi.LaneGroup;

            // One byte at a time through several lane groups.
            data.Add(x.Name, Enumerable.Repeat(1, 3 * group + 5).ToArray());

            // Reads that straddle blocks, then lane groups, then a short tail.
            data.Add(x.Name, [63, 2, 127, 1, group - 1, 2, group + 1, 3 * group, 7, 64, 64, 1]);
            data.Add(x.Name, [1, group, group + block - 1, 5 * group - 3, 33]);
            data.Add(x.Name, [0, 64, 0, 3 * block + 1, 2 * group + 31, 1, 2]);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(SplitPatterns))]
    public void Block_and_lane_group_straddling_reads_equal_the_one_shot(string algorithm, int[] pattern)
    {
        XofApi x = XofApi.Get(algorithm);
        int length = pattern.Sum();
        byte[] input = "split reads"u8.ToArray();
        byte[] expected = x.HashData(input, length);
        byte[] actual = new byte[length];

        IXofHasher hasher = Absorbed(x, length, input);
        using IXofReader reader = hasher.Finish();
        int position = 0;
        foreach (int piece in pattern)
        {
            reader.Read(actual.AsSpan(position, piece));
            position += piece;
        }

        Assert.Equal(expected, actual);
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Unknown_length_stream_is_a_prefix_of_whole_block_outputs(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        int block = x.Spec.BlockLength;
        byte[] input = "stream"u8.ToArray();
        int total = 5 * XofApi.LaneGroup + 3 * block;

        IXofHasher fixedAtEnd = x.CreateIncrementalHasherForUnknownLength();
        fixedAtEnd.Update(input);
        using IXofReader whole = fixedAtEnd.Finish(total);
        byte[] expected = whole.Read(total);

        IXofHasher streaming = x.CreateIncrementalHasherForUnknownLength();
        streaming.Update(input);
        using IXofReader stream = streaming.Finish();
        Assert.Equal((long)block << 32, stream.Length);
        Assert.Equal(expected, ReadInPieces(x, stream, total, new Random(5)));

        // The declared-length output of the same size is a different function of the input.
        Assert.NotEqual(expected, x.HashData(input, total));

        // A length fixed at the end that is not a whole number of blocks shortens the last block,
        // so its tail differs from the stream's.
        IXofHasher shortened = x.CreateIncrementalHasherForUnknownLength();
        shortened.Update(input);
        using IXofReader reader = shortened.Finish(block + 10);
        byte[] tail = reader.Read(block + 10);
        Assert.Equal(expected.AsSpan(0, block).ToArray(), tail.AsSpan(0, block).ToArray());
        Assert.NotEqual(expected.AsSpan(block, 10).ToArray(), tail.AsSpan(block, 10).ToArray());
    }

    /// <summary>The families whose longest declared output fits in one array (BLAKE2Xs's 65535 bytes; BLAKE2Xb's is 4 GiB).</summary>
    public static TheoryData<string> FamiliesWithArraySizedOutput => new(XofApi.All.Where(x => x.Spec.MaxOutputLength < int.MaxValue).Select(x => x.Name));

    [Theory]
    [MemberData(nameof(FamiliesWithArraySizedOutput))]
    public void Declaring_the_largest_length_is_the_unknown_length_finished_at_that_length(string algorithm)
    {
        // Both write the largest length (all ones) into the XOF length field, as the reference implementation does.
        XofApi x = XofApi.Get(algorithm);
        int largest = (int)x.Spec.MaxOutputLength;
        byte[] input = "largest"u8.ToArray();
        IXofHasher unknown = x.CreateIncrementalHasherForUnknownLength();
        unknown.Update(input);
        using IXofReader reader = unknown.Finish(largest);
        byte[] declared = x.HashData(input, largest);
        Assert.Equal(declared, reader.Read(largest));
        Assert.NotEqual(declared.AsSpan(0, 100).ToArray(), x.HashData(input, 100));
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Bad_lengths_are_rejected_with_the_parameter_and_range(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        long max = x.Spec.MaxOutputLength;
        string maxText = max.ToString(CultureInfo.InvariantCulture);

        // The one-shots return or fill an array, so the longest array bounds their lengths too.
        string oneShotMax = Math.Min(max, Array.MaxLength).ToString(CultureInfo.InvariantCulture);
        AssertOutOfRange("outputLength", maxText, () => x.CreateIncrementalHasher(0));
        AssertOutOfRange("outputLength", maxText, () => x.CreateIncrementalHasher(-1));
        AssertOutOfRange("outputLength", maxText, () => x.CreateIncrementalHasher(max + 1));
        AssertOutOfRange("outputLength", maxText, () => x.CreateIncrementalHasher(max + 1, x.Parameters()));
        if (max < int.MaxValue)
        {
            AssertOutOfRange("outputLength", maxText, () => x.HashData("x"u8, (int)max + 1));
            AssertOutOfRange("destination", maxText, () => x.HashData("x"u8, new byte[max + 1]));
            AssertOutOfRange("destination", maxText, () => x.HashData("k"u8, "x"u8, new byte[max + 1]));
        }

        AssertOutOfRange("outputLength", oneShotMax, () => x.HashData("x"u8, 0));
        AssertOutOfRange("outputLength", oneShotMax, () => x.HashData("k"u8, "x"u8, -5));
        AssertOutOfRange("destination", maxText, () => x.HashData("x"u8, Span<byte>.Empty));
        AssertOutOfRange("destination", maxText, () => x.HashData(x.Parameters(), "x"u8, Span<byte>.Empty));

        byte[] longKey = new byte[x.Spec.MaxKeyLength + 1];
        ArgumentException key = Assert.Throws<ArgumentException>(() => x.HashData(longKey, "x"u8, 10));
        Assert.Equal("key", key.ParamName);
        Assert.Throws<ArgumentException>(() => x.CreateIncrementalHasher(10, longKey));
        Assert.Throws<ArgumentException>(() => x.CreateIncrementalHasherForUnknownLength(longKey));

        // The unknown-length mode reads up to 2^32 output blocks.
        string unknownMax = ((long)x.Spec.BlockLength << 32).ToString(CultureInfo.InvariantCulture);
        IXofHasher unknown = x.CreateIncrementalHasherForUnknownLength();
        AssertOutOfRange("outputLength", unknownMax, () => unknown.Finish(0));
        AssertOutOfRange("outputLength", unknownMax, () => unknown.Finish(((long)x.Spec.BlockLength << 32) + 1));
        IXofHasher declared = x.CreateIncrementalHasher(100);
        AssertOutOfRange("outputLength", "100", () => declared.Finish(99));

        // A failed Finish leaves the state usable.
        declared.Update("x"u8);
        using IXofReader reader = declared.Finish(100);
        Assert.Equal(x.HashData("x"u8, 100), reader.Read(100));
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Parameters_with_digest_length_or_tree_fields_are_refused(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        int block = x.Spec.BlockLength;
        object[] refused =
        [
            x.Parameters(("DigestLength", block / 2)),
            x.Parameters(("FanOut", 0)),
            x.Parameters(("MaxDepth", 2)),
            x.Parameters(("LeafLength", (uint)block)),
            x.Parameters(("NodeOffset", 1UL)),
            x.Parameters(("NodeDepth", 1)),
            x.Parameters(("InnerLength", block)),
            x.Parameters(("IsLastNode", true)),
        ];
        foreach (object parameters in refused)
        {
            Assert.Equal("parameters", Assert.Throws<ArgumentException>(() => x.HashData(parameters, "x"u8, 10)).ParamName);
            Assert.Throws<ArgumentException>(() => x.HashData(parameters, "x"u8, new byte[10]));
            Assert.Throws<ArgumentException>(() => x.CreateIncrementalHasher(10, parameters));
            Assert.Throws<ArgumentException>(() => x.CreateIncrementalHasherForUnknownLength(parameters));
        }

        Assert.Contains("FanOut = 3", Assert.Throws<ArgumentException>(() => x.HashData(x.Parameters(("FanOut", 3)), "x"u8, 10)).Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentNullException>(() => x.HashData((object?)null, "x"u8, 10));
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Reading_past_the_end_throws_and_writes_nothing(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        IXofHasher hasher = Absorbed(x, 100, "abc"u8);
        using IXofReader reader = hasher.Finish();
        reader.Read(new byte[30]);

        byte[] destination = Enumerable.Repeat((byte)0xEE, 71).ToArray();
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => reader.Read(destination)).ParamName);
        Assert.All(destination, b => Assert.Equal(0xEE, b));
        Assert.Equal(30, reader.Position);
        Assert.Throws<ArgumentException>(() => reader.Read(71));

        // The rest is still there, and then nothing more.
        Assert.Equal(x.HashData("abc"u8, 100).AsSpan(30).ToArray(), reader.Read(70));
        reader.Read(Span<byte>.Empty);
        Assert.Throws<ArgumentException>(() => reader.Read(new byte[1]));
        Assert.Throws<ArgumentOutOfRangeException>(() => reader.Read(-1));
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Update_after_reading_started_and_use_after_dispose_throw(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        IXofHasher hasher = Absorbed(x, 10, "abc"u8);
        IXofReader reader = hasher.Finish();
        Assert.Throws<InvalidOperationException>(() => hasher.Update("d"u8));
        Assert.Throws<InvalidOperationException>(() => hasher.UpdateValue(42));
        Assert.Throws<InvalidOperationException>(() => hasher.Finish());
        Assert.Null(hasher.OutputLength);

        reader.Dispose();
        Assert.Throws<ObjectDisposedException>(() => reader.Read(new byte[1]));
        reader.Dispose();

        IXofHasher uninitialized = x.DefaultHasher();
        Assert.Throws<InvalidOperationException>(() => uninitialized.Update("x"u8));
        Assert.Throws<InvalidOperationException>(() => uninitialized.Finish());

        IXofHasher cleared = x.CreateIncrementalHasher(10, new byte[] { 1, 2, 3 });
        cleared.Clear();
        Assert.Throws<InvalidOperationException>(() => cleared.Update("x"u8));
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Generic_updates_hash_the_memory_bytes(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        int[] values = [1, -2, 0x01020304];
        byte[] bytes = System.Runtime.InteropServices.MemoryMarshal.AsBytes(values.AsSpan()).ToArray();
        byte[] expected = x.HashData([.. bytes, .. bytes, .. bytes, .. BitConverter.GetBytes(7L)], 200);

        IXofHasher hasher = x.CreateIncrementalHasher(200);
        hasher.UpdateArray(values);
        hasher.UpdateSegment(new ArraySegment<int>(values));
        hasher.UpdateSpan<int>(values.AsSpan());
        hasher.UpdateValue(7L);
        using IXofReader reader = hasher.Finish();
        Assert.Equal(expected, reader.Read(200));
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Copying_the_hasher_forks_it(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        IXofHasher a = x.CreateIncrementalHasher(300, "key"u8);
        a.Update("common "u8);
        IXofHasher b = a.Fork();
        a.Update("left"u8);
        b.Update("right"u8);
        using IXofReader left = a.Finish();
        using IXofReader right = b.Finish();
        Assert.Equal(x.HashData("key"u8, "common left"u8, 300), left.Read(300));
        Assert.Equal(x.HashData("key"u8, "common right"u8, 300), right.Read(300));
    }

    [Theory]
    [MemberData(nameof(XofApi.Names), MemberType = typeof(XofApi))]
    public void Secrets_and_h0_are_zeroed(string algorithm)
    {
        XofApi x = XofApi.Get(algorithm);
        byte[] key = Enumerable.Repeat((byte)0xA5, x.Spec.MaxKeyLength).ToArray();
        IXofHasher hasher = x.CreateIncrementalHasher(1000, key);
        hasher.Update("secret input"u8);
        Assert.True(Contains(hasher.RawBytes(), key.AsSpan(0, 16)));

        IXofReader reader = hasher.Finish();
        Assert.False(Contains(hasher.RawBytes(), key.AsSpan(0, 16)));
        Assert.True(hasher.RawBytes().Count(b => b != 0) <= 2, "only the status and kernel bytes may stay");

        reader.Read(new byte[100]);
        Assert.True(reader.OutputBytes().AsSpan().IndexOfAnyExcept((byte)0) >= 0);
        reader.Dispose();
        Assert.True(reader.OutputBytes().AsSpan().IndexOfAnyExcept((byte)0) < 0);

        IXofHasher cleared = x.CreateIncrementalHasher(1000, key);
        cleared.Clear();
        Assert.True(cleared.RawBytes().All(b => b == 0));
    }

    /// <summary>A hasher of <paramref name="outputLength"/> bytes that has absorbed <paramref name="input"/>.</summary>
    private static IXofHasher Absorbed(XofApi x, long outputLength, ReadOnlySpan<byte> input)
    {
        IXofHasher hasher = x.CreateIncrementalHasher(outputLength);
        hasher.Update(input);
        return hasher;
    }

    /// <summary>0 to count - 1 for each family, where <paramref name="count"/> says how many it has.</summary>
    private static TheoryData<string, int> Numbered(Func<string, int> count) =>
        new(from x in XofApi.All from i in Enumerable.Range(0, count(x.Name)) select (x.Name, i));

    private static byte[] ReadInPieces(XofApi x, IXofReader reader, int length, Random random)
    {
        byte[] output = new byte[length];
        int position = 0;
        while (position < length)
        {
            int piece = Math.Min(length - position, random.Next(4) switch
            {
                0 => 1,
                1 => random.Next(1, x.Spec.BlockLength + 2),
                2 => random.Next(XofApi.LaneGroup - 2, XofApi.LaneGroup + 3),
                _ => random.Next(1, 3 * XofApi.LaneGroup),
            });
            reader.Read(output.AsSpan(position, piece));
            position += piece;
        }

        return output;
    }

    private static bool Contains(byte[] haystack, ReadOnlySpan<byte> needle) => haystack.AsSpan().IndexOf(needle) >= 0;

    private static void AssertOutOfRange(string paramName, string rangeEnd, Action action)
    {
        ArgumentOutOfRangeException e = Assert.Throws<ArgumentOutOfRangeException>(action);
        Assert.Equal(paramName, e.ParamName);
        Assert.Contains(rangeEnd, e.Message, StringComparison.Ordinal);
    }
}

using System;
using System.IO;

namespace Blake2Fast.Tests;

/// <summary>
/// Every refusal of <see cref="Bao"/>'s arguments: the exception type, the parameter it names, and
/// nothing read or written on a refusal.
/// </summary>
public sealed class BaoArgumentTests
{
    private static readonly byte[] Hash = new byte[32];
    private static readonly byte[] Encoded = Bao.Encode(new byte[3000], new byte[32]);

    public static TheoryData<int> BadHashLengths => new(0, 1, 31, 33, 64);

    [Theory]
    [MemberData(nameof(BadHashLengths))]
    public void A_hash_that_is_not_32_bytes_is_refused_before_anything_is_read_or_written(int length)
    {
        byte[] hash = new byte[length];
        AssertHash(() => Bao.Encode([1, 2, 3], hash));
        AssertHash(() => Bao.Encode([1, 2, 3], hash, 2));
        AssertHash(() => Bao.EncodeOutboard([1, 2, 3], hash));
        AssertHash(() => Bao.EncodeOutboard([1, 2, 3], hash, -1));
        AssertHash(() => Bao.Decode(Encoded, hash));
        AssertHash(() => Bao.Decode(Encoded, hash, 1));
        AssertHash(() => Bao.DecodeOutboard([], Encoded, hash));
        AssertHash(() => Bao.DecodeOutboard([], Encoded, hash, 1));
        AssertHash(() => Bao.DecodeSlice(Encoded, hash, 0, 1));
        AssertHash(() => Bao.Encode([1, 2, 3], new byte[100], hash, 1));
        AssertHash(() => Bao.EncodeOutboard([1, 2, 3], new byte[100], hash, 1));
        AssertHash(() => Bao.Decode(Encoded, hash, new byte[3000], 1));
        AssertHash(() => Bao.DecodeOutboard(new byte[3000], Bao.EncodeOutboard(new byte[3000], new byte[32]), hash, new byte[3000], 1));

        var input = new CountingStream([1, 2, 3]);
        var output = new MemoryStream();
        AssertHash(() => Bao.Encode(input, output, hash));
        AssertHash(() => Bao.EncodeOutboard(input, output, hash));
        AssertHash(() => Bao.CreateDecoder(input, hash));
        AssertHash(() => Bao.CreateDecoder(input, new MemoryStream(), hash));
        AssertHash(() => Bao.CreateSliceDecoder(input, hash, 0, 0));
        Assert.Equal(0, input.Reads);
        Assert.Equal(0, output.Length);
    }

    [Fact]
    public void Destinations_that_are_too_short_or_overlap_are_refused_before_anything_is_written()
    {
        byte[] input = new byte[3000];
        byte[] hash = new byte[32];
        byte[] encoded = Bao.Encode(input, hash);
        byte[] outboard = Bao.EncodeOutboard(input, hash);
        byte[] shortBuffer = new byte[encoded.Length - 1];
        AssertDestination(() => Bao.Encode(input, shortBuffer, hash, 1));
        AssertDestination(() => Bao.EncodeOutboard(input, shortBuffer.AsSpan(0, outboard.Length - 1), hash, 1));
        AssertDestination(() => Bao.Decode(encoded, hash, shortBuffer.AsSpan(0, 2999), 1));
        AssertDestination(() => Bao.DecodeOutboard(input, outboard, hash, shortBuffer.AsSpan(0, 2999), 1));
        Assert.Equal(new byte[shortBuffer.Length], shortBuffer);

        // Overlaps with what is read while the destination is written.
        byte[] big = new byte[encoded.Length + 3000];
        AssertDestination(() => Bao.Encode(big.AsSpan(0, 3000), big.AsSpan(100), hash, 1));
        AssertDestination(() => Bao.Encode(input, big, big.AsSpan(10, 32), 1));
        encoded.CopyTo(big, 0);
        AssertDestination(() => Bao.Decode(big.AsSpan(0, encoded.Length), hash, big.AsSpan(encoded.Length - 10), 1));
        AssertDestination(() => Bao.DecodeOutboard(input, outboard, hash, input, 1));
        Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.Encode(input, big, hash, 0)).ParamName);
    }

    [Fact]
    public void Negative_starts_and_counts_are_refused()
    {
        using var output = new MemoryStream();
        foreach ((long start, long count, string name) in new[] { (-1L, 0L, "start"), (0L, -1L, "count"), (long.MinValue, long.MinValue, "start") })
        {
            AssertRange(name, () => Bao.ExtractSlice(Encoded, start, count));
            AssertRange(name, () => Bao.ExtractSliceOutboard([], Encoded, start, count));
            AssertRange(name, () => Bao.DecodeSlice(Encoded, Hash, start, count));
            AssertRange(name, () => Bao.ExtractSlice(new MemoryStream(Encoded), output, start, count));
            AssertRange(name, () => Bao.ExtractSliceOutboard(new MemoryStream(), new MemoryStream(Encoded), output, start, count));
            AssertRange(name, () => Bao.CreateSliceDecoder(new MemoryStream(Encoded), Hash, start, count));
        }

        Assert.Equal(0, output.Length);
    }

    [Fact]
    public void Null_streams_are_refused_by_name()
    {
        var stream = new MemoryStream();
        Assert.Equal("input", Assert.Throws<ArgumentNullException>(() => Bao.Encode(null!, stream, Hash)).ParamName);
        Assert.Equal("output", Assert.Throws<ArgumentNullException>(() => Bao.Encode(stream, null!, Hash)).ParamName);
        Assert.Equal("input", Assert.Throws<ArgumentNullException>(() => Bao.EncodeOutboard(null!, stream, Hash)).ParamName);
        Assert.Equal("outboard", Assert.Throws<ArgumentNullException>(() => Bao.EncodeOutboard(stream, null!, Hash)).ParamName);
        Assert.Equal("encoded", Assert.Throws<ArgumentNullException>(() => Bao.CreateDecoder(null!, Hash)).ParamName);
        Assert.Equal("input", Assert.Throws<ArgumentNullException>(() => Bao.CreateDecoder(null!, stream, Hash)).ParamName);
        Assert.Equal("outboard", Assert.Throws<ArgumentNullException>(() => Bao.CreateDecoder(stream, null!, Hash)).ParamName);
        Assert.Equal("encoded", Assert.Throws<ArgumentNullException>(() => Bao.ExtractSlice(null!, stream, 0, 0)).ParamName);
        Assert.Equal("output", Assert.Throws<ArgumentNullException>(() => Bao.ExtractSlice(stream, null!, 0, 0)).ParamName);
        Assert.Equal("input", Assert.Throws<ArgumentNullException>(() => Bao.ExtractSliceOutboard(null!, stream, stream, 0, 0)).ParamName);
        Assert.Equal("outboard", Assert.Throws<ArgumentNullException>(() => Bao.ExtractSliceOutboard(stream, null!, stream, 0, 0)).ParamName);
        Assert.Equal("output", Assert.Throws<ArgumentNullException>(() => Bao.ExtractSliceOutboard(stream, stream, null!, 0, 0)).ParamName);
        Assert.Equal("slice", Assert.Throws<ArgumentNullException>(() => Bao.CreateSliceDecoder(null!, Hash, 0, 0)).ParamName);
    }

    [Fact]
    public void Streams_that_cannot_do_what_is_needed_are_refused_by_name_before_anything_is_written()
    {
        var unreadable = new UnreadableStream();
        var readOnly = new MemoryStream(new byte[10], writable: false);
        var pipe = new UnreadableStream();
        var writeOnlyFile = new WriteOnlySeekable();
        var input = new CountingStream([1, 2, 3]);
        AssertArgument("input", () => Bao.Encode(unreadable, new MemoryStream(), Hash));
        AssertArgument("output", () => Bao.Encode(input, readOnly, Hash));
        AssertArgument("output", () => Bao.Encode(input, pipe, Hash));
        AssertArgument("output", () => Bao.Encode(input, writeOnlyFile, Hash));
        AssertArgument("outboard", () => Bao.EncodeOutboard(input, pipe, Hash));
        AssertArgument("encoded", () => Bao.CreateDecoder(unreadable, Hash));
        AssertArgument("input", () => Bao.CreateDecoder(unreadable, new MemoryStream(), Hash));
        AssertArgument("outboard", () => Bao.CreateDecoder(new MemoryStream(), unreadable, Hash));
        AssertArgument("encoded", () => Bao.ExtractSlice(unreadable, new MemoryStream(), 0, 0));
        AssertArgument("output", () => Bao.ExtractSlice(input, readOnly, 0, 0));
        AssertArgument("output", () => Bao.ExtractSliceOutboard(input, new MemoryStream(Encoded), readOnly, 0, 0));
        AssertArgument("slice", () => Bao.CreateSliceDecoder(unreadable, Hash, 0, 0));
        Assert.Equal((0, 0, 0L, 0L), (unreadable.ReadAttempts, input.Reads, pipe.Written, writeOnlyFile.Length));
    }

    [Fact]
    public void Degrees_of_parallelism_and_lengths_out_of_range_are_refused()
    {
        foreach (int degree in new[] { 0, -2, int.MinValue })
        {
            Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.Encode([], new byte[32], degree)).ParamName);
            Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.EncodeOutboard([], new byte[32], degree)).ParamName);
            Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.Decode(Encoded, Hash, degree)).ParamName);
            Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.DecodeOutboard([], Encoded, Hash, degree)).ParamName);
        }

        Assert.Equal("contentLength", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.EncodedLength(-1)).ParamName);
        Assert.Equal("contentLength", Assert.Throws<ArgumentOutOfRangeException>(() => Bao.OutboardLength(long.MaxValue)).ParamName);
        Assert.Equal(8, Bao.EncodedLength(0));
        Assert.Equal(8 + 1025 + 64, Bao.EncodedLength(1025));
        Assert.Equal(8 + 64, Bao.OutboardLength(2048));
    }

    [Fact]
    public void Short_encodings_are_refused_as_truncated()
    {
        foreach (int length in new[] { 0, 1, 7 })
        {
            byte[] tooShort = new byte[length];
            Assert.Throws<EndOfStreamException>(() => Bao.Decode(tooShort, Hash));
            Assert.Throws<EndOfStreamException>(() => Bao.DecodeOutboard([], tooShort, Hash));
            Assert.Throws<EndOfStreamException>(() => Bao.ExtractSlice(tooShort, 0, 0));
            Assert.Throws<EndOfStreamException>(() => Bao.DecodeSlice(tooShort, Hash, 0, 0));
        }

        // A header claiming more than any stream holds.
        byte[] huge = [0, 0, 0, 0, 0, 0, 0, 0x80];
        Assert.Throws<EndOfStreamException>(() => Bao.Decode(huge, Hash));
        Assert.Throws<EndOfStreamException>(() => Bao.CreateDecoder(new MemoryStream(huge), Hash).ReadByte());
        Assert.Throws<EndOfStreamException>(() => Bao.ExtractSlice(huge, 5, 5));
    }

    private static void AssertDestination(Func<int> call) => Assert.Equal("destination", Assert.Throws<ArgumentException>(() => call()).ParamName);

    private static void AssertHash(Action call) => Assert.Equal("hash", Assert.Throws<ArgumentException>(call).ParamName);

    private static void AssertRange(string name, Action call) => Assert.Equal(name, Assert.Throws<ArgumentOutOfRangeException>(call).ParamName);

    private static void AssertArgument(string name, Action call) => Assert.Equal(name, Assert.Throws<ArgumentException>(call).ParamName);

    /// <summary>A seekable stream that cannot read back what it wrote (a file opened write-only).</summary>
    private sealed class WriteOnlySeekable : MemoryStream
    {
        public override bool CanRead => false;
    }
}

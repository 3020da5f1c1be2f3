using System;
using System.IO;
using System.Linq;
using static Blake2Fast.Tests.BaoTestSupport;

namespace Blake2Fast.Tests;

/// <summary>
/// Slices of every shape (empty counts, ranges inside one chunk and across many, starts at and past
/// the end, counts past the end) extracted from combined and outboard encodings, spans and streams,
/// equal to the tests' reference slicer's, and each one round-tripping through
/// <see cref="Bao.DecodeSlice"/> and the slice decoding stream; corrupt and truncated slices refused.
/// </summary>
// No leg trait: the format logic is the same on every kernel and build (BaoVectorTests and
// BaoDecoderStreamTests run on every leg); this class runs in the widest leg and the README's command.
public sealed class BaoSliceTests
{
    public static TheoryData<int> Lengths => new(0, 1, 1024, 1025, 5000, (64 * 1024) + 1, (200 * 1024) + 3);

    private static (long Start, long Count)[] Shapes(long length)
    {
        long[] starts = [0, 1, 1023, 1024, 1025, length / 2, length - 1, length, length + 1, length + 5000, 70 * 1024];
        long[] counts = [0, 1, 1023, 1024, 1025, 3000, 65 * 1024, length, length + 2048];
        return starts.Where(s => s >= 0).SelectMany(s => counts.Select(c => (s, c))).Distinct().ToArray();
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void Slices_of_every_shape_match_the_reference_and_decode_to_their_range(int length)
    {
        (byte[] input, byte[] hash, byte[] encoded, byte[] outboard) = BaoCase.Random(length, length + 11);
        foreach ((long start, long count) in Shapes(length))
        {
            byte[] slice = Bao.ExtractSlice(encoded, start, count);
            Assert.Equal(ReferenceBao.Slice(encoded, start, count), slice);
            Assert.Equal(slice, Bao.ExtractSliceOutboard(input, outboard, start, count));
            Assert.Equal(slice, StreamSlice(s => Bao.ExtractSlice(new ShortReadStream(encoded), s, start, count)));
            Assert.Equal(slice, StreamSlice(s => Bao.ExtractSlice(new MemoryStream(encoded), s, start, count)));
            Assert.Equal(slice, StreamSlice(s => Bao.ExtractSliceOutboard(new ShortReadStream(input), new ShortReadStream(outboard), s, start, count)));

            byte[] expected = start >= length ? [] : input[(int)start..(int)Math.Min(start + count, length)];
            Assert.Equal(expected, Bao.DecodeSlice(slice, hash, start, count));
            Assert.Equal(expected, ReferenceBao.DecodeSlice(slice, hash, start, count));
            Assert.Equal(expected, ReadAll(Bao.CreateSliceDecoder(new ShortReadStream(slice), hash, start, count), 777));
        }
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void The_slice_of_everything_is_the_encoding_and_huge_counts_stop_at_the_end(int length)
    {
        (byte[] input, byte[] hash, byte[] encoded, _) = BaoCase.Random(length, length + 12);
        Assert.Equal(encoded, Bao.ExtractSlice(encoded, 0, length));
        Assert.Equal(encoded, Bao.ExtractSlice(encoded, 0, long.MaxValue));
        Assert.Equal(input, Bao.DecodeSlice(encoded, hash, 0, long.MaxValue));
        Assert.Equal(Bao.ExtractSlice(encoded, length, 0), Bao.ExtractSlice(encoded, long.MaxValue, long.MaxValue));
        Assert.Empty(Bao.DecodeSlice(Bao.ExtractSlice(encoded, long.MaxValue, 1), hash, long.MaxValue, 1));
    }

    [Fact]
    public void Every_node_of_a_slice_is_protected_and_a_truncated_slice_refused()
    {
        (_, byte[] hash, byte[] encoded, _) = BaoCase.Random(9000, 5);
        foreach ((long start, long count) in new[] { (0L, 0L), (2000L, 3000L), (8999L, 1L), (9000L, 5L), (0L, 9000L) })
        {
            byte[] slice = Bao.ExtractSlice(encoded, start, count);

            // The header is checked only as far as the range needs it: a length that keeps the
            // path to the range's chunks the same proves nothing wrong (the official vectors list
            // no such offsets either). Every parent and chunk in the slice is checked.
            for (int offset = Bao.HeaderLength; offset < slice.Length; offset++)
            {
                byte[] corrupt = Flip(slice, offset, offset % 8);
                AssertRejected(() => Bao.DecodeSlice(corrupt, hash, start, count));
                AssertRejected(() => ReadAll(Bao.CreateSliceDecoder(new MemoryStream(corrupt), hash, start, count)));
            }

            for (int cut = 0; cut < slice.Length; cut += 1 + (cut % 5))
            {
                AssertRejected(() => Bao.DecodeSlice(slice.AsSpan(0, cut), hash, start, count));
            }

            AssertRejected(() => Bao.ExtractSlice(encoded.AsSpan(0, encoded.Length - 1), 8000, 1000));
        }
    }

    private static byte[] StreamSlice(Action<Stream> extract)
    {
        using var output = new MemoryStream();
        extract(output);
        return output.ToArray();
    }
}

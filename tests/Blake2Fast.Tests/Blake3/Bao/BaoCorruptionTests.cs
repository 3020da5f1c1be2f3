using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using static Blake2Fast.Tests.BaoTestSupport;

namespace Blake2Fast.Tests;

/// <summary>
/// Every single-byte corruption of small encodings (header, parents, chunks; combined and outboard,
/// and the content beside an outboard tree) is rejected by every decoder; a streaming decoder
/// returns only a prefix of the original, never a byte of the node it failed on or after; truncated
/// encodings and random garbage are refused with the format's two exceptions and nothing else.
/// </summary>
// No leg trait: the format logic is the same on every kernel and build (BaoVectorTests and
// BaoDecoderStreamTests run on every leg); this class runs in the widest leg and the README's command.
public sealed class BaoCorruptionTests
{
    private static readonly int[] Lengths = [0, 1, 1023, 1024, 1025, 2048, 3073, 5000, 9 * 1024];

    public static TheoryData<int, bool> LengthsAndLayouts => new(Lengths.SelectMany(n => new[] { (n, false), (n, true) }));

    [Theory]
    [MemberData(nameof(LengthsAndLayouts))]
    public void Every_byte_of_an_encoding_is_protected(int length, bool outboard)
    {
        var c = BaoCase.Random(length, length + 1);
        byte[] tree = c.Tree(outboard);
        for (int offset = 0; offset < tree.Length; offset++)
        {
            byte[] corrupt = Flip(tree, offset, offset % 8);
            AssertRejected(() => Decode(outboard, c.Input, corrupt, c.Hash));

            // Into a buffer: refused, and what was written there erased.
            byte[] destination = new byte[length];
            AssertRejected(() => DecodeInto(outboard, c.Input, corrupt, c.Hash, destination, 1));
            Assert.Equal(new byte[length], destination);
            long returned = AssertStreamRefuses(c, outboard, c.Input, corrupt);
            if (offset >= Bao.HeaderLength)
            {
                long bound = ReferenceBao.ContentStartOfNodeAt(length, offset, outboard);
                Assert.True(returned <= bound, $"offset {offset}: {returned} bytes returned, the node there starts at {bound}");
            }
        }
    }

    public static TheoryData<int> LengthsOnly => new(Lengths);

    [Theory]
    [MemberData(nameof(LengthsOnly))]
    public void Every_byte_of_the_content_beside_an_outboard_tree_is_protected(int length)
    {
        var c = BaoCase.Random(length, length + 2);
        for (int offset = 0; offset < length; offset += offset < 4096 ? 1 : 7)
        {
            byte[] corrupt = Flip(c.Input, offset, offset % 8);
            AssertRejected(() => Bao.DecodeOutboard(corrupt, c.Outboard, c.Hash));
            long returned = AssertStreamRefuses(c, true, corrupt, c.Outboard);
            Assert.True(returned <= offset - (offset % 1024));
        }
    }

    [Theory]
    [MemberData(nameof(LengthsAndLayouts))]
    public void A_truncated_encoding_is_refused_at_every_length(int length, bool outboard)
    {
        var c = BaoCase.Random(length, length + 3);
        byte[] tree = c.Tree(outboard);
        for (int cut = 0; cut < tree.Length; cut += 1 + (cut % 7))
        {
            byte[] truncated = tree[..cut];
            AssertRejected(() => Decode(outboard, c.Input, truncated, c.Hash));
            AssertStreamRefuses(c, outboard, c.Input, truncated);
        }

        if (outboard && length > 0)
        {
            byte[] shortInput = c.Input[..^1];
            AssertRejected(() => Bao.DecodeOutboard(shortInput, tree, c.Hash));
            AssertStreamRefuses(c, outboard, shortInput, tree);
        }
    }

    [Fact]
    public void The_wrong_hash_is_refused_even_for_the_empty_input()
    {
        byte[] hash = new byte[32];
        byte[] encoded = Bao.Encode([], hash);
        Assert.Equal(8, encoded.Length);
        hash[31] ^= 1;
        AssertRejected(() => Bao.Decode(encoded, hash));
        using Stream decoder = Bao.CreateDecoder(new MemoryStream(encoded), hash);
        AssertRejected(() => decoder.ReadByte());
        AssertRejected(() => decoder.ReadByte());
        AssertRejected(() => Bao.DecodeSlice(encoded, hash, 0, 0));
    }

    [Fact]
    public void Random_garbage_is_refused_with_the_formats_exceptions_only()
    {
        var random = new Random(12345);
        byte[] hash = RandomBytes(32, 99);
        for (int i = 0; i < 400; i++)
        {
            byte[] garbage = new byte[random.Next(0, 3000)];
            random.NextBytes(garbage);

            // Small lengths in the header half of the time, so that the tree walk gets going.
            if (garbage.Length >= 8 && i % 2 == 0)
            {
                BitConverter.TryWriteBytes(garbage.AsSpan(0, 8), (long)random.Next(0, 5000));
            }

            long start = random.Next(0, 6000);
            long count = random.Next(0, 3000);
            AssertRejected(() => Bao.Decode(garbage, hash));
            AssertRejected(() => Bao.DecodeOutboard(garbage, garbage, hash));
            AssertRejected(() => Bao.DecodeSlice(garbage, hash, start, count));
            AssertRejected(() => ReadAll(Bao.CreateDecoder(new MemoryStream(garbage), hash)));
            AssertRejected(() => ReadAll(Bao.CreateSliceDecoder(new MemoryStream(garbage), hash, start, count)));
            try
            {
                Bao.ExtractSlice(garbage, start, count);
            }
            catch (EndOfStreamException)
            {
            }
        }
    }

    /// <summary>
    /// Reads a decoder of a damaged encoding a little at a time until it refuses: what it returned
    /// before is the original's, and once refused it stays refused. Returns how much it returned.
    /// </summary>
    private static long AssertStreamRefuses(BaoCase c, bool outboard, byte[] input, byte[] tree)
    {
        var returned = new List<byte>();
        using Stream decoder = Decoder(outboard, new ShortReadStream(input), new ShortReadStream(tree), c.Hash);
        AssertRejected(() =>
        {
            byte[] buffer = new byte[333];
            int read;
            while ((read = decoder.Read(buffer, 0, buffer.Length)) > 0)
            {
                returned.AddRange(buffer.AsSpan(0, read).ToArray());
            }
        });
        Assert.Equal(c.Input.AsSpan(0, returned.Count).ToArray(), returned.ToArray());
        AssertRejected(() => decoder.ReadByte());
        return returned.Count;
    }
}

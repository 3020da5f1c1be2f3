using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using static Blake2Fast.Tests.BaoTestSupport;

namespace Blake2Fast.Tests;

/// <summary>
/// Bao against the official vectors (Vectors/bao-test-vectors.json, CC0, from the bao repository):
/// the hash, the combined and outboard encodings with every listed corruption rejected, seeking,
/// and slices, through every surface (spans, streams, one thread and several). The reference
/// encoder of the tests is checked against the same vectors, so that it can stand as the oracle
/// for inputs the vectors do not cover.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class BaoVectorTests
{
    private static readonly Lazy<JsonElement> Vectors = new(() =>
        JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath("bao-test-vectors.json"))).RootElement);

    public static TheoryData<int> Lengths => new(Section("hash").Select(c => c.GetProperty("input_len").GetInt32()));

    private static IEnumerable<JsonElement> Section(string name) => Vectors.Value.GetProperty(name).EnumerateArray();

    private static JsonElement Case(string section, int length) => Section(section).Single(c => c.GetProperty("input_len").GetInt32() == length);

    private static byte[] HashOf(string section, int length) => Convert.FromHexString(Case(section, length).GetProperty("bao_hash").GetString()!);

    [Fact]
    public void The_vector_file_is_complete()
    {
        foreach (string section in new[] { "hash", "encode", "outboard", "seek", "slice" })
        {
            Assert.Equal(13, Section(section).Count());
        }

        Assert.Equal(222, Section("slice").Sum(c => c.GetProperty("slices").GetArrayLength()));
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void The_hash_is_the_official_one(int length)
    {
        byte[] input = ReferenceBao.VectorInput(length);
        string expected = Hex(HashOf("hash", length));
        foreach (bool outboard in new[] { false, true })
        {
            byte[] hash = new byte[32];
            Encode(outboard, input, hash);
            Assert.Equal(expected, Hex(hash));
            Assert.Equal(expected, Hex(ReferenceBao.Encode(input, outboard).Hash));
        }
    }

    public static TheoryData<int, bool> LengthsAndLayouts =>
        new(Section("hash").SelectMany(c => new[] { (c.GetProperty("input_len").GetInt32(), false), (c.GetProperty("input_len").GetInt32(), true) }));

    [Theory]
    [MemberData(nameof(LengthsAndLayouts))]
    public void Encodings_match_and_every_listed_corruption_is_rejected(int length, bool outboard)
    {
        JsonElement c = Case(outboard ? "outboard" : "encode", length);
        byte[] input = ReferenceBao.VectorInput(length);
        byte[] hash = HashOf("encode", length);
        byte[] actualHash = new byte[32];
        byte[] tree = Encode(outboard, input, actualHash);
        Assert.Equal(c.GetProperty("output_len").GetInt32(), tree.Length);
        Assert.Equal(c.GetProperty("encoded_blake3").GetString(), Hex(Blake3.HashData(tree)));
        Assert.Equal(Hex(hash), Hex(actualHash));
        Assert.Equal(tree, ReferenceBao.Encode(input, outboard).Encoding);
        Assert.Equal(tree, Encode(outboard, input, actualHash, -1));
        Assert.Equal(tree.LongLength, EncodedLength(outboard, length));
        using (var output = new MemoryStream())
        {
            EncodeStream(outboard, new MemoryStream(input), output, actualHash);
            Assert.Equal(tree, output.ToArray());
        }

        Assert.Equal(input, Decode(outboard, input, tree, hash));
        Assert.Equal(input, ReadAll(Decoder(outboard, new MemoryStream(input), new MemoryStream(tree), hash)));
        foreach (int offset in c.GetProperty(outboard ? "outboard_corruptions" : "corruptions").EnumerateArray().Select(o => o.GetInt32()))
        {
            byte[] corrupt = Flip(tree, offset);
            if (!outboard)
            {
                AssertReferenceRejects(() => ReferenceBao.Decode(corrupt, hash));
            }

            AssertRejected(() => Decode(outboard, input, corrupt, hash));
            AssertRejected(() => Decode(outboard, input, corrupt, hash, -1));
            AssertRejected(() => ReadAll(Decoder(outboard, new MemoryStream(input), new MemoryStream(corrupt), hash)));
            AssertRejected(() => ReadAll(Decoder(outboard, new ShortReadStream(input), new ShortReadStream(corrupt), hash)));
        }

        foreach (int offset in outboard ? c.GetProperty("input_corruptions").EnumerateArray().Select(o => o.GetInt32()) : [])
        {
            byte[] corrupt = Flip(input, offset);
            AssertRejected(() => Bao.DecodeOutboard(corrupt, tree, hash));
            AssertRejected(() => ReadAll(Bao.CreateDecoder(new ShortReadStream(corrupt), new ShortReadStream(tree), hash)));
        }
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void Seeking_to_each_listed_offset_decodes_the_rest(int length)
    {
        var c = BaoCase.Of(ReferenceBao.VectorInput(length));
        Assert.Equal(HashOf("hash", length), c.Hash);
        foreach (int offset in Case("seek", length).GetProperty("seek_offsets").EnumerateArray().Select(o => o.GetInt32()))
        {
            foreach (bool outboard in new[] { false, true })
            {
                using Stream decoder = Decoder(outboard, new MemoryStream(c.Input), new MemoryStream(c.Tree(outboard)), c.Hash);
                Assert.Equal(offset, decoder.Seek(offset, SeekOrigin.Begin));
                Assert.Equal(offset, decoder.Position);
                Assert.Equal(c.Input[Math.Min(offset, length)..], ReadAll(decoder));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Lengths))]
    public void Slices_match_decode_and_every_listed_corruption_is_rejected(int length)
    {
        JsonElement c = Case("slice", length);
        (byte[] input, byte[] hash, byte[] encoded, byte[] outboard) = BaoCase.Of(ReferenceBao.VectorInput(length));
        Assert.Equal(HashOf("slice", length), hash);
        foreach (JsonElement s in c.GetProperty("slices").EnumerateArray())
        {
            long start = s.GetProperty("start").GetInt64();
            long count = s.GetProperty("len").GetInt64();
            byte[] slice = Bao.ExtractSlice(encoded, start, count);
            Assert.Equal(s.GetProperty("output_len").GetInt32(), slice.Length);
            Assert.Equal(s.GetProperty("output_blake3").GetString(), Hex(Blake3.HashData(slice)));
            Assert.Equal(slice, ReferenceBao.Slice(encoded, start, count));
            Assert.Equal(slice, Bao.ExtractSliceOutboard(input, outboard, start, count));

            byte[] expected = start >= length ? [] : input[(int)start..(int)Math.Min(start + count, length)];
            Assert.Equal(expected, Bao.DecodeSlice(slice, hash, start, count));
            Assert.Equal(expected, ReferenceBao.DecodeSlice(slice, hash, start, count));
            Assert.Equal(expected, ReadAll(Bao.CreateSliceDecoder(new ShortReadStream(slice), hash, start, count)));
            foreach (int offset in s.GetProperty("corruptions").EnumerateArray().Select(o => o.GetInt32()))
            {
                byte[] corrupt = Flip(slice, offset);
                AssertRejected(() => Bao.DecodeSlice(corrupt, hash, start, count));
                AssertRejected(() => ReadAll(Bao.CreateSliceDecoder(new MemoryStream(corrupt), hash, start, count)));
            }
        }
    }
}

using System;
using System.IO;
using static Blake2Fast.Tests.BaoTestSupport;

namespace Blake2Fast.Tests;

/// <summary>
/// Random inputs of lengths around every boundary of the library's engine (a chunk, a 64-chunk
/// run, the 128 KiB threshold of parallel hashing, the pieces several threads take) against the
/// tests' plain recursive reference (<see cref="ReferenceBao"/>, itself checked against the
/// official vectors): encodings byte for byte, through spans on one thread and several and
/// through streams, and decodings of them.
/// </summary>
// No leg trait: the format logic is the same on every kernel and build (BaoVectorTests and
// BaoDecoderStreamTests run on every leg); this class runs in the widest leg and the README's command.
public sealed class BaoReferenceTests
{
    public static TheoryData<int> Lengths => new(
        0, 1, 63, 64, 65, 1023, 1024, 1025, 2048, 4095, 4097, 7 * 1024, 8 * 1024 + 1,
        (64 * 1024) - 1, 64 * 1024, (64 * 1024) + 1, (64 * 1024) + 1024, (96 * 1024) + 7,
        128 * 1024, (128 * 1024) + 1, (192 * 1024) + 5, 256 * 1024, (300 * 1024) + 77, (1024 * 1024) + 1025);

    [Theory]
    [MemberData(nameof(Lengths))]
    public void Encodings_match_the_reference_on_every_surface(int length)
    {
        byte[] input = RandomBytes(length, length);
        foreach (bool outboard in new[] { false, true })
        {
            (byte[] tree, byte[] hash) = ReferenceBao.Encode(input, outboard);
            Assert.Equal(Hex(Blake3.HashData(input)), Hex(hash));
            foreach (int degree in new[] { 1, 2, 3, -1 })
            {
                byte[] actualHash = new byte[32];
                Assert.Equal(tree, Encode(outboard, input, actualHash, degree));
                Assert.Equal(hash, actualHash);
                Assert.Equal(input, Decode(outboard, input, tree, hash, degree));

                // Into buffers longer than needed: only the encoding's (or the data's) length is written.
                byte[] encodeBuffer = new byte[tree.Length + 5];
                Array.Clear(actualHash);
                Assert.Equal(tree.Length, EncodeInto(outboard, input, encodeBuffer, actualHash, degree));
                Assert.Equal([.. tree, 0, 0, 0, 0, 0], encodeBuffer);
                Assert.Equal(hash, actualHash);
                byte[] decodeBuffer = new byte[length + 3];
                Assert.Equal(length, DecodeInto(outboard, input, tree, hash, decodeBuffer, degree));
                Assert.Equal([.. input, 0, 0, 0], decodeBuffer);
            }

            // Streams: a seekable input and one that returns a few bytes per read; the output
            // written after a prefix that the encoder must leave alone.
            foreach (Stream source in new Stream[] { new MemoryStream(input), new ShortReadStream(input) })
            {
                byte[] streamHash = new byte[32];
                using var output = new MemoryStream();
                output.Write([1, 2, 3]);
                EncodeStream(outboard, source, output, streamHash);
                Assert.Equal(3 + tree.Length, output.Position);
                Assert.Equal([1, 2, 3, .. tree], output.ToArray());
                Assert.Equal(hash, streamHash);
            }

            Assert.Equal(input, ReadAll(Decoder(outboard, new MemoryStream(input), new MemoryStream(tree), hash), 5000));
            Assert.Equal(input, ReadAll(Decoder(outboard, new ShortReadStream(input), new ShortReadStream(tree), hash), 70000));
        }
    }

    [Fact]
    public void The_reference_decoder_agrees_on_random_inputs()
    {
        foreach (int length in new[] { 0, 5, 1024, 3000, 17 * 1024 })
        {
            byte[] input = RandomBytes(length, 7);
            (byte[] encoded, byte[] hash) = ReferenceBao.Encode(input, outboard: false);
            Assert.Equal(input, ReferenceBao.Decode(encoded, hash));
        }
    }

    [Fact]
    public void Trailing_bytes_after_an_encoding_are_never_read()
    {
        (byte[] input, byte[] hash, byte[] encoded, byte[] outboard) = BaoCase.Random(5000, 1);
        byte[] padded = [.. encoded, 0xde, 0xad];
        Assert.Equal(input, Bao.Decode(padded, hash));
        Assert.Equal(input, Bao.DecodeOutboard([.. input, 9], [.. outboard, 9], hash));
        var stream = new CountingStream(padded);
        Assert.Equal(input, ReadAll(Bao.CreateDecoder(stream, hash)));
        Assert.Equal(encoded.Length, stream.Position);
    }
}

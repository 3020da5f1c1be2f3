using System;
using System.Buffers.Binary;
using System.IO;
using System.Security.Cryptography;

namespace Blake2Fast.Fuzz;

/// <summary>
/// <c>bao-decode</c>: Bao's decoders (<c>Decode</c>, <c>DecodeOutboard</c>, <c>ExtractSlice</c> and
/// <c>DecodeSlice</c>, the decoder streams) over the encodings of one fixed input, mutated as the
/// fuzz input says. The input is a header, then edits:
/// <list type="table">
/// <item><term>byte 0</term><description>bits 0-1: the mode: 0 combined (<c>Decode</c>, returned and into a destination), 1 outboard (<c>DecodeOutboard</c>, both forms), 2 slice (<c>ExtractSlice</c> then <c>DecodeSlice</c>), 3 a decoder stream; bit 2: outboard (streams), or the edits go to the slice rather than the encoding it is cut from (slices); bit 3: a slice decoder stream; bit 4: two threads for the span decoders; bits 5-7: the size of the stream's reads</description></item>
/// <item><term>bytes 1-2</term><description>the range's start (little-endian); a combined decoder stream first seeks there</description></item>
/// <item><term>bytes 3-4</term><description>the range's length</description></item>
/// <item><term>bytes 5-6</term><description>the encoding's change of length, signed: cut, or extended with zeros</description></item>
/// <item><term>then, 3 bytes each</term><description>an edit: an offset (little-endian, modulo the bytes it can hit: the encoding, or the outboard tree then the data), and a byte XORed there</description></item>
/// </list>
/// Every argument is well formed, so the decoders may refuse only as their documentation says for
/// data: <see cref="BaoVerificationException"/> for a mismatch, <see cref="EndOfStreamException"/> for
/// data cut short (and <see cref="ArgumentException"/> for a destination shorter than a header that
/// claims more). Anything else is a crash; so is a decode that succeeds with anything but the
/// fixed input's bytes (its hash is the one given), a decoder stream that returns a byte of
/// anything else before it fails, or two forms of one decoder that disagree.
/// </summary>
internal static class BaoDecodeTarget
{
    private const int HeaderLength = 7;

    /// <summary>What a destination holds before a call: a refusal leaves it, or erases what it wrote.</summary>
    private const byte Untouched = 0xA5;

    /// <summary>The fixed input: 6 KiB and 100 bytes, 7 chunks, so the tree is uneven at two levels.</summary>
    private static readonly byte[] Data = Pattern((6 * 1024) + 100);

    private static readonly byte[] Hash = Blake3.HashData(Data);

    private static readonly byte[] Combined = Bao.Encode(Data, new byte[Bao.HashLength]);

    private static readonly byte[] Outboard = Bao.EncodeOutboard(Data, new byte[Bao.HashLength]);

    private static readonly int[] ReadSizes = [1, 7, 64, 1000, 1024, 1025, 4096, 1 << 16];

    public static void Run(ReadOnlySpan<byte> input)
    {
        if (input.Length < HeaderLength)
        {
            return;
        }

        int mode = input[0] & 3;
        bool flag = (input[0] & 4) != 0;
        bool sliceStream = (input[0] & 8) != 0;
        int degree = (input[0] & 16) != 0 ? 2 : 1;
        int readSize = ReadSizes[input[0] >> 5];
        long start = BinaryPrimitives.ReadUInt16LittleEndian(input[1..]);
        long count = BinaryPrimitives.ReadUInt16LittleEndian(input[3..]);
        int delta = BinaryPrimitives.ReadInt16LittleEndian(input[5..]);
        ReadOnlySpan<byte> edits = input[HeaderLength..];

        switch (mode)
        {
            case 0:
                DecodeCombined(Mutated(Combined, edits, delta), degree);
                break;
            case 1:
                (byte[] outboard, byte[] data) = MutatedOutboard(edits, delta);
                DecodeOutboard(data, outboard, degree);
                break;
            case 2:
                DecodeSlice(start, count, edits, delta, editSlice: flag);
                break;
            default:
                ReadStream(start, count, edits, delta, flag, sliceStream, readSize);
                break;
        }
    }

    /// <summary>Decode, returning the data and into a destination: one outcome for both, and the fixed input's bytes if it is success.</summary>
    private static void DecodeCombined(byte[] encoded, int degree)
    {
        byte[] destination = Filled(Data.Length + 64);
        Exception? returned = Refusal(() => Same(Bao.Decode(encoded, Hash, degree), "Decode"));
        Exception? written = Refusal(() => Written(Bao.Decode(encoded, Hash, destination, degree), destination, "Decode into a destination"), HeaderOf(encoded) > (ulong)destination.Length);
        Agree(returned, written, destination);
    }

    private static void DecodeOutboard(byte[] data, byte[] outboard, int degree)
    {
        byte[] destination = Filled(Data.Length + 64);
        Exception? returned = Refusal(() => Same(Bao.DecodeOutboard(data, outboard, Hash, degree), "DecodeOutboard"));
        Exception? written = Refusal(() => Written(Bao.DecodeOutboard(data, outboard, Hash, destination, degree), destination, "DecodeOutboard into a destination"), HeaderOf(outboard) > (ulong)destination.Length);
        Agree(returned, written, destination);
    }

    /// <summary>
    /// A slice cut from the (mutated) encoding, or cut from the fixed one and then mutated, decoded:
    /// the range's bytes of the fixed input, capped at its end, or a documented refusal.
    /// </summary>
    private static void DecodeSlice(long start, long count, ReadOnlySpan<byte> edits, int delta, bool editSlice)
    {
        byte[] slice;
        if (editSlice)
        {
            slice = Mutated(Bao.ExtractSlice(Combined, start, count), edits, delta);
        }
        else
        {
            byte[] encoded = Mutated(Combined, edits, delta);
            try
            {
                slice = Bao.ExtractSlice(encoded, start, count);
            }
            catch (EndOfStreamException)
            {
                // Documented: the encoding ends before a node the slice needs.
                return;
            }
        }

        Refusal(() => FuzzAssert.That(Bao.DecodeSlice(slice, Hash, start, count).AsSpan().SequenceEqual(Range(start, count)), "DecodeSlice gives the fixed input's bytes of the range"));
    }

    /// <summary>
    /// A decoder stream read to its end in reads of <paramref name="readSize"/> bytes (a combined
    /// one after a seek to <paramref name="start"/>): only the fixed input's bytes come out, all of
    /// them unless a documented refusal ends the reading, and a refusal repeats at the next read.
    /// </summary>
    private static void ReadStream(long start, long count, ReadOnlySpan<byte> edits, int delta, bool outboard, bool slice, int readSize)
    {
        Stream decoder;
        ReadOnlySpan<byte> expected;
        if (slice)
        {
            byte[] cut = Mutated(Bao.ExtractSlice(Combined, start, count), edits, delta);
            decoder = Bao.CreateSliceDecoder(new MemoryStream(cut, writable: false), Hash, start, count);
            expected = Range(start, count);
        }
        else if (outboard)
        {
            (byte[] tree, byte[] data) = MutatedOutboard(edits, delta);
            decoder = Bao.CreateDecoder(new MemoryStream(data, writable: false), new MemoryStream(tree, writable: false), Hash);
            expected = Data;
        }
        else
        {
            decoder = Bao.CreateDecoder(new MemoryStream(Mutated(Combined, edits, delta), writable: false), Hash);
            expected = Data;
            if (start != 0)
            {
                // A seek reads the header (and, at or past the end, verifies the final chunk).
                if (Refusal(() => FuzzAssert.That(decoder.Seek(start, SeekOrigin.Begin) == start, "Seek returns the position asked for")) is not null)
                {
                    return;
                }

                expected = start >= Data.Length ? [] : Data.AsSpan((int)start);
            }
        }

        using (decoder)
        {
            byte[] buffer = new byte[readSize];
            int done = 0;
            Exception? refused = null;
            try
            {
                int n;
                while ((n = decoder.Read(buffer, 0, buffer.Length)) > 0)
                {
                    FuzzAssert.That(n <= expected.Length - done && buffer.AsSpan(0, n).SequenceEqual(expected.Slice(done, n)), "a decoder stream returns only the fixed input's bytes, in order");
                    done += n;
                }
            }
            catch (Exception e) when (e is CryptographicException or EndOfStreamException)
            {
                refused = Documented(e);
            }

            if (refused is null)
            {
                FuzzAssert.That(done == expected.Length, "a decoder stream that ends has returned all the bytes");
                return;
            }

            try
            {
                decoder.ReadExactly(buffer.AsSpan(0, 1));
            }
            catch (Exception again) when (again.GetType() == refused.GetType())
            {
                return;
            }

            throw new FuzzPropertyException($"a decoder stream that threw {refused.GetType().Name} goes on without it at the next read");
        }
    }

    /// <summary>
    /// Runs a decode: null when it succeeded, the exception when it refused as documented
    /// (a destination too short for its header's claim only where <paramref name="headerTooLong"/>);
    /// anything else goes on to afl-fuzz as a crash.
    /// </summary>
    private static Exception? Refusal(Action decode, bool headerTooLong = false)
    {
        try
        {
            decode();
            return null;
        }
        catch (Exception e) when (e is CryptographicException or EndOfStreamException)
        {
            return Documented(e);
        }
        catch (ArgumentException e) when (headerTooLong && e.ParamName == "destination")
        {
            return e;
        }
    }

    /// <summary>A data refusal as the documentation names it: a mismatch is a BaoVerificationException.</summary>
    private static Exception Documented(Exception e)
    {
        FuzzAssert.That(e is not CryptographicException || e is BaoVerificationException, $"a mismatch is a BaoVerificationException, not a bare {e.GetType().Name}");
        return e;
    }

    private static void Same(byte[] decoded, string form) =>
        FuzzAssert.That(decoded.AsSpan().SequenceEqual(Data), $"{form} gives the fixed input's bytes");

    private static void Written(int written, byte[] destination, string form)
    {
        FuzzAssert.That(written == Data.Length && destination.AsSpan(0, written).SequenceEqual(Data), $"{form} writes the fixed input's bytes");
        FuzzAssert.That(destination.AsSpan(written).IndexOfAnyExcept(Untouched) < 0, $"{form} writes nothing past them");
    }

    /// <summary>
    /// The returning and the writing form of one decoder agree: both succeed, or both refuse with
    /// the same exception (the writing form may also refuse a destination shorter than a header
    /// says, before it reads on); a refusal leaves the destination, or zeros where it had written.
    /// </summary>
    private static void Agree(Exception? returned, Exception? written, byte[] destination)
    {
        if (written is ArgumentException)
        {
            FuzzAssert.That(destination.AsSpan().IndexOfAnyExcept(Untouched) < 0, "a destination refused is not written");
            return;
        }

        FuzzAssert.That(returned?.GetType() == written?.GetType(), $"both forms agree (returned: {returned?.GetType().Name ?? "success"}, into a destination: {written?.GetType().Name ?? "success"})");
        if (written is not null)
        {
            foreach (byte b in destination)
            {
                FuzzAssert.That(b is Untouched or 0, "a refusal leaves no unverified byte in the destination");
            }
        }
    }

    /// <summary>The encoding with the edits applied, then cut or extended with zeros by <paramref name="delta"/> bytes.</summary>
    private static byte[] Mutated(byte[] encoding, ReadOnlySpan<byte> edits, int delta)
    {
        byte[] copy = (byte[])encoding.Clone();
        for (int i = 0; i + 3 <= edits.Length && copy.Length != 0; i += 3)
        {
            copy[BinaryPrimitives.ReadUInt16LittleEndian(edits[i..]) % copy.Length] ^= edits[i + 2];
        }

        byte[] resized = new byte[Math.Max(0, copy.Length + delta)];
        copy.AsSpan(0, Math.Min(copy.Length, resized.Length)).CopyTo(resized);
        return resized;
    }

    /// <summary>The outboard tree and the data, edited as one run of bytes (tree first); the change of length applies to the tree, or, when odd, to the data.</summary>
    private static (byte[] Outboard, byte[] Data) MutatedOutboard(ReadOnlySpan<byte> edits, int delta)
    {
        byte[] both = Mutated([.. Outboard, .. Data], edits, 0);
        byte[] tree = both[..Outboard.Length];
        byte[] data = both[Outboard.Length..];
        return (delta & 1) == 0 ? (Mutated(tree, [], delta), data) : (tree, Mutated(data, [], delta));
    }

    /// <summary>The fixed input's bytes of a range, capped at its end.</summary>
    private static ReadOnlySpan<byte> Range(long start, long count) =>
        start >= Data.Length ? [] : Data.AsSpan((int)start, (int)Math.Min(count, Data.Length - start));

    private static ulong HeaderOf(byte[] encoding) => encoding.Length >= 8 ? BinaryPrimitives.ReadUInt64LittleEndian(encoding) : 0;

    private static byte[] Filled(int length)
    {
        byte[] buffer = new byte[length];
        buffer.AsSpan().Fill(Untouched);
        return buffer;
    }

    private static byte[] Pattern(int length)
    {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++)
        {
            data[i] = (byte)((31 * i) + (i >> 8));
        }

        return data;
    }
}

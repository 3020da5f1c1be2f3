using System;
using System.IO;
using System.Security.Cryptography;

namespace Blake2Fast.Tests;

/// <summary>An input with its hash and both encodings, as the library makes them.</summary>
internal sealed record BaoCase(byte[] Input, byte[] Hash, byte[] Combined, byte[] Outboard)
{
    public static BaoCase Of(byte[] input)
    {
        byte[] hash = new byte[32];
        byte[] combined = Bao.Encode(input, hash);
        return new BaoCase(input, hash, combined, Bao.EncodeOutboard(input, hash));
    }

    /// <summary>Random bytes of <paramref name="length"/> from a seed of <paramref name="seed"/>.</summary>
    public static BaoCase Random(int length, int seed) => Of(BaoTestSupport.RandomBytes(length, seed));

    /// <summary>The tree a decoder of that layout reads: the outboard encoding, or the combined one.</summary>
    public byte[] Tree(bool outboard) => outboard ? Outboard : Combined;
}

/// <summary>
/// What the Bao tests share: the library's combined and outboard surfaces behind one switch (so one
/// test covers both), reading a decoder to its end, and the two ways a decoder may refuse.
/// </summary>
internal static class BaoTestSupport
{
    public static TheoryData<bool> Layouts => new(false, true);

    public static byte[] Encode(bool outboard, byte[] input, byte[] hash, int degree = 1) =>
        outboard ? Bao.EncodeOutboard(input, hash, degree) : Bao.Encode(input, hash, degree);

    /// <summary>Decodes <paramref name="tree"/> (the combined encoding, or the outboard one beside <paramref name="input"/>).</summary>
    public static byte[] Decode(bool outboard, ReadOnlySpan<byte> input, ReadOnlySpan<byte> tree, byte[] hash, int degree = 1) =>
        outboard ? Bao.DecodeOutboard(input, tree, hash, degree) : Bao.Decode(tree, hash, degree);

    /// <summary>The destination overloads: encodes into <paramref name="destination"/>, returns the bytes written.</summary>
    public static int EncodeInto(bool outboard, byte[] input, Span<byte> destination, byte[] hash, int degree) =>
        outboard ? Bao.EncodeOutboard(input, destination, hash, degree) : Bao.Encode(input, destination, hash, degree);

    /// <summary>The destination overloads: decodes into <paramref name="destination"/>, returns the bytes written.</summary>
    public static int DecodeInto(bool outboard, ReadOnlySpan<byte> input, ReadOnlySpan<byte> tree, byte[] hash, Span<byte> destination, int degree) =>
        outboard ? Bao.DecodeOutboard(input, tree, hash, destination, degree) : Bao.Decode(tree, hash, destination, degree);

    public static void EncodeStream(bool outboard, Stream input, Stream output, byte[] hash)
    {
        if (outboard)
        {
            Bao.EncodeOutboard(input, output, hash);
        }
        else
        {
            Bao.Encode(input, output, hash);
        }
    }

    /// <summary>A decoding stream of <paramref name="tree"/> (with <paramref name="input"/> beside an outboard one).</summary>
    public static Stream Decoder(bool outboard, Stream input, Stream tree, byte[] hash) =>
        outboard ? Bao.CreateDecoder(input, tree, hash) : Bao.CreateDecoder(tree, hash);

    public static long EncodedLength(bool outboard, long length) => outboard ? Bao.OutboardLength(length) : Bao.EncodedLength(length);

    /// <summary>Every byte of <paramref name="stream"/>, read with reads of <paramref name="readLength"/> bytes.</summary>
    public static byte[] ReadAll(Stream stream, int readLength = 4096)
    {
        using var all = new MemoryStream();
        byte[] buffer = new byte[readLength];
        int read;
        while ((read = stream.Read(buffer, 0, buffer.Length)) > 0)
        {
            all.Write(buffer, 0, read);
        }

        return all.ToArray();
    }

    /// <summary>
    /// Asserts that <paramref name="decode"/> refuses its input the ways the format allows: a
    /// mismatch (<see cref="BaoVerificationException"/>, a <see cref="CryptographicException"/>) or a
    /// truncated input (<see cref="EndOfStreamException"/>).
    /// </summary>
    public static Exception AssertRejected(Action decode)
    {
        Exception e = Assert.ThrowsAny<Exception>(decode);
        Assert.True(e is BaoVerificationException or EndOfStreamException, $"expected a verification or end-of-stream failure, got {e}");
        return e;
    }

    /// <summary>Asserts that the tests' reference decoder refuses its input: a mismatch or a truncation.</summary>
    public static void AssertReferenceRejects(Action decode)
    {
        Exception e = Assert.ThrowsAny<Exception>(decode);
        Assert.True(e is CryptographicException or EndOfStreamException, $"the reference should have refused, but threw {e}");
    }

    /// <summary>A copy of <paramref name="bytes"/> with bit <paramref name="bit"/> of byte <paramref name="offset"/> flipped.</summary>
    public static byte[] Flip(byte[] bytes, int offset, int bit = 0)
    {
        byte[] copy = (byte[])bytes.Clone();
        copy[offset] ^= (byte)(1 << bit);
        return copy;
    }

    /// <summary>Random bytes from a fixed seed.</summary>
    public static byte[] RandomBytes(int length, int seed)
    {
        byte[] bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    public static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);
}

using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;

namespace Blake2Fast.Tests.Surface;

/// <summary>
/// The data the contract test drives Bao with, its encodings, and Bao's answers computed by the
/// tests' plain reference (<see cref="ReferenceBao"/>, which the official Bao vectors pin in
/// BaoVectorTests): never by the library's own encoder or decoder.
/// </summary>
internal static class BaoFixture
{
    /// <summary>The most data whose combined encoding a <see cref="long"/> can measure (and a stream can hold); first, as the slices below use it.</summary>
    public static long MaxContentLength { get; } = FindMaxContentLength();

    /// <summary>Five chunks, the last one short: a tree of three levels with a right spine.</summary>
    public static readonly byte[] Data = Arguments.Pattern((4 * 1024) + 500, 61);

    public static readonly (byte[] Combined, byte[] Hash) Encoded = ReferenceBao.Encode(Data, outboard: false);

    public static readonly byte[] Outboard = ReferenceBao.Encode(Data, outboard: true).Encoding;

    /// <summary>Data past the 128 KiB from which the parallel overloads split across threads.</summary>
    public static readonly byte[] LargeData = Arguments.Pattern(Arguments.ParallelMessageLength, 62);

    public static readonly (byte[] Combined, byte[] Hash) LargeEncoded = ReferenceBao.Encode(LargeData, outboard: false);

    public static readonly byte[] LargeOutboard = ReferenceBao.Encode(LargeData, outboard: true).Encoding;

    /// <summary>Other data of the same length: its encoding has the same shape and fails the fixture's hash.</summary>
    public static readonly byte[] OtherCombined = ReferenceBao.Encode(Arguments.Pattern(Data.Length, 63), outboard: false).Encoding;

    public static readonly byte[] EmptyHash = ReferenceBao.Encode([], outboard: false).Hash;

    /// <summary>The valid slice: bytes 1000 to 3099, chunks 0 to 3.</summary>
    public const long SliceStart = 1000, SliceCount = 2100;

    public static byte[] Combined => Encoded.Combined;

    public static byte[] Hash => Encoded.Hash;

    public static byte[] ValidSlice { get; } = Slice(Combined, SliceStart, SliceCount);

    /// <summary>The slice of (start, count) by the reference, a count past the end cut at the end (which the reference's arithmetic needs, and which selects the same chunks).</summary>
    public static byte[] Slice(byte[] combined, long start, long count)
    {
        if (Header(combined) > (ulong)MaxContentLength)
        {
            throw new EndOfStreamException("reference: a header past any stream");
        }

        long length = combined.Length >= 8 ? (long)Math.Min(BinaryPrimitives.ReadUInt64LittleEndian(combined), (ulong)long.MaxValue / 4) : 0;
        return ReferenceBao.Slice(combined, Math.Min(start, length), Math.Min(count, length + 1));
    }

    /// <summary>The reference's decoding of a slice, with the range cut as in <see cref="Slice"/>.</summary>
    public static byte[] DecodeSlice(byte[] slice, byte[] hash, long start, long count)
    {
        if (Header(slice) > (ulong)MaxContentLength)
        {
            throw new EndOfStreamException("reference: a header past any stream");
        }

        long length = slice.Length >= 8 ? (long)Math.Min(BinaryPrimitives.ReadUInt64LittleEndian(slice), (ulong)long.MaxValue / 4) : 0;
        return ReferenceBao.DecodeSlice(slice, hash, Math.Min(start, length), Math.Min(count, length + 1));
    }

    /// <summary>
    /// The combined encoding that an outboard tree and its data make together: the header, then
    /// the parents in pre-order with each chunk in its place, in the order a decoder reads them,
    /// as far as both last (so that the reference runs out where a decoder reading them in order would).
    /// </summary>
    public static byte[] Combine(byte[] outboard, byte[] data)
    {
        if (outboard.Length < 8)
        {
            return outboard.ToArray();
        }

        ulong header = BinaryPrimitives.ReadUInt64LittleEndian(outboard);
        var combined = new List<byte>(outboard[..8]);
        int parents = 8;
        bool Node(ulong offset, ulong length)
        {
            if (length <= 1024)
            {
                int available = (int)Math.Min(length, (ulong)Math.Max(0, data.Length - (long)Math.Min(offset, (ulong)data.Length)));
                combined.AddRange(data.AsSpan((int)Math.Min(offset, (ulong)data.Length), available).ToArray());
                return (ulong)available == length;
            }

            int take = Math.Min(64, outboard.Length - parents);
            combined.AddRange(outboard.AsSpan(parents, take).ToArray());
            parents += take;
            ulong left = (ulong)Oracles.Blake3LeftLength((long)Math.Min(length, long.MaxValue));
            return take == 64 && Node(offset, left) && Node(offset + left, length - left);
        }

        Node(0, Math.Min(header, (ulong)MaxContentLength));
        return [.. combined];
    }

    /// <summary>The reference's decoding of a combined encoding; a header no stream could hold is cut short by definition.</summary>
    public static byte[] Decode(byte[] encoded, byte[] hash) =>
        Header(encoded) > (ulong)MaxContentLength ? throw new EndOfStreamException("reference: a header past any stream") : ReferenceBao.Decode(encoded, hash);

    /// <summary>
    /// Whether an encoding is shorter than its header says: a decoder may then refuse it as cut
    /// short before it reads far enough to find a mismatch (the span decoders measure first).
    /// </summary>
    public static bool CombinedShort(byte[] encoded) =>
        encoded.Length < 8 || Header(encoded) > (ulong)MaxContentLength || (UInt128)encoded.Length < CombinedLength((long)Header(encoded));

    /// <summary>Whether an outboard tree or the data beside it is shorter than the tree's header says.</summary>
    public static bool OutboardShort(byte[] outboard, byte[] data) =>
        outboard.Length < 8 || Header(outboard) > (ulong)MaxContentLength
        || (UInt128)outboard.Length < OutboardLength((long)Header(outboard)) || (ulong)data.Length < Header(outboard);

    /// <summary>Whether a slice is shorter than the header and the bytes of its range alone, by its own header.</summary>
    public static bool SliceShort(byte[] slice, long start, long count)
    {
        ulong length = Header(slice);
        ulong wanted = (ulong)start >= length ? 0 : Math.Min((ulong)count, length - (ulong)start);
        return slice.Length < 8 || (ulong)slice.Length < 8 + wanted;
    }

    /// <summary>
    /// The exceptions a decoder may refuse data with: the one the reference's in-order failure
    /// stands for, and <see cref="EndOfStreamException"/> as well where the data is shorter than its
    /// header says; null where the reference decodes it.
    /// </summary>
    public static Type[]? Refusals(Func<byte[]> reference, bool shorterThanItsHeader)
    {
        Type? failure = Outcome(reference).Throws;
        return failure is null ? null : shorterThanItsHeader ? [failure, typeof(EndOfStreamException)] : [failure];
    }

    /// <summary>
    /// What the reference makes of a decoding: the data, or the exception type the library must
    /// throw instead (<see cref="BaoVerificationException"/> for a mismatch, <see cref="EndOfStreamException"/> for a cut).
    /// </summary>
    public static (byte[]? Data, Type? Throws) Outcome(Func<byte[]> decode)
    {
        try
        {
            return (decode(), null);
        }
        catch (CryptographicException)
        {
            return (null, typeof(BaoVerificationException));
        }
        catch (EndOfStreamException)
        {
            return (null, typeof(EndOfStreamException));
        }
    }

    /// <summary>The length of a combined encoding of <paramref name="contentLength"/> bytes, exactly: 8 + n + 64 (chunks - 1).</summary>
    public static UInt128 CombinedLength(long contentLength) =>
        8 + (UInt128)contentLength + (64 * ((contentLength == 0 ? 1 : ((UInt128)contentLength + 1023) / 1024) - 1));

    /// <summary>The outboard encoding's length: 8 + 64 (chunks - 1).</summary>
    public static UInt128 OutboardLength(long contentLength) => CombinedLength(contentLength) - (UInt128)contentLength;

    private static long FindMaxContentLength()
    {
        long low = 0, high = long.MaxValue;
        while (low < high)
        {
            long middle = high - ((high - low) / 2);
            if (CombinedLength(middle) <= long.MaxValue)
            {
                low = middle;
            }
            else
            {
                high = middle - 1;
            }
        }

        return low;
    }

    /// <summary>
    /// A Bao call's request: every argument as it was before the call (bytes and streams' contents
    /// copied, numbers as they are), and the output length a destination must hold: the
    /// encoding's length for an encoder, the header's content length for a decoder.
    /// </summary>
    public static void Describe(Site site, object?[] args, Request r)
    {
        foreach (Slot slot in site.Slots)
        {
            object? v = args[slot.Index];
            // An output stream's content before the call is what the call must leave before its own.
            r.Arguments[slot.Name] = v is long or int ? v
                : v is MemoryStream { CanWrite: true } output ? output.ToArray()
                : slot.IsByteInput || slot.Type == typeof(Stream) ? Arguments.BytesOf(v)
                : null;
        }

        if (!site.Has("destination"))
        {
            return;
        }

        byte[] Bytes(string name) => (byte[])r.Arguments[name]!;
        ulong length = site.Name switch
        {
            "Encode" => (ulong)CombinedLength(Bytes("input").Length),
            "EncodeOutboard" => (ulong)OutboardLength(Bytes("input").Length),
            "Decode" => Header(Bytes("encoded")),
            "DecodeOutboard" => Header(Bytes("outboard")),
            _ => throw new Domains.UnhandledException($"Bao.{site.Name}: say in BaoFixture.Describe how long its destination must be"),
        };
        r.OutputLength = (long)Math.Min(length, long.MaxValue);
    }

    /// <summary>The content length an encoding's header claims (0 if it has none).</summary>
    public static ulong Header(byte[] encoding) => encoding.Length >= 8 ? BinaryPrimitives.ReadUInt64LittleEndian(encoding) : 0;

    /// <summary>The fixture's combined encoding with one bit flipped at <paramref name="offset"/>.</summary>
    public static byte[] Flipped(byte[] bytes, int offset)
    {
        byte[] copy = bytes.ToArray();
        copy[offset] ^= 1;
        return copy;
    }

    /// <summary>An encoding whose header says <paramref name="length"/> instead.</summary>
    public static byte[] WithHeader(byte[] encoding, ulong length)
    {
        byte[] copy = encoding.ToArray();
        BinaryPrimitives.WriteUInt64LittleEndian(copy, length);
        return copy;
    }
}

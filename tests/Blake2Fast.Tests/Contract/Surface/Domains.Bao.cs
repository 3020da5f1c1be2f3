using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tests.Surface;

// Bao: the encodings of one fixed input (BaoFixture), cut short, corrupted, sliced; and the Stream
// methods of the decoders Bao returns. An encoding that fails to verify must be refused with
// BaoVerificationException and one cut short with EndOfStreamException, as the reference refuses
// it: the edges say which, from the reference, before the call.
internal static partial class Domains
{
    private static IEnumerable<(string Why, Func<Site, Slot, bool> Applies, Maker Make)> BaoOverrides() =>
    [
        ("a Bao hash is 32 bytes; a decoder checks everything against it",
            (site, slot) => site.Family.Kind == FamilyKind.Bao && slot.Name == "hash", (site, slot, _, _) => BaoHash(site, slot)),
        ("a content length is 0 up to what a long measures encoded", (site, slot) => slot.Name == "contentLength",
            (_, slot, _, _) => Integer(slot, BaoFixture.Data.Length, v => v >= 0 && v <= BaoFixture.MaxContentLength ? Expect.Valid : Expect.Invalid, null,
                0, 1, 1024, 1025, 1L << 40, BaoFixture.MaxContentLength, BaoFixture.MaxContentLength + 1, long.MaxValue, -1, long.MinValue)),
        ("a combined encoding decodes to the data or fails as the reference fails",
            (site, slot) => site.Family.Kind == FamilyKind.Bao && slot.Name == "encoded", (site, slot, _, _) => Encodings(site, slot)),
        ("an outboard tree decodes the data beside it or fails as the reference fails",
            (site, slot) => site.Family.Kind == FamilyKind.Bao && slot.Name == "outboard" && !site.Name.StartsWith("Encode", StringComparison.Ordinal),
            (site, slot, _, _) => OutboardTrees(site, slot)),
        ("the data beside an outboard tree",
            (site, slot) => site.Family.Kind == FamilyKind.Bao && slot.Name == "input" && site.Has("outboard") && !site.Name.StartsWith("Encode", StringComparison.Ordinal),
            (site, slot, _, _) => OutboardData(site, slot)),
        ("a slice decodes to its range or fails as the reference fails",
            (site, slot) => site.Family.Kind == FamilyKind.Bao && slot.Name == "slice", (site, slot, _, _) => Slices(site, slot)),
        ("a range starts and runs anywhere from 0, past the end too",
            (site, slot) => site.Family.Kind == FamilyKind.Bao && site.Receiver is null && slot.Name is "start" or "count", (site, slot, _, _) => Range(site, slot)),
        ("an encoder's output stream is read back and rewritten in place; a slice's is only written",
            (site, slot) => site.Family.Kind == FamilyKind.Bao && (slot.Name == "output" || (slot.Name == "outboard" && site.Name.StartsWith("Encode", StringComparison.Ordinal))) && slot.Type == typeof(Stream),
            (site, slot, _, _) => OutputStreams(site, slot)),
        ("an exception's message and inner exception are anything", (site, slot) => slot.Name is "message" or "innerException",
            (_, slot, _, _) => slot.Name == "message"
                ? new Domain(() => "a chunk did not verify", new Edge("null", () => null, Expect.Valid), new Edge("empty", () => "", Expect.Valid))
                : new Domain(() => new IOException("the exception behind it"), new Edge("null", () => null, Expect.Valid))),
        ("a stream seeks from its start, its position or its end, to anywhere but before its start",
            (site, slot) => site.Name == "Seek" && site.InheritedFromFramework, (_, slot, _, _) => Seeks(slot)),
        ("a stream's position is anywhere but before its start",
            (site, slot) => site.Name == "set_Position" && site.InheritedFromFramework, (_, slot, _, _) => Positions(slot)),
        ("a read-only stream's length cannot be set", (site, slot) => site.Name == "SetLength", (_, slot, _, _) => Integer(slot, 0, _ => Expect.Valid, null)),
    ];

    /// <summary>The data, as the parameter takes it: a view, or a stream the test remembers the contents of.</summary>
    private static object? BaoBytes(Slot slot, byte[]? bytes, bool shortReads = false)
    {
        if (slot.Type != typeof(Stream))
        {
            return AsArgument(slot, bytes);
        }

        if (bytes is null)
        {
            return null;
        }

        return Arguments.Remember(shortReads ? new ShortReadStream(bytes) : new MemoryStream(bytes, writable: false), bytes);
    }

    /// <summary>A stream parameter's own faults: missing, or unreadable (a write-only pipe).</summary>
    private static IEnumerable<Edge> StreamFaults(Slot slot) => slot.Type != typeof(Stream) ? [] :
    [
        new Edge("null", () => null, Expect.Invalid),
        new Edge("write-only", () => new UnreadableStream(), Expect.Invalid),
    ];

    /// <summary>
    /// An edge whose verdict is the reference's: valid where the reference decodes it, otherwise
    /// refused with the exception the reference's failure stands for. A decoder stream is made
    /// without reading anything, so its creation is always valid; reading it fails later, which
    /// its effect checks.
    /// </summary>
    private static Edge ByReference(Site site, Slot slot, string label, byte[]? bytes, Func<byte[]> decode, bool shorterThanItsHeader, bool shortReads = false)
    {
        Type[]? throws = site.Name.StartsWith("Create", StringComparison.Ordinal) ? null : BaoFixture.Refusals(decode, shorterThanItsHeader);
        return new Edge(label, () => BaoBytes(slot, bytes, shortReads), throws is null ? Expect.Valid : Expect.Invalid) { Throws = throws };
    }

    private static Domain BaoHash(Site site, Slot slot)
    {
        if (slot.IsDestination)
        {
            // An encoder's root hash.
            return new Domain(
                () => AsDestination(slot, 32),
                new[] { 0, 1, 31, 33, 64 }.Select(n => new Edge($"{n} bytes", () => AsDestination(slot, n), Expect.Invalid)).ToArray());
        }

        // Another 32-byte hash is well formed: the data fails to verify against it, when it is read.
        bool lazy = site.Name.StartsWith("Create", StringComparison.Ordinal);
        Domain plain = Bytes(slot, BaoFixture.Hash, ("null", null, Expect.Invalid), ("empty", 0, Expect.Invalid), ("31 bytes", 31, Expect.Invalid), ("33 bytes", 33, Expect.Invalid));
        Edge another = new("another hash", () => Arguments.View(Arguments.Pattern(32, 5)), lazy ? Expect.Valid : Expect.Invalid)
        {
            Throws = lazy ? null : [typeof(BaoVerificationException)],
        };
        return new Domain(plain.Valid, [.. plain.Edges, another]);
    }

    /// <summary>
    /// Combined encodings: the fixture's, cut, padded, corrupted in a chunk, a parent or the header,
    /// another input's, and (with their own hashes) the large and the empty input's. ExtractSlice
    /// checks nothing, so there only cuts are faults.
    /// </summary>
    private static Domain Encodings(Site site, Slot slot)
    {
        byte[] e = BaoFixture.Combined;
        byte[] hash = BaoFixture.Hash;
        bool extracts = site.Name == "ExtractSlice";
        Func<byte[]> Decoding(byte[] encoded) => extracts
            ? () => BaoFixture.Slice(encoded, BaoFixture.SliceStart, BaoFixture.SliceCount)
            : () => BaoFixture.Decode(encoded, hash);
        Edge Case(string label, byte[]? encoded, bool shortReads = false) =>
            ByReference(site, slot, label, encoded, Decoding(encoded ?? []), BaoFixture.CombinedShort(encoded ?? []), shortReads);

        // The first parent is right after the header; chunk 0 right after the three parents above it.
        var edges = new List<Edge>(StreamFaults(slot))
        {
            Case("empty", []),
            Case("the header alone", e[..8]),
            Case("cut by a byte", e[..^1]),
            Case("cut in the first parent", e[..40]),
            Case("100 bytes after its end", [.. e, .. Arguments.Pattern(100, 3)]),
            Case("a bit flipped in chunk 0", BaoFixture.Flipped(e, 8 + (3 * 64) + 10)),
            Case("a bit flipped in the last chunk", BaoFixture.Flipped(e, e.Length - 5)),
            Case("a bit flipped in the root parent", BaoFixture.Flipped(e, 8 + 40)),
            Case("a header a byte longer", BaoFixture.WithHeader(e, (ulong)BaoFixture.Data.Length + 1)),
            Case("a header a byte shorter", BaoFixture.WithHeader(e, (ulong)BaoFixture.Data.Length - 1)),
            Case("a header of 0", BaoFixture.WithHeader(e, 0)),
            Case("another input's encoding", BaoFixture.OtherCombined),
        };

        edges.Add(slot.Type == typeof(Stream) ? Case("not seekable, short reads", e, shortReads: true) : Case("null", null));

        // Headers past the data: a decoder may find them cut short, or find a mismatch on the way.
        edges.Add(Case("a header of 2^40", BaoFixture.WithHeader(e, 1UL << 40)));
        edges.Add(Case("a header of 2^64 - 1", BaoFixture.WithHeader(e, ulong.MaxValue)));

        if (!extracts)
        {
            edges.Add(new Edge("the large input's encoding, with its hash", () => BaoBytes(slot, BaoFixture.LargeEncoded.Combined), Expect.Valid)
            {
                With = [("hash", () => Arguments.View(BaoFixture.LargeEncoded.Hash))],
            });
            edges.Add(new Edge("the empty input's encoding, with its hash", () => BaoBytes(slot, ReferenceBao.Encode([], outboard: false).Encoding), Expect.Valid)
            {
                With = [("hash", () => Arguments.View(BaoFixture.EmptyHash))],
            });
        }

        return new Domain(() => BaoBytes(slot, e), [.. edges]);
    }

    /// <summary>Outboard trees beside the fixture's data: cut, padded, corrupted, another input's.</summary>
    private static Domain OutboardTrees(Site site, Slot slot)
    {
        byte[] o = BaoFixture.Outboard;
        bool extracts = site.Name == "ExtractSliceOutboard";
        Edge Case(string label, byte[]? tree, bool shortReads = false) => ByReference(site, slot, label, tree, () =>
        {
            byte[] combined = BaoFixture.Combine(tree ?? [], BaoFixture.Data);
            return extracts ? BaoFixture.Slice(combined, BaoFixture.SliceStart, BaoFixture.SliceCount) : BaoFixture.Decode(combined, BaoFixture.Hash);
        }, BaoFixture.OutboardShort(tree ?? [], BaoFixture.Data), shortReads);

        var edges = new List<Edge>(StreamFaults(slot))
        {
            Case("empty", []),
            Case("the header alone", o[..8]),
            Case("cut by a byte", o[..^1]),
            Case("100 bytes after its end", [.. o, .. Arguments.Pattern(100, 3)]),
            Case("a bit flipped in the root parent", BaoFixture.Flipped(o, 8 + 3)),
            Case("a bit flipped in the last parent", BaoFixture.Flipped(o, o.Length - 3)),
            Case("a header a byte shorter", BaoFixture.WithHeader(o, (ulong)BaoFixture.Data.Length - 1)),
            Case("a header a byte longer", BaoFixture.WithHeader(o, (ulong)BaoFixture.Data.Length + 1)),
            Case("a header of 2^40", BaoFixture.WithHeader(o, 1UL << 40)),
            Case("a header of 2^64 - 1", BaoFixture.WithHeader(o, ulong.MaxValue)),
        };

        if (slot.Type == typeof(Stream))
        {
            edges.Add(Case("not seekable, short reads", o, shortReads: true));
        }
        else
        {
            edges.Add(Case("null", null));
        }

        if (!extracts)
        {
            edges.Add(new Edge("the large input's tree, with its data and hash", () => BaoBytes(slot, BaoFixture.LargeOutboard), Expect.Valid)
            {
                With = [("input", () => BaoBytes(site.Slots.First(s => s.Name == "input"), BaoFixture.LargeData)), ("hash", () => Arguments.View(BaoFixture.LargeEncoded.Hash))],
            });
        }

        return new Domain(() => BaoBytes(slot, o), [.. edges]);
    }

    /// <summary>The data beside the fixture's outboard tree: cut, padded, corrupted.</summary>
    private static Domain OutboardData(Site site, Slot slot)
    {
        byte[] d = BaoFixture.Data;
        bool extracts = site.Name == "ExtractSliceOutboard";
        Edge Case(string label, byte[]? data, bool shortReads = false) => ByReference(site, slot, label, data, () =>
        {
            byte[] combined = BaoFixture.Combine(BaoFixture.Outboard, data ?? []);
            return extracts ? BaoFixture.Slice(combined, BaoFixture.SliceStart, BaoFixture.SliceCount) : BaoFixture.Decode(combined, BaoFixture.Hash);
        }, BaoFixture.OutboardShort(BaoFixture.Outboard, data ?? []), shortReads);

        var edges = new List<Edge>(StreamFaults(slot))
        {
            Case("empty", []),
            Case("cut by a byte", d[..^1]),
            Case("100 bytes after its end", [.. d, .. Arguments.Pattern(100, 3)]),
            Case("a bit flipped in chunk 0", BaoFixture.Flipped(d, 10)),
            Case("a bit flipped in the last byte", BaoFixture.Flipped(d, d.Length - 1)),
        };

        edges.Add(slot.Type == typeof(Stream) ? Case("not seekable, short reads", d, shortReads: true) : Case("null", null));
        return new Domain(() => BaoBytes(slot, d), [.. edges]);
    }

    /// <summary>Slices of the valid range: cut, corrupted, another range's, the whole encoding.</summary>
    private static Domain Slices(Site site, Slot slot)
    {
        byte[] s = BaoFixture.ValidSlice;
        Edge Case(string label, byte[]? slice, bool shortReads = false) => ByReference(site, slot, label, slice,
            () => BaoFixture.DecodeSlice(slice ?? [], BaoFixture.Hash, BaoFixture.SliceStart, BaoFixture.SliceCount),
            BaoFixture.SliceShort(slice ?? [], BaoFixture.SliceStart, BaoFixture.SliceCount), shortReads);

        var edges = new List<Edge>(StreamFaults(slot))
        {
            Case("empty", []),
            Case("the header alone", s[..8]),
            Case("cut by a byte", s[..^1]),
            Case("100 bytes after its end", [.. s, .. Arguments.Pattern(100, 3)]),
            Case("a bit flipped in its first chunk", BaoFixture.Flipped(s, s.Length - 2000)),
            Case("a bit flipped in its last byte", BaoFixture.Flipped(s, s.Length - 1)),
            Case("a header a byte shorter", BaoFixture.WithHeader(s, (ulong)BaoFixture.Data.Length - 1)),
            Case("another range's slice (0, 1)", BaoFixture.Slice(BaoFixture.Combined, 0, 1)),
            Case("the last chunk's slice", BaoFixture.Slice(BaoFixture.Combined, BaoFixture.Data.Length, 0)),
            Case("the whole combined encoding", BaoFixture.Combined),
        };

        edges.Add(slot.Type == typeof(Stream) ? Case("not seekable, short reads", s, shortReads: true) : Case("null", null));
        return new Domain(() => BaoBytes(slot, s), [.. edges]);
    }

    /// <summary>
    /// A slice's start and count: negative values are refused; any other is a range, cut at the
    /// end of the data. A decoder of a slice is given that range's own slice.
    /// </summary>
    private static Domain Range(Site site, Slot slot)
    {
        long length = BaoFixture.Data.Length;
        long valid = slot.Name == "start" ? BaoFixture.SliceStart : BaoFixture.SliceCount;
        long[] values = slot.Name == "start"
            ? [0, 1, 1023, 1024, 4096, length - 1, length, length + 1, 1L << 40, long.MaxValue, -1, long.MinValue]
            : [0, 1, 1024, length, length + 1, long.MaxValue, -1, long.MinValue];
        Slot? slice = site.Slots.FirstOrDefault(s => s.Name == "slice");
        var edges = new List<Edge>();
        foreach (long v in values)
        {
            var edge = new Edge(v.ToString(System.Globalization.CultureInfo.InvariantCulture), () => v, v >= 0 ? Expect.Valid : Expect.Invalid);
            if (slice is not null && v >= 0)
            {
                (long start, long count) = slot.Name == "start" ? (v, BaoFixture.SliceCount) : (BaoFixture.SliceStart, v);
                edge = edge with { With = [("slice", () => BaoBytes(slice, BaoFixture.Slice(BaoFixture.Combined, start, count)))] };
            }

            edges.Add(edge);
        }

        return new Domain(() => valid, [.. edges]);
    }

    /// <summary>
    /// Where an encoder or extractor writes. An encoder writes its encoding in post-order and
    /// reorders it in place, so its output must also be readable and seekable; an extractor only writes.
    /// </summary>
    private static Domain OutputStreams(Site site, Slot slot)
    {
        bool rewrites = site.Name.StartsWith("Encode", StringComparison.Ordinal);
        return new Domain(
            () => new MemoryStream(),
            new Edge("null", () => null, Expect.Invalid),
            new Edge("read-only", () => new MemoryStream([], writable: false), Expect.Invalid),
            new Edge("write-only, not seekable", () => new WriteOnlyStream(), rewrites ? Expect.Invalid : Expect.Valid),
            new Edge("holding 100 bytes, at its end", () =>
            {
                var stream = new MemoryStream();
                stream.Write(Arguments.Pattern(100, 9));
                return stream;
            }, Expect.Valid));
    }

    /// <summary>Seek(offset, origin): before the start is an I/O error, as FileStream's; anywhere else is a position (past the end too).</summary>
    private static Domain Seeks(Slot slot)
    {
        long length = BaoFixture.Data.Length;
        if (slot.Name == "origin")
        {
            return new Domain(
                () => SeekOrigin.Begin,
                new Edge("Current", () => SeekOrigin.Current, Expect.Valid),
                new Edge("End", () => SeekOrigin.End, Expect.Valid),
                new Edge("not an origin (3)", () => (SeekOrigin)3, Expect.Invalid));
        }

        Domain plain = Integer(slot, 100, v => v >= 0 ? Expect.Valid : Expect.Invalid, null, 0, 1, 1024, length - 1, length, length + 1, long.MaxValue, -1, long.MinValue);
        return new Domain(plain.Valid, plain.Edges.Select(e => e.Expect == Expect.Invalid ? e with { Throws = [typeof(IOException)] } : e).ToArray());
    }

    /// <summary>Position: as Seek from the start; before the start FileStream gives ArgumentOutOfRangeException, Seek an I/O error, and either is the Stream contract.</summary>
    private static Domain Positions(Slot slot)
    {
        long length = BaoFixture.Data.Length;
        Domain plain = Integer(slot, 100, v => v >= 0 ? Expect.Valid : Expect.Invalid, null, 0, 1, 1024, length, length + 1, long.MaxValue, -1, long.MinValue);
        return new Domain(plain.Valid, plain.Edges.Select(e => e.Expect == Expect.Invalid ? e with { Throws = [typeof(IOException), typeof(ArgumentOutOfRangeException)] } : e).ToArray());
    }

    /// <summary>A write-only, unseekable stream (a pipe) that keeps what is written to it, for the test to read back.</summary>
    internal sealed class WriteOnlyStream : ForwardOnlyStream
    {
        private readonly MemoryStream _written = new();

        public override bool CanRead => false;

        public override bool CanWrite => true;

        public byte[] Written => _written.ToArray();

        public override int Read(Span<byte> buffer) => throw new NotSupportedException();

        public override void Write(byte[] buffer, int offset, int count) => _written.Write(buffer, offset, count);

        public override void Write(ReadOnlySpan<byte> buffer) => _written.Write(buffer);
    }
}

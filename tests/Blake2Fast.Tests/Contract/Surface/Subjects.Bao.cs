using System;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tests.Surface;

// The streams Bao's decoders return: read-only, seekable when their sources are, never a slice.
internal sealed partial class SubjectKind
{
    /// <summary>The key under which a decoder's request says that chunk 0 of its encoding is corrupt.</summary>
    private const string CorruptChunk0 = "corrupt chunk 0";

    private static SubjectKind BaoDecoders()
    {
        byte[] data = BaoFixture.Data;
        byte[] hash = BaoFixture.Hash;
        Type type = Bao.CreateDecoder(new MemoryStream(BaoFixture.Combined), hash).GetType();
        SubjectKind kind = Kind(type, Family.Bao, (instance, request) =>
        {
            var stream = (Stream)instance.Target;
            if (!stream.CanSeek)
            {
                // Its position is not known here; the reads' own checks cover it.
                return ([], []);
            }

            long position = stream.Position;
            byte[] buffer = new byte[64];
            int end = (int)Math.Min(request.Message.Length, position + buffer.Length);
            byte[] expected = position >= request.Message.Length ? [] : request.Message[(int)position..end];
            if (request.Arguments.ContainsKey(CorruptChunk0) && position < request.Message.Length)
            {
                // Chunk 0 must fail to verify; the others may too, where the decoder verifies
                // several chunks at once.
                try
                {
                    int read = stream.ReadAtLeast(buffer, buffer.Length, throwOnEndOfStream: false);
                    return (buffer[..read], position < 1024 ? System.Text.Encoding.ASCII.GetBytes("a BaoVerificationException, for chunk 0 is corrupt") : expected);
                }
                catch (BaoVerificationException)
                {
                    return ([], []);
                }
            }

            int n = stream.ReadAtLeast(buffer, buffer.Length, throwOnEndOfStream: false);
            return (buffer[..n], expected);
        }, "Bao decoder stream");

        Request Content(byte[] visible, bool corrupt = false)
        {
            var r = new Request { Family = Family.Bao, Message = visible, OutputLength = visible.Length };
            if (corrupt)
            {
                r.Arguments[CorruptChunk0] = true;
            }

            return r;
        }

        Instance Combined(int read = 0, byte[]? encoding = null)
        {
            Stream decoder = Bao.CreateDecoder(new MemoryStream(encoding ?? BaoFixture.Combined, writable: false), hash);
            decoder.ReadExactly(new byte[read]);
            return new Instance(decoder, Content(data, corrupt: encoding is not null), (ulong)read);
        }

        // Every decoder is read-only; one over sources that cannot seek cannot seek either.
        static Type[]? ReadOnly(string method) => method is "Write" or "SetLength" ? [typeof(NotSupportedException)] : null;
        static Type[]? Unseekable(string method) => method is "Seek" or "set_Position" ? [typeof(NotSupportedException)] : ReadOnly(method);
        static Type[]? Corrupt(string method) => method is "Read" or "ReadAsync" ? [typeof(BaoVerificationException)] : ReadOnly(method);
        static Type[]? Disposed(string method) =>
            method is "Write" or "SetLength" or "Seek" or "set_Position" ? [typeof(ObjectDisposedException), typeof(NotSupportedException)] : null;

        long sliceEnd = BaoFixture.SliceStart + BaoFixture.SliceCount;
        return kind
            .Add("combined, new", Status.Active, () => Combined(), ReadOnly)
            .Add("combined, 1500 bytes read", Status.Active, () => Combined(1500), ReadOnly)
            .Add("combined, read to its end", Status.Active, () => Combined(data.Length), ReadOnly)
            .Add("outboard, over pipes", Status.Active, () => new Instance(
                Bao.CreateDecoder(new ShortReadStream(data), new ShortReadStream(BaoFixture.Outboard), hash), Content(data)), Unseekable)
            .Add($"slice ({BaoFixture.SliceStart}, {BaoFixture.SliceCount})", Status.Active, () => new Instance(
                Bao.CreateSliceDecoder(new MemoryStream(BaoFixture.ValidSlice, writable: false), hash, BaoFixture.SliceStart, BaoFixture.SliceCount),
                Content(data[..(int)sliceEnd]), (ulong)BaoFixture.SliceStart), Unseekable)
            .Add("combined, chunk 0 corrupt", Status.Active, () => Combined(0, BaoFixture.Flipped(BaoFixture.Combined, 8 + (3 * 64) + 10)), Corrupt,
                method => method is "Seek" or "set_Position" ? [typeof(BaoVerificationException)] : null)
            .Add("disposed", Status.Disposed, () =>
            {
                Instance i = Combined(100);
                ((Stream)i.Target).Dispose();
                return i;
            }, Disposed);
    }
}

using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using static Blake2Fast.Tests.BaoTestSupport;

namespace Blake2Fast.Tests;

/// <summary>
/// The decoding streams: seeks to every chunk boundary, past the end and from the end (which verify
/// the final chunk first), the length shown only once verified, asynchronous reads and their
/// cancellation, sources that cannot seek, disposal, and memory that stays bounded for streams
/// of any size, encoding and decoding.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class BaoDecoderStreamTests
{
    /// <summary>Three 64 KiB windows and a partial chunk: every kind of node the decoder meets.</summary>
    private const int Length = (130 * 1024) + 77;

    private static readonly byte[] Input = RandomBytes(Length, 42);
    private static readonly byte[] Hash = Blake3.HashData(Input);
    private static readonly byte[] Encoded = Bao.Encode(Input, new byte[32]);
    private static readonly byte[] Outboard = Bao.EncodeOutboard(Input, new byte[32]);

    private static Stream Combined() => Bao.CreateDecoder(new MemoryStream(Encoded), Hash);

    private static Stream Separate() => Bao.CreateDecoder(new MemoryStream(Input), new MemoryStream(Outboard), Hash);

    [Fact]
    public void Seeks_to_every_chunk_boundary_read_the_rest()
    {
        foreach (Func<Stream> open in new Func<Stream>[] { Combined, Separate })
        {
            using Stream decoder = open();
            Assert.True(decoder.CanSeek);
            for (long at = 0; at <= Length + 2048; at += 1024)
            {
                Assert.Equal(at, decoder.Seek(at, SeekOrigin.Begin));
                Assert.Equal(at, decoder.Position);
                byte[] some = new byte[1500];
                int read = decoder.Read(some, 0, some.Length);
                int expected = (int)Math.Max(0, Math.Min(some.Length, Math.Min(1024 * 64, Length - at)));
                Assert.True(read > 0 || at >= Length);
                Assert.True(read <= expected);
                Assert.Equal(Input.AsSpan((int)Math.Min(at, Length), read).ToArray(), some.AsSpan(0, read).ToArray());
            }

            // Backwards, one boundary after another, each time to the end.
            for (long at = Length - (Length % 1024); at >= 0; at -= 7 * 1024)
            {
                decoder.Position = at;
                Assert.Equal(Input[(int)at..], ReadAll(decoder, 10000));
            }
        }
    }

    [Fact]
    public void Seeks_from_the_end_and_past_it_rely_on_the_verified_length()
    {
        using Stream decoder = Combined();
        Assert.Equal(Length, decoder.Length);
        Assert.Equal(Length - 10, decoder.Seek(-10, SeekOrigin.End));
        Assert.Equal(Input[^10..], ReadAll(decoder));
        Assert.Equal(Length + 5, decoder.Seek(5, SeekOrigin.End));
        Assert.Equal(0, decoder.Read(new byte[4], 0, 4));
        Assert.Equal(Length + 1000, decoder.Seek(Length + 1000, SeekOrigin.Begin));
        Assert.Equal(-1, decoder.ReadByte());
        decoder.Seek(-(Length + 1000) + 3, SeekOrigin.Current);
        Assert.Equal(Input[3], decoder.ReadByte());
        Assert.Throws<IOException>(() => decoder.Seek(-1, SeekOrigin.Begin));
    }

    [Fact]
    public void A_corrupt_final_chunk_hides_the_length_and_the_end()
    {
        byte[] corrupt = Flip(Encoded, Encoded.Length - 1);
        foreach (Action<Stream> reach in new Action<Stream>[]
        {
            d => _ = d.Length,
            d => d.Seek(0, SeekOrigin.End),
            d => d.Seek(-1, SeekOrigin.End),
            d => d.Seek(Length, SeekOrigin.Begin),
            d => d.Position = Length + 10,
            d => ReadAll(d),
        })
        {
            using Stream decoder = Bao.CreateDecoder(new MemoryStream(corrupt), Hash);
            Assert.Throws<BaoVerificationException>(() => reach(decoder));
            Assert.Throws<BaoVerificationException>(() => decoder.ReadByte());
            Assert.Throws<BaoVerificationException>(() => decoder.Seek(0, SeekOrigin.Begin));
        }

        // Read in order, everything before the final chunk's window comes back, then the refusal.
        using Stream sequential = Bao.CreateDecoder(new ShortReadStream(corrupt), Hash);
        byte[] buffer = new byte[Length];
        int done = 0;
        Assert.Throws<BaoVerificationException>(() =>
        {
            int read;
            while ((read = sequential.Read(buffer, done, buffer.Length - done)) > 0)
            {
                done += read;
            }
        });
        Assert.Equal(128 * 1024, done);
        Assert.Equal(Input[..done], buffer[..done]);
    }

    [Fact]
    public async Task Async_reads_return_the_same_bytes_and_honour_cancellation()
    {
        using (Stream decoder = Bao.CreateDecoder(new ShortReadStream(Encoded), Hash))
        {
            var all = new MemoryStream();
            await decoder.CopyToAsync(all, 3000, TestContext.Current.CancellationToken);
            Assert.Equal(Input, all.ToArray());
        }

        using (Stream decoder = Combined())
        {
            using var canceled = new CancellationTokenSource();
            canceled.Cancel();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => decoder.ReadAsync(new byte[10], 0, 10, canceled.Token));
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => decoder.ReadAsync(new byte[10].AsMemory(), canceled.Token).AsTask());
            byte[] first = new byte[10];
            Assert.Equal(10, await decoder.ReadAsync(first, TestContext.Current.CancellationToken));
            Assert.Equal(Input[..10], first);
        }
    }

    [Fact]
    public async Task A_read_canceled_part_way_leaves_a_seekable_decoder_usable_and_ends_one_that_is_not()
    {
        foreach (bool seekable in new[] { true, false })
        {
            var source = new StallingStream(Encoded, seekable, stallAtRead: 2);
            using Stream decoder = Bao.CreateDecoder(source, Hash);
            using var cancel = new CancellationTokenSource();
            Task<int> read = decoder.ReadAsync(new byte[100], 0, 100, cancel.Token);
            Assert.True(await source.Stalled.WaitAsync(TimeSpan.FromMinutes(1), TestContext.Current.CancellationToken));
            await cancel.CancelAsync();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => read);
            if (seekable)
            {
                Assert.Equal(Input, ReadAll(decoder));
            }
            else
            {
                Assert.Throws<IOException>(() => decoder.ReadByte());
            }
        }
    }

    [Fact]
    public void A_decoder_of_streams_that_cannot_seek_cannot_seek_either()
    {
        using Stream decoder = Bao.CreateDecoder(new ShortReadStream(Encoded), Hash);
        Assert.False(decoder.CanSeek);
        Assert.True(decoder.CanRead);
        Assert.False(decoder.CanWrite);
        Assert.Throws<NotSupportedException>(() => decoder.Length);
        Assert.Throws<NotSupportedException>(() => decoder.Position);
        Assert.Throws<NotSupportedException>(() => decoder.Seek(0, SeekOrigin.Begin));
        Assert.Throws<NotSupportedException>(() => decoder.Write([1], 0, 1));
        Assert.Throws<NotSupportedException>(() => decoder.SetLength(1));
        using Stream half = Bao.CreateDecoder(new MemoryStream(Input), new ShortReadStream(Outboard), Hash);
        Assert.False(half.CanSeek);
        Assert.Equal(Input, ReadAll(half));
    }

    [Fact]
    public void Disposing_the_decoder_disposes_its_sources()
    {
        var encoded = new MemoryStream(Encoded);
        Stream decoder = Bao.CreateDecoder(encoded, Hash);
        decoder.Dispose();
        Assert.False(encoded.CanRead);
        Assert.False(decoder.CanRead);
        Assert.Throws<ObjectDisposedException>(() => decoder.Read(new byte[1], 0, 1));

        var input = new MemoryStream(Input);
        var outboard = new MemoryStream(Outboard);
        Bao.CreateDecoder(input, outboard, Hash).Dispose();
        Assert.False(input.CanRead);
        Assert.False(outboard.CanRead);
    }

    // Optimized builds only: the decoder's synchronous reads run its async core (which completes
    // synchronously), and a Debug build of the library compiles each async method's state machine
    // as a class, allocated per call, so there the allocations grow with the size (CI's fresh
    // clone: 747,088 bytes for 48 MiB against 229,488 for 1 MiB).
    [OptimizedLibraryFact]
    public void Encoding_and_decoding_streams_take_bounded_memory_whatever_the_size()
    {
        string path = Path.GetTempFileName();
        try
        {
            long small = MeasureRoundTrip(path, 1024 * 1024);
            long large = MeasureRoundTrip(path, 48 * 1024 * 1024);
            Assert.True(large < 2 * 1024 * 1024, $"{large} bytes allocated for 48 MiB");
            Assert.True(large < small + (256 * 1024), $"{large} bytes allocated for 48 MiB, {small} for 1 MiB");
        }
        finally
        {
            File.Delete(path);
        }
    }

    /// <summary>Encodes <paramref name="length"/> bytes (allocated beforehand) into a file and decodes it back; returns the bytes allocated meanwhile.</summary>
    private static long MeasureRoundTrip(string path, int length)
    {
        byte[] hash = new byte[32];
        var input = new MemoryStream(new byte[length]);
        long before = GC.GetAllocatedBytesForCurrentThread();
        using (var output = new FileStream(path, FileMode.Create, FileAccess.ReadWrite))
        {
            Bao.Encode(input, output, hash);
        }

        long total = 0;
        using (Stream decoder = Bao.CreateDecoder(File.OpenRead(path), hash))
        {
            byte[] buffer = new byte[64 * 1024];
            int read;
            while ((read = decoder.Read(buffer, 0, buffer.Length)) > 0)
            {
                total += read;
            }
        }

        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(length, total);
        return allocated;
    }

    /// <summary>A seekable or unseekable copy of some bytes whose chosen read waits until it is canceled.</summary>
    private sealed class StallingStream(byte[] data, bool seekable, int stallAtRead) : MemoryStream(data)
    {
        private int _reads;

        public SemaphoreSlim Stalled { get; } = new(0);

        public override bool CanSeek => seekable && base.CanSeek;

        public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (++_reads == stallAtRead)
            {
                Stalled.Release();
                await Task.Delay(Timeout.Infinite, cancellationToken);
            }

            return Read(buffer.Span);
        }

        // The netstandard2.0 build's decoder reads through this overload (its Stream has no other).
        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();
    }
}

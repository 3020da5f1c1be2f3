using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Tests;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>The reading ring: every length around the chunk and ring sizes, trickling pipes, read errors.</summary>
public sealed class StreamHasherTests
{
    private const int Chunk = StreamHasher.ChunkSize;

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(Chunk - 1)]
    [InlineData(Chunk)]
    [InlineData(Chunk + 1)]
    [InlineData(4 * Chunk)]
    [InlineData(5 * Chunk + 3)]
    public void Every_length_hashes_like_the_one_shot(int length)
    {
        byte[] data = Data(length);

        Assert.Equal(Blake2b.HashData(data), HashThroughRing(new MemoryStream(data)));
    }

    [Fact]
    public void A_stream_that_returns_little_at_a_time_hashes_the_same()
    {
        byte[] data = Data((2 * Chunk) + 777);

        Assert.Equal(Blake2b.HashData(data), HashThroughRing(new TrickleStream(data, failAfter: -1)));
    }

    [Fact]
    public async Task A_read_error_is_raised_and_nothing_hangs()
    {
        var stream = new TrickleStream(Data(3 * Chunk), failAfter: (2 * Chunk) + 10);

        // A hang would surface as a TimeoutException instead of the IOException.
        await Assert.ThrowsAsync<IOException>(() => Task.Run(() => HashThroughRing(stream), TestContext.Current.CancellationToken).WaitAsync(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken));
    }

    [Fact]
    public async Task A_failing_hash_stops_the_reader_and_nothing_hangs()
    {
        var stream = new TrickleStream(Data(8 * Chunk), failAfter: -1);
        using var hash = new FailingHash(failAtCall: 2);

        await Assert.ThrowsAsync<InvalidOperationException>(() => Task.Run(() => new StreamHasher().Hash(stream, hash, progress: null), TestContext.Current.CancellationToken).WaitAsync(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken));
    }

    [Fact]
    public void One_hasher_serves_several_inputs_in_turn()
    {
        var hasher = new StreamHasher();
        foreach (int length in new[] { (3 * Chunk) + 5, 10, 6 * Chunk })
        {
            byte[] data = Data(length);
            using IIncrementalHash hash = LibraryHashes.Blake2b(new HashParameters(64, [], [], []));
            Assert.Equal(length, hasher.Hash(new MemoryStream(data), hash, progress: null));
            byte[] digest = new byte[64];
            hash.Finish(digest);
            Assert.Equal(Blake2b.HashData(data), digest);
        }
    }

    private static byte[] HashThroughRing(Stream stream)
    {
        using IIncrementalHash hash = LibraryHashes.Blake2b(new HashParameters(64, [], [], []));
        new StreamHasher().Hash(stream, hash, progress: null);
        byte[] digest = new byte[64];
        hash.Finish(digest);
        return digest;
    }

    private static byte[] Data(int length)
    {
        byte[] data = new byte[length];
        new Random(length).NextBytes(data);
        return data;
    }

    /// <summary>
    /// A hash whose Update throws on its n-th call, as a bug in a kernel would. It first waits long
    /// enough for the reader to fill every free slot and block, so that the ring must wake it.
    /// </summary>
    private sealed class FailingHash(int failAtCall) : IIncrementalHash
    {
        private int _calls;

        public void Update(ReadOnlySpan<byte> data)
        {
            if (++_calls == failAtCall)
            {
                Thread.Sleep(300);
                throw new InvalidOperationException("hash failed");
            }
        }

        public void Finish(Span<byte> destination) => destination.Clear();

        public void Dispose()
        {
        }
    }

    /// <summary>A pipe-like stream: at most 4000 bytes per read, optionally failing at an offset.</summary>
    private sealed class TrickleStream(byte[] data, long failAfter) : ForwardOnlyStream
    {
        private int _position;

        public override int Read(Span<byte> buffer)
        {
            if (failAfter >= 0 && _position >= failAfter)
            {
                throw new IOException("Input/output error");
            }

            int n = Math.Min(Math.Min(buffer.Length, 4000), data.Length - _position);
            data.AsSpan(_position, n).CopyTo(buffer);
            _position += n;
            return n;
        }
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;

namespace Blake2Fast.BlobService.Tests;

internal static class TestData
{
    /// <summary>
    /// A handler whose connections have small receive buffers, so that a reader that does not read
    /// holds its response back at the server after a few KiB instead of megabytes in the kernel.
    /// </summary>
    public static SocketsHttpHandler SmallWindowHandler() => new()
    {
        ConnectCallback = async (context, cancellationToken) =>
        {
            var socket = new Socket(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true, ReceiveBufferSize = 16 * 1024 };
            try
            {
                await socket.ConnectAsync(context.DnsEndPoint, cancellationToken);
                return new NetworkStream(socket, ownsSocket: true);
            }
            catch
            {
                socket.Dispose();
                throw;
            }
        },
    };

    /// <summary>
    /// Reads a slice response through Bao's slice decoder and checks each verified byte against
    /// <paramref name="data"/>: the first <paramref name="prefix"/> bytes (one byte at first, as a
    /// slow reader), or the whole range if <paramref name="prefix"/> is <see cref="int.MaxValue"/>.
    /// Returns the number of bytes checked.
    /// </summary>
    public static async Task<long> ReadSliceAsync(HttpResponseMessage response, byte[] root, byte[] data, long start, long count, int prefix, CancellationToken cancellationToken)
    {
        Stream body = await response.Content.ReadAsStreamAsync(cancellationToken);
        using Stream verified = Bao.CreateSliceDecoder(body, root, start, count);
        byte[] buffer = new byte[64 * 1024];
        long done = 0;
        int read;
        while (done < prefix && (read = await verified.ReadAsync(buffer.AsMemory(0, done == 0 ? 1 : (int)Math.Min(buffer.Length, prefix - done)), cancellationToken)) > 0)
        {
            if (!data.AsSpan((int)(start + done), read).SequenceEqual(buffer.AsSpan(0, read)))
            {
                throw new InvalidDataException($"The slice from {start} differs from the data at {start + done}.");
            }

            done += read;
        }

        return done;
    }

    /// <summary>The number of threads of this process (server and clients share it).</summary>
    public static int ThreadCount()
    {
        using Process self = Process.GetCurrentProcess();
        return self.Threads.Count;
    }

    public static byte[] Bytes(int length, int seed)
    {
        byte[] bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    public static string Hex(byte[] data) => Convert.ToHexStringLower(Blake3.HashData(data));

    /// <summary>The names of the files in <paramref name="directory"/>, in ordinal order.</summary>
    public static string[] FileNames(string directory) =>
        Directory.GetFiles(directory).Select(path => Path.GetFileName(path)).Order(StringComparer.Ordinal).ToArray();

    /// <summary>
    /// The first byte of the data that a reader of a combined encoding of <paramref name="length"/>
    /// bytes loses when the encoding's byte <paramref name="offset"/> is damaged: the start of the
    /// chunk that holds it, or of the subtree under the parent that holds it.
    /// </summary>
    public static long FirstDataLost(long length, long offset)
    {
        if (offset < 8)
        {
            return 0;
        }

        long nodeStart = 8;
        long dataStart = 0;
        long nodeLength = length;
        while (nodeLength > 1024)
        {
            if (offset < nodeStart + 64)
            {
                return dataStart;
            }

            long chunks = (nodeLength + 1023) / 1024;
            long leftLength = 1024L << (63 - System.Numerics.BitOperations.LeadingZeroCount((ulong)chunks - 1));
            long leftEncoded = Bao.EncodedLength(leftLength) - 8;
            if (offset < nodeStart + 64 + leftEncoded)
            {
                nodeStart += 64;
                nodeLength = leftLength;
            }
            else
            {
                nodeStart += 64 + leftEncoded;
                dataStart += leftLength;
                nodeLength -= leftLength;
            }
        }

        return dataStart;
    }
}

/// <summary>A seekable source that throws once at each of the given offsets, as a dropped connection would end a part.</summary>
internal sealed class FlakySource(byte[] data, IEnumerable<long> failAt) : Stream
{
    private readonly SortedSet<long> _failAt = new(failAt);
    private long _position;

    public int Failures { get; private set; }

    public override bool CanRead => true;

    public override bool CanSeek => true;

    public override bool CanWrite => false;

    public override long Length => data.Length;

    public override long Position { get => _position; set => _position = value; }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        long limit = data.Length;
        foreach (long f in _failAt)
        {
            if (f == _position)
            {
                _failAt.Remove(f);
                Failures++;
                throw new IOException($"The test's source failed at {f}.");
            }

            if (f > _position)
            {
                limit = Math.Min(limit, f);
                break;
            }
        }

        int n = (int)Math.Min(buffer.Length, Math.Max(0, limit - _position));
        data.AsSpan((int)_position, n).CopyTo(buffer);
        _position += n;
        return n;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        ValueTask.FromResult(Read(buffer.Span));

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        Task.FromResult(Read(buffer, offset, count));

    public override long Seek(long offset, SeekOrigin origin) => _position = origin switch
    {
        SeekOrigin.Begin => offset,
        SeekOrigin.Current => _position + offset,
        _ => data.Length + offset,
    };

    public override void Flush()
    {
    }

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

/// <summary>A write-only stream that hashes what it is given and counts it.</summary>
internal sealed class HashingSink : Stream
{
    private Blake3HashState _hasher = Blake3.CreateIncrementalHasher();

    public long Written { get; private set; }

    public string Finish() => Convert.ToHexStringLower(_hasher.Finish());

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => Written;

    public override long Position { get => Written; set => throw new NotSupportedException(); }

    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        _hasher.Update(buffer);
        Written += buffer.Length;
    }

    public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        Write(buffer.Span);
        return ValueTask.CompletedTask;
    }

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}

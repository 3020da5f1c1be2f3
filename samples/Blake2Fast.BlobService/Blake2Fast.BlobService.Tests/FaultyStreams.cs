using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;

namespace Blake2Fast.BlobService.Tests;

// The faults the tests inject into request and response bodies: the service's own tests
// (Tampering) and the browser test's host (its /e2e/ hooks, which compile this file too).

/// <summary>A request body that ends, after <c>cut</c> bytes, with the connection aborted (<c>cutting</c> is called first).</summary>
internal sealed class CuttingStream(Stream inner, HttpContext context, long cut, Action? cutting = null) : Stream
{
    private long _left = cut;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (_left == 0)
        {
            cutting?.Invoke();
            context.Abort();
            throw new IOException("Cut by the test.");
        }

        int read = await inner.ReadAsync(buffer[..(int)Math.Min(buffer.Length, _left)], cancellationToken);
        _left -= read;
        return read;
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

/// <summary>
/// A response body that flips a byte at <c>corruptAt</c> (then calls <c>corrupted</c>), aborts the
/// connection after <c>abortAfter</c> bytes, or ends normally but short after <c>endAfter</c>
/// bytes; -1 turns each off.
/// </summary>
internal sealed class TamperingStream(Stream inner, HttpContext context, long corruptAt, long abortAfter, long endAfter, Action? corrupted = null) : Stream
{
    private long _position;

    public override bool CanRead => false;

    public override bool CanSeek => false;

    public override bool CanWrite => true;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => _position; set => throw new NotSupportedException(); }

    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        long start = _position;
        _position += buffer.Length;
        if (endAfter >= 0)
        {
            // The rest is dropped and the response ends normally, short.
            await inner.WriteAsync(buffer[..(int)Math.Clamp(endAfter - start, 0, buffer.Length)], cancellationToken);
            return;
        }

        if (abortAfter >= 0 && _position > abortAfter)
        {
            int keep = (int)Math.Max(0, abortAfter - start);
            await inner.WriteAsync(buffer[..keep], cancellationToken);
            await inner.FlushAsync(cancellationToken);
            context.Abort();
            throw new IOException("Cut by the test.");
        }

        if (corruptAt >= start && corruptAt < start + buffer.Length)
        {
            byte[] copy = buffer.ToArray();
            copy[corruptAt - start] ^= 0x20;
            buffer = copy;
            corrupted?.Invoke();
        }

        await inner.WriteAsync(buffer, cancellationToken);
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override Task FlushAsync(CancellationToken cancellationToken) => inner.FlushAsync(cancellationToken);

    public override void Flush() => inner.Flush();

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();
}

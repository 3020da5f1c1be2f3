using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace Blake2Fast.BlobService.Tests;

/// <summary>
/// Test-only middleware, ahead of routing: flips a byte of whole-blob downloads, cuts responses
/// short, or answers one blob's slices with another's.
/// </summary>
public sealed class Tampering
{
    /// <summary>The offset in a whole-blob response (the combined encoding) of the byte to flip, or -1.</summary>
    public long CorruptAt { get; set; } = -1;

    /// <summary>Responses of blobs and slices are aborted (connection reset) after this many bytes, or never (-1).</summary>
    public long AbortAfter { get; set; } = -1;

    /// <summary>Responses of blobs and slices end cleanly (a shorter chunked body) after this many bytes, or never (-1).</summary>
    public long EndAfter { get; set; } = -1;

    /// <summary>Requests for this blob's paths are answered with <see cref="RedirectTo"/>'s.</summary>
    public string? RedirectFrom { get; set; }

    /// <summary>See <see cref="RedirectFrom"/>.</summary>
    public string? RedirectTo { get; set; }

    private readonly object _gate = new();
    private readonly SortedSet<long> _patchCuts = [];
    private int _activeSlices;
    private int _sliceTarget = int.MaxValue;
    private TaskCompletionSource? _slicesReached;
    private int _blobRequests;
    private int _patchRequests;

    /// <summary>Requests for blobs and slices so far.</summary>
    public int BlobRequests => Volatile.Read(ref _blobRequests);

    /// <summary>PATCH requests so far.</summary>
    public int PatchRequests => Volatile.Read(ref _patchRequests);

    /// <summary>Cuts set by <see cref="CutPatchesAt"/> that have not happened yet.</summary>
    public int PendingCuts
    {
        get
        {
            lock (_gate)
            {
                return _patchCuts.Count;
            }
        }
    }

    /// <summary>Slice requests in progress now.</summary>
    public int ActiveSlices => Volatile.Read(ref _activeSlices);

    /// <summary>
    /// Upload offsets at which a PATCH body is cut, once each: the server reads the body up to the
    /// offset, then the connection is aborted, as a dropped connection would end it.
    /// </summary>
    public void CutPatchesAt(params long[] offsets)
    {
        lock (_gate)
        {
            _patchCuts.UnionWith(offsets);
        }
    }

    /// <summary>Completes once <paramref name="count"/> slice requests are in progress at the same time.</summary>
    public Task WhenActiveSlices(int count)
    {
        lock (_gate)
        {
            _sliceTarget = count;
            _slicesReached = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            if (_activeSlices >= count)
            {
                _slicesReached.TrySetResult();
            }

            return _slicesReached.Task;
        }
    }

    public void Apply(WebApplication app) => app.Use(async (context, next) =>
    {
        string path = context.Request.Path.Value ?? string.Empty;
        if (HttpMethods.IsPatch(context.Request.Method))
        {
            Interlocked.Increment(ref _patchRequests);
            long cut = -1;
            if (long.TryParse(context.Request.Headers["Upload-Offset"], out long offset))
            {
                lock (_gate)
                {
                    long? nextCut = _patchCuts.GetViewBetween(offset, long.MaxValue).Cast<long?>().FirstOrDefault();
                    if (nextCut is long at && (context.Request.ContentLength is not long declared || at < offset + declared))
                    {
                        _patchCuts.Remove(at);
                        cut = at - offset;
                    }
                }
            }

            if (cut >= 0)
            {
                context.Request.Body = new CuttingStream(context.Request.Body, context, cut);
            }

            await next(context);
            return;
        }

        if (!path.StartsWith("/blobs/", StringComparison.Ordinal))
        {
            await next(context);
            return;
        }

        Interlocked.Increment(ref _blobRequests);
        if (path.EndsWith("/slice", StringComparison.Ordinal))
        {
            lock (_gate)
            {
                if (++_activeSlices >= _sliceTarget)
                {
                    _slicesReached?.TrySetResult();
                }
            }

            try
            {
                await TamperAsync(context, next, path);
            }
            finally
            {
                Interlocked.Decrement(ref _activeSlices);
            }

            return;
        }

        await TamperAsync(context, next, path);
    });

    private async Task TamperAsync(HttpContext context, RequestDelegate next, string path)
    {

        if (RedirectFrom is not null && RedirectTo is not null && path.Contains(RedirectFrom, StringComparison.Ordinal))
        {
            context.Request.Path = path.Replace(RedirectFrom, RedirectTo, StringComparison.Ordinal);
        }

        bool slice = path.EndsWith("/slice", StringComparison.Ordinal);
        long corruptAt = slice ? -1 : CorruptAt;
        long endAfter = EndAfter;
        if (endAfter >= 0)
        {
            // No Content-Length: the short body is a complete chunked response.
            context.Response.OnStarting(() =>
            {
                context.Response.ContentLength = null;
                return Task.CompletedTask;
            });
        }

        if (corruptAt < 0 && AbortAfter < 0 && endAfter < 0)
        {
            await next(context);
            return;
        }

        Stream original = context.Response.Body;
        context.Response.Body = new TamperingStream(original, context, corruptAt, AbortAfter, endAfter);
        try
        {
            await next(context);
        }
        finally
        {
            context.Response.Body = original;
        }
    }

    /// <summary>A request body that ends, after so many bytes, with the connection aborted.</summary>
    private sealed class CuttingStream(Stream inner, HttpContext context, long cut) : Stream
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

    private sealed class TamperingStream(Stream inner, HttpContext context, long corruptAt, long abortAfter, long endAfter) : Stream
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
}

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
}

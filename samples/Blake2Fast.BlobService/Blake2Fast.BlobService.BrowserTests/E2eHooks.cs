using System;
using System.Globalization;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Builder;
using Blake2Fast.BlobService.Tests;
using Microsoft.AspNetCore.Http;

namespace Blake2Fast.BlobService.BrowserTests;

/// <summary>
/// Test-only hooks, ahead of the service's routing, armed by the browser test through <c>/e2e/</c>:
/// <c>POST /e2e/tamper</c> flips one byte of the next whole-blob download; <c>POST /e2e/drop?after=N</c>
/// aborts the connection of the next upload part after N bytes of its body; <c>POST /e2e/hold?at=N</c>
/// holds the next upload part that starts at offset N or later, unread and unanswered, until
/// <c>POST /e2e/release</c> (a reload at a known offset: the page goes away while the part is held); <c>GET /e2e/state</c> tells how many of each have happened, as JSON.
/// </summary>
public sealed class E2eHooks
{
    // In the combined encoding, past the 8-byte length header and the first parents: a data byte for blobs over 64 KiB.
    private const long TamperOffset = 64 * 1024;

    private int _tamperArmed;
    private long _dropAfter = -1;
    private long _holdAt = -1;
    private int _held;
    private readonly TaskCompletionSource _released = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private int _tampered;
    private int _dropped;

    /// <summary>Adds the hooks' endpoints and middleware to <paramref name="app"/>.</summary>
    public void Apply(WebApplication app) => app.Use(async (context, next) =>
    {
        HttpRequest request = context.Request;
        string path = request.Path.Value ?? string.Empty;
        if (path.StartsWith("/e2e/", StringComparison.Ordinal))
        {
            await AnswerAsync(context, path);
            return;
        }

        if (HttpMethods.IsPatch(request.Method) && path.StartsWith("/uploads/", StringComparison.Ordinal))
        {
            if (await HoldAsync(context))
            {
                return;
            }

            long after = Interlocked.Exchange(ref _dropAfter, -1);
            if (after >= 0)
            {
                request.Body = new CuttingStream(request.Body, context, after, () => Interlocked.Increment(ref _dropped));
            }
        }
        else if (HttpMethods.IsGet(request.Method) && path.StartsWith("/blobs/", StringComparison.Ordinal)
            && !path.EndsWith("/slice", StringComparison.Ordinal) && Interlocked.Exchange(ref _tamperArmed, 0) == 1)
        {
            Stream original = context.Response.Body;
            context.Response.Body = new TamperingStream(original, context, TamperOffset, -1, -1, () => Interlocked.Increment(ref _tampered));
            try
            {
                await next(context);
            }
            finally
            {
                context.Response.Body = original;
            }

            return;
        }

        await next(context);
    });

    private async Task AnswerAsync(HttpContext context, string path)
    {
        switch (path)
        {
            case "/e2e/tamper" when HttpMethods.IsPost(context.Request.Method):
                Volatile.Write(ref _tamperArmed, 1);
                context.Response.StatusCode = StatusCodes.Status204NoContent;
                break;
            case "/e2e/drop" when HttpMethods.IsPost(context.Request.Method)
                && long.TryParse(context.Request.Query["after"], NumberStyles.None, CultureInfo.InvariantCulture, out long after):
                Volatile.Write(ref _dropAfter, after);
                context.Response.StatusCode = StatusCodes.Status204NoContent;
                break;
            case "/e2e/hold" when HttpMethods.IsPost(context.Request.Method)
                && long.TryParse(context.Request.Query["at"], NumberStyles.None, CultureInfo.InvariantCulture, out long at):
                Volatile.Write(ref _holdAt, at);
                context.Response.StatusCode = StatusCodes.Status204NoContent;
                break;
            case "/e2e/release" when HttpMethods.IsPost(context.Request.Method):
                _released.TrySetResult();
                context.Response.StatusCode = StatusCodes.Status204NoContent;
                break;
            case "/e2e/state" when HttpMethods.IsGet(context.Request.Method):
                context.Response.ContentType = "application/json";
                await context.Response.WriteAsync(FormattableString.Invariant(
                    $"{{\"tampered\":{Volatile.Read(ref _tampered)},\"dropped\":{Volatile.Read(ref _dropped)},\"held\":{Volatile.Read(ref _held)}}}"));
                break;
            default:
                context.Response.StatusCode = StatusCodes.Status404NotFound;
                break;
        }
    }

    /// <summary>
    /// Holds a part armed by <c>/e2e/hold</c> until <c>/e2e/release</c> (or its client goes away),
    /// then answers nothing: the upload stays at the part's offset. Returns whether the part was held.
    /// </summary>
    private async Task<bool> HoldAsync(HttpContext context)
    {
        long at = Volatile.Read(ref _holdAt);
        if (at < 0
            || !long.TryParse(context.Request.Headers["Upload-Offset"], NumberStyles.None, CultureInfo.InvariantCulture, out long offset)
            || offset < at
            || Interlocked.CompareExchange(ref _holdAt, -1, at) != at)
        {
            return false;
        }

        Interlocked.Increment(ref _held);
        try
        {
            await _released.Task.WaitAsync(context.RequestAborted);
        }
        catch (OperationCanceledException)
        {
        }

        context.Abort();
        return true;
    }
}

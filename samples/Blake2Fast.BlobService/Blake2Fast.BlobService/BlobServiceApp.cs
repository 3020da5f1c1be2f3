using System;
using System.Globalization;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.StaticFiles;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.FileProviders;

namespace Blake2Fast.BlobService;

/// <summary>Builds the blob service: its store, its endpoints and the pipeline around them.</summary>
public static class BlobServiceApp
{
    /// <summary>The header that carries an upload's offset (requests and responses), as in tus.</summary>
    public const string UploadOffsetHeader = "Upload-Offset";

    /// <summary>The header that marks a part as the last (<c>?1</c>) or not (<c>?0</c>, the default).</summary>
    public const string UploadCompleteHeader = "Upload-Complete";

    /// <summary>The header that carries the hash of a completed upload's blob.</summary>
    public const string BlobHashHeader = "Blob-Hash";

    /// <summary>The header that carries a blob's length on a download (informative: the encoding proves it).</summary>
    public const string BlobLengthHeader = "Blob-Length";

    /// <summary>
    /// Builds the app from command-line arguments (<c>--BlobService:Directory=PATH</c>, any setting
    /// of <see cref="BlobServiceOptions"/>, <c>--urls</c>, any configuration).
    /// <paramref name="configurePipeline"/> adds middleware ahead of routing (the tests' tampering),
    /// or endpoints of its own (the benchmark's plain transfers); <paramref name="configureServices"/>
    /// may register services first, such as a <see cref="TimeProvider"/> (the tests' fake clock).
    /// The store is opened before the app is returned: uploads are recovered and expired at start-up.
    /// </summary>
    /// <exception cref="ArgumentException">A setting is out of range.</exception>
    public static WebApplication Build(string[] args, Action<WebApplication>? configurePipeline = null, Action<IServiceCollection>? configureServices = null)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder(args);
        builder.Services.AddProblemDetails();
        var options = new BlobServiceOptions();
        builder.Configuration.GetSection(BlobServiceOptions.SectionName).Bind(options);
        options.Validate();
        builder.Services.AddSingleton(options);
        configureServices?.Invoke(builder.Services);
        builder.Services.TryAddSingleton(TimeProvider.System);
        builder.Services.AddSingleton(services => new BlobStore(options, services.GetRequiredService<TimeProvider>()));

        // Bounded: no request body may exceed a blob. One read's worth of room above the limit lets the
        // store see the read that crosses it and answer 413 itself, with what it keeps.
        builder.WebHost.ConfigureKestrel(kestrel => kestrel.Limits.MaxRequestBodySize =
            options.MaxBlobLength > long.MaxValue - BlobStore.ReadLength ? long.MaxValue : options.MaxBlobLength + BlobStore.ReadLength);

        WebApplication app = builder.Build();
        app.Services.GetRequiredService<BlobStore>();
        configurePipeline?.Invoke(app);
        if (options.ClientDirectory is not null)
        {
            UseClientFiles(app, options.ClientDirectory);
        }

        app.UseRouting();
        MapEndpoints(app);
        return app;
    }

    /// <summary>
    /// Serves a published browser client's files (GET and HEAD of files that exist; <c>/</c> gives
    /// <c>index.html</c>) ahead of the API, whose paths hold no files.
    /// </summary>
    private static void UseClientFiles(WebApplication app, string directory)
    {
        var files = new PhysicalFileProvider(Path.GetFullPath(directory));
        app.UseDefaultFiles(new DefaultFilesOptions { FileProvider = files });
        app.UseStaticFiles(new StaticFileOptions
        {
            FileProvider = files,
            ContentTypeProvider = ClientContentTypes(),

            // The page's files are named by content only in part (index.html, blobpage.js are not): ask each time.
            OnPrepareResponse = context => context.Context.Response.Headers.CacheControl = "no-cache",
        });
    }

    /// <summary>
    /// The content types of a Blazor WebAssembly client's files: the usual ones, with
    /// <c>application/wasm</c> (which the browser needs to compile a module as it streams in) and the
    /// runtime's data files, which the default mapping does not know and would not serve.
    /// </summary>
    private static FileExtensionContentTypeProvider ClientContentTypes()
    {
        var types = new FileExtensionContentTypeProvider();
        types.Mappings[".wasm"] = "application/wasm";
        types.Mappings[".js"] = "text/javascript";
        types.Mappings[".mjs"] = "text/javascript";
        types.Mappings[".json"] = "application/json";
        types.Mappings[".dat"] = "application/octet-stream";
        types.Mappings[".blat"] = "application/octet-stream";
        types.Mappings[".dll"] = "application/octet-stream";
        types.Mappings[".pdb"] = "application/octet-stream";
        types.Mappings[".webcil"] = "application/octet-stream";
        return types;
    }

    private static void MapEndpoints(WebApplication app)
    {
        app.MapPost("/uploads", (BlobStore store, HttpContext context) =>
        {
            string id = store.CreateUpload();
            context.Response.Headers[UploadOffsetHeader] = "0";
            return Results.Created($"/uploads/{id}", null);
        });

        app.MapMethods("/uploads/{id}", ["HEAD"], (string id, BlobStore store, HttpContext context) =>
        {
            UploadState? upload = BlobStore.IsUploadId(id) ? store.GetUpload(id) : null;
            if (upload is null)
            {
                return Results.NotFound();
            }

            context.Response.Headers[UploadOffsetHeader] = upload.Value.Offset.ToString(CultureInfo.InvariantCulture);
            context.Response.Headers[UploadCompleteHeader] = upload.Value.Hash is null ? "?0" : "?1";
            if (upload.Value.Hash is not null)
            {
                context.Response.Headers[BlobHashHeader] = upload.Value.Hash;
            }

            context.Response.Headers.CacheControl = "no-store";
            return Results.NoContent();
        });

        app.MapPatch("/uploads/{id}", PatchAsync);
        app.MapDelete("/uploads/{id}", async (string id, BlobStore store, HttpContext context) =>
        {
            DeleteStatus status = BlobStore.IsUploadId(id) ? await store.DeleteUploadAsync(id, context.RequestAborted) : DeleteStatus.NotFound;
            return status switch
            {
                DeleteStatus.Deleted => Results.NoContent(),
                DeleteStatus.Locked => Locked(context),
                _ => Results.Problem(statusCode: 404, detail: "No such upload."),
            };
        });
        app.MapGet("/blobs/{hash}", GetBlobAsync);
        app.MapGet("/blobs/{hash}/slice", GetSliceAsync);
    }

    private static async Task<IResult> PatchAsync(string id, BlobStore store, HttpContext context)
    {
        if (!BlobStore.IsUploadId(id))
        {
            return Results.Problem(statusCode: 404, detail: "No such upload.");
        }

        string? offsetText = context.Request.Headers[UploadOffsetHeader];
        if (!long.TryParse(offsetText, NumberStyles.None, CultureInfo.InvariantCulture, out long offset))
        {
            return Results.Problem(statusCode: 400, detail: "The Upload-Offset header must hold a non-negative integer.");
        }

        string? completeText = context.Request.Headers[UploadCompleteHeader];
        bool complete;
        switch (completeText)
        {
            case null or "?0":
                complete = false;
                break;
            case "?1":
                complete = true;
                break;
            default:
                return Results.Problem(statusCode: 400, detail: "The Upload-Complete header must be ?0 or ?1.");
        }

        AppendResult result;
        try
        {
            result = await store.AppendAsync(id, offset, context.Request.Body, context.Request.ContentLength, complete, context.RequestAborted);
        }
        catch (Exception e) when (e is OperationCanceledException or BadHttpRequestException or ConnectionResetException || context.RequestAborted.IsCancellationRequested)
        {
            // The client went away mid-part; what arrived is saved, and HEAD tells it where to resume.
            // (A failure of the server's own files is not caught here: it is a 500.)
            return Results.Empty;
        }

        context.Response.Headers.CacheControl = "no-store";
        switch (result.Status)
        {
            case AppendStatus.NotFound:
                return Results.Problem(statusCode: 404, detail: "No such upload.");
            case AppendStatus.OffsetMismatch:
                context.Response.Headers[UploadOffsetHeader] = result.Offset.ToString(CultureInfo.InvariantCulture);
                return Results.Problem(statusCode: 409, detail: $"The upload is at offset {result.Offset}, not {offset}.");
            case AppendStatus.AlreadyComplete:
                context.Response.Headers[UploadOffsetHeader] = result.Offset.ToString(CultureInfo.InvariantCulture);
                context.Response.Headers[UploadCompleteHeader] = "?1";
                context.Response.Headers[BlobHashHeader] = result.Hash;
                return Results.Problem(statusCode: 409, detail: "The upload is already complete.");
            case AppendStatus.Locked:
                return Locked(context);
            case AppendStatus.TooLarge:
                context.Response.Headers[UploadOffsetHeader] = result.Offset.ToString(CultureInfo.InvariantCulture);
                return Results.Problem(
                    statusCode: StatusCodes.Status413PayloadTooLarge,
                    detail: FormattableString.Invariant($"A blob may hold at most {store.MaxBlobLength} bytes; the upload is kept at offset {result.Offset}."));
            case AppendStatus.Appended:
                context.Response.Headers[UploadOffsetHeader] = result.Offset.ToString(CultureInfo.InvariantCulture);
                return Results.NoContent();
            default:
                context.Response.Headers[UploadOffsetHeader] = result.Offset.ToString(CultureInfo.InvariantCulture);
                context.Response.Headers[UploadCompleteHeader] = "?1";
                context.Response.Headers[BlobHashHeader] = result.Hash;
                return Results.Created($"/blobs/{result.Hash}", new BlobInfo(result.Hash!, result.Offset, result.Deduplicated));
        }
    }

    /// <summary>423 with Retry-After: another request holds the upload; nothing was done.</summary>
    private static IResult Locked(HttpContext context)
    {
        context.Response.Headers.RetryAfter = "1";
        return Results.Problem(statusCode: StatusCodes.Status423Locked, detail: "Another request is working on this upload; try again.");
    }

    private static async Task<IResult> GetBlobAsync(string hash, BlobStore store, HttpContext context)
    {
        if (!BlobStore.TryNormalizeHash(hash, out string normalized))
        {
            return Results.Problem(statusCode: 400, detail: "A hash is 64 hexadecimal digits.");
        }

        if (!store.TryOpenBlob(normalized, out FileStream? data, out FileStream? outboard))
        {
            return Results.Problem(statusCode: 404, detail: "No such blob.");
        }

        using (data)
        using (outboard)
        {
            long length = data!.Length;
            context.Response.ContentType = "application/octet-stream";
            context.Response.ContentLength = Bao.EncodedLength(length);
            context.Response.Headers[BlobLengthHeader] = length.ToString(CultureInfo.InvariantCulture);
            try
            {
                await BaoResponse.WriteCombinedAsync(data, outboard!, length, context.Response.Body, context.RequestAborted);
            }
            catch (Exception e) when (e is IOException or OperationCanceledException or ConnectionResetException)
            {
                // The client went away, or the files could not be read: the response cannot be completed.
                context.Abort();
            }
        }

        return Results.Empty;
    }

    private static async Task<IResult> GetSliceAsync(string hash, string? start, string? count, BlobStore store, HttpContext context)
    {
        if (!BlobStore.TryNormalizeHash(hash, out string normalized))
        {
            return Results.Problem(statusCode: 400, detail: "A hash is 64 hexadecimal digits.");
        }

        if (!long.TryParse(start, NumberStyles.None, CultureInfo.InvariantCulture, out long first)
            || !long.TryParse(count, NumberStyles.None, CultureInfo.InvariantCulture, out long length))
        {
            return Results.Problem(statusCode: 400, detail: "start and count must be non-negative integers.");
        }

        if (!store.TryOpenBlob(normalized, out FileStream? data, out FileStream? outboard))
        {
            return Results.Problem(statusCode: 404, detail: "No such blob.");
        }

        using (data)
        using (outboard)
        {
            context.Response.ContentType = "application/octet-stream";
            context.Response.Headers[BlobLengthHeader] = data!.Length.ToString(CultureInfo.InvariantCulture);
            await WriteOrAbortAsync(data, outboard!, context, first, length);
        }

        return Results.Empty;
    }

    private static async Task WriteOrAbortAsync(Stream data, Stream outboard, HttpContext context, long start, long count)
    {
        try
        {
            await BaoResponse.WriteSliceAsync(data, outboard, data.Length, start, count, context.Response.Body, context.RequestAborted);
        }
        catch (Exception e) when (e is IOException or OperationCanceledException or ConnectionResetException)
        {
            // The client went away, or the files could not be read: the response cannot be completed.
            context.Abort();
        }
    }

    /// <summary>The body of a completed upload's response.</summary>
    /// <param name="Hash">The blob's lowercase hex BLAKE3 hash.</param>
    /// <param name="Length">Its length in bytes.</param>
    /// <param name="Deduplicated">Whether the blob was already stored.</param>
    public sealed record BlobInfo(string Hash, long Length, bool Deduplicated);
}

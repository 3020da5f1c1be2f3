using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using Blake2Fast.BlobService;
using Blake2Fast.BlobService.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

// dotnet run -c Release --project samples/Blake2Fast.BlobService/Blake2Fast.BlobService.Bench -- [MiB] [directory]
// Uploads and downloads MiB (default 1024) through Kestrel on 127.0.0.1, in this one process: the
// service's hashed upload (BLAKE3 and chunk chaining values as it streams in, saved states, the
// outboard tree at completion) against a plain PUT into a file, the time of its last PATCH (the last
// 16 MiB part and the completion), and the verifying client's download (combined Bao encoding)
// against a plain GET of the file.
int mib = args.Length > 0 ? int.Parse(args[0], CultureInfo.InvariantCulture) : 1024;
string root = args.Length > 1 ? args[1] : Directory.CreateTempSubdirectory("blobservice-bench-").FullName;
string plainDirectory = Directory.CreateDirectory(Path.Combine(root, "plain")).FullName;
string[] serverArgs = ["--urls=http://127.0.0.1:0", $"--BlobService:Directory={Path.Combine(root, "store")}", "--Logging:LogLevel:Default=Warning"];

WebApplication app = BlobServiceApp.Build(serverArgs, web =>
{
    // The baselines: the same bytes into and out of a file, with nothing hashed or verified.
    web.MapPut("/plain/{name}", async (string name, HttpContext context) =>
    {
        await using var file = new FileStream(Path.Combine(plainDirectory, name), FileMode.Create, FileAccess.Write, FileShare.None, 1, FileOptions.Asynchronous);
        await context.Request.Body.CopyToAsync(file, 64 * 1024, context.RequestAborted);
        file.Flush(flushToDisk: true);
        return Results.NoContent();
    });
    web.MapGet("/plain/{name}", async (string name, HttpContext context) =>
    {
        await using var file = new FileStream(Path.Combine(plainDirectory, name), FileMode.Open, FileAccess.Read, FileShare.Read, 64 * 1024, FileOptions.SequentialScan | FileOptions.Asynchronous);
        context.Response.ContentLength = file.Length;
        await file.CopyToAsync(context.Response.Body, 64 * 1024, context.RequestAborted);
    });
});
await app.StartAsync();
string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
var timer = new CompletionTimer(new SocketsHttpHandler());
using var http = new HttpClient(timer) { BaseAddress = new Uri(address + "/"), Timeout = System.Threading.Timeout.InfiniteTimeSpan };
var client = new BlobClient(http);

string source = Path.Combine(root, "source.bin");
string warmSource = Path.Combine(root, "warm.bin");
Generate(source, mib);
Generate(warmSource, 64);

Console.WriteLine(FormattableString.Invariant($"CPU: {Cpu()}, {Environment.ProcessorCount} cores; .NET {Environment.Version}; {mib} MiB, 2 rounds, best shown"));
await RoundAsync(warmSource, 64, print: false);
double[] best = [0, 0, 0, 0, 0];
double bestCompletion = double.MaxValue;
for (int round = 0; round < 2; round++)
{
    double[] r = await RoundAsync(source, mib, print: true);
    for (int i = 0; i < best.Length; i++)
    {
        best[i] = Math.Max(best[i], r[i]);
    }

    bestCompletion = Math.Min(bestCompletion, timer.Last);
}

Console.WriteLine();
Console.WriteLine("| Transfer through Kestrel (127.0.0.1) | MiB/s | Against plain |");
Console.WriteLine("|:---|---:|---:|");
Console.WriteLine(FormattableString.Invariant($"| plain PUT into a file | {best[0]:F0} | 1.00x |"));
Console.WriteLine(FormattableString.Invariant($"| BlobClient.UploadAsync (BLAKE3 and chunk chaining values as it streams, states saved every 16 MiB, outboard built from the chaining values at completion) | {best[1]:F0} | {best[1] / best[0]:F2}x |"));
Console.WriteLine(FormattableString.Invariant($"| last PATCH of the upload (16 MiB part, Upload-Complete: ?1) | {bestCompletion:F2} s | |"));
Console.WriteLine(FormattableString.Invariant($"| plain GET of the file | {best[2]:F0} | 1.00x |"));
Console.WriteLine(FormattableString.Invariant($"| BlobClient.DownloadAsync (combined Bao encoding, every chunk verified) | {best[3]:F0} | {best[3] / best[2]:F2}x |"));
Console.WriteLine(FormattableString.Invariant($"| GET of the combined encoding, not verified (the server's share) | {best[4]:F0} | {best[4] / best[2]:F2}x |"));

await app.StopAsync();
Directory.Delete(root, recursive: true);

async Task<double[]> RoundAsync(string path, int size, bool print)
{
    string name = Path.GetFileName(path);
    double plainUp = await TimeAsync(async () =>
    {
        await using var file = File.OpenRead(path);
        using var content = new StreamContent(file, 64 * 1024);
        using HttpResponseMessage response = await http.PutAsync($"plain/{name}", content);
        response.EnsureSuccessStatusCode();
    });

    // A blob already stored would be deduplicated, its outboard not built again: start empty.
    foreach (string old in Directory.GetFiles(Path.Combine(root, "store", "blobs")))
    {
        File.Delete(old);
    }

    string hash = string.Empty;
    double hashedUp = await TimeAsync(async () =>
    {
        await using var file = File.OpenRead(path);
        hash = await client.UploadAsync(file);
    });

    double plainDown = await TimeAsync(async () =>
    {
        using HttpResponseMessage response = await http.GetAsync($"plain/{name}", HttpCompletionOption.ResponseHeadersRead);
        response.EnsureSuccessStatusCode();
        await using Stream body = await response.Content.ReadAsStreamAsync();
        await body.CopyToAsync(Stream.Null, 64 * 1024);
    });

    double verifiedDown = await TimeAsync(async () => await client.DownloadAsync(hash, Stream.Null));

    // The same combined encoding, read and not verified: the server's and the transfer's share.
    double combinedDown = await TimeAsync(async () =>
    {
        using HttpResponseMessage response = await http.GetAsync($"blobs/{hash}", HttpCompletionOption.ResponseHeadersRead);
        response.EnsureSuccessStatusCode();
        await using Stream body = await response.Content.ReadAsStreamAsync();
        await body.CopyToAsync(Stream.Null, 256 * 1024);
    });
    double[] result = [size / plainUp, size / hashedUp, size / plainDown, size / verifiedDown, size / combinedDown];
    if (print)
    {
        Console.WriteLine(FormattableString.Invariant($"round: plain up {result[0]:F0} MiB/s, hashed up {result[1]:F0} MiB/s (last PATCH {timer.Last:F2} s), plain down {result[2]:F0} MiB/s, verified down {result[3]:F0} MiB/s, combined encoding read unverified {result[4]:F0} MiB/s"));
    }

    return result;
}

static async Task<double> TimeAsync(Func<Task> action)
{
    var clock = Stopwatch.StartNew();
    await action();
    return clock.Elapsed.TotalSeconds;
}

static void Generate(string path, int mib)
{
    var random = new Random(mib);
    byte[] block = new byte[1 << 20];
    using var file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 1);
    for (int i = 0; i < mib; i++)
    {
        random.NextBytes(block);
        file.Write(block);
    }
}

static string Cpu()
{
    try
    {
        string? line = File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal));
        return line is null ? "unknown" : line[(line.IndexOf(':', StringComparison.Ordinal) + 1)..].Trim();
    }
    catch (IOException)
    {
        return "unknown";
    }
}

/// <summary>Times the PATCH that completes an upload (Upload-Complete: ?1), from sending it to its answer.</summary>
internal sealed class CompletionTimer(HttpMessageHandler inner) : DelegatingHandler(inner)
{
    public double Last { get; private set; }

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, System.Threading.CancellationToken cancellationToken)
    {
        bool completing = request.Method == HttpMethod.Patch
            && request.Headers.TryGetValues("Upload-Complete", out var values) && values.Contains("?1");
        var clock = Stopwatch.StartNew();
        HttpResponseMessage response = await base.SendAsync(request, cancellationToken);
        if (completing)
        {
            Last = clock.Elapsed.TotalSeconds;
        }

        return response;
    }
}

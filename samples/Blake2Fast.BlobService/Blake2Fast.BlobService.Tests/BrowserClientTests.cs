using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;
using Blake2Fast.BlobService.Client;

namespace Blake2Fast.BlobService.Tests;

/// <summary>
/// What the browser client needs of the service and of BlobClient, tested without a browser: the
/// client's files served from <c>BlobService:ClientDirectory</c> (off by default), and the progress
/// that BlobClient reports. The page itself runs in headless Chromium (.ci/blob-browser.sh).
/// </summary>
public sealed class BrowserClientTests : IDisposable
{
    private static CancellationToken Token => TestContext.Current.CancellationToken;

    private readonly string _client = Directory.CreateTempSubdirectory("blobservice-client-").FullName;

    public void Dispose() => Directory.Delete(_client, recursive: true);

    [Fact]
    public async Task Without_a_client_directory_no_files_are_served()
    {
        await File.WriteAllTextAsync(Path.Combine(_client, "index.html"), "<p>page</p>", Token);
        await using ServerHost server = await ServerHost.StartAsync();

        Assert.Equal(HttpStatusCode.NotFound, (await server.Http.GetAsync(string.Empty, Token)).StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, (await server.Http.GetAsync("index.html", Token)).StatusCode);
    }

    [Theory]
    [InlineData("index.html", "text/html")]
    [InlineData("blobpage.js", "text/javascript")]
    [InlineData("_framework/dotnet.native.wasm", "application/wasm")]
    [InlineData("_framework/Blake2Fast.wasm", "application/wasm")]
    [InlineData("_framework/dotnet.js", "text/javascript")]
    [InlineData("_framework/blazor.boot.json", "application/json")]
    [InlineData("_framework/icudt.dat", "application/octet-stream")]
    [InlineData("_framework/dotnet.timezones.blat", "application/octet-stream")]
    [InlineData("_framework/App.dll", "application/octet-stream")]
    [InlineData("_framework/App.pdb", "application/octet-stream")]
    public async Task The_client_directory_is_served_with_the_types_a_browser_needs(string path, string mediaType)
    {
        byte[] content = TestData.Bytes(3000, path.Length);
        await File.WriteAllTextAsync(Path.Combine(_client, "index.html"), "<p>page</p>", Token);
        Directory.CreateDirectory(Path.Combine(_client, "_framework"));
        await File.WriteAllBytesAsync(Path.Combine(_client, path), content, Token);
        await using ServerHost server = await ServerHost.StartAsync(null, $"--BlobService:ClientDirectory={_client}");

        using HttpResponseMessage response = await server.Http.GetAsync(path, Token);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(mediaType, response.Content.Headers.ContentType?.MediaType);
        Assert.Equal(content, await response.Content.ReadAsByteArrayAsync(Token));
    }

    [Fact]
    public async Task The_root_gives_index_html_and_the_API_is_unchanged()
    {
        await File.WriteAllTextAsync(Path.Combine(_client, "index.html"), "<p>page</p>", Token);
        await using ServerHost server = await ServerHost.StartAsync(null, $"--BlobService:ClientDirectory={_client}");

        using HttpResponseMessage root = await server.Http.GetAsync(string.Empty, Token);
        Assert.Equal(HttpStatusCode.OK, root.StatusCode);
        Assert.Equal("text/html", root.Content.Headers.ContentType?.MediaType);
        Assert.Equal("<p>page</p>", await root.Content.ReadAsStringAsync(Token));

        // The API's paths hold no files: uploads, downloads and their errors are as without the setting.
        Assert.Equal(HttpStatusCode.NotFound, (await server.Http.GetAsync("missing.js", Token)).StatusCode);
        byte[] data = TestData.Bytes(5000, 3);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        Assert.Equal(Convert.ToHexStringLower(Blake3.HashData(data)), hash);
        var destination = new MemoryStream();
        Assert.Equal(data.Length, await server.Client.DownloadAsync(hash, destination, Token));
        Assert.Equal(data, destination.ToArray());
        Assert.Equal(HttpStatusCode.NotFound, (await server.Http.GetAsync("blobs/" + new string('0', 64), Token)).StatusCode);
    }

    [Theory]
    [InlineData("missing")]
    [InlineData("no index")]
    [InlineData("empty")]
    public void A_client_directory_without_a_published_client_stops_the_start(string kind)
    {
        string directory = kind switch
        {
            "missing" => Path.Combine(_client, "nowhere"),
            "no index" => _client,
            _ => string.Empty,
        };
        var e = Assert.Throws<ArgumentException>(() => BlobServiceApp.Build(
            ["--urls=http://127.0.0.1:0", $"--BlobService:Directory={Path.Combine(_client, "store")}", $"--BlobService:ClientDirectory={directory}"]));
        Assert.Equal(nameof(BlobServiceOptions.ClientDirectory), e.ParamName);
        Assert.Contains("BlobService:ClientDirectory", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Upload_progress_is_the_stored_offset_rising_to_the_length()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(300_000, 7);
        var reports = new Reports();

        // 64 KiB parts, and the connection cut twice on the way: the client resumes from the server's offsets.
        server.Tampering.CutPatchesAt(100_000, 200_000);
        string hash = await server.CreateClient(partLength: 64 * 1024).UploadAsync(new MemoryStream(data), reports, Token);

        Assert.Equal(Convert.ToHexStringLower(Blake3.HashData(data)), hash);
        Assert.Equal(0, server.Tampering.PendingCuts);
        Assert.Equal(0, reports.Values[0]);
        Assert.Equal(data.Length, reports.Values[^1]);
        Assert.True(reports.Values.Count >= 5, $"{reports.Values.Count} reports");
        Assert.All(reports.Values.Zip(reports.Values.Skip(1)), pair => Assert.True(pair.First < pair.Second, $"{pair.First} then {pair.Second}"));
    }

    [Fact]
    public async Task A_resumed_upload_reports_the_server_offset_first()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(1 << 20, 8);
        BlobClient client = server.CreateClient(partLength: 256 * 1024, maxRetries: 0);
        string id = await client.CreateUploadAsync(Token);
        server.Tampering.CutPatchesAt(300_000);
        await Assert.ThrowsAsync<HttpRequestException>(() => client.ResumeUploadAsync(id, new MemoryStream(data), Token));

        // A stop waits for the cut request to save what arrived (the client may see the cut first).
        await server.StopAsync();
        await server.StartAgainAsync();
        client = server.CreateClient(partLength: 256 * 1024, maxRetries: 0);
        var state = await client.GetUploadStateAsync(id, Token);

        var reports = new Reports();
        string hash = await client.ResumeUploadAsync(id, new MemoryStream(data), reports, Token);

        Assert.Equal(Convert.ToHexStringLower(Blake3.HashData(data)), hash);
        Assert.Equal(300_000, state!.Value.Offset);
        Assert.Equal([300_000, 256 * 1024 + 300_000, 512 * 1024 + 300_000, data.Length], reports.Values);

        // Asked again once complete, it reports the whole length at once.
        var again = new Reports();
        Assert.Equal(hash, await client.ResumeUploadAsync(id, new MemoryStream(data), again, Token));
        Assert.Equal([data.Length], again.Values);
    }

    [Fact]
    public async Task Download_progress_counts_the_verified_bytes_written()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes((1 << 20) + 333, 9);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        var destination = new MemoryStream();
        var reports = new Reports(destination);

        long length = await server.Client.DownloadAsync(hash, destination, reports, Token);

        Assert.Equal(data.Length, length);
        Assert.Equal(data, destination.ToArray());
        Assert.Equal(data.Length, reports.Values[^1]);
        Assert.True(reports.Values.Count > 1, $"{reports.Values.Count} reports");
        Assert.All(reports.Values.Zip(reports.Values.Skip(1)), pair => Assert.True(pair.First < pair.Second, $"{pair.First} then {pair.Second}"));
    }

    /// <summary>Keeps every report, at once (<see cref="Progress{T}"/> would post them to the thread pool, out of order).</summary>
    private sealed class Reports(MemoryStream? written = null) : IProgress<long>
    {
        public List<long> Values { get; } = [];

        public void Report(long value)
        {
            // A download reports what is already in its destination, no more.
            if (written is not null)
            {
                Assert.Equal(written.Length, value);
            }

            Values.Add(value);
        }
    }
}

using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;
using Blake2Fast.BlobService.Client;
using Microsoft.Extensions.Time.Testing;

namespace Blake2Fast.BlobService.Tests;

/// <summary>
/// The service's bounds, each set in configuration, on a real Kestrel: lock entries only for
/// uploads that exist, a bounded wait for a busy upload, the blob length limit, upload expiry (on a
/// fake clock, at start-up too) and deletion.
/// </summary>
public sealed class LimitTests
{
    private static CancellationToken Token => TestContext.Current.CancellationToken;

    [Fact]
    public async Task Patches_to_unknown_ids_leave_no_lock_entry_and_no_file()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        string[] ids = Enumerable.Range(0, 1000).Select(_ => Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(16))).ToArray();

        // 16 at a time, as a client hammering the service would.
        int notFound = 0;
        await Parallel.ForEachAsync(ids, new ParallelOptions { MaxDegreeOfParallelism = 16, CancellationToken = Token }, async (id, _) =>
        {
            using HttpResponseMessage response = await BlobServiceTests.PatchAsync(server, id, 0, [1, 2, 3], complete: false);
            if (response.StatusCode == HttpStatusCode.NotFound)
            {
                Interlocked.Increment(ref notFound);
            }
        });

        Assert.Equal(ids.Length, notFound);
        Assert.Equal(0, server.Store.LockEntries);
        Assert.Empty(Directory.GetFiles(server.Uploads));

        // A real upload's entry goes when its requests are done.
        string hash = await server.Client.UploadAsync(new MemoryStream(TestData.Bytes(5000, 1)), Token);
        Assert.Equal(TestData.Hex(TestData.Bytes(5000, 1)), hash);
        Assert.Equal(0, server.Store.LockEntries);
    }

    [Fact]
    public async Task A_second_patch_waits_the_configured_time_then_gets_423()
    {
        var time = new FakeTimeProvider();
        await using ServerHost server = await ServerHost.StartAsync(time, "--BlobService:UploadLockTimeout=00:00:10");
        string id = await server.Client.CreateUploadAsync(Token);
        var steps = Channel.CreateUnbounded<string>();
        server.Store.Hook = (step, upload) =>
        {
            if (upload == id && step.StartsWith("lock", StringComparison.Ordinal))
            {
                steps.Writer.TryWrite(step);
            }
        };

        // The first PATCH sends half its body and holds the upload until the test lets it go on.
        byte[] data = TestData.Bytes(2000, 2);
        var release = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        using var held = new HttpRequestMessage(HttpMethod.Patch, $"uploads/{id}") { Content = new HeldContent(data, 1000, release.Task) };
        held.Headers.Add("Upload-Offset", "0");
        Task<HttpResponseMessage> first = server.Http.SendAsync(held, Token);
        Assert.Equal("lock acquired", await steps.Reader.ReadAsync(Token));

        // The second waits, not past the timeout.
        Task<HttpResponseMessage> second = BlobServiceTests.PatchAsync(server, id, 0, new byte[10], complete: false);
        Assert.Equal("lock waiting", await steps.Reader.ReadAsync(Token));
        time.Advance(TimeSpan.FromSeconds(9));
        Assert.False(second.IsCompleted);
        time.Advance(TimeSpan.FromSeconds(1));
        using (HttpResponseMessage locked = await second)
        {
            Assert.Equal(HttpStatusCode.Locked, locked.StatusCode);
            Assert.Equal("1", locked.Headers.GetValues("Retry-After").Single());
            Assert.Equal("application/problem+json", locked.Content.Headers.ContentType?.MediaType);
        }

        Assert.Equal(1, server.Store.LockEntries);

        // A third waits too, and gets the upload once the first is done: 409 with the first's offset.
        Task<HttpResponseMessage> third = BlobServiceTests.PatchAsync(server, id, 0, new byte[10], complete: false);
        Assert.Equal("lock waiting", await steps.Reader.ReadAsync(Token));
        release.SetResult();
        using (HttpResponseMessage done = await first)
        {
            Assert.Equal(HttpStatusCode.NoContent, done.StatusCode);
            Assert.Equal("2000", done.Headers.GetValues("Upload-Offset").Single());
        }

        using (HttpResponseMessage conflict = await third)
        {
            Assert.Equal(HttpStatusCode.Conflict, conflict.StatusCode);
            Assert.Equal("2000", conflict.Headers.GetValues("Upload-Offset").Single());
        }

        Assert.Equal(0, server.Store.LockEntries);
    }

    [Fact]
    public async Task A_part_past_the_blob_limit_is_413_and_nothing_of_it_is_kept()
    {
        const int Limit = 100_000;
        await using ServerHost server = await ServerHost.StartAsync(null, $"--BlobService:MaxBlobLength={Limit}");
        byte[] data = TestData.Bytes(Limit + 50_000, 3);

        // Declared too long: refused before the body is read.
        string id = await server.Client.CreateUploadAsync(Token);
        using (HttpResponseMessage part = await BlobServiceTests.PatchAsync(server, id, 0, data[..60_000], complete: false))
        {
            Assert.Equal(HttpStatusCode.NoContent, part.StatusCode);
        }

        using (HttpResponseMessage tooLong = await BlobServiceTests.PatchAsync(server, id, 60_000, data[60_000..110_000], complete: false))
        {
            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, tooLong.StatusCode);
            Assert.Equal("application/problem+json", tooLong.Content.Headers.ContentType?.MediaType);
            Assert.Equal("60000", tooLong.Headers.GetValues("Upload-Offset").Single());
        }

        AssertUploadFiles(server, id, 60_000);

        // Streamed with no declared length: refused once the bytes cross the limit, cut back to the saved offset.
        using (HttpResponseMessage streamed = await PatchChunkedAsync(server, id, 60_000, data[60_000..], complete: true))
        {
            Assert.Equal(HttpStatusCode.RequestEntityTooLarge, streamed.StatusCode);
            Assert.Equal("60000", streamed.Headers.GetValues("Upload-Offset").Single());
        }

        AssertUploadFiles(server, id, 60_000);
        Assert.Equal(60_000, (await server.Client.GetUploadStateAsync(id, Token))!.Value.Offset);

        // Up to the limit exactly, streamed too, is a blob.
        using (HttpResponseMessage last = await PatchChunkedAsync(server, id, 60_000, data[60_000..Limit], complete: true))
        {
            Assert.Equal(HttpStatusCode.Created, last.StatusCode);
            Assert.Equal(TestData.Hex(data[..Limit]), last.Headers.GetValues("Blob-Hash").Single());
        }

        // The client reports the refusal with its status, and does not retry it.
        var e = await Assert.ThrowsAsync<HttpRequestException>(() => server.Client.UploadAsync(new MemoryStream(data[..(Limit + 1)]), Token));
        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, e.StatusCode);
    }

    [Fact]
    public async Task Idle_uploads_expire_on_the_configured_clock()
    {
        var time = new FakeTimeProvider();
        await using ServerHost server = await ServerHost.StartAsync(time, "--BlobService:UploadExpiry=01:00:00", "--BlobService:ExpiryScanInterval=00:01:00");
        string a = await server.Client.CreateUploadAsync(Token);
        string b = await server.Client.CreateUploadAsync(Token);
        byte[] data = TestData.Bytes(5000, 4);
        using (HttpResponseMessage part = await BlobServiceTests.PatchAsync(server, a, 0, data, complete: false))
        {
            Assert.Equal(HttpStatusCode.NoContent, part.StatusCode);
        }

        string c = await server.Client.CreateUploadAsync(Token);
        string hash = await server.Client.ResumeUploadAsync(c, new MemoryStream(data), Token);

        // b is touched at 40 minutes; at 70, a and c's record (last touched at 0) are gone, b is not.
        time.Advance(TimeSpan.FromMinutes(40));
        using (HttpResponseMessage part = await BlobServiceTests.PatchAsync(server, b, 0, data[..3000], complete: false))
        {
            Assert.Equal(HttpStatusCode.NoContent, part.StatusCode);
        }

        time.Advance(TimeSpan.FromMinutes(30));
        Assert.Null(await server.Client.GetUploadStateAsync(a, Token));
        Assert.Null(await server.Client.GetUploadStateAsync(c, Token));
        Assert.Equal(3000, (await server.Client.GetUploadStateAsync(b, Token))!.Value.Offset);
        Assert.Empty(Directory.GetFiles(server.Uploads, a + ".*"));
        Assert.Empty(Directory.GetFiles(server.Uploads, c + ".*"));

        // The completed upload's blob stays.
        var sink = new HashingSink();
        await server.Client.DownloadAsync(hash, sink, Token);
        Assert.Equal(hash, sink.Finish());

        // b goes an hour after its last part.
        time.Advance(TimeSpan.FromMinutes(31));
        Assert.Null(await server.Client.GetUploadStateAsync(b, Token));
        Assert.Empty(Directory.GetFiles(server.Uploads));
    }

    [Fact]
    public async Task Expired_uploads_and_leftovers_are_removed_at_start_up()
    {
        var time = new FakeTimeProvider();
        await using ServerHost server = await ServerHost.StartAsync(time, "--BlobService:UploadExpiry=01:00:00", "--BlobService:ExpiryScanInterval=01:00:00");
        string old = await server.Client.CreateUploadAsync(Token);
        time.Advance(TimeSpan.FromMinutes(50));
        string recent = await server.Client.CreateUploadAsync(Token);
        await server.StopAsync();

        // Leftovers of a creation cut before its state was saved: files of an upload that never existed.
        string orphan = new('e', 32);
        await File.WriteAllBytesAsync(Path.Combine(server.Uploads, orphan + ".part"), new byte[100], Token);
        await File.WriteAllBytesAsync(Path.Combine(server.Uploads, orphan + ".cvs"), [], Token);

        time.Advance(TimeSpan.FromMinutes(20));
        await server.StartAgainAsync();
        Assert.Null(await server.Client.GetUploadStateAsync(old, Token));
        Assert.NotNull(await server.Client.GetUploadStateAsync(recent, Token));
        Assert.Equal([recent + ".cvs", recent + ".part", recent + ".state"], TestData.FileNames(server.Uploads));
    }

    [Fact]
    public async Task Delete_removes_an_upload_and_its_files()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(5000, 5);
        string id = await server.Client.CreateUploadAsync(Token);
        using (HttpResponseMessage part = await BlobServiceTests.PatchAsync(server, id, 0, data[..3000], complete: false))
        {
            Assert.Equal(HttpStatusCode.NoContent, part.StatusCode);
        }

        Assert.True(await server.Client.DeleteUploadAsync(id, Token));
        Assert.Null(await server.Client.GetUploadStateAsync(id, Token));
        Assert.Empty(Directory.GetFiles(server.Uploads));
        Assert.False(await server.Client.DeleteUploadAsync(id, Token));
        using (HttpResponseMessage gone = await BlobServiceTests.PatchAsync(server, id, 3000, data[3000..], complete: true))
        {
            Assert.Equal(HttpStatusCode.NotFound, gone.StatusCode);
        }

        using (HttpResponseMessage malformed = await server.Http.DeleteAsync("uploads/xyz", Token))
        {
            Assert.Equal(HttpStatusCode.NotFound, malformed.StatusCode);
        }

        // A completed upload: its record goes, its blob stays.
        string done = await server.Client.CreateUploadAsync(Token);
        string hash = await server.Client.ResumeUploadAsync(done, new MemoryStream(data), Token);
        Assert.True(await server.Client.DeleteUploadAsync(done, Token));
        Assert.Null(await server.Client.GetUploadStateAsync(done, Token));
        Assert.Empty(Directory.GetFiles(server.Uploads));
        using var copy = new MemoryStream();
        await server.Client.DownloadAsync(hash, copy, Token);
        Assert.Equal(data, copy.ToArray());
        Assert.Equal(0, server.Store.LockEntries);
    }

    private static void AssertUploadFiles(ServerHost server, string id, long offset)
    {
        Assert.Equal(offset, new FileInfo(Path.Combine(server.Uploads, id + ".part")).Length);
        Assert.Equal(offset / 1024 * 32, new FileInfo(Path.Combine(server.Uploads, id + ".cvs")).Length);
    }

    private static async Task<HttpResponseMessage> PatchChunkedAsync(ServerHost server, string id, long offset, byte[] body, bool complete)
    {
        // A stream that cannot seek has no length to declare: the body goes chunked.
        using var request = new HttpRequestMessage(HttpMethod.Patch, $"uploads/{id}") { Content = new StreamContent(new ForwardOnly(body)) };
        request.Headers.Add("Upload-Offset", offset.ToString(CultureInfo.InvariantCulture));
        request.Headers.Add("Upload-Complete", complete ? "?1" : "?0");
        HttpResponseMessage response = await server.Http.SendAsync(request, Token);
        Assert.Null(request.Content.Headers.ContentLength);
        return response;
    }

    private sealed class ForwardOnly(byte[] data) : MemoryStream(data, writable: false)
    {
        public override bool CanSeek => false;
    }

    /// <summary>A body that sends its first bytes, then waits for the test before the rest.</summary>
    private sealed class HeldContent(byte[] data, int holdAt, Task release) : HttpContent
    {
        protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        {
            await stream.WriteAsync(data.AsMemory(0, holdAt));
            await stream.FlushAsync();
            await release;
            await stream.WriteAsync(data.AsMemory(holdAt));
        }

        protected override bool TryComputeLength(out long length)
        {
            length = data.Length;
            return true;
        }
    }
}

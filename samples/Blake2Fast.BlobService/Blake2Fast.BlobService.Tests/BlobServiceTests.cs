using System;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;
using Blake2Fast.BlobService.Client;

[assembly: CollectionBehavior(DisableTestParallelization = true)]

namespace Blake2Fast.BlobService.Tests;

/// <summary>Uploads, downloads and slices through a real Kestrel, each test on a server of its own.</summary>
public sealed class BlobServiceTests
{
    private static CancellationToken Token => TestContext.Current.CancellationToken;

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(1023)]
    [InlineData(1024)]
    [InlineData(1025)]
    [InlineData(1 << 20)]
    public async Task Round_trip_gives_the_BLAKE3_hash_and_the_data(int length)
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(length, length);
        BlobClient client = server.CreateClient(partLength: 256 * 1024);

        string hash = await client.UploadAsync(new MemoryStream(data), Token);
        Assert.Equal(TestData.Hex(data), hash);

        using var copy = new MemoryStream();
        long written = await client.DownloadAsync(hash, copy, Token);
        Assert.Equal(length, written);
        Assert.Equal(data, copy.ToArray());

        // The same content again: deduplicated under the same hash, one blob on disk.
        Assert.Equal(hash, await client.UploadAsync(new MemoryStream(data), Token));
        Assert.Single(Directory.GetFiles(Path.Combine(server.Root, "blobs"), hash));
    }

    [Fact]
    public async Task Round_trip_of_100_MiB()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(100 << 20, 100);
        string expected = TestData.Hex(data);

        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        Assert.Equal(expected, hash);

        var sink = new HashingSink();
        Assert.Equal(data.Length, await server.Client.DownloadAsync(hash, sink, Token));
        Assert.Equal(expected, sink.Finish());
    }

    [Fact]
    public async Task Upload_cut_at_random_offsets_resumes_to_the_right_hash()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        var random = new Random(49);
        byte[] data = TestData.Bytes(3 << 20, 7);
        long[] cuts = Enumerable.Range(0, 6).Select(_ => (long)random.Next(1, data.Length)).ToArray();

        // The server side drops the connection at each cut: a network failure, which the client retries.
        server.Tampering.CutPatchesAt(cuts);
        BlobClient client = server.CreateClient(partLength: 512 * 1024, maxRetries: 10);

        string hash = await client.UploadAsync(new MemoryStream(data), Token);

        Assert.Equal(TestData.Hex(data), hash);
        TestContext.Current.TestOutputHelper?.WriteLine($"cuts at {string.Join(", ", cuts)}: {server.Tampering.PatchRequests} PATCHes");
        Assert.Equal(0, server.Tampering.PendingCuts);
        Assert.True(server.Tampering.PatchRequests > cuts.Distinct().Count());
    }

    [Fact]
    public async Task A_failure_of_the_source_is_not_retried()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(300_000, 8);
        var source = new FlakySource(data, [100_000]);

        // The caller's own stream failed, not the network: its exception, once, no retry.
        var e = await Assert.ThrowsAsync<IOException>(() => server.CreateClient(partLength: 1 << 20).UploadAsync(source, Token));
        Assert.Equal("The test's source failed at 100000.", e.Message);
        // A retry would have read the source again from the server's offset and succeeded.
        Assert.Equal(1, source.Failures);
    }

    [Fact]
    public async Task A_failure_of_the_destination_is_not_retried_and_nothing_is_written_twice()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(1_000_000, 9);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        int requestsBefore = server.Tampering.BlobRequests;

        var destination = new FailingSink(failOnWrite: 2);
        var e = await Assert.ThrowsAsync<IOException>(() => server.Client.DownloadAsync(hash, destination, Token));
        Assert.Equal("The test's destination failed.", e.Message);

        // One request (no retry), and what was written is the data's prefix, once.
        Assert.Equal(requestsBefore + 1, server.Tampering.BlobRequests);
        Assert.InRange(destination.Length, 1, data.Length - 1);
        Assert.Equal(data.AsSpan(0, (int)destination.Length).ToArray(), destination.ToArray());
    }

    [Fact]
    public async Task Upload_resumes_on_a_restarted_server_from_its_saved_state()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes((5 << 20) + 333, 11);
        BlobClient first = server.CreateClient(partLength: 8 << 20, maxRetries: 0);
        string id = await first.CreateUploadAsync(Token);

        // The connection drops 3 MiB into the part, and the client gives up.
        server.Tampering.CutPatchesAt(3 << 20);
        var cut = await Assert.ThrowsAsync<HttpRequestException>(() => first.ResumeUploadAsync(id, new MemoryStream(data), Token));
        Assert.Null(cut.StatusCode);

        await server.StopAsync();

        // Leftovers past the stored offset (written but never vouched for by a saved state) are dropped.
        string part = Path.Combine(server.Root, "uploads", id + ".part");
        await using (var leftover = new FileStream(part, FileMode.Append))
        {
            leftover.Write(new byte[4096]);
        }

        await using (var leftover = new FileStream(Path.Combine(server.Root, "uploads", id + ".cvs"), FileMode.Append))
        {
            leftover.Write(new byte[4096]);
        }

        await server.StartAgainAsync();
        var state = await server.Client.GetUploadStateAsync(id, Token);
        Assert.NotNull(state);
        long saved = state.Value.Offset;
        TestContext.Current.TestOutputHelper?.WriteLine($"saved offset after the cut and the restart: {saved}");
        Assert.Equal(3 << 20, saved);

        // The new client reads the source only from the saved offset on.
        var source = new FlakySource(data, []);
        string hash = await server.Client.ResumeUploadAsync(id, source, Token);
        Assert.Equal(TestData.Hex(data), hash);

        // Asking again about the completed upload gives its blob.
        Assert.Equal(hash, (await server.Client.GetUploadStateAsync(id, Token))!.Value.Hash);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(1023)]
    [InlineData(1024)]
    [InlineData(1025)]
    [InlineData(2048)]
    [InlineData(3071)]
    [InlineData((64 << 10) - 1)]
    [InlineData((64 << 10) + 1)]
    [InlineData((1 << 20) + 333)]
    [InlineData(-1)]
    [InlineData(-2)]
    [InlineData(-3)]
    public async Task Outboard_from_streamed_chaining_values_is_EncodeOutboards(int length)
    {
        // Negative: a random length, from a seed that the test names.
        var random = new Random(1000 + length);
        if (length < 0)
        {
            length = random.Next(1, 5 << 20);
        }

        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(length, length + 5);

        // Parts cut at random offsets (most not on chunk boundaries), the server restarted between parts.
        long[] cuts = length < 2 ? [] : Enumerable.Range(0, 4).Select(_ => (long)random.Next(1, length)).Append(length / 1024 * 1024)
            .Where(c => c > 0 && c < length).Distinct().Order().ToArray();
        string id = await server.Client.CreateUploadAsync(Token);
        long offset = 0;
        foreach (long cut in cuts.Append(length))
        {
            bool last = cut == length;
            using HttpResponseMessage response = await PatchAsync(server, id, offset, data[(int)offset..(int)cut], complete: last);
            Assert.Equal(last ? HttpStatusCode.Created : HttpStatusCode.NoContent, response.StatusCode);
            offset = cut;
            if (!last)
            {
                await server.StopAsync();
                await server.StartAgainAsync();
            }
        }

        byte[] hash = new byte[Bao.HashLength];
        byte[] expected = Bao.EncodeOutboard(data, hash);
        string hex = Convert.ToHexStringLower(hash);
        byte[] outboard = await File.ReadAllBytesAsync(Path.Combine(server.Root, "blobs", hex + ".obao"), Token);
        TestContext.Current.TestOutputHelper?.WriteLine($"{length} bytes, cuts at {string.Join(", ", cuts)}, outboard {outboard.Length} bytes");
        Assert.Equal(expected, outboard);
        Assert.Empty(Directory.GetFiles(Path.Combine(server.Root, "uploads"), id + ".cvs"));
    }

    [Fact]
    public async Task Damaged_chaining_values_are_a_500_and_the_upload_is_kept()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(10_000, 3);
        string id = await server.Client.CreateUploadAsync(Token);
        using (HttpResponseMessage first = await PatchAsync(server, id, 0, data[..5000], complete: false))
        {
            Assert.Equal(HttpStatusCode.NoContent, first.StatusCode);
        }

        await server.StopAsync();
        string sidecar = Path.Combine(server.Root, "uploads", id + ".cvs");
        byte[] values = await File.ReadAllBytesAsync(sidecar, Token);
        Assert.Equal(4 * 32, values.Length);
        values[40] ^= 1;
        await File.WriteAllBytesAsync(sidecar, values, Token);
        await server.StartAgainAsync();

        using (HttpResponseMessage last = await PatchAsync(server, id, 5000, data[5000..], complete: true))
        {
            Assert.Equal(HttpStatusCode.InternalServerError, last.StatusCode);
        }

        var state = await server.Client.GetUploadStateAsync(id, Token);
        Assert.NotNull(state);
        Assert.Equal(data.Length, state.Value.Offset);
        Assert.Null(state.Value.Hash);
        Assert.Empty(Directory.GetFiles(Path.Combine(server.Root, "blobs")));
    }

    [Fact]
    public async Task A_flipped_byte_makes_the_download_throw_with_only_verified_bytes_written()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(300_000, 3);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        long encodedLength = Bao.EncodedLength(data.Length);
        var random = new Random(1234);
        for (int i = 0; i < 8; i++)
        {
            // Past the 8-byte length header: anywhere in a parent node or a chunk.
            long offset = 8 + random.NextInt64(encodedLength - 8);
            server.Tampering.CorruptAt = offset;
            using var destination = new MemoryStream();

            await Assert.ThrowsAsync<BaoVerificationException>(() => server.Client.DownloadAsync(hash, destination, Token));

            byte[] written = destination.ToArray();
            long bound = TestData.FirstDataLost(data.Length, offset);
            TestContext.Current.TestOutputHelper?.WriteLine($"flipped encoded byte {offset}: {written.Length} bytes written, first lost {bound}");
            Assert.True(written.Length <= bound, $"wrote {written.Length} bytes, past {bound}");
            Assert.Equal(0, written.Length % 1024);
            Assert.Equal(data.AsSpan(0, written.Length).ToArray(), written);
        }
    }

    [Fact]
    public async Task A_download_cut_again_and_again_resumes_from_slices()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(1_500_000, 5);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        server.Tampering.AbortAfter = 200_000;

        using var destination = new MemoryStream();
        Assert.Equal(data.Length, await server.Client.DownloadAsync(hash, destination, Token));
        Assert.Equal(data, destination.ToArray());
    }

    [Fact]
    public async Task Truncated_slices_throw_verification_errors()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(200_000, 6);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        server.Tampering.EndAfter = 50_000;

        await Assert.ThrowsAsync<BaoVerificationException>(() => server.Client.GetRangeAsync(hash, 1000, 100_000, Token));

        // A download whose every resumption ends early gives up with a verification error too.
        server.Tampering.EndAfter = 500;
        using var destination = new MemoryStream();
        await Assert.ThrowsAsync<BaoVerificationException>(() => server.CreateClient(maxRetries: 2).DownloadAsync(hash, destination, Token));
        Assert.Equal(data.AsSpan(0, (int)destination.Length).ToArray(), destination.ToArray());
    }

    [Theory]
    [InlineData(5220)]
    [InlineData(4096)]
    [InlineData(1)]
    [InlineData(0)]
    public async Task Slices_at_chunk_edges_verify_and_match_the_data(int length)
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(length, 9);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        long[] starts = [0, 1, 1023, 1024, 1025, 2047, 2048, 4095, 4096, length - 1, length, length + 1];
        int[] counts = [0, 1, 1023, 1024, 1025, 2048, length, length + 10];
        foreach (long start in starts.Where(s => s >= 0).Distinct())
        {
            foreach (int count in counts.Distinct())
            {
                byte[] range = await server.Client.GetRangeAsync(hash, start, count, Token);
                int from = (int)Math.Min(start, length);
                int to = (int)Math.Min(start + count, length);
                Assert.True(data.AsSpan(from, to - from).SequenceEqual(range), $"start {start}, count {count}");
            }
        }
    }

    [Fact]
    public async Task A_slice_of_another_blob_is_refused()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        string wanted = await server.Client.UploadAsync(new MemoryStream(TestData.Bytes(10_000, 1)), Token);
        string other = await server.Client.UploadAsync(new MemoryStream(TestData.Bytes(10_000, 2)), Token);
        server.Tampering.RedirectFrom = wanted;
        server.Tampering.RedirectTo = other;

        await Assert.ThrowsAsync<BaoVerificationException>(() => server.Client.GetRangeAsync(wanted, 2000, 3000, Token));
        using var destination = new MemoryStream();
        await Assert.ThrowsAsync<BaoVerificationException>(() => server.Client.DownloadAsync(wanted, destination, Token));
        Assert.Equal(0, destination.Length);
    }

    [Fact]
    public async Task Wrong_offset_is_409_with_the_server_offset()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        string id = await server.Client.CreateUploadAsync(Token);
        using HttpResponseMessage first = await PatchAsync(server, id, 0, new byte[1500], complete: false);
        Assert.Equal(HttpStatusCode.NoContent, first.StatusCode);
        Assert.Equal("1500", first.Headers.GetValues("Upload-Offset").Single());

        foreach (long wrong in new long[] { 0, 1499, 1501, 1 << 30 })
        {
            using HttpResponseMessage conflict = await PatchAsync(server, id, wrong, new byte[10], complete: true);
            Assert.Equal(HttpStatusCode.Conflict, conflict.StatusCode);
            Assert.Equal("1500", conflict.Headers.GetValues("Upload-Offset").Single());
            Assert.Equal("application/problem+json", conflict.Content.Headers.ContentType?.MediaType);
        }

        using HttpResponseMessage done = await PatchAsync(server, id, 1500, new byte[500], complete: true);
        Assert.Equal(HttpStatusCode.Created, done.StatusCode);
        Assert.Equal(TestData.Hex(new byte[2000]), done.Headers.GetValues("Blob-Hash").Single());
    }

    [Fact]
    public async Task Unknown_uploads_and_blobs_are_404()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        string unknownId = new('a', 32);
        string unknownHash = new('b', 64);

        using var head = new HttpRequestMessage(HttpMethod.Head, $"uploads/{unknownId}");
        Assert.Equal(HttpStatusCode.NotFound, (await server.Http.SendAsync(head, Token)).StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, (await PatchAsync(server, unknownId, 0, [1], complete: true)).StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, (await server.Http.GetAsync($"blobs/{unknownHash}", Token)).StatusCode);
        Assert.Equal(HttpStatusCode.NotFound, (await server.Http.GetAsync($"blobs/{unknownHash}/slice?start=0&count=1", Token)).StatusCode);
        Assert.Null(await server.Client.GetUploadStateAsync(unknownId, Token));
        var e = await Assert.ThrowsAsync<HttpRequestException>(() => server.Client.DownloadAsync(unknownHash, Stream.Null, Token));
        Assert.Equal(HttpStatusCode.NotFound, e.StatusCode);
    }

    [Fact]
    public async Task Malformed_requests_are_400_problem_details()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(3000, 4);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        string id = await server.Client.CreateUploadAsync(Token);

        string[] badGets =
        [
            $"blobs/{hash[..63]}",
            $"blobs/{hash}0",
            $"blobs/{hash[..63]}g",
            $"blobs/{hash}/slice",
            $"blobs/{hash}/slice?start=0",
            $"blobs/{hash}/slice?start=-1&count=1",
            $"blobs/{hash}/slice?start=0&count=x",
            $"blobs/{hash}/slice?start=0&count=99999999999999999999",
        ];
        foreach (string path in badGets)
        {
            using HttpResponseMessage response = await server.Http.GetAsync(path, Token);
            Assert.True(response.StatusCode == HttpStatusCode.BadRequest, path);
            Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        }

        // Upper case is a hash too.
        using HttpResponseMessage upper = await server.Http.GetAsync($"blobs/{hash.ToUpperInvariant()}", Token);
        Assert.Equal(HttpStatusCode.OK, upper.StatusCode);

        using var noOffset = new HttpRequestMessage(HttpMethod.Patch, $"uploads/{id}") { Content = new ByteArrayContent([1]) };
        Assert.Equal(HttpStatusCode.BadRequest, (await server.Http.SendAsync(noOffset, Token)).StatusCode);
        using var badOffset = new HttpRequestMessage(HttpMethod.Patch, $"uploads/{id}") { Content = new ByteArrayContent([1]) };
        badOffset.Headers.Add("Upload-Offset", "-1");
        Assert.Equal(HttpStatusCode.BadRequest, (await server.Http.SendAsync(badOffset, Token)).StatusCode);
        using var badComplete = new HttpRequestMessage(HttpMethod.Patch, $"uploads/{id}") { Content = new ByteArrayContent([1]) };
        badComplete.Headers.Add("Upload-Offset", "0");
        badComplete.Headers.Add("Upload-Complete", "yes");
        Assert.Equal(HttpStatusCode.BadRequest, (await server.Http.SendAsync(badComplete, Token)).StatusCode);

        await Assert.ThrowsAsync<ArgumentException>(() => server.Client.DownloadAsync("xyz", Stream.Null, Token));
    }

    [Fact]
    public async Task Cancelled_transfers_stop_and_the_upload_keeps_what_arrived()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(8 << 20, 12);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);

        // A download cancelled after its first write: no retry, a cancellation.
        using (var cancel = CancellationTokenSource.CreateLinkedTokenSource(Token))
        {
            var destination = new CancellingSink(cancel, afterBytes: 1);
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => server.Client.DownloadAsync(hash, destination, cancel.Token));
            Assert.InRange(destination.Length, 1, data.Length - 1);
        }

        // An upload cancelled part way: the server saved what it received, and the upload resumes from there.
        string id = await server.Client.CreateUploadAsync(Token);

        // The server notices the cancelled request a moment later, saves its state, then lets the upload go.
        var released = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        server.Store.Hook = (step, upload) =>
        {
            if (step == "lock released" && upload == id)
            {
                released.TrySetResult();
            }
        };
        using (var cancel = CancellationTokenSource.CreateLinkedTokenSource(Token))
        {
            var source = new CancellingSource(data, cancel, afterBytes: 3 << 20);
            await Assert.ThrowsAnyAsync<OperationCanceledException>(() => server.CreateClient(partLength: 8 << 20).ResumeUploadAsync(id, source, cancel.Token));
        }

        await released.Task.WaitAsync(Token);
        long saved = (await server.Client.GetUploadStateAsync(id, Token))!.Value.Offset;
        Assert.InRange(saved, 1, 3 << 20);
        string resumed = await server.Client.ResumeUploadAsync(id, new MemoryStream(data), Token);
        Assert.Equal(hash, resumed);
    }

    private sealed class FailingSink(int failOnWrite) : MemoryStream
    {
        private int _writes;

        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (++_writes == failOnWrite)
            {
                // Half the buffer lands before the failure, as a real stream may leave it.
                Write(buffer.Span[..(buffer.Length / 2)]);
                throw new IOException("The test's destination failed.");
            }

            Write(buffer.Span);
            return ValueTask.CompletedTask;
        }
    }

    private sealed class CancellingSink(CancellationTokenSource cancel, long afterBytes) : MemoryStream
    {
        public override ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
        {
            Write(buffer.Span);
            if (Length >= afterBytes)
            {
                cancel.Cancel();
            }

            return ValueTask.CompletedTask;
        }
    }

    private sealed class CancellingSource(byte[] data, CancellationTokenSource cancel, long afterBytes) : MemoryStream(data, writable: false)
    {
        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
        {
            if (Position >= afterBytes)
            {
                cancel.Cancel();
                cancellationToken.ThrowIfCancellationRequested();
            }

            return base.ReadAsync(buffer, cancellationToken);
        }
    }

    internal static async Task<HttpResponseMessage> PatchAsync(ServerHost server, string id, long offset, byte[] body, bool complete)
    {
        using var request = new HttpRequestMessage(HttpMethod.Patch, $"uploads/{id}") { Content = new ByteArrayContent(body) };
        request.Headers.Add("Upload-Offset", offset.ToString(System.Globalization.CultureInfo.InvariantCulture));
        request.Headers.Add("Upload-Complete", complete ? "?1" : "?0");
        return await server.Http.SendAsync(request, Token);
    }
}

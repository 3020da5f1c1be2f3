using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;

namespace Blake2Fast.BlobService.Tests;

/// <summary>Slices and whole blobs served asynchronously: the library's bytes, and no thread per slow reader.</summary>
public sealed class SliceTests
{
    private const int Readers = 200;

    private static CancellationToken Token => TestContext.Current.CancellationToken;

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(1024)]
    [InlineData(5000)]
    [InlineData(300_000)]
    public async Task Slices_and_blobs_are_the_librarys_bytes(int length)
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(length, 30);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        byte[] encoded = Bao.Encode(data, new byte[Bao.HashLength]);
        Assert.Equal(encoded, await server.Http.GetByteArrayAsync($"blobs/{hash}", Token));

        long[] starts = [0, 1, 1023, 1024, 2047, 4096, 65_535, 65_536, 131_073, length / 2, length - 1, length, length + 5];
        long[] counts = [0, 1, 1024, 1025, 70_000, length, long.MaxValue];
        foreach (long start in starts.Where(s => s >= 0).Distinct())
        {
            foreach (long count in counts.Distinct())
            {
                string path = string.Create(CultureInfo.InvariantCulture, $"blobs/{hash}/slice?start={start}&count={count}");
                byte[] slice = await server.Http.GetByteArrayAsync(path, Token);
                Assert.True(Bao.ExtractSlice(encoded, start, count).AsSpan().SequenceEqual(slice), $"start {start}, count {count}");
            }
        }
    }

    [Fact]
    public async Task Two_hundred_slow_slice_readers_hold_no_thread_each()
    {
        await using ServerHost server = await ServerHost.StartWithSmallSendBuffersAsync();
        byte[] data = TestData.Bytes(4 << 20, 31);
        string hash = await server.Client.UploadAsync(new MemoryStream(data), Token);
        byte[] root = Convert.FromHexString(hash);

        // Small receive windows, so that a reader that does not read stops its response early.
        using SocketsHttpHandler handler = TestData.SmallWindowHandler();
        using var http = new HttpClient(handler) { BaseAddress = server.Http.BaseAddress, Timeout = TimeSpan.FromMinutes(2) };
        int before = TestData.ThreadCount();
        Task allActive = server.Tampering.WhenActiveSlices(Readers);
        // Past what the pipes and kernel buffers of a connection hold: a response the client does not
        // read stays unfinished at the server (a synchronous extractor would block its thread there).
        const int Count = 2 << 20;
        Task<HttpResponseMessage>[] requests = Enumerable.Range(0, Readers)
            .Select(i => http.GetAsync(string.Create(CultureInfo.InvariantCulture, $"blobs/{hash}/slice?start={i * 10_000}&count={Count}"), HttpCompletionOption.ResponseHeadersRead, Token))
            .ToArray();
        HttpResponseMessage[] responses = await Task.WhenAll(requests);
        try
        {
            await allActive.WaitAsync(Token);

            // Every reader has its headers and reads nothing yet: 200 responses suspended at once.
            int during = TestData.ThreadCount();
            int active = server.Tampering.ActiveSlices;
            string report = $"threads: {before} before, {during} with {active} slice responses suspended; thread pool {ThreadPool.ThreadCount}";
            TestContext.Current.TestOutputHelper?.WriteLine(report);
            TestContext.Current.SendDiagnosticMessage(report);
            Assert.Equal(Readers, active);
            Assert.True(during - before < Readers / 4, report);

            // Then each reads and verifies the start of its slice (one byte first), and one in ten the
            // whole slice; the others go away with their responses unfinished.
            long[] read = await Task.WhenAll(responses.Select((response, i) =>
                TestData.ReadSliceAsync(response, root, data, i * 10_000, Count, i % 10 == 0 ? int.MaxValue : 64 * 1024, Token)));
            Assert.All(read, (n, i) => Assert.Equal(i % 10 == 0 ? Count : 64 * 1024, n));
        }
        finally
        {
            foreach (HttpResponseMessage response in responses)
            {
                response.Dispose();
            }
        }
    }
}

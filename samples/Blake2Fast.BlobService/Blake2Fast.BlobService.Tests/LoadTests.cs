using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;
using Blake2Fast.BlobService.Client;

namespace Blake2Fast.BlobService.Tests;

/// <summary>
/// 32 clients at once, each with an HttpClient of its own, doing mixed uploads, downloads and
/// slices for BLOBSERVICE_LOAD_SECONDS seconds (6 by default: the class stays about as quick as it
/// was before the idle readers), beside 200 slice readers that read nothing until the end and 1,000
/// PATCHes to unknown upload ids: no error, every digest right, no lock entry left, peak memory and
/// threads printed.
/// </summary>
public sealed class LoadTests
{
    private const int Clients = 32;
    private const int IdleReaders = 200;
    private const int IdleSliceLength = 2 << 20;
    private const int UnknownPatches = 1000;

    [Fact]
    public async Task Concurrent_clients_get_no_error_and_every_digest_right()
    {
        CancellationToken token = TestContext.Current.CancellationToken;
        int seconds = int.TryParse(Environment.GetEnvironmentVariable("BLOBSERVICE_LOAD_SECONDS"), NumberStyles.None, CultureInfo.InvariantCulture, out int s) && s > 0 ? s : 6;
        await using ServerHost server = await ServerHost.StartWithSmallSendBuffersAsync();

        var blobs = new ConcurrentDictionary<string, byte[]>(StringComparer.Ordinal);
        for (int i = 0; i < 8; i++)
        {
            byte[] seed = TestData.Bytes(1000 + (i * 100_000), 1000 + i);
            blobs[await server.Client.UploadAsync(new MemoryStream(seed), token)] = seed;
        }

        // The idle readers' blob, and their requests: each gets its headers, then reads nothing until the end.
        byte[] idleBlob = TestData.Bytes(4 << 20, 77);
        string idleHash = await server.Client.UploadAsync(new MemoryStream(idleBlob), token);
        int threadsBefore = TestData.ThreadCount();
        using SocketsHttpHandler idleHandler = TestData.SmallWindowHandler();
        using var idleHttp = new HttpClient(idleHandler) { BaseAddress = server.Http.BaseAddress, Timeout = Timeout.InfiniteTimeSpan };
        HttpResponseMessage[] idle = await Task.WhenAll(Enumerable.Range(0, IdleReaders).Select(i => idleHttp.GetAsync(
            FormattableString.Invariant($"blobs/{idleHash}/slice?start={i * 10_000}&count={IdleSliceLength}"), HttpCompletionOption.ResponseHeadersRead, token)));

        long peakManaged = 0;
        long peakWorkingSet = 0;
        int peakThreads = 0;
        using var sampling = CancellationTokenSource.CreateLinkedTokenSource(token);
        Task sampler = Task.Run(async () =>
        {
            while (!sampling.IsCancellationRequested)
            {
                peakManaged = Math.Max(peakManaged, GC.GetTotalMemory(false));
                peakWorkingSet = Math.Max(peakWorkingSet, Environment.WorkingSet);
                peakThreads = Math.Max(peakThreads, TestData.ThreadCount());
                try
                {
                    await Task.Delay(50, sampling.Token);
                }
                catch (OperationCanceledException)
                {
                }
            }
        }, CancellationToken.None);

        var errors = new ConcurrentQueue<string>();
        long uploads = 0, downloads = 0, slices = 0, bytesUp = 0, bytesDown = 0;
        var clock = Stopwatch.StartNew();
        var deadline = TimeSpan.FromSeconds(seconds);
        Task[] workers = Enumerable.Range(0, Clients).Select(n => Task.Run(async () =>
        {
            var random = new Random(n);
            using var http = new HttpClient { BaseAddress = server.Http.BaseAddress, Timeout = TimeSpan.FromMinutes(1) };
            var client = new BlobClient(http) { PartLength = 512 * 1024 };
            while (clock.Elapsed < deadline && !token.IsCancellationRequested)
            {
                KeyValuePair<string, byte[]> known = blobs.ElementAt(random.Next(blobs.Count));
                int op = random.Next(10);
                try
                {
                    if (op < 3)
                    {
                        byte[] data = op == 0 && random.Next(4) == 0 ? known.Value : TestData.Bytes(random.Next(2 << 20), random.Next());
                        string hash = await client.UploadAsync(new MemoryStream(data), token);
                        Interlocked.Increment(ref uploads);
                        Interlocked.Add(ref bytesUp, data.Length);
                        if (hash != TestData.Hex(data))
                        {
                            errors.Enqueue($"upload of {data.Length} bytes: {hash}");
                        }

                        // The test keeps a bounded set of known blobs, so that the heap measures the service more than the test.
                        if (blobs.Count < 40)
                        {
                            blobs.TryAdd(hash, data);
                        }
                    }
                    else if (op < 7)
                    {
                        var sink = new HashingSink();
                        await client.DownloadAsync(known.Key, sink, token);
                        Interlocked.Increment(ref downloads);
                        Interlocked.Add(ref bytesDown, sink.Written);
                        if (sink.Finish() != known.Key)
                        {
                            errors.Enqueue($"download of {known.Key}: wrong digest");
                        }
                    }
                    else
                    {
                        int length = known.Value.Length;
                        long start = random.NextInt64(length + 2);
                        int count = random.Next(200_000);
                        byte[] range = await client.GetRangeAsync(known.Key, start, count, token);
                        Interlocked.Increment(ref slices);
                        int from = (int)Math.Min(start, length);
                        int to = (int)Math.Min(start + count, length);
                        if (!known.Value.AsSpan(from, to - from).SequenceEqual(range))
                        {
                            errors.Enqueue($"slice ({start}, {count}) of {known.Key}: wrong bytes");
                        }
                    }
                }
                catch (Exception e) when (e is not OperationCanceledException || !token.IsCancellationRequested)
                {
                    errors.Enqueue($"{e.GetType().Name}: {e.Message}");
                }
            }
        }, token)).ToArray();

        // PATCHes to well-formed ids of no upload, spread over the run by four senders, each on a
        // schedule (the i-th not before i / 1000 of the run): each a 404, nothing kept.
        int notFound = 0;
        Task unknown = Task.WhenAll(Enumerable.Range(0, 4).Select(sender => Task.Run(async () =>
        {
            using var http = new HttpClient { BaseAddress = server.Http.BaseAddress, Timeout = TimeSpan.FromMinutes(1) };
            for (int i = sender; i < UnknownPatches && !token.IsCancellationRequested; i += 4)
            {
                TimeSpan due = deadline * i / UnknownPatches;
                if (clock.Elapsed < due)
                {
                    await Task.Delay(due - clock.Elapsed, token);
                }

                using var request = new HttpRequestMessage(HttpMethod.Patch, $"uploads/{Convert.ToHexStringLower(RandomNumberGenerator.GetBytes(16))}")
                {
                    Content = new ByteArrayContent(new byte[100]),
                };
                request.Headers.Add("Upload-Offset", "0");
                try
                {
                    using HttpResponseMessage response = await http.SendAsync(request, token);
                    if (response.StatusCode == HttpStatusCode.NotFound)
                    {
                        Interlocked.Increment(ref notFound);
                    }
                    else
                    {
                        errors.Enqueue($"PATCH to an unknown id: {(int)response.StatusCode}");
                    }
                }
                catch (Exception e) when (e is not OperationCanceledException || !token.IsCancellationRequested)
                {
                    errors.Enqueue($"PATCH to an unknown id: {e.GetType().Name}: {e.Message}");
                }
            }
        }, token)));

        await Task.WhenAll(workers);
        await unknown;
        TimeSpan elapsed = clock.Elapsed;
        int suspended = server.Tampering.ActiveSlices;

        // The idle readers now read: each the start of its slice, verified; one in ten the whole slice.
        byte[] idleRoot = Convert.FromHexString(idleHash);
        await Task.WhenAll(idle.Select(async (response, i) =>
        {
            try
            {
                using (response)
                {
                    int prefix = i % 10 == 0 ? int.MaxValue : 64 * 1024;
                    long read = await TestData.ReadSliceAsync(response, idleRoot, idleBlob, i * 10_000, IdleSliceLength, prefix, token);
                    if (read != Math.Min(prefix, IdleSliceLength))
                    {
                        errors.Enqueue($"idle reader {i}: {read} bytes");
                    }
                }
            }
            catch (Exception e) when (e is not OperationCanceledException || !token.IsCancellationRequested)
            {
                errors.Enqueue($"idle reader {i}: {e.GetType().Name}: {e.Message}");
            }
        }));

        string report = FormattableString.Invariant(
            $"{Clients} clients, {elapsed.TotalSeconds:F1} s: {uploads} uploads ({bytesUp / 1048576.0:F0} MiB), {downloads} downloads ({bytesDown / 1048576.0:F0} MiB), {slices} slices, {errors.Count} errors; {IdleReaders} idle slice readers ({suspended} responses still unfinished at the end; then each verified its first 64 KiB, one in ten its whole 2 MiB); {notFound} of {UnknownPatches} PATCHes to unknown ids answered 404, {server.Store.LockEntries} lock entries left; {blobs.Values.Sum(b => (long)b.Length) / 1048576.0:F0} MiB of known blobs held by the test; peak managed heap {peakManaged / 1048576.0:F0} MiB, peak working set {peakWorkingSet / 1048576.0:F0} MiB, threads {threadsBefore} before the idle readers and {peakThreads} at the peak (server and clients share the test process)");
        TestContext.Current.TestOutputHelper?.WriteLine(report);
        TestContext.Current.SendDiagnosticMessage(report);
        Assert.True(errors.IsEmpty, string.Join(Environment.NewLine, errors.Take(10)));
        Assert.True(uploads > 0 && downloads > 0 && slices > 0);
        Assert.Equal(UnknownPatches, notFound);
        Assert.Equal(0, server.Store.LockEntries);
        Assert.Equal(IdleReaders, suspended);

        // Not a thread per idle reader: the 32 clients and the service's own work fit in fewer.
        Assert.True(peakThreads - threadsBefore < IdleReaders / 2, report);
    }
}

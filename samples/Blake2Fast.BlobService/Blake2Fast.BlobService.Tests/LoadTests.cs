using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.BlobService.Client;

namespace Blake2Fast.BlobService.Tests;

/// <summary>
/// 32 clients at once, each with an HttpClient of its own, doing mixed uploads, downloads and
/// slices for BLOBSERVICE_LOAD_SECONDS seconds (10 by default): no error, every digest right.
/// </summary>
public sealed class LoadTests
{
    private const int Clients = 32;

    [Fact]
    public async Task Concurrent_clients_get_no_error_and_every_digest_right()
    {
        CancellationToken token = TestContext.Current.CancellationToken;
        int seconds = int.TryParse(Environment.GetEnvironmentVariable("BLOBSERVICE_LOAD_SECONDS"), NumberStyles.None, CultureInfo.InvariantCulture, out int s) && s > 0 ? s : 10;
        await using ServerHost server = await ServerHost.StartAsync();

        var blobs = new ConcurrentDictionary<string, byte[]>(StringComparer.Ordinal);
        for (int i = 0; i < 8; i++)
        {
            byte[] seed = TestData.Bytes(1000 + (i * 100_000), 1000 + i);
            blobs[await server.Client.UploadAsync(new MemoryStream(seed), token)] = seed;
        }

        long peakManaged = 0;
        long peakWorkingSet = 0;
        using var sampling = CancellationTokenSource.CreateLinkedTokenSource(token);
        Task sampler = Task.Run(async () =>
        {
            while (!sampling.IsCancellationRequested)
            {
                peakManaged = Math.Max(peakManaged, GC.GetTotalMemory(false));
                peakWorkingSet = Math.Max(peakWorkingSet, Environment.WorkingSet);
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
        await Task.WhenAll(workers);
        TimeSpan elapsed = clock.Elapsed;
        await sampling.CancelAsync();
        await sampler;

        string report = FormattableString.Invariant(
            $"{Clients} clients, {elapsed.TotalSeconds:F1} s: {uploads} uploads ({bytesUp / 1048576.0:F0} MiB), {downloads} downloads ({bytesDown / 1048576.0:F0} MiB), {slices} slices, {errors.Count} errors; {blobs.Values.Sum(b => (long)b.Length) / 1048576.0:F0} MiB of known blobs held by the test; peak managed heap {peakManaged / 1048576.0:F0} MiB, peak working set {peakWorkingSet / 1048576.0:F0} MiB (server and clients share the test process)");
        TestContext.Current.TestOutputHelper?.WriteLine(report);
        TestContext.Current.SendDiagnosticMessage(report);
        Assert.True(errors.IsEmpty, string.Join(Environment.NewLine, errors.Take(10)));
        Assert.True(uploads > 0 && downloads > 0 && slices > 0);
    }
}

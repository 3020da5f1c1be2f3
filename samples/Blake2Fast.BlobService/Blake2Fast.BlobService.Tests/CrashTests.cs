using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net;
using System.Net.Http;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.BlobService.Tests;

/// <summary>
/// The work of a part stopped between any two of its file operations, by a fault the store's test
/// hook throws there (nothing after it runs, as after a crash), then the server started again over
/// the same directory: the upload is resumable or its blob complete, never a 500 for good.
/// </summary>
public sealed class CrashTests
{
    private const int FirstPart = 6000;

    private static CancellationToken Token => TestContext.Current.CancellationToken;

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task A_last_part_stopped_at_any_step_ends_resumable_or_complete_after_a_restart(bool duplicate)
    {
        byte[] data = TestData.Bytes(10_333, 21);
        string expected = TestData.Hex(data);
        string[] steps = await RecordStepsAsync(data, duplicate);
        TestContext.Current.TestOutputHelper?.WriteLine($"steps of the last part: {string.Join("; ", steps)}");
        Assert.Contains("complete: write the record: rename it", steps);
        Assert.Contains(duplicate ? "complete: delete the duplicate data" : "complete: move the data into blobs/", steps);

        for (int k = 0; k < steps.Length; k++)
        {
            await using ServerHost server = await ServerHost.StartAsync();
            string id = await StartUploadAsync(server, data, duplicate);
            string stopAt = steps[k];
            server.Store.Hook = (step, upload) =>
            {
                if (upload == id && step == stopAt)
                {
                    throw new SimulatedCrashException(step);
                }
            };
            using (HttpResponseMessage stopped = await BlobServiceTests.PatchAsync(server, id, FirstPart, data[FirstPart..], complete: true))
            {
                Assert.Equal(HttpStatusCode.InternalServerError, stopped.StatusCode);
            }

            await server.StopAsync();
            await server.StartAgainAsync();

            var state = await server.Client.GetUploadStateAsync(id, Token);
            Assert.NotNull(state);
            TestContext.Current.TestOutputHelper?.WriteLine($"stopped before '{steps[k]}': after the restart offset {state.Value.Offset}, {(state.Value.Hash is null ? "resumable" : "complete")}");
            Assert.True(state.Value.Hash is null ? state.Value.Offset is FirstPart or 10_333 : state.Value.Hash == expected, steps[k]);

            Assert.Equal(expected, await server.Client.ResumeUploadAsync(id, new MemoryStream(data), Token));
            using var copy = new MemoryStream();
            await server.Client.DownloadAsync(expected, copy, Token);
            Assert.Equal(data, copy.ToArray());
            Assert.Equal([id + ".done"], TestData.FileNames(server.Uploads).Where(name => name.StartsWith(id, StringComparison.Ordinal)).ToArray());
            Assert.Equal([expected, expected + ".obao"], TestData.FileNames(Path.Combine(server.Root, "blobs")));
        }
    }

    [Fact]
    public async Task A_failure_after_hashing_saves_no_state_and_a_broken_body_saves_a_consistent_one()
    {
        await using ServerHost server = await ServerHost.StartAsync();
        byte[] data = TestData.Bytes(300_000, 22);
        string expected = TestData.Hex(data);

        // A buffer written and hashed but its chaining values not recorded: the state must not be saved.
        string id = await server.Client.CreateUploadAsync(Token);
        int buffers = 0;
        server.Store.Hook = (step, upload) =>
        {
            if (upload == id && step == "append: record the chaining values" && ++buffers == 3)
            {
                throw new SimulatedCrashException(step);
            }
        };
        using (HttpResponseMessage failed = await BlobServiceTests.PatchAsync(server, id, 0, data, complete: true))
        {
            Assert.Equal(HttpStatusCode.InternalServerError, failed.StatusCode);
        }

        server.Store.Hook = null;
        Assert.Equal(0, (await server.Client.GetUploadStateAsync(id, Token))!.Value.Offset);
        Assert.Equal(expected, await server.Client.ResumeUploadAsync(id, new MemoryStream(data), Token));

        // The body broken at 150,000 bytes: a read failure, so what arrived is saved, consistently.
        string other = await server.Client.CreateUploadAsync(Token);
        var released = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        server.Store.Hook = (step, upload) =>
        {
            if (upload == other && step == "lock released")
            {
                released.TrySetResult();
            }
        };
        server.Tampering.CutPatchesAt(150_000);
        await Assert.ThrowsAsync<HttpRequestException>(() => server.CreateClient(maxRetries: 0).ResumeUploadAsync(other, new MemoryStream(data), Token));
        await released.Task.WaitAsync(Token);
        Assert.Equal(150_000, (await server.Client.GetUploadStateAsync(other, Token))!.Value.Offset);
        await server.StopAsync();
        await server.StartAgainAsync();
        Assert.Equal(expected, await server.Client.ResumeUploadAsync(other, new MemoryStream(data), Token));
    }

    private static async Task<string> StartUploadAsync(ServerHost server, byte[] data, bool duplicate)
    {
        if (duplicate)
        {
            await server.Client.UploadAsync(new MemoryStream(data), Token);
        }

        string id = await server.Client.CreateUploadAsync(Token);
        using HttpResponseMessage first = await BlobServiceTests.PatchAsync(server, id, 0, data[..FirstPart], complete: false);
        Assert.Equal(HttpStatusCode.NoContent, first.StatusCode);
        return id;
    }

    /// <summary>The store's steps for the last part, recorded on a run without a fault; each step names one place.</summary>
    private static async Task<string[]> RecordStepsAsync(byte[] data, bool duplicate)
    {
        await using ServerHost server = await ServerHost.StartAsync();
        string id = await StartUploadAsync(server, data, duplicate);
        var steps = new List<string>();
        server.Store.Hook = (step, upload) =>
        {
            // Each step once: the body may come in one read or several (each a step of its own).
            if (upload == id && !step.StartsWith("lock", StringComparison.Ordinal))
            {
                lock (steps)
                {
                    if (!steps.Contains(step))
                    {
                        steps.Add(step);
                    }
                }
            }
        };
        using HttpResponseMessage last = await BlobServiceTests.PatchAsync(server, id, FirstPart, data[FirstPart..], complete: true);
        Assert.Equal(HttpStatusCode.Created, last.StatusCode);
        lock (steps)
        {
            return [.. steps];
        }
    }

    /// <summary>The fault the hook throws: the work stops where a crash would have stopped it.</summary>
    private sealed class SimulatedCrashException(string step) : Exception($"Stopped before '{step}' by the test.");
}

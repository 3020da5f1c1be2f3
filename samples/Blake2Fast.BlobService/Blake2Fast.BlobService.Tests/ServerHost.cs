using System;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Threading.Tasks;
using Blake2Fast.BlobService.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;

namespace Blake2Fast.BlobService.Tests;

/// <summary>
/// The blob service on a real Kestrel, 127.0.0.1 and an ephemeral port, over a temporary directory
/// that is deleted on disposal. It can be stopped and started again over the same directory.
/// </summary>
public sealed class ServerHost : IAsyncDisposable
{
    private WebApplication? _app;

    private ServerHost(string root) => Root = root;

    /// <summary>The store's directory.</summary>
    public string Root { get; }

    /// <summary>The test-only middleware's settings.</summary>
    public Tampering Tampering { get; } = new();

    /// <summary>A client of the running server (a new one after each start).</summary>
    public HttpClient Http { get; private set; } = null!;

    /// <summary>A BlobClient over <see cref="Http"/>, with short retry pauses.</summary>
    public BlobClient Client { get; private set; } = null!;

    public static async Task<ServerHost> StartAsync()
    {
        var host = new ServerHost(Directory.CreateTempSubdirectory("blobservice-").FullName);
        await host.StartAgainAsync();
        return host;
    }

    public BlobClient CreateClient(long partLength = 16 << 20, int maxRetries = 5) =>
        new(Http) { PartLength = partLength, MaxRetries = maxRetries, RetryDelay = TimeSpan.FromMilliseconds(5) };

    /// <summary>Starts the server (again) over <see cref="Root"/>.</summary>
    public async Task StartAgainAsync()
    {
        string[] args =
        [
            "--urls=http://127.0.0.1:0",
            $"--BlobService:Directory={Root}",
            "--Logging:LogLevel:Default=Warning",
            "--Logging:LogLevel:Microsoft.AspNetCore=Critical",
        ];
        _app = BlobServiceApp.Build(args, Tampering.Apply);
        await _app.StartAsync();
        string address = _app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        Http?.Dispose();
        Http = new HttpClient { BaseAddress = new Uri(address + "/"), Timeout = TimeSpan.FromMinutes(2) };
        Client = CreateClient();
    }

    /// <summary>Stops the server, its directory kept.</summary>
    public async Task StopAsync()
    {
        if (_app is not null)
        {
            await _app.StopAsync();
            await _app.DisposeAsync();
            _app = null;
        }
    }

    public async ValueTask DisposeAsync()
    {
        await StopAsync();
        Http?.Dispose();
        try
        {
            Directory.Delete(Root, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}

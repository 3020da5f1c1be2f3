using System;
using System.IO;
using System.Linq;
using System.Net.Http;
using System.Net.Sockets;
using System.Threading.Tasks;
using Blake2Fast.BlobService.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.DependencyInjection;

namespace Blake2Fast.BlobService.Tests;

/// <summary>
/// The blob service on a real Kestrel, 127.0.0.1 and an ephemeral port, over a temporary directory
/// that is deleted on disposal. It can be stopped and started again over the same directory.
/// </summary>
public sealed class ServerHost : IAsyncDisposable
{
    private readonly string[] _settings;
    private readonly TimeProvider? _time;
    private readonly bool _smallSendBuffers;
    private WebApplication? _app;

    private ServerHost(string root, TimeProvider? time, string[] settings, bool smallSendBuffers = false)
    {
        Root = root;
        _time = time;
        _settings = settings;
        _smallSendBuffers = smallSendBuffers;
    }

    /// <summary>The store's directory.</summary>
    public string Root { get; }

    /// <summary>The store's uploads directory.</summary>
    public string Uploads => Path.Combine(Root, "uploads");

    /// <summary>The test-only middleware's settings.</summary>
    public Tampering Tampering { get; } = new();

    /// <summary>A client of the running server (a new one after each start).</summary>
    public HttpClient Http { get; private set; } = null!;

    /// <summary>A BlobClient over <see cref="Http"/>, with short retry pauses.</summary>
    public BlobClient Client { get; private set; } = null!;

    /// <summary>The running server's store (a new one after each start).</summary>
    internal BlobStore Store => _app!.Services.GetRequiredService<BlobStore>();

    /// <summary>
    /// Starts a server over a new temporary directory; <paramref name="time"/> replaces the system
    /// clock, <paramref name="settings"/> are more arguments (such as <c>--BlobService:MaxBlobLength=1000</c>).
    /// </summary>
    public static async Task<ServerHost> StartAsync(TimeProvider? time = null, params string[] settings)
    {
        var host = new ServerHost(Directory.CreateTempSubdirectory("blobservice-").FullName, time, settings);
        await host.StartAgainAsync();
        return host;
    }

    /// <summary>
    /// Starts a server whose connections have 64 KiB send buffers (fixed, not grown by the kernel):
    /// a response its client does not read then stops at the server after a few hundred KiB, as the
    /// slow-reader tests need, instead of filling megabytes of kernel buffers.
    /// </summary>
    public static async Task<ServerHost> StartWithSmallSendBuffersAsync()
    {
        var host = new ServerHost(Directory.CreateTempSubdirectory("blobservice-").FullName, null, [], smallSendBuffers: true);
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
            .. _settings,
        ];
        _app = BlobServiceApp.Build(args, Tampering.Apply, services =>
        {
            if (_time is not null)
            {
                services.AddSingleton(_time);
            }

            if (_smallSendBuffers)
            {
                // Accepted connections inherit the listening socket's buffer sizes.
                services.Configure<SocketTransportOptions>(transport => transport.CreateBoundListenSocket = endPoint =>
                {
                    Socket socket = SocketTransportOptions.CreateDefaultBoundListenSocket(endPoint);
                    socket.SendBufferSize = 64 * 1024;
                    return socket;
                });
            }
        });
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

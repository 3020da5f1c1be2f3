using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Output;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Orleans;
using Orleans.Hosting;

namespace Blake2Fast.OrleansSample;

/// <summary>
/// The sample's host. <c>--silo N</c> runs silo N of a cluster on this machine (silo 0 is the
/// primary: the others find the cluster through it); <c>hash FILE</c> connects to the silos as a
/// client, submits the file and prints its digests in b3sum / b2fast format.
/// </summary>
internal static class Program
{
    private const string ClusterId = "blake2fast-sample";
    private const int FirstSiloPort = 11111;
    private const int FirstGatewayPort = 30000;

    private const string Usage =
        """
        usage: Blake2Fast.Orleans.Host --silo N
               Blake2Fast.Orleans.Host hash FILE [-a blake3|tree|both] [--tree SIZE]
                      [--keyed KEYHEX | --derive-key CONTEXT] [--pieces N] [--silos COUNT]

          --silo N             run silo N (0 is the primary; start it first) on ports 11111+N and 30000+N
          hash FILE            hash FILE (a path every silo can read) across the cluster
          -a                   blake3 (a b3sum line), tree (a `b2fast --tree=SIZE` line) or both (default: both, in that order)
          --tree SIZE          BLAKE2b tree leaf size, as b2fast: 4096, 64k, 1m (default 1m)
          --keyed KEYHEX       BLAKE3 keyed hashing with a 32-byte key in hex (b3sum --keyed)
          --derive-key CONTEXT BLAKE3 key derivation (b3sum --derive-key CONTEXT)
          --pieces N           cut the input into at most N pieces (default 64)
          --silos COUNT        how many silos' gateways the client may use (default 3)
        """;

    public static async Task<int> Main(string[] args)
    {
        try
        {
            if (args.Length == 2 && args[0] == "--silo")
            {
                await RunSiloAsync(int.Parse(args[1], NumberStyles.None, CultureInfo.InvariantCulture));
                return 0;
            }

            if (args.Length >= 2 && args[0] == "hash")
            {
                return await HashAsync(args[1], Options(args.Skip(2).ToArray()));
            }
        }
        catch (Exception e) when (e is FormatException or ArgumentException or OverflowException)
        {
            // A bad option value (a key that is not 32 bytes of hex, a number that is not one).
            await Console.Error.WriteLineAsync(e.Message);
        }

        await Console.Error.WriteLineAsync(Usage);
        return 2;
    }

    /// <summary>Runs silo <paramref name="number"/> until Ctrl+C.</summary>
    private static async Task RunSiloAsync(int number)
    {
        HostApplicationBuilder builder = Host.CreateApplicationBuilder();
        builder.Logging.SetMinimumLevel(LogLevel.Warning).AddFilter("Blake2Fast", LogLevel.Information);
        builder.UseOrleans(silo => silo.UseLocalhostClustering(
            siloPort: FirstSiloPort + number,
            gatewayPort: FirstGatewayPort + number,
            primarySiloEndpoint: new IPEndPoint(IPAddress.Loopback, FirstSiloPort),
            serviceId: ClusterId,
            clusterId: ClusterId));
        using IHost host = builder.Build();
        await Console.Error.WriteLineAsync($"silo {number}: silo port {FirstSiloPort + number}, gateway port {FirstGatewayPort + number}; Ctrl+C stops it");
        await host.RunAsync();
    }

    /// <summary>Submits the file as a client and prints its digests; 1 if the job failed.</summary>
    private static async Task<int> HashAsync(string path, Dictionary<string, string> options)
    {
        string algorithms = options.GetValueOrDefault("-a", "both");
        if (algorithms is not ("blake3" or "tree" or "both"))
        {
            throw new FormatException($"-a takes blake3, tree or both, not {algorithms}");
        }

        if (!TreeLeafSize.TryParse(options.GetValueOrDefault("--tree", "1m"), out long leafLength, out string? reason))
        {
            throw new FormatException($"invalid tree leaf size: {reason}");
        }

        Blake3ModeSpec mode = options.TryGetValue("--keyed", out string? keyHex) ? Blake3ModeSpec.Keyed(Convert.FromHexString(keyHex))
            : options.TryGetValue("--derive-key", out string? context) ? Blake3ModeSpec.DeriveKey(context)
            : Blake3ModeSpec.Hash;
        var jobOptions = new HashJobOptions { MaxPieces = Number(options, "--pieces", HashJobOptions.Default.MaxPieces) };
        int silos = Number(options, "--silos", 3);

        HostApplicationBuilder builder = Host.CreateApplicationBuilder();

        // The digests go to standard output; the runtime's warnings to standard error, but for the
        // connection warnings of a silo that was lost (the job's own messages say what happened).
        builder.Logging.SetMinimumLevel(LogLevel.Warning).AddFilter("Orleans.Runtime.Messaging", LogLevel.Error)
            .AddConsole(o => o.LogToStandardErrorThreshold = LogLevel.Trace);
        builder.UseOrleansClient(client => client.UseLocalhostClustering(
            gatewayPorts: Enumerable.Range(FirstGatewayPort, silos).ToArray(),
            serviceId: ClusterId,
            clusterId: ClusterId));
        using IHost host = builder.Build();
        await host.StartAsync();
        var hasher = new DistributedHasher(host.Services.GetRequiredService<IClusterClient>())
        {
            Logger = host.Services.GetRequiredService<ILoggerFactory>().CreateLogger("Blake2Fast.OrleansSample.Client"),
        };
        using var cancel = new CancellationTokenSource();
        Console.CancelKeyPress += (_, e) =>
        {
            // Ctrl+C cancels the job (and its pieces on every silo) instead of killing the client.
            e.Cancel = true;
            cancel.Cancel();
        };

        try
        {
            string fullPath = Path.GetFullPath(path);
            if (algorithms is "blake3" or "both")
            {
                byte[] digest = await hasher.HashBlake3Async(new Blake3Job { Path = fullPath, Mode = mode, Options = jobOptions }, cancel.Token);
                Console.WriteLine(ChecksumLine(digest, path));
            }

            if (algorithms is "tree" or "both")
            {
                byte[] digest = await hasher.HashBlake2TreeAsync(new Blake2TreeJob { Path = fullPath, LeafLength = (int)leafLength, Options = jobOptions }, cancel.Token);
                Console.WriteLine(ChecksumLine(digest, path));
            }

            return 0;
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            await Console.Error.WriteLineAsync($"{path}: {e.GetType().Name}: {e.Message}");
            return 1;
        }
        finally
        {
            // Leave without waiting on the gateways: the job is over, nothing is left to deliver.
            using var quick = new CancellationTokenSource(TimeSpan.FromSeconds(1));
            await host.StopAsync(quick.Token);
        }
    }

    /// <summary>A line as b3sum and b2fast write it: hex, two spaces, the name (escaped as coreutils does).</summary>
    private static string ChecksumLine(byte[] digest, string name)
    {
        var line = new StringBuilder();
        if (FileNameEscaping.NeedsEscape(name))
        {
            line.Append('\\');
        }

        line.Append(Convert.ToHexStringLower(digest)).Append("  ");
        if (FileNameEscaping.NeedsEscape(name))
        {
            FileNameEscaping.AppendEscaped(line, name);
        }
        else
        {
            line.Append(name);
        }

        return line.ToString();
    }

    /// <summary>The options after FILE, each with its value.</summary>
    private static Dictionary<string, string> Options(string[] args)
    {
        var options = new Dictionary<string, string>(StringComparer.Ordinal);
        for (int i = 0; i < args.Length; i += 2)
        {
            if (args[i] is not ("-a" or "--tree" or "--keyed" or "--derive-key" or "--pieces" or "--silos") || i + 1 == args.Length)
            {
                throw new FormatException($"unknown option or missing value: {args[i]}");
            }

            options[args[i]] = args[i + 1];
        }

        return options;
    }

    private static int Number(Dictionary<string, string> options, string name, int fallback) =>
        options.TryGetValue(name, out string? text) ? int.Parse(text, NumberStyles.None, CultureInfo.InvariantCulture) : fallback;
}

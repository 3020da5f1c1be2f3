using System;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Blake2Fast.Conformance;

namespace Blake2Fast.Browser;

/// <summary>
/// Runs every conformance suite and the browser's threads checks in the page; the page hands the
/// exit status (0 only if something passed and nothing failed) to run.mjs, which also reads the
/// closing line "conformance: N passed, M failed" from the console.
/// </summary>
internal static class Program
{
    private static async Task<int> Main(string[] args)
    {
        var variables = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (string arg in args)
        {
            int at = arg.IndexOf('=', StringComparison.Ordinal);
            if (at > 0)
            {
                variables[arg.Substring(0, at)] = arg.Substring(at + 1);
            }
        }

        Console.WriteLine($"browser: {OperatingSystem.IsBrowser()}, processors: {Environment.ProcessorCount}, Vector128 accelerated: {System.Runtime.Intrinsics.Vector128.IsHardwareAccelerated}, PackedSimd: {System.Runtime.Intrinsics.Wasm.PackedSimd.IsSupported}");
        Report report = AllSuites.Run(ReadVectors, name => variables.TryGetValue(name, out string? value) ? value : null);
        ThreadsChecks.Run(report);
        await ThreadsChecks.RunAsync(report).ConfigureAwait(true);
        return AllSuites.Finish(report);
    }

    private static string ReadVectors(string name)
    {
        using Stream stream = typeof(Program).Assembly.GetManifestResourceStream(name) ?? throw new FileNotFoundException("Vector file not embedded in the browser host", name);
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    }
}

using System;
using System.Diagnostics;
using System.Runtime.InteropServices.JavaScript;
using System.Runtime.Versioning;
using System.Security.Cryptography;
using Blake2Fast.Conformance;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Browser;

/// <summary>
/// What the measurement page (bench/browser) calls: one algorithm on one input size, timed in the
/// page for a given time after a warm-up (the jiterpreter compiles a method's hot loops only after
/// they have run a while). The page times hash-wasm the same way, in the same page.
/// </summary>
[SupportedOSPlatform("browser")]
internal static partial class Measure
{
    /// <summary>Which kernel each dispatcher picked, as the conformance program prints it.</summary>
    [JSExport]
    internal static string Kernels() => KernelChecks.Picks;

    /// <summary>
    /// Hashes a <paramref name="size"/>-byte input over and over for <paramref name="seconds"/>
    /// (after <paramref name="warmUpSeconds"/> of the same) and returns MiB/s.
    /// </summary>
    /// <param name="algorithm">
    /// blake2b (512-bit), blake2s (256), blake3 (256) or sha256 (the BCL's), each through its
    /// one-shot API with the kernel the dispatcher picked; or blake2b-scalar and
    /// blake2s-scalar: the same hash with the scalar kernel forced (what a browser ran before the
    /// round-loop kernels), so that the page shows the dispatcher's choice against it.
    /// </param>
    [JSExport]
    internal static double MibPerSecond(string algorithm, int size, double warmUpSeconds, double seconds)
    {
        byte[] input = Suites.Sequence(size, 7);
        byte[] output = new byte[64];
        int batch = Math.Max(1, (1 << 16) / Math.Max(size, 1));
        Time(algorithm, input, output, batch, warmUpSeconds);
        return Time(algorithm, input, output, batch, seconds);
    }

    private static double Time(string algorithm, byte[] input, byte[] output, int batch, double seconds)
    {
        long hashes = 0;
        var clock = Stopwatch.StartNew();
        do
        {
            for (int i = 0; i < batch; i++)
            {
                Hash(algorithm, input, output);
            }

            hashes += batch;
        }
        while (clock.Elapsed.TotalSeconds < seconds);
        return hashes * (double)input.Length / clock.Elapsed.TotalSeconds / (1 << 20);
    }

    private static void Hash(string algorithm, byte[] input, byte[] output)
    {
        switch (algorithm)
        {
            case "blake2b":
                Blake2b.HashData(input, output.AsSpan(0, 64));
                break;
            case "blake2s":
                Blake2s.HashData(input, output.AsSpan(0, 32));
                break;
            case "blake3":
                Blake3.HashData(input, output.AsSpan(0, 32));
                break;
            case "blake2b-scalar":
                var b = new Blake2bHashState(Blake2Settings.Sequential(64, []), Blake2bKernel.Scalar);
                b.Update(input);
                b.Finish(output.AsSpan(0, 64));
                break;
            case "blake2s-scalar":
                var s = new Blake2sHashState(Blake2Settings.Sequential(32, []), Blake2sKernel.Scalar);
                s.Update(input);
                s.Finish(output.AsSpan(0, 32));
                break;
            case "sha256":
                SHA256.HashData(input, output.AsSpan(0, 32));
                break;
            default:
                throw new ArgumentException($"Unknown algorithm '{algorithm}'", nameof(algorithm));
        }
    }
}

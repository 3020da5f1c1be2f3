using System;
using System.Diagnostics;
using System.Globalization;

namespace Blake2Fast.ColdStart;

/// <summary>
/// One cold-start sample: <c>Blake2Fast.ColdStart ALGORITHM SIZE CALLS</c> hashes a SIZE-byte
/// buffer CALLS times with one one-shot call each and prints one line:
/// <c>first_ms second_ms total_ms steady_ms</c> (the first call, the second, all CALLS, and the
/// fastest of the last tenth of the calls, which approaches the steady state).
/// </summary>
/// <remarks>
/// Nothing is hashed before the first timed call, so the first call pays for loading and compiling
/// what it runs, as in a process that hashes one file and exits. ALGORITHM: blake2b, blake2s,
/// blake3 (this library's one-shots) or blake3net (Blake3.NET's <c>Hasher.Hash</c>, the managed peer).
/// </remarks>
internal static class Program
{
    private static int Main(string[] args)
    {
        if (args.Length != 3)
        {
            Console.Error.WriteLine("usage: Blake2Fast.ColdStart blake2b|blake2s|blake3|blake3net SIZE CALLS");
            return 2;
        }

        int size = int.Parse(args[1], CultureInfo.InvariantCulture);
        int calls = int.Parse(args[2], CultureInfo.InvariantCulture);
        byte[] input = new byte[size];
        new Random(size).NextBytes(input);
        byte[] output = new byte[64];
        Action hash = args[0] switch
        {
            "blake2b" => () => Blake2b.HashData(input, output.AsSpan(0, 64)),
            "blake2s" => () => Blake2s.HashData(input, output.AsSpan(0, 32)),
            "blake3" => () => Blake3.HashData(input, output.AsSpan(0, 32)),
            "blake3net" => () => global::Blake3.Hasher.Hash(input).AsSpan().CopyTo(output),
            _ => throw new ArgumentException("unknown algorithm " + args[0], nameof(args)),
        };

        double[] times = new double[calls];
        long loopStart = Stopwatch.GetTimestamp();
        for (int i = 0; i < calls; i++)
        {
            long start = Stopwatch.GetTimestamp();
            hash();
            times[i] = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
        }

        double total = Stopwatch.GetElapsedTime(loopStart).TotalMilliseconds;
        double steady = double.MaxValue;
        for (int i = calls - Math.Max(1, calls / 10); i < calls; i++)
        {
            steady = Math.Min(steady, times[i]);
        }

        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{times[0]:F4} {(calls > 1 ? times[1] : double.NaN):F4} {total:F4} {steady:F4}"));
        return 0;
    }
}

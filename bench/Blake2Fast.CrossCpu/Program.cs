using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.CrossCpu;

/// <summary>
/// Times Blake2Fast on a machine where the SDK and BenchmarkDotNet cannot go, in one process.
/// </summary>
/// <remarks>
/// Method: every row's digest is compared with the public one-shot's first (a disagreement stops the
/// run). Then R rounds (default 30); in each, every row of a size runs for about 20 ms in a calibrated
/// number of calls, in turn, so that drift of the machine's speed falls on every row alike. The first
/// rounds warm up the JIT's tiers and are not counted; the median of the rest is printed, with its
/// throughput and its time relative to the public one-shot of the same algorithm and size.
/// Options: --original PATH (the original Blake2Fast's DLL), --rounds N, --warmup N, --sizes a,b,c,
/// --only PREFIX (rows of the algorithms whose name starts with it), --scaling d1,d2,... (the
/// multi-core rows instead: BLAKE3 and BLAKE2 tree hashing at each degree of parallelism, and the
/// official C BLAKE3 on one thread), --many LENGTH (a loop of one-shots against HashMany on
/// messages of that length), --bao d1,d2,... (Bao's outboard encode and decode beside the hash),
/// --kernels (BLAKE3's lane and single-block kernels beside the official C's assembly kernels).
/// </remarks>
internal static class Program
{
    private static int Main(string[] args)
    {
        string? original = Option(args, "--original");
        int rounds = int.Parse(Option(args, "--rounds") ?? "30", CultureInfo.InvariantCulture);
        int warmup = int.Parse(Option(args, "--warmup") ?? "8", CultureInfo.InvariantCulture);
        int[] sizes = (Option(args, "--sizes") ?? "64,1024,3145728").Split(',').Select(s => int.Parse(s, CultureInfo.InvariantCulture)).ToArray();

        string? only = Option(args, "--only");
        string? scaling = Option(args, "--scaling");
        string? many = Option(args, "--many");
        string? bao = Option(args, "--bao");
        var notes = new List<string>();
        List<Case> cases;
        if (args.Contains("--kernels"))
        {
            // --kernels: BLAKE3's kernels beside the official C's assembly (--sizes, default 1 MiB).
            cases = Cases.Kernels(notes);
            sizes = (Option(args, "--sizes") ?? "1048576").Split(',').Select(s => int.Parse(s, CultureInfo.InvariantCulture)).ToArray();
            notes.Add("kernel rows: 'vs one-shot' is the C kernel's time against ours of the same lane width");
        }
        else if (many is not null)
        {
            // --many 64: the input (--sizes, default 64 KiB) cut into messages of that length.
            int messageLength = int.Parse(many, CultureInfo.InvariantCulture);
            cases = Cases.Many(messageLength);
            sizes = (Option(args, "--sizes") ?? "65536").Split(',').Select(s => int.Parse(s, CultureInfo.InvariantCulture)).ToArray();
            notes.Add($"many-message rows: {messageLength}-byte messages, 32-byte digests; 'vs one-shot' is each row's time against the loop of one-shots");
        }
        else if (bao is not null)
        {
            // --bao 1,16: Bao's outboard encode and verifying decode beside the plain hash, at each degree.
            int[] degrees = bao.Split(',').Select(s => int.Parse(s, CultureInfo.InvariantCulture)).ToArray();
            cases = Cases.Bao(degrees);
            sizes = (Option(args, "--sizes") ?? "67108864").Split(',').Select(s => int.Parse(s, CultureInfo.InvariantCulture)).ToArray();
            notes.Add($"Bao rows: degrees {bao}; 'vs one-shot' is each row's time against Blake3.HashData on one thread");
        }
        else if (scaling is not null)
        {
            // --scaling 1,2,4,8,16: every degree of parallelism on the same input (--sizes, default 64 MiB).
            int[] degrees = scaling.Split(',').Select(s => int.Parse(s, CultureInfo.InvariantCulture)).ToArray();
            cases = Cases.Scaling(degrees, 1 << 20);
            sizes = (Option(args, "--sizes") ?? "67108864").Split(',').Select(s => int.Parse(s, CultureInfo.InvariantCulture)).ToArray();
            notes.Add($"scaling rows: degrees {scaling}; 'vs one-shot' is each row's time against the 1-thread row of its algorithm");
        }
        else
        {
            cases = Cases.All(original, notes);
        }

        if (only is not null)
        {
            // --only BLAKE3: the rows of the algorithms whose name starts with it (for runs under other DOTNET_Enable* settings).
            cases = cases.Where(c => c.Algorithm.StartsWith(only, StringComparison.OrdinalIgnoreCase)).ToList();
        }

        PrintMachine(notes);

        foreach (int size in sizes)
        {
            byte[] input = new byte[size];
            new Random(size).NextBytes(input);
            if (!DigestsAgree(cases, input))
            {
                return 1;
            }

            var samples = cases.Select(_ => new List<double>()).ToList();
            long[] calls = cases.Select(c => Calibrate(c, input)).ToArray();
            for (int round = 0; round < warmup + rounds; round++)
            {
                for (int i = 0; i < cases.Count; i++)
                {
                    double ns = Time(cases[i], input, calls[i]);
                    if (round >= warmup)
                    {
                        samples[i].Add(ns);
                    }
                }
            }

            Print(size, cases, samples);
        }

        return 0;
    }

    private static bool DigestsAgree(List<Case> cases, byte[] input)
    {
        bool agree = true;
        foreach (IGrouping<string, Case> group in cases.GroupBy(c => c.Algorithm))
        {
            byte[] reference = Digest(group.First(), input);
            foreach (Case c in group.Skip(1))
            {
                byte[] digest = Digest(c, input);
                if (!digest.AsSpan().SequenceEqual(reference))
                {
                    Console.Error.WriteLine($"DIGEST MISMATCH on {input.Length} bytes: {group.Key} {c.Row} gives {Convert.ToHexString(digest)}, {group.First().Row} {Convert.ToHexString(reference)}");
                    agree = false;
                }
            }
        }

        if (agree)
        {
            Console.WriteLine($"digests checked on {input.Length} bytes: every row agrees with its algorithm's public one-shot");
        }

        return agree;
    }

    private static byte[] Digest(Case c, byte[] input)
    {
        byte[] output = new byte[64];
        c.Hash(input, output);
        return output[..c.DigestLength];
    }

    private static long Calibrate(Case c, byte[] input)
    {
        byte[] output = new byte[64];
        long calls = 1;
        while (true)
        {
            var watch = Stopwatch.StartNew();
            for (long i = 0; i < calls; i++)
            {
                c.Hash(input, output);
            }

            if (watch.Elapsed.TotalMilliseconds >= 20 || calls >= 1L << 30)
            {
                return calls;
            }

            calls *= 2;
        }
    }

    private static double Time(Case c, byte[] input, long calls)
    {
        byte[] output = new byte[64];
        long start = Stopwatch.GetTimestamp();
        for (long i = 0; i < calls; i++)
        {
            c.Hash(input, output);
        }

        return Stopwatch.GetElapsedTime(start).TotalNanoseconds / calls;
    }

    private static void Print(int size, List<Case> cases, List<List<double>> samples)
    {
        Console.WriteLine();
        Console.WriteLine($"## {size} bytes (median of {samples[0].Count} rounds)");
        Console.WriteLine($"{"algorithm",-13} {"row",-62} {"ns/op",16} {"MiB/s",9} {"vs one-shot",11}");
        double[] medians = samples.Select(Median).ToArray();
        for (int i = 0; i < cases.Count; i++)
        {
            int reference = cases.FindIndex(c => c.Algorithm == cases[i].Algorithm);
            double mibs = size / medians[i] * 1e9 / (1 << 20);
            Console.WriteLine($"{cases[i].Algorithm,-13} {cases[i].Row,-62} {medians[i],16:N1} {mibs,9:N1} {medians[i] / medians[reference],11:F3}");
        }
    }

    private static double Median(List<double> values)
    {
        double[] sorted = [.. values.Order()];
        return sorted.Length % 2 == 1 ? sorted[sorted.Length / 2] : (sorted[(sorted.Length / 2) - 1] + sorted[sorted.Length / 2]) / 2;
    }

    private static void PrintMachine(List<string> notes)
    {
        string cpu = File.Exists("/proc/cpuinfo")
            ? File.ReadLines("/proc/cpuinfo").FirstOrDefault(l => l.StartsWith("model name", StringComparison.Ordinal))?.Split(':', 2)[1].Trim() ?? "?"
            : "?";
        Console.WriteLine($"# Blake2Fast cross-CPU run, {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC");
        Console.WriteLine($"cpu: {cpu}; {Environment.ProcessorCount} logical processors; {RuntimeInformation.OSDescription}");
        Console.WriteLine($"runtime: {RuntimeInformation.FrameworkDescription} {RuntimeInformation.ProcessArchitecture}; Blake2Fast {typeof(Blake2b).Assembly.GetName().Version}");
        Console.WriteLine($"instruction sets: AVX-512F {Avx512F.IsSupported}, AVX-512VL {Avx512F.VL.IsSupported}, AVX2 {Avx2.IsSupported}, SSE4.1 {Sse41.IsSupported}, SSSE3 {Ssse3.IsSupported}, SSE2 {Sse2.IsSupported}, Vector128 accelerated {Vector128.IsHardwareAccelerated}");
        foreach (string note in notes)
        {
            Console.WriteLine(note);
        }
    }

    private static string? Option(string[] args, string name)
    {
        int at = Array.IndexOf(args, name);
        return at >= 0 && at + 1 < args.Length ? args[at + 1] : null;
    }
}

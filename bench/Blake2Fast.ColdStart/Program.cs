using System;
using System.Diagnostics;
using System.Globalization;
using System.Runtime;

namespace Blake2Fast.ColdStart;

/// <summary>
/// One cold-start sample: <c>Blake2Fast.ColdStart ALGORITHM SIZE CALLS</c> hashes a SIZE-byte
/// buffer CALLS times with one one-shot call each and prints one line:
/// <c>first_ms second_ms total_ms steady_ms jit_methods jit_ms third_ms</c> (the first call, the
/// second, all CALLS, the fastest of the last tenth of the calls, which approaches the steady
/// state, how many methods the first call had the JIT compile and for how long, from
/// <see cref="JitInfo"/>, this thread only: tiering's background compilations are not counted;
/// and the third call, which tells a one-time cost of the second call from slow tier-0 code).
/// </summary>
/// <remarks>
/// Nothing is hashed before the first timed call, so the first call pays for loading and compiling
/// what it runs, as in a process that hashes one file and exits. ALGORITHM: blake2b, blake2s,
/// blake3 (this library's one-shots) or blake3net (Blake3.NET's <c>Hasher.Hash</c>, the managed peer);
/// and the drivers around the kernels: blake2bp, blake2b-many, blake2s-many and blake3-many
/// (<c>HashMany</c> of 64-byte messages), blake2b-tree (<c>HashTree</c>, 4 KiB leaves, one
/// thread), blake3-update (an incremental hash fed 4 KiB at a time); and none, which clears 32
/// bytes of the output and loads nothing of either library: what this program's own first call
/// costs.
/// </remarks>
internal static class Program
{
    private static int Main(string[] args)
    {
        if (args.Length != 3)
        {
            Console.Error.WriteLine("usage: Blake2Fast.ColdStart blake2b|blake2s|blake3|blake3net|blake2bp|blake2b-many|blake2s-many|blake3-many|blake2b-tree|blake3-update|none SIZE CALLS");
            return 2;
        }

        int size = int.Parse(args[1], CultureInfo.InvariantCulture);
        int calls = int.Parse(args[2], CultureInfo.InvariantCulture);
        byte[] input = new byte[size];
        new Random(size).NextBytes(input);
        byte[] output = new byte[64];
        byte[] many = new byte[size / 64 * 32];
        Action hash = args[0] switch
        {
            "blake2b" => () => Blake2b.HashData(input, output.AsSpan(0, 64)),
            "blake2s" => () => Blake2s.HashData(input, output.AsSpan(0, 32)),
            "blake3" => () => Blake3.HashData(input, output.AsSpan(0, 32)),
            "blake3net" => () => global::Blake3.Hasher.Hash(input).AsSpan().CopyTo(output),
            "blake2bp" => () => Blake2bp.HashData(input, output.AsSpan(0, 64)),
            "blake2b-many" => () => Blake2b.HashMany(input, 64, many, 32),
            "blake2s-many" => () => Blake2s.HashMany(input, 64, many, 32),
            "blake3-many" => () => Blake3.HashMany(input, 64, many, 32),
            "blake2b-tree" => () => Blake2b.HashTree(input, 4096, output.AsSpan(0, 64), 1),
            "blake3-update" => () => HashInPieces(input, output),
            "none" => () => output.AsSpan(0, 32).Clear(),
            _ => throw new ArgumentException("unknown algorithm " + args[0], nameof(args)),
        };

        double[] times = new double[calls];
        long jitMethods = 0;
        double jitMs = 0;
        long methodsBefore = JitInfo.GetCompiledMethodCount(currentThread: true);
        TimeSpan jitBefore = JitInfo.GetCompilationTime(currentThread: true);
        long loopStart = Stopwatch.GetTimestamp();
        for (int i = 0; i < calls; i++)
        {
            long start = Stopwatch.GetTimestamp();
            hash();
            times[i] = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
            if (i == 0)
            {
                jitMethods = JitInfo.GetCompiledMethodCount(currentThread: true) - methodsBefore;
                jitMs = (JitInfo.GetCompilationTime(currentThread: true) - jitBefore).TotalMilliseconds;
            }
        }

        double total = Stopwatch.GetElapsedTime(loopStart).TotalMilliseconds;
        double steady = double.MaxValue;
        for (int i = calls - Math.Max(1, calls / 10); i < calls; i++)
        {
            steady = Math.Min(steady, times[i]);
        }

        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{times[0]:F4} {(calls > 1 ? times[1] : double.NaN):F4} {total:F4} {steady:F4} {jitMethods} {jitMs:F2} {(calls > 2 ? times[2] : double.NaN):F4}"));
        return 0;
    }

    private static void HashInPieces(byte[] input, byte[] output)
    {
        Blake3HashState hasher = Blake3.CreateIncrementalHasher();
        for (int offset = 0; offset < input.Length; offset += 4096)
        {
            hasher.Update(input.AsSpan(offset, Math.Min(4096, input.Length - offset)));
        }

        hasher.Finish(output.AsSpan(0, 32));
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using Blake2Fast.Bench.Native;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;
using Blake2bpKernel = Blake2Fast.Kernels.Blake2pKernel;
using Blake2spKernel = Blake2Fast.Kernels.Blake2pKernel;
using Blake2bpKernels = Blake2Fast.Kernels.Blake2pKernels<ulong>;
using Blake2spKernels = Blake2Fast.Kernels.Blake2pKernels<uint>;

namespace Blake2Fast.CrossCpu;

/// <summary>One timed row: what it computes, and a call that hashes the input into the output.</summary>
internal sealed record Case(string Algorithm, string Row, Action<byte[], byte[]> Hash, int DigestLength);

/// <summary>The rows: every kernel this machine supports, forced; the public one-shots; the peers present.</summary>
/// <remarks>
/// BLAKE2b's and BLAKE2s's forced rows take the path of their one-shot (<see cref="Blake2Message{TVariant}"/>)
/// with the kernel given, so they differ from the dispatcher's row and from the original's one-shot
/// by the kernel alone. (They went through the incremental hash state before, which cost 17 to 40 ns
/// more per call on the Zen 5 and made the vector kernels look worse at 64 bytes than they are.)
/// </remarks>
internal static class Cases
{
    private delegate void SpanHash(ReadOnlySpan<byte> source, Span<byte> destination);

    public static List<Case> All(string? originalPath, List<string> notes)
    {
        var cases = new List<Case>();

        AddFamily<Blake2bKernel>(cases, "BLAKE2b-512", 64, $"Blake2b.HashData (dispatcher: {Blake2bKernels.Best})", (s, d) => Blake2b.HashData(s, d.AsSpan(0, 64)), Blake2bKernels.IsSupported, k => (s, d) =>
            Blake2Message<Blake2bVariant>.Hash(Blake2Settings.Sequential(64, default), s, d.AsSpan(0, 64), (byte)k));
        AddFamily<Blake2sKernel>(cases, "BLAKE2s-256", 32, $"Blake2s.HashData (dispatcher: {Blake2sKernels.Best})", (s, d) => Blake2s.HashData(s, d.AsSpan(0, 32)), Blake2sKernels.IsSupported, k => (s, d) =>
            Blake2Message<Blake2sVariant>.Hash(Blake2Settings.Sequential(32, default), s, d.AsSpan(0, 32), (byte)k));
        AddFamily<Blake2bpKernel>(cases, "BLAKE2bp-512", 64, $"Blake2bp.HashData (dispatcher: {Blake2bpKernels.Best})", (s, d) => Blake2bp.HashData(s, d.AsSpan(0, 64)), Blake2bpKernels.IsSupported, k => (s, d) =>
        {
            var state = new Blake2bpHashState(Blake2Settings.Sequential(64, default), k);
            state.Update(s);
            state.Finish(d.AsSpan(0, 64));
        });
        AddFamily<Blake2spKernel>(cases, "BLAKE2sp-256", 32, $"Blake2sp.HashData (dispatcher: {Blake2spKernels.Best})", (s, d) => Blake2sp.HashData(s, d.AsSpan(0, 32)), Blake2spKernels.IsSupported, k => (s, d) =>
        {
            var state = new Blake2spHashState(Blake2Settings.Sequential(32, default), k);
            state.Update(s);
            state.Finish(d.AsSpan(0, 32));
        });

        cases.Add(new("BLAKE3-256", "Blake3.HashData (kernel: " + Blake3Kernels.Best + ")", (s, d) => Blake3.HashData(s, d.AsSpan(0, 32)), 32));
        if (Blake3C.IsAvailable)
        {
            cases.Add(new("BLAKE3-256", $"official C BLAKE3 {Blake3C.Version} (native, gcc -O3, asm)", (s, d) => Blake3C.Hash(s, d.AsSpan(0, 32)), 32));
        }
        else
        {
            notes.Add("official C BLAKE3: not found (bench/native/build-blake3-c.sh builds it; BLAKE2FAST_BLAKE3C names it); no row");
        }

        if (Libsodium.IsAvailable)
        {
            cases.Add(new("BLAKE2b-512", $"libsodium {Libsodium.Version} ({NativeLibraries.SodiumFile})", (s, d) => Libsodium.Hash(d.AsSpan(0, 64), s, default), 64));
        }
        else
        {
            notes.Add("libsodium: not found (libsodium.so.23); no libsodium row");
        }

        if (originalPath is not null)
        {
            Assembly original = new AssemblyLoadContext("original Blake2Fast").LoadFromAssemblyPath(System.IO.Path.GetFullPath(originalPath));
            string version = original.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? original.GetName().Version?.ToString() ?? "?";
            foreach ((string algorithm, string type, int length) in new[] { ("BLAKE2b-512", "Blake2b", 64), ("BLAKE2s-256", "Blake2s", 32) })
            {
                SpanHash hash = OriginalOneShot(original, type);
                cases.Add(new(algorithm, $"original Blake2Fast {version} ({type}.ComputeAndWriteHash)", (s, d) => hash(s, d.AsSpan(0, length)), length));
            }
        }
        else
        {
            notes.Add("original Blake2Fast: no --original DLL given; no rows for it");
        }

        return cases;
    }

    /// <summary>
    /// The multi-core rows: the same input hashed with each degree of parallelism, so that each
    /// row's time against the degree-1 row of its algorithm is the speed-up on this machine.
    /// </summary>
    public static List<Case> Scaling(int[] degrees, int leafLength)
    {
        var cases = new List<Case>();
        foreach (int degree in degrees)
        {
            cases.Add(new("BLAKE3-256", $"Blake3.HashData, {degree} thread(s)", (s, d) => Blake3.HashData(s, d.AsSpan(0, 32), degree), 32));
        }

        foreach (int degree in degrees)
        {
            cases.Add(new("BLAKE2b-tree", $"Blake2b.HashTree, leaf {leafLength / 1024} KiB, {degree} thread(s)", (s, d) => Blake2b.HashTree(s, leafLength, d.AsSpan(0, 64), degree), 64));
        }

        foreach (int degree in degrees)
        {
            cases.Add(new("BLAKE2s-tree", $"Blake2s.HashTree, leaf {leafLength / 1024} KiB, {degree} thread(s)", (s, d) => Blake2s.HashTree(s, leafLength, d.AsSpan(0, 32), degree), 32));
        }

        return cases;
    }

    /// <summary>
    /// A family's rows: its public one-shot (the dispatcher's pick), then each kernel this machine
    /// supports, forced, through the row <paramref name="forced"/> builds for it.
    /// </summary>
    private static void AddFamily<TKernel>(List<Case> cases, string algorithm, int digestLength, string dispatcherRow, Action<byte[], byte[]> dispatcher, Func<TKernel, bool> isSupported, Func<TKernel, Action<byte[], byte[]>> forced)
        where TKernel : struct, Enum
    {
        cases.Add(new(algorithm, dispatcherRow, dispatcher, digestLength));
        foreach (TKernel k in Enum.GetValues<TKernel>().Where(isSupported))
        {
            cases.Add(new(algorithm, $"kernel {k} (forced)", forced(k), digestLength));
        }
    }

    /// <summary>The original's ComputeAndWriteHash(ReadOnlySpan&lt;byte&gt;, Span&lt;byte&gt;), whose digest length is the output's.</summary>
    private static SpanHash OriginalOneShot(Assembly original, string name)
    {
        Type type = original.GetTypes().FirstOrDefault(t => t.Name == name && t.IsPublic)
            ?? throw new InvalidOperationException($"{original.Location} has no public {name} type.");
        MethodInfo method = type.GetMethod("ComputeAndWriteHash", [typeof(ReadOnlySpan<byte>), typeof(Span<byte>)])
            ?? throw new InvalidOperationException($"{type.FullName} has no ComputeAndWriteHash(ReadOnlySpan<byte>, Span<byte>).");
        return method.CreateDelegate<SpanHash>();
    }
}

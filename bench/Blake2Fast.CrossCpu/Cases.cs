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

        cases.Add(new("BLAKE2b-512", "Blake2b.HashData (dispatcher: " + Blake2bKernels.Best + ")", (s, d) => Blake2b.HashData(s, d.AsSpan(0, 64)), 64));
        foreach (Blake2bKernel k in Enum.GetValues<Blake2bKernel>().Where(Blake2bKernels.IsSupported))
        {
            cases.Add(new("BLAKE2b-512", $"kernel {k} (forced)", (s, d) =>
                Blake2Message<Blake2bVariant>.Hash(Blake2Settings.Sequential(64, default), s, d.AsSpan(0, 64), (byte)k), 64));
        }

        cases.Add(new("BLAKE2s-256", "Blake2s.HashData (dispatcher: " + Blake2sKernels.Best + ")", (s, d) => Blake2s.HashData(s, d.AsSpan(0, 32)), 32));
        foreach (Blake2sKernel k in Enum.GetValues<Blake2sKernel>().Where(Blake2sKernels.IsSupported))
        {
            cases.Add(new("BLAKE2s-256", $"kernel {k} (forced)", (s, d) =>
                Blake2Message<Blake2sVariant>.Hash(Blake2Settings.Sequential(32, default), s, d.AsSpan(0, 32), (byte)k), 32));
        }

        cases.Add(new("BLAKE2bp-512", "Blake2bp.HashData (dispatcher: " + Blake2bpKernels.Best + ")", (s, d) => Blake2bp.HashData(s, d.AsSpan(0, 64)), 64));
        foreach (Blake2bpKernel k in Enum.GetValues<Blake2bpKernel>().Where(Blake2bpKernels.IsSupported))
        {
            cases.Add(new("BLAKE2bp-512", $"kernel {k} (forced)", (s, d) =>
            {
                var state = new Blake2bpHashState(Blake2Settings.Sequential(64, default), k);
                state.Update(s);
                state.Finish(d.AsSpan(0, 64));
            }, 64));
        }

        cases.Add(new("BLAKE2sp-256", "Blake2sp.HashData (dispatcher: " + Blake2spKernels.Best + ")", (s, d) => Blake2sp.HashData(s, d.AsSpan(0, 32)), 32));
        foreach (Blake2spKernel k in Enum.GetValues<Blake2spKernel>().Where(Blake2spKernels.IsSupported))
        {
            cases.Add(new("BLAKE2sp-256", $"kernel {k} (forced)", (s, d) =>
            {
                var state = new Blake2spHashState(Blake2Settings.Sequential(32, default), k);
                state.Update(s);
                state.Finish(d.AsSpan(0, 32));
            }, 32));
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

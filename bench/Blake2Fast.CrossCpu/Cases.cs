using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
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

        // The official C library hashes on one thread (its multi-threaded entry point needs Rust's
        // rayon); its row says how many of our threads it takes to pass it.
        if (Blake3C.IsAvailable)
        {
            cases.Add(new("BLAKE3-256", $"official C BLAKE3 {Blake3C.Version}, 1 thread", (s, d) => Blake3C.Hash(s, d.AsSpan(0, 32)), 32));
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
    /// The many-message rows: the input cut into messages of <paramref name="messageLength"/> bytes,
    /// hashed by a loop of one-shots and by HashMany, for BLAKE3 and BLAKE2b. Each row writes the
    /// first message's digest and the last one's (32 bytes each) as its output, so that the digest
    /// check compares both ends of the batch.
    /// </summary>
    public static List<Case> Many(int messageLength)
    {
        byte[] digests = [];
        Span<byte> Digests(int count) => digests.Length == count * 32 ? digests : digests = new byte[count * 32];
        void Ends(byte[] output)
        {
            digests.AsSpan(0, 32).CopyTo(output);
            digests.AsSpan(digests.Length - 32).CopyTo(output.AsSpan(32));
        }

        return
        [
            new("BLAKE3-many", $"loop of Blake3.HashData, {messageLength} B messages", (s, d) =>
            {
                int count = s.Length / messageLength;
                Span<byte> all = Digests(count);
                for (int i = 0; i < count; i++)
                {
                    Blake3.HashData(s.AsSpan(i * messageLength, messageLength), all.Slice(i * 32, 32));
                }

                Ends(d);
            }, 64),
            new("BLAKE3-many", $"Blake3.HashMany, {messageLength} B messages", (s, d) =>
            {
                int count = s.Length / messageLength;
                Blake3.HashMany(s.AsSpan(0, count * messageLength), messageLength, Digests(count), 32);
                Ends(d);
            }, 64),
            new("BLAKE2b-many", $"loop of Blake2b.HashData (32-byte), {messageLength} B messages", (s, d) =>
            {
                int count = s.Length / messageLength;
                Span<byte> all = Digests(count);
                for (int i = 0; i < count; i++)
                {
                    Blake2b.HashData(s.AsSpan(i * messageLength, messageLength), all.Slice(i * 32, 32));
                }

                Ends(d);
            }, 64),
            new("BLAKE2b-many", $"Blake2b.HashMany (32-byte), {messageLength} B messages", (s, d) =>
            {
                int count = s.Length / messageLength;
                Blake2b.HashMany(s.AsSpan(0, count * messageLength), messageLength, Digests(count), 32);
                Ends(d);
            }, 64),
        ];
    }

    /// <summary>
    /// The kernels alone, ours beside the official C's assembly at each lane width: whole chunks
    /// through Blake3Kernels.HashChunks and blake3_hash_many_ISA (output: the first and last
    /// chaining values), and the input's blocks chained through one chaining value by the
    /// single-block compressions (output: the final chaining value).
    /// </summary>
    public static List<Case> Kernels(List<string> notes)
    {
        var cases = new List<Case>();
        uint[] key = [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19];
        byte[] cvs = [];
        Span<byte> ChainingValues(int length) => cvs.Length == length / 1024 * 32 ? cvs : cvs = new byte[length / 1024 * 32];
        void Ends(byte[] output)
        {
            cvs.AsSpan(0, 32).CopyTo(output);
            cvs.AsSpan(cvs.Length - 32).CopyTo(output.AsSpan(32));
        }

        foreach ((Blake3Kernel kernel, int bits) in new[] { (Blake3Kernel.Vector512, 512), (Blake3Kernel.Vector256, 256), (Blake3Kernel.Vector128, 128) })
        {
            string? isa = Blake3CKernels.IsaFor(bits);
            if (!Blake3Kernels.IsSupported(kernel) || isa is null)
            {
                notes.Add($"{bits}-bit lanes: no row ({kernel} supported: {Blake3Kernels.IsSupported(kernel)}; C kernel: {isa ?? "none"})");
                continue;
            }

            nint hashMany = Blake3CKernels.HashManyOf(isa);
            cases.Add(new($"BLAKE3-lanes{bits}", $"Blake3Kernels.HashChunks ({kernel}), 1 KiB chunks", (s, d) =>
            {
                Blake3Kernels.HashChunks(kernel, s.AsSpan(0, s.Length / 1024 * 1024), key, 0, 0, ChainingValues(s.Length));
                Ends(d);
            }, 64));
            cases.Add(new($"BLAKE3-lanes{bits}", $"official C blake3_hash_many_{isa} (assembly)", (s, d) =>
            {
                Blake3CKernels.HashChunks(hashMany, s.AsSpan(0, s.Length / 1024 * 1024), key, ChainingValues(s.Length));
                Ends(d);
            }, 64));
        }

        uint[] cv = new uint[8];
        cases.Add(new("BLAKE3-compress", $"Blake3Kernels.Compress ({Blake3Kernels.Best}), blocks chained", (s, d) =>
        {
            key.CopyTo(cv, 0);
            for (int offset = 0; offset + 64 <= s.Length; offset += 64)
            {
                Blake3Kernels.Compress(Blake3Kernels.Best, cv, s.AsSpan(offset, 64), 64, 0, 0);
            }

            MemoryMarshal.AsBytes(cv.AsSpan()).CopyTo(d);
        }, 32));
        foreach (string isa in new[] { "avx512", "sse41" })
        {
            nint compress = Blake3CKernels.CompressOf(isa);
            if (compress == 0 || (isa == "avx512" && !System.Runtime.Intrinsics.X86.Avx512F.VL.IsSupported) || (isa == "sse41" && !System.Runtime.Intrinsics.X86.Sse41.IsSupported))
            {
                continue;
            }

            cases.Add(new("BLAKE3-compress", $"official C blake3_compress_in_place_{isa} (assembly)", (s, d) =>
            {
                key.CopyTo(cv, 0);
                for (int offset = 0; offset + 64 <= s.Length; offset += 64)
                {
                    Blake3CKernels.Compress(compress, cv, s.AsSpan(offset, 64), 64, 0, 0);
                }

                MemoryMarshal.AsBytes(cv.AsSpan()).CopyTo(d);
            }, 32));
        }

        return cases;
    }

    /// <summary>
    /// The Bao rows at each degree of parallelism: the plain BLAKE3 hash (the reference), the
    /// outboard encoding and its verifying decode, into buffers allocated once. The decode row's
    /// output is the hash it verified against (it throws on a mismatch).
    /// </summary>
    public static List<Case> Bao(int[] degrees)
    {
        var cases = new List<Case>();
        foreach (int degree in degrees)
        {
            byte[]? outboard = null;
            byte[]? decoded = null;
            byte[] hash = new byte[32];
            cases.Add(new("BLAKE3-bao", $"Blake3.HashData, {degree} thread(s)", (s, d) => Blake3.HashData(s, d.AsSpan(0, 32), degree), 32));
            cases.Add(new("BLAKE3-bao", $"Bao.EncodeOutboard, {degree} thread(s)", (s, d) =>
            {
                outboard ??= new byte[Blake2Fast.Bao.OutboardLength(s.Length)];
                Blake2Fast.Bao.EncodeOutboard(s, outboard, d.AsSpan(0, 32), degree);
            }, 32));
            cases.Add(new("BLAKE3-bao", $"Bao.DecodeOutboard (verifies), {degree} thread(s)", (s, d) =>
            {
                if (outboard is null || decoded is null || decoded.Length != s.Length)
                {
                    outboard = new byte[Blake2Fast.Bao.OutboardLength(s.Length)];
                    decoded = new byte[s.Length];
                    Blake2Fast.Bao.EncodeOutboard(s, outboard, hash, degree);
                }

                Blake2Fast.Bao.DecodeOutboard(s, outboard, hash, decoded, degree);
                hash.CopyTo(d, 0);
            }, 32));
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

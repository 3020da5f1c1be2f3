using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Text;

namespace Blake2Fast.Conformance;

/// <summary>
/// BLAKE3 through the public API against the official test vectors
/// (tests/Blake2Fast.Tests/Vectors/blake3-test-vectors.json), so the netstandard2.0 build on Mono is
/// checked as well as the builds the xunit suite runs.
/// </summary>
internal static class Blake3Suites
{
    private static readonly int[] Chunkings = [1, 63, 64, 65, 1023, 1024, 1025];

    /// <summary>
    /// Every case in every mode: the 131-byte output and its 32-byte prefix from the one-shots,
    /// the incremental hasher fed in pieces of awkward sizes, an output reader started part-way,
    /// a stream, a HashAlgorithm, and the multi-core overload.
    /// </summary>
    public static void KnownAnswers(Report report, Dictionary<string, object> vectors)
    {
        report.Begin("BLAKE3 official test vectors");
        byte[] key = Encoding.ASCII.GetBytes((string)vectors["key"]);
        string context = (string)vectors["context_string"];
        var cases = (List<Dictionary<string, object>>)vectors["cases"];
        int caseNumber = 0;
        foreach (Dictionary<string, object> v in cases)
        {
            int length = (int)(ulong)v["input_len"];
            byte[] input = new byte[length];
            for (int i = 0; i < length; i++)
            {
                input[i] = (byte)(i % 251);
            }

            int chunk = Chunkings[caseNumber++ % Chunkings.Length];
            Check(report, $"hash in={length}", Hex.Parse((string)v["hash"]), input, chunk,
                destination => Blake3.HashData(input, destination),
                Blake3.CreateIncrementalHasher,
                Blake3.CreateHashAlgorithm);
            Check(report, $"keyed_hash in={length}", Hex.Parse((string)v["keyed_hash"]), input, chunk,
                destination => Blake3.HashData(key, input, destination),
                () => Blake3.CreateIncrementalHasher(key),
                () => Blake3.CreateHashAlgorithm(key));
            Check(report, $"derive_key in={length}", Hex.Parse((string)v["derive_key"]), input, chunk,
                destination => Blake3.DeriveKey(context, input, destination),
                () => Blake3.CreateDeriveKeyHasher(context),
                null);

            byte[] expected = Hex.Parse((string)v["hash"]);
            byte[] allCores = new byte[expected.Length];
            Blake3.HashData(input, allCores, -1);
            report.Equal(expected, allCores, $"hash in={length} on every core");
            report.Equal(Prefix(expected, 32), Blake3.HashData(new MemoryStream(input)), $"hash in={length} stream");
        }
    }

    /// <summary>The bad input: key lengths, empty destinations, null context and stream, degrees of parallelism, a finished state.</summary>
    public static void BadInput(Report report)
    {
        report.Begin("BLAKE3 bad input");
        byte[] destination = new byte[32];
        report.Throws<ArgumentException>(() => Blake3.HashData(new byte[31], [], destination), "a 31-byte key", "key");
        report.Throws<ArgumentException>(() => Blake3.HashData(new byte[33], [], destination), "a 33-byte key", "key");
        report.Throws<ArgumentException>(() => Blake3.CreateIncrementalHasher(new byte[16]), "a 16-byte key for the hasher", "key");
        report.Throws<ArgumentException>(() => Blake3.HashData([1, 2, 3], Span<byte>.Empty), "an empty destination", "destination");
        report.Throws<ArgumentNullException>(() => Blake3.DeriveKey(null!, [], destination), "a null context", "context");
        report.Throws<ArgumentNullException>(() => Blake3.HashData((Stream)null!), "a null stream", "source");
        report.Throws<ArgumentOutOfRangeException>(() => Blake3.HashData([], destination, 0), "maxDegreeOfParallelism 0", "maxDegreeOfParallelism");
        report.Throws<ArgumentOutOfRangeException>(() => Blake3.HashData([], destination, -2), "maxDegreeOfParallelism -2", "maxDegreeOfParallelism");
        report.Throws<InvalidOperationException>(() => default(Blake3HashState).Update([1]), "Update on a default state");

        Blake3HashState finished = Blake3.CreateIncrementalHasher();
        finished.Finish();
        report.Throws<InvalidOperationException>(() => finished.Finish(), "Finish after Finish");

        byte[] untouched = new byte[32];
        try
        {
            Blake3.HashData(new byte[5], [], untouched);
        }
        catch (ArgumentException)
        {
        }

        report.Check(Array.TrueForAll(untouched, b => b == 0), "a refused key leaves the destination untouched");
    }

    private static void Check(
        Report report, string label, byte[] expected, byte[] input, int chunk,
        Action<byte[]> oneShot, Func<Blake3HashState> create, Func<HashAlgorithm>? createAlgorithm)
    {
        byte[] output = new byte[expected.Length];
        oneShot(output);
        report.Equal(expected, output, $"{label} one-shot, {expected.Length} bytes");
        byte[] prefix = new byte[32];
        oneShot(prefix);
        report.Equal(Prefix(expected, 32), prefix, $"{label} one-shot, 32 bytes");

        Blake3HashState state = create();
        for (int at = 0; at < input.Length; at += chunk)
        {
            state.Update(input.AsSpan(at, Math.Min(chunk, input.Length - at)));
        }

        // Copying the state forks the hash: the reader reads the copy, Finish ends the original.
        Blake3HashState fork = state;
        using (Blake3OutputReader reader = fork.CreateOutputReader())
        {
            int offset = 1 + (input.Length % 97);
            reader.Position = (ulong)offset;
            report.Equal(expected.AsSpan(offset).ToArray(), reader.Read(expected.Length - offset), $"{label} reader from byte {offset}");
        }

        byte[] incremental = new byte[expected.Length];
        state.Finish(incremental);
        report.Equal(expected, incremental, $"{label} in pieces of {chunk}");

        if (createAlgorithm is not null)
        {
            using HashAlgorithm algorithm = createAlgorithm();
            report.Equal(Prefix(expected, 32), algorithm.ComputeHash(input), $"{label} HashAlgorithm");
        }
    }

    private static byte[] Prefix(byte[] bytes, int length) => bytes.AsSpan(0, length).ToArray();
}

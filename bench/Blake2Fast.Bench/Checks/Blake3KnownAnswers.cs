using System;
using System.Collections.Generic;

namespace Blake2Fast.Bench.Checks;

/// <summary>
/// BLAKE3's counterpart of the RFC 7693 self-test: a few cases of the official test vectors (the
/// inputs are <c>input_len</c> bytes with byte i = i mod 251; the answers are the first 32 bytes of
/// each case's <c>hash</c>, as in tests/Blake2Fast.Tests/Vectors/blake3-test-vectors.json). The
/// lengths cover an empty input, one byte, both sides of a chunk, a partial 9th chunk and 100 chunks,
/// which is where a SIMD implementation hashes many chunks side by side.
/// </summary>
internal static class Blake3KnownAnswers
{
    /// <summary>A BLAKE3 implementation under test: input to its 32-byte hash.</summary>
    public delegate byte[] HashFunction(byte[] input);

    private static readonly (int Length, string Hash)[] Cases =
    [
        (0, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"),
        (1, "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213"),
        (1023, "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11"),
        (1024, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7"),
        (1025, "d00278ae47eb27b34faecf67b4fe263f82d5412916c1ffd97c8cb7fb814b8444"),
        (8193, "bab6c09cb8ce8cf459261398d2e7aef35700bf488116ceb94a36d0f5f1b7bc3b"),
        (102400, "bc3e3d41a1146b069abffad3c0d44860cf664390afce4d9661f7902e7943e085"),
    ];

    /// <summary>The input lengths whose answers <paramref name="hash"/> gets wrong; empty when it passes.</summary>
    public static IReadOnlyList<int> Failures(HashFunction hash)
    {
        var failed = new List<int>();
        foreach ((int length, string expected) in Cases)
        {
            byte[] input = new byte[length];
            for (int i = 0; i < input.Length; i++)
            {
                input[i] = (byte)(i % 251);
            }

            if (!hash(input).AsSpan().SequenceEqual(Convert.FromHexString(expected)))
            {
                failed.Add(length);
            }
        }

        return failed;
    }
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;

namespace Blake2Fast.Conformance;

/// <summary>
/// RFC 2104 HMAC-BLAKE2b/-BLAKE2s and RFC 5869 HKDF through the public API, against the cases
/// Python's hmac and hashlib computed (tests/Blake2Fast.Tests/Vectors/hmac-vectors.json, written by
/// make-hmac-vectors.py), so the netstandard2.0 build on Mono is checked as well as the others.
/// </summary>
internal static class HmacSuites
{
    /// <summary>One algorithm's HMAC and HKDF, through the forms every build has.</summary>
    private sealed class Mac
    {
        public Mac(
            string name, int length, Func<byte[], byte[], byte[]> hashData, TrySpanHash tryHashData, Func<byte[], Stream, byte[]> hashStream,
            Func<byte[], HMAC> create, Func<byte[], byte[], byte[]> extract, Func<byte[], int, byte[], byte[]> expand, SpanDerive deriveKey)
        {
            Name = name;
            Length = length;
            HashData = hashData;
            TryHashData = tryHashData;
            HashStream = hashStream;
            Create = create;
            Extract = extract;
            Expand = expand;
            DeriveKey = deriveKey;
        }

        public delegate bool TrySpanHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten);

        public delegate void SpanDerive(ReadOnlySpan<byte> ikm, Span<byte> output, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> info);

        public string Name { get; }

        public int Length { get; }

        public Func<byte[], byte[], byte[]> HashData { get; }

        public TrySpanHash TryHashData { get; }

        public Func<byte[], Stream, byte[]> HashStream { get; }

        public Func<byte[], HMAC> Create { get; }

        public Func<byte[], byte[], byte[]> Extract { get; }

        public Func<byte[], int, byte[], byte[]> Expand { get; }

        public SpanDerive DeriveKey { get; }
    }

    private static readonly Mac[] Macs =
    [
        new("blake2b", 64, HMACBlake2b.HashData, HMACBlake2b.TryHashData, HMACBlake2b.HashData, k => new HMACBlake2b(k),
            (ikm, salt) => HkdfBlake2b.Extract(ikm, salt), (prk, length, info) => HkdfBlake2b.Expand(prk, length, info), HkdfBlake2b.DeriveKey),
        new("blake2s", 32, HMACBlake2s.HashData, HMACBlake2s.TryHashData, HMACBlake2s.HashData, k => new HMACBlake2s(k),
            (ikm, salt) => HkdfBlake2s.Extract(ikm, salt), (prk, length, info) => HkdfBlake2s.Expand(prk, length, info), HkdfBlake2s.DeriveKey),
    ];

    private static Mac Get(string name) => Array.Find(Macs, m => m.Name == name) ?? throw new ArgumentException("Unknown algorithm " + name);

    /// <summary>Every HMAC case through the static forms and an instance (ComputeHash, pieces, a new Key); every HKDF case through Extract, Expand and DeriveKey.</summary>
    public static void KnownAnswers(Report report, Dictionary<string, List<Dictionary<string, object>>> vectors)
    {
        report.Begin("RFC 2104 HMAC and RFC 5869 HKDF (Python hmac vectors)");
        var reused = new Dictionary<string, HMAC>(StringComparer.Ordinal);
        foreach (Dictionary<string, object> v in vectors["hmac"])
        {
            Mac mac = Get((string)v["alg"]);
            byte[] key = Hex.Parse((string)v["key"]);
            byte[] input = Hex.Parse((string)v["in"]);
            byte[] expected = Hex.Parse((string)v["out"]);
            string label = $"HMAC-{mac.Name} key={key.Length} in={input.Length}";
            report.Equal(expected, mac.HashData(key, input), $"{label} HashData");
            byte[] destination = new byte[mac.Length];
            report.Check(mac.TryHashData(key, input, destination, out int written) && written == mac.Length, $"{label} TryHashData returns true and the length");
            report.Equal(expected, destination, $"{label} TryHashData");
            report.Equal(expected, mac.HashStream(key, new MemoryStream(input)), $"{label} stream");

            using (HMAC h = mac.Create(key))
            {
                report.Equal(expected, h.ComputeHash(input), $"{label} ComputeHash");
                for (int at = 0; at < input.Length; at += 13)
                {
                    h.TransformBlock(input, at, Math.Min(13, input.Length - at), null, 0);
                }

                h.TransformFinalBlock([], 0, 0);
                report.Equal(expected, h.Hash!, $"{label} in pieces of 13, the key schedule kept");
            }

            if (!reused.TryGetValue(mac.Name, out HMAC? one))
            {
                one = mac.Create([]);
                reused[mac.Name] = one;
            }

            one.Key = key;
            report.Equal(expected, one.ComputeHash(input), $"{label} after setting Key");
        }

        foreach (HMAC h in reused.Values)
        {
            h.Dispose();
        }

        foreach (Dictionary<string, object> v in vectors["hkdf"])
        {
            Mac mac = Get((string)v["alg"]);
            byte[] ikm = Hex.Parse((string)v["ikm"]);
            byte[] salt = Hex.Parse((string)v["salt"]);
            byte[] info = Hex.Parse((string)v["info"]);
            int length = (int)(ulong)v["length"];
            byte[] prk = Hex.Parse((string)v["prk"]);
            byte[] okm = Hex.Parse((string)v["okm"]);
            string label = $"HKDF-{mac.Name} ikm={ikm.Length} salt={salt.Length} info={info.Length} length={length}";
            report.Equal(prk, mac.Extract(ikm, salt), $"{label} Extract");
            report.Equal(okm, mac.Expand(prk, length, info), $"{label} Expand");
            byte[] output = new byte[length];
            mac.DeriveKey(ikm, output, salt, info);
            report.Equal(okm, output, $"{label} DeriveKey");
        }
    }

    /// <summary>The bad input: null arguments, short destinations (nothing written), HKDF lengths out of range.</summary>
    public static void BadInput(Report report)
    {
        report.Begin("HMAC and HKDF bad input");
        byte[] key = [1, 2, 3];
        foreach (Mac mac in Macs)
        {
            report.Throws<ArgumentNullException>(() => mac.HashData(null!, []), $"HMAC-{mac.Name} null key", "key");
            report.Throws<ArgumentNullException>(() => mac.HashData(key, null!), $"HMAC-{mac.Name} null source", "source");
            report.Throws<ArgumentNullException>(() => mac.Create(null!), $"HMAC-{mac.Name} constructor with a null key", "key");
            byte[] shortDestination = new byte[mac.Length - 1];
            report.Check(!mac.TryHashData(key, key, shortDestination, out int written) && written == 0 && Array.TrueForAll(shortDestination, b => b == 0), $"HMAC-{mac.Name} TryHashData into {mac.Length - 1} bytes writes nothing");
            report.Throws<ArgumentException>(() => mac.Expand(new byte[mac.Length - 1], 1, []), $"HKDF-{mac.Name} short prk", "prk");
            report.Throws<ArgumentOutOfRangeException>(() => mac.Expand(new byte[mac.Length], (255 * mac.Length) + 1, []), $"HKDF-{mac.Name} output of 255 hash lengths + 1", "outputLength");
            report.Throws<ArgumentException>(() => mac.DeriveKey(key, Span<byte>.Empty, [], []), $"HKDF-{mac.Name} empty output", "output");
        }
    }
}

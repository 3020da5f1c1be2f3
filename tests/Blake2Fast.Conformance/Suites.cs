using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;

namespace Blake2Fast.Conformance;

/// <summary>The checks that run on every build and platform, through the public API only.</summary>
internal static class Suites
{
    private static readonly int[] Chunkings = [1, 3, 63, 64, 65, 127, 128, 129, 200];

    /// <summary>Every official known answer: one-shot, then fed in pieces of awkward sizes.</summary>
    public static void KnownAnswers(Report report, List<Dictionary<string, object>> kat)
    {
        report.Begin("official KAT, one-shot and chunked");
        foreach (Dictionary<string, object> v in kat)
        {
            string name = (string)v["hash"];
            byte[] input = Hex.Parse((string)v["in"]);
            byte[] key = Hex.Parse((string)v["key"]);
            byte[] expected = Hex.Parse((string)v["out"]);
            string label = $"{name} in={input.Length} key={key.Length}";
            if (name == "blake2xb" || name == "blake2xs")
            {
                report.Equal(expected, name == "blake2xb" ? Blake2Xb.HashData(key, input, expected.Length) : Blake2Xs.HashData(key, input, expected.Length), label);
                continue;
            }

            Algorithm a = Algorithm.Get(name);
            report.Equal(expected, a.OneShot(key, input, expected.Length), label);
            int chunk = Chunkings[input.Length % Chunkings.Length];
            IBlake2Incremental hasher = a.Incremental(expected.Length, key);
            for (int at = 0; at < input.Length; at += chunk)
            {
                hasher.Update<byte>(input.AsSpan(at, Math.Min(chunk, input.Length - at)));
            }

            report.Equal(expected, hasher.Finish(), $"{label} in pieces of {chunk}");
        }
    }

    /// <summary>Salt, personalization, tree fields, odd lengths and XOF lengths (tests/Blake2Fast.Tests/Vectors/blake2-params.json).</summary>
    public static void ParameterVectors(Report report, List<Dictionary<string, object>> cases)
    {
        report.Begin("parameter vectors");
        foreach (Dictionary<string, object> v in cases)
        {
            string name = (string)v["alg"];
            byte[] input = Hex.Parse((string)v["in"]);
            byte[] key = Hex.Parse((string)v["key"]);
            byte[] expected = Hex.Parse((string)v["out"]);
            byte[] salt = v.TryGetValue("salt", out object? s) ? Hex.Parse((string)s) : [];
            byte[] person = v.TryGetValue("person", out object? p) ? Hex.Parse((string)p) : [];
            string label = $"{name} in={input.Length} key={key.Length} digest={expected.Length}";
            switch (name)
            {
                case "blake2b":
                    report.Equal(expected, Blake2b.HashData(
                        new Blake2bParameters
                        {
                            DigestLength = expected.Length, Key = key, Salt = salt, Personalization = person,
                            FanOut = (byte)(ulong)v["fanout"], MaxDepth = (byte)(ulong)v["depth"], LeafLength = (uint)(ulong)v["leaf"],
                            NodeOffset = (ulong)(ulong)v["node_offset"], NodeDepth = (byte)(ulong)v["node_depth"],
                            InnerLength = (byte)(ulong)v["inner"], IsLastNode = (bool)v["last_node"],
                        },
                        input), label);
                    break;
                case "blake2s":
                    report.Equal(expected, Blake2s.HashData(
                        new Blake2sParameters
                        {
                            DigestLength = expected.Length, Key = key, Salt = salt, Personalization = person,
                            FanOut = (byte)(ulong)v["fanout"], MaxDepth = (byte)(ulong)v["depth"], LeafLength = (uint)(ulong)v["leaf"],
                            NodeOffset = (ulong)(ulong)v["node_offset"], NodeDepth = (byte)(ulong)v["node_depth"],
                            InnerLength = (byte)(ulong)v["inner"], IsLastNode = (bool)v["last_node"],
                        },
                        input), label);
                    break;
                case "blake2bp":
                case "blake2sp":
                    report.Equal(expected, Algorithm.Get(name).OneShot(key, input, expected.Length), label);
                    break;
                case "blake2xb":
                case "blake2xs":
                    report.Equal(expected, Xof(name, key, salt, person, (long)(ulong)v["xof_length"], input, expected.Length), label);
                    break;
                default:
                    report.Check(false, "unknown algorithm " + name);
                    break;
            }
        }
    }

    /// <summary>RFC 7693 Appendix E, for BLAKE2b and BLAKE2s, through the one-shot and the incremental hasher.</summary>
    public static void Rfc7693SelfTest(Report report)
    {
        report.Begin("RFC 7693 self-test");
        report.Equal(Hex.Parse("c23a7800d98123bd10f506c61e29da5603d763b8bbad2e737f5e765a7bccd475"), SelfTest(Algorithm.Get("blake2b"), [20, 32, 48, 64], [0, 3, 128, 129, 255, 1024]), "blake2b");
        report.Equal(Hex.Parse("6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe"), SelfTest(Algorithm.Get("blake2s"), [16, 20, 28, 32], [0, 3, 64, 65, 255, 1024]), "blake2s");
    }

    /// <summary>The HMAC-derived HashAlgorithm: ComputeHash, TransformBlock, a CryptoStream, reuse.</summary>
    public static void HashAlgorithmInterop(Report report)
    {
        report.Begin("HashAlgorithm and CryptoStream");
        byte[] data = Sequence(1000, 7);
        byte[] key = Sequence(20, 3);
        foreach (Algorithm a in Algorithm.All)
        {
            foreach (int digest in new[] { 1, a.MaxDigestLength / 2, a.MaxDigestLength })
            {
                byte[] expected = a.OneShot(key, data, digest);
                using HMAC mac = Create(a.Name, digest, key);
                report.Equal(expected, mac.ComputeHash(data), $"{a.Name}-{digest} ComputeHash");
                using (var sink = new CryptoStream(Stream.Null, mac, CryptoStreamMode.Write))
                {
                    for (int at = 0; at < data.Length; at += 77)
                    {
                        sink.Write(data, at, Math.Min(77, data.Length - at));
                    }

                    sink.FlushFinalBlock();
                }

                report.Equal(expected, mac.Hash!, $"{a.Name}-{digest} CryptoStream");
                mac.TransformBlock(data, 0, 500, null, 0);
                mac.TransformFinalBlock(data, 500, 500);
                report.Equal(expected, mac.Hash!, $"{a.Name}-{digest} TransformBlock");
                mac.Key = [];
                report.Equal(a.OneShot([], data, digest), mac.ComputeHash(data), $"{a.Name}-{digest} after setting an empty key");
            }
        }
    }

    /// <summary>Bad input: the exception type and parameter name, and nothing written to a short destination.</summary>
    public static void BadInput(Report report)
    {
        report.Begin("bad input");
        byte[] data = Sequence(10, 1);
        foreach (Algorithm a in Algorithm.All)
        {
            report.Throws<ArgumentOutOfRangeException>(() => a.OneShot([], data, 0), $"{a.Name} digest length 0", "digestLength");
            report.Throws<ArgumentOutOfRangeException>(() => a.OneShot([], data, a.MaxDigestLength + 1), $"{a.Name} digest length max+1", "digestLength");
            report.Throws<ArgumentException>(() => a.OneShot(new byte[a.MaxKeyLength + 1], data, 16), $"{a.Name} key max+1", "key");
            report.Throws<ArgumentOutOfRangeException>(() => a.Incremental(a.MaxDigestLength + 1, []), $"{a.Name} hasher digest length max+1", "digestLength");

            IBlake2Incremental hasher = a.Incremental(20, []);
            hasher.Update<byte>(data);
            byte[] shortDestination = new byte[19];
            report.Check(!hasher.TryFinish(shortDestination, out int written) && written == 0 && Array.TrueForAll(shortDestination, b => b == 0), $"{a.Name} TryFinish into 19 bytes writes nothing");
            report.Throws<ArgumentException>(() => hasher.Finish(shortDestination.AsSpan()), $"{a.Name} Finish into 19 bytes", "destination");
            report.Check(Array.TrueForAll(shortDestination, b => b == 0), $"{a.Name} Finish into 19 bytes writes nothing");
            byte[] roomy = new byte[30];
            hasher.Finish(roomy.AsSpan());
            report.Equal(a.OneShot([], data, 20), roomy.AsSpan(0, 20).ToArray(), $"{a.Name} digest at the start of a longer destination");
            report.Check(Array.TrueForAll(roomy.AsSpan(20).ToArray(), b => b == 0), $"{a.Name} nothing written past the digest");
            report.Throws<InvalidOperationException>(() => hasher.Update<byte>(data), $"{a.Name} Update after Finish");
            report.Throws<InvalidOperationException>(() => hasher.Finish(), $"{a.Name} Finish twice");
        }

        report.Throws<ArgumentException>(() => _ = new Blake2bParameters { Salt = new byte[17] }, "Blake2bParameters salt of 17 bytes", "Salt");
        report.Throws<ArgumentException>(() => _ = new Blake2sParameters { Personalization = new byte[9] }, "Blake2sParameters personalization of 9 bytes", "Personalization");
        report.Throws<ArgumentNullException>(() => Blake2b.HashData((Stream)null!), "Blake2b.HashData(null stream)", "source");
        report.Throws<ArgumentOutOfRangeException>(() => Blake2Xb.HashData([], 0), "Blake2Xb output length 0", "outputLength");
    }

    /// <summary>RFC 7693's seq(len, seed): a Fibonacci-like byte generator.</summary>
    public static byte[] Sequence(int length, uint seed)
    {
        byte[] bytes = new byte[length];
        uint a = 0xDEAD4BAD * seed, b = 1;
        for (int i = 0; i < length; i++)
        {
            uint t = a + b;
            a = b;
            b = t;
            bytes[i] = (byte)(t >> 24);
        }

        return bytes;
    }

    private static byte[] SelfTest(Algorithm a, int[] digestLengths, int[] inputLengths)
    {
        IBlake2Incremental all = a.Incremental(32, []);
        foreach (int outLength in digestLengths)
        {
            foreach (int inLength in inputLengths)
            {
                byte[] input = Sequence(inLength, (uint)inLength);
                all.Update<byte>(a.OneShot([], input, outLength));
                IBlake2Incremental keyed = a.Incremental(outLength, Sequence(outLength, (uint)outLength));
                keyed.Update<byte>(input);
                all.Update<byte>(keyed.Finish());
            }
        }

        return all.Finish();
    }

    private static byte[] Xof(string name, byte[] key, byte[] salt, byte[] person, long xofLength, byte[] input, int length)
    {
        bool unknown = name == "blake2xb" ? xofLength == uint.MaxValue : xofLength == ushort.MaxValue;
        if (name == "blake2xb")
        {
            var parameters = new Blake2bParameters { Key = key, Salt = salt, Personalization = person };
            if (!unknown)
            {
                return Blake2Xb.HashData(parameters, input, length);
            }

            Blake2XbHashState hasher = Blake2Xb.CreateIncrementalHasherForUnknownLength(parameters);
            hasher.Update(input);
            using Blake2XbReader reader = hasher.Finish(length);
            return reader.Read(length);
        }
        else
        {
            var parameters = new Blake2sParameters { Key = key, Salt = salt, Personalization = person };
            if (!unknown)
            {
                return Blake2Xs.HashData(parameters, input, length);
            }

            Blake2XsHashState hasher = Blake2Xs.CreateIncrementalHasherForUnknownLength(parameters);
            hasher.Update(input);
            using Blake2XsReader reader = hasher.Finish(length);
            return reader.Read(length);
        }
    }

    private static HMAC Create(string name, int digest, byte[] key) => name switch
    {
        "blake2b" => Blake2b.CreateHMAC(digest, key),
        "blake2s" => Blake2s.CreateHMAC(digest, key),
        "blake2bp" => Blake2bp.CreateHMAC(digest, key),
        _ => Blake2sp.CreateHMAC(digest, key),
    };
}

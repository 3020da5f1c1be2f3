using System;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;

namespace Blake2Fast.Tests;

/// <summary>
/// The model tests' reference implementation (Model/Reference/) against the official vectors, so
/// that it is known good before it judges the library: every case of the BLAKE2 KAT (b, s, bp, sp,
/// Xb, Xs, keyed and not), the parameter vectors, RFC 7693's self-test, the HMAC and HKDF vectors
/// and the BLAKE3 vectors (every mode, read from every offset). No library code runs here.
/// </summary>
public sealed class ReferenceVectorTests
{
    private static RefBlake2Spec Spec(string algorithm) => algorithm is "blake2b" or "blake2bp" or "blake2xb" ? RefBlake2Spec.B : RefBlake2Spec.S;

    public static TheoryData<string> Algorithms => new(["blake2b", "blake2s", "blake2bp", "blake2sp", "blake2xb", "blake2xs"]);

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void The_reference_gives_every_known_answer(string algorithm)
    {
        RefBlake2Spec spec = Spec(algorithm);
        int checkedCases = 0;
        foreach (KatCase c in TestData.KatCases(algorithm))
        {
            byte[] actual = algorithm switch
            {
                "blake2b" or "blake2s" => RefBlake2.Hash(spec, new RefBlake2Params(spec.MaxDigest, c.Key), c.Input),
                "blake2bp" or "blake2sp" => RefBlake2Parallel.Hash(spec, spec.MaxDigest, c.Key, c.Input),
                _ => RefBlake2X.Hash(spec, c.Key, [], [], (uint)c.Expected.Length, c.Expected.Length, c.Input),
            };
            Assert.Equal(Convert.ToHexString(c.Expected), Convert.ToHexString(actual));
            checkedCases++;
        }

        Assert.Equal(512, checkedCases);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void The_reference_gives_every_parameter_vector(string algorithm)
    {
        RefBlake2Spec spec = Spec(algorithm);
        var cases = TestData.ParamCases(algorithm);
        Assert.NotEmpty(cases);
        foreach (ParamCase c in cases)
        {
            byte[] actual = algorithm switch
            {
                "blake2b" or "blake2s" => RefBlake2.Hash(spec, new RefBlake2Params(
                    c.DigestLength, c.Key, c.Salt, c.Personalization, c.FanOut, c.Depth, c.LeafLength, c.NodeOffset, 0,
                    c.NodeDepth, c.InnerLength, c.LastNode), c.Input),
                "blake2bp" or "blake2sp" => RefBlake2Parallel.Hash(spec, c.DigestLength, c.Key, c.Input),
                _ => RefBlake2X.Hash(spec, c.Key, c.Salt, c.Personalization, (uint)c.XofLength, c.DigestLength, c.Input),
            };
            Assert.True(Convert.ToHexString(c.Expected) == Convert.ToHexString(actual), c.ToString());
        }
    }

    /// <summary>RFC 7693 Appendix E: digests of many lengths, keyed and not, fed into one hash (the suite's <see cref="SelfTest"/>).</summary>
    [Fact]
    public void The_reference_passes_the_RFC_7693_self_test()
    {
        byte[] b = SelfTest.Run(SelfTest.Blake2bDigestLengths, SelfTest.Blake2bInputLengths, (d, k, m) => RefBlake2.Hash(RefBlake2Spec.B, new RefBlake2Params(d, k), m));
        byte[] s = SelfTest.Run(SelfTest.Blake2sDigestLengths, SelfTest.Blake2sInputLengths, (d, k, m) => RefBlake2.Hash(RefBlake2Spec.S, new RefBlake2Params(d, k), m));
        Assert.Equal(SelfTest.Blake2bExpected, b);
        Assert.Equal(SelfTest.Blake2sExpected, s);
    }

    [Fact]
    public void The_reference_gives_every_HMAC_and_HKDF_vector()
    {
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath("hmac-vectors.json")));
        int macs = 0, kdfs = 0;
        foreach (JsonElement e in doc.RootElement.GetProperty("hmac").EnumerateArray())
        {
            RefBlake2Spec spec = Spec(e.GetProperty("alg").GetString()!);
            Assert.Equal(Field(e, "out"), Convert.ToHexString(RefHmac.Mac(spec, Bytes(e, "key"), Bytes(e, "in"))));
            macs++;
        }

        foreach (JsonElement e in doc.RootElement.GetProperty("hkdf").EnumerateArray())
        {
            RefBlake2Spec spec = Spec(e.GetProperty("alg").GetString()!);
            byte[] prk = RefHkdf.Extract(spec, Bytes(e, "salt"), Bytes(e, "ikm"));
            Assert.Equal(Field(e, "prk"), Convert.ToHexString(prk));
            Assert.Equal(Field(e, "okm"), Convert.ToHexString(RefHkdf.Expand(spec, prk, Bytes(e, "info"), e.GetProperty("length").GetInt32())));
            kdfs++;
        }

        Assert.Equal((126, 18), (macs, kdfs));
    }

    [Fact]
    public void The_reference_gives_every_BLAKE3_vector_from_every_offset()
    {
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath("blake3-test-vectors.json")));
        byte[] key = Encoding.ASCII.GetBytes(doc.RootElement.GetProperty("key").GetString()!);
        string context = doc.RootElement.GetProperty("context_string").GetString()!;
        int cases = 0;
        foreach (JsonElement e in doc.RootElement.GetProperty("cases").EnumerateArray())
        {
            byte[] input = Enumerable.Range(0, e.GetProperty("input_len").GetInt32()).Select(i => (byte)(i % 251)).ToArray();
            foreach ((string field, RefBlake3 hasher) in new[] { ("hash", RefBlake3.Hash()), ("keyed_hash", RefBlake3.Keyed(key)), ("derive_key", RefBlake3.DeriveKey(context)) })
            {
                byte[] expected = Bytes(e, field);
                // Fed in two pieces, split where the case number says, to exercise the chunk logic.
                int split = input.Length * (cases % 7) / 7;
                hasher.Update(input.AsSpan(0, split));
                hasher.Update(input.AsSpan(split));
                RefBlake3.Node root = hasher.RootNode();
                for (int offset = 0; offset < expected.Length; offset += 13)
                {
                    byte[] actual = new byte[expected.Length - offset];
                    root.Read((ulong)offset, actual);
                    Assert.True(expected.AsSpan(offset).SequenceEqual(actual), $"{field}, input {input.Length}, offset {offset}");
                }
            }

            cases++;
        }

        Assert.Equal(35, cases);
    }

    private static byte[] Bytes(JsonElement e, string name) => Convert.FromHexString(e.GetProperty(name).GetString()!);

    private static string Field(JsonElement e, string name) => e.GetProperty(name).GetString()!.ToUpperInvariant();
}

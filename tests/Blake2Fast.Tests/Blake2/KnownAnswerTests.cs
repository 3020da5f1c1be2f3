using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests;

[Trait("Legs", "Kernel")]
public class KnownAnswerTests
{
    public static TheoryData<string> Algorithms => new() { "blake2b", "blake2s" };

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Official_kat_one_shot(string algorithm)
    {
        IReadOnlyList<KatCase> cases = RequireKat(algorithm);
        foreach (KatCase c in cases)
        {
            byte[] actual = algorithm == "blake2b"
                ? Blake2b.HashData(c.Key, c.Input, c.Expected.Length)
                : Blake2s.HashData(c.Key, c.Input, c.Expected.Length);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), c.ToString());
        }
    }

    [Fact]
    public void Abc()
    {
        Assert.Equal(
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
            Convert.ToHexStringLower(Blake2b.HashData("abc"u8)));
        Assert.Equal(
            "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982",
            Convert.ToHexStringLower(Blake2s.HashData("abc"u8)));
    }

    [Fact]
    public void Rfc7693_self_test_one_shot()
    {
        Assert.Equal(SelfTest.Blake2bExpected, SelfTest.Run(SelfTest.Blake2bDigestLengths, SelfTest.Blake2bInputLengths, (d, k, m) => Blake2b.HashData(k, m, d)));
        Assert.Equal(SelfTest.Blake2sExpected, SelfTest.Run(SelfTest.Blake2sDigestLengths, SelfTest.Blake2sInputLengths, (d, k, m) => Blake2s.HashData(k, m, d)));
    }

    internal static IReadOnlyList<KatCase> RequireKat(string algorithm)
    {
        // Callers are [Fact]/[Theory], skipped when the file is absent; here it must load.
        IReadOnlyList<KatCase>? cases = TestData.KatCases(algorithm);
        Assert.NotNull(cases);
        Assert.Equal(512, cases.Count);
        return cases;
    }
}

using System;
using System.Text;

namespace Blake2Fast.Tests;

/// <summary>PHC strings: the format written, the parser's refusals (each naming its field), pepper, NeedsRehash.</summary>
public class Argon2PhcTests
{
    private static readonly Argon2Parameters Cheap = new() { Iterations = 1, MemorySize = 16, Parallelism = 2 };

    [Fact]
    public void HashPassword_writes_the_reference_format()
    {
        string encoded = Argon2.HashPassword("correct horse", new Argon2Parameters { Type = Argon2Type.Argon2i, Version = 0x10, Iterations = 2, MemorySize = 24, Parallelism = 3 });
        string[] parts = encoded.Split('$');
        Assert.Equal(6, parts.Length);
        Assert.Equal(["", "argon2i", "v=16", "m=24,t=2,p=3"], parts[..4]);
        Assert.Equal(22, parts[4].Length); // 16 bytes, unpadded
        Assert.Equal(43, parts[5].Length); // 32 bytes, unpadded
        Assert.DoesNotContain("=", parts[4] + parts[5], StringComparison.Ordinal);
        Assert.True(Argon2.VerifyPassword("correct horse", encoded));
        Assert.True(Argon2.VerifyPassword("correct horse"u8, encoded));
        Assert.False(Argon2.VerifyPassword("correct horsf", encoded));
        Assert.NotEqual(encoded, Argon2.HashPassword("correct horse", Cheap));
    }

    [Fact]
    public void Text_passwords_are_UTF8()
    {
        string encoded = Argon2.HashPassword("pässwörd €", Cheap);
        Assert.True(Argon2.VerifyPassword(Encoding.UTF8.GetBytes("pässwörd €"), encoded));
        Assert.True(Argon2.VerifyPassword(string.Empty, Argon2.HashPassword(ReadOnlySpan<char>.Empty, Cheap)));
    }

    [Fact]
    public void A_pepper_is_needed_to_verify()
    {
        byte[] pepper = Encoding.ASCII.GetBytes("kept in a key vault");
        string encoded = Argon2.HashPassword("pw", new Argon2Parameters { Iterations = 1, MemorySize = 16, Secret = pepper });
        Assert.False(Argon2.VerifyPassword("pw", encoded));
        Assert.True(Argon2.VerifyPassword("pw", encoded, new Argon2VerificationOptions { Secret = pepper }));
        Assert.False(Argon2.VerifyPassword("pw", encoded, new Argon2VerificationOptions { Secret = new byte[] { 1 } }));
    }

    [Theory]
    [InlineData("", "algorithm")]
    [InlineData("argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA", "algorithm")]
    [InlineData("$argon2x$v=19$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA", "algorithm")]
    [InlineData("$argon2$v=19$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA", "algorithm")]
    [InlineData("$argon2id$v=18$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA", "v")]
    [InlineData("$argon2id$v=019$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA", "v")]
    [InlineData("$argon2id$v=$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA", "v")]
    [InlineData("$argon2id$v=19,m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA", "v")]
    [InlineData("$argon2id$v=19$t=1,m=16,p=1$AAAAAAAAAAA$AAAAAA", "m")]
    [InlineData("$argon2id$v=19$m=016,t=1,p=1$AAAAAAAAAAA$AAAAAA", "m")]
    [InlineData("$argon2id$v=19$m=-16,t=1,p=1$AAAAAAAAAAA$AAAAAA", "m")]
    [InlineData("$argon2id$v=19$m=99999999999,t=1,p=1$AAAAAAAAAAA$AAAAAA", "m")]
    [InlineData("$argon2id$v=19$m=15,t=1,p=2$AAAAAAAAAAA$AAAAAA", "m")]
    [InlineData("$argon2id$v=19$m=16,p=1,t=1$AAAAAAAAAAA$AAAAAA", "t")]
    [InlineData("$argon2id$v=19$m=16,t=0,p=1$AAAAAAAAAAA$AAAAAA", "t")]
    [InlineData("$argon2id$v=19$m=16,t=1$AAAAAAAAAAA$AAAAAA", "p")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=0$AAAAAAAAAAA$AAAAAA", "p")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1,data=AA$AAAAAAAAAAA$AAAAAA", "p")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAA$AAAAAA", "salt")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAB$AAAAAA", "salt")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAA=$AAAAAA", "salt")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAAAA$AAAAAA", "salt")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAA", "salt")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAA$AAAA", "hash")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA=", "hash")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA$", "hash")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAB", "hash")]
    [InlineData("$argon2id$v=19$m=16,t=1,p=1$AAAAAAAAAAA$AAAAAA ", "hash")]
    public void A_malformed_string_is_a_FormatException_naming_its_field(string encoded, string field)
    {
        FormatException e = Assert.Throws<FormatException>(() => Argon2.VerifyPassword("pw", encoded));
        Assert.Contains($"field '{field}'", e.Message, StringComparison.Ordinal);
        Assert.Throws<FormatException>(() => Argon2.NeedsRehash(encoded, Cheap));
    }

    [Fact]
    public void NeedsRehash_compares_every_setting()
    {
        string encoded = Argon2.HashPassword("pw", Cheap);
        Assert.False(Argon2.NeedsRehash(encoded, Cheap));
        Assert.False(Argon2.NeedsRehash(encoded, new Argon2Parameters { Iterations = 1, MemorySize = 16, Parallelism = 2, MaxDegreeOfParallelism = 2 }));
        Assert.True(Argon2.NeedsRehash(encoded, new Argon2Parameters { Iterations = 2, MemorySize = 16, Parallelism = 2 }));
        Assert.True(Argon2.NeedsRehash(encoded, new Argon2Parameters { Iterations = 1, MemorySize = 32, Parallelism = 2 }));
        Assert.True(Argon2.NeedsRehash(encoded, new Argon2Parameters { Iterations = 1, MemorySize = 16, Parallelism = 1 }));
        Assert.True(Argon2.NeedsRehash(encoded, new Argon2Parameters { Iterations = 1, MemorySize = 16, Parallelism = 2, Type = Argon2Type.Argon2i }));
        Assert.True(Argon2.NeedsRehash(encoded, new Argon2Parameters { Iterations = 1, MemorySize = 16, Parallelism = 2, Version = 0x10 }));
        Assert.True(Argon2.NeedsRehash(encoded.Replace("$v=19", "", StringComparison.Ordinal), Cheap));

        // A short salt (8 bytes) or tag (16 bytes) with the same costs is also worth replacing.
        Assert.True(Argon2.NeedsRehash("$argon2id$v=19$m=16,t=1,p=2$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA", Cheap));
    }

    [Fact]
    public void The_presets_are_the_published_ones()
    {
        Assert.Equal((Argon2Type.Argon2id, 0x13, 1, 2 * 1024 * 1024, 4), Of(Argon2Parameters.Rfc9106FirstRecommendation));
        Assert.Equal((Argon2Type.Argon2id, 0x13, 3, 64 * 1024, 4), Of(Argon2Parameters.Rfc9106SecondRecommendation));
        Assert.Equal((Argon2Type.Argon2id, 0x13, 2, 19 * 1024, 1), Of(Argon2Parameters.OwaspMinimum));
        Assert.Equal((Argon2Type.Argon2id, 0x13, 3, 64 * 1024, 1), Of(new Argon2Parameters()));
        Assert.Equal(1, new Argon2Parameters().MaxDegreeOfParallelism);

        static (Argon2Type, int, int, int, int) Of(Argon2Parameters p) => (p.Type, p.Version, p.Iterations, p.MemorySize, p.Parallelism);
    }
}

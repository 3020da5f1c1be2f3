using System;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>Inputs outside RFC 9106's ranges: the exact exception, naming the parameter or property, nothing written.</summary>
public class Argon2BadInputTests
{
    private static readonly Argon2Parameters Small = new() { Iterations = 1, MemorySize = 8 };

    [Theory]
    [InlineData("Type")]
    [InlineData("Version")]
    [InlineData("Iterations")]
    [InlineData("MemorySize")]
    [InlineData("Parallelism")]
    [InlineData("MaxDegreeOfParallelism")]
    public void A_property_out_of_range_is_refused_as_it_is_set(string property)
    {
        Action[] bad = property switch
        {
            "Type" => [() => _ = new Argon2Parameters { Type = (Argon2Type)3 }, () => _ = new Argon2Parameters { Type = (Argon2Type)(-1) }],
            "Version" => [() => _ = new Argon2Parameters { Version = 0x12 }, () => _ = new Argon2Parameters { Version = 0 }],
            "Iterations" => [() => _ = new Argon2Parameters { Iterations = 0 }, () => _ = new Argon2Parameters { Iterations = -1 }],
            "MemorySize" => [() => _ = new Argon2Parameters { MemorySize = 7 }, () => _ = new Argon2Parameters { MemorySize = int.MinValue }],
            "Parallelism" => [() => _ = new Argon2Parameters { Parallelism = 0 }, () => _ = new Argon2Parameters { Parallelism = 1 << 24 }],
            _ => [() => _ = new Argon2Parameters { MaxDegreeOfParallelism = 0 }, () => _ = new Argon2Parameters { MaxDegreeOfParallelism = -2 }, () => _ = new Argon2VerificationOptions { MaxDegreeOfParallelism = 0 }],
        };
        foreach (Action action in bad)
        {
            Assert.Equal(property, Assert.Throws<ArgumentOutOfRangeException>(action).ParamName);
        }
    }

    [Fact]
    public void The_edges_of_the_ranges_are_accepted()
    {
        var parameters = new Argon2Parameters { Iterations = 1, MemorySize = 8, Parallelism = 1, Version = 0x10, Type = Argon2Type.Argon2d, MaxDegreeOfParallelism = -1 };
        Assert.Equal(4, Argon2.DeriveKey([], new byte[8], 4, parameters).Length);
        _ = new Argon2Parameters { Parallelism = Argon2Parameters.MaxParallelism, MemorySize = int.MaxValue };
    }

    [Fact]
    public void Less_than_8_KiB_per_lane_is_refused_before_any_memory_is_taken()
    {
        var parameters = new Argon2Parameters { Parallelism = 4, MemorySize = 31 };
        byte[] destination = new byte[32];
        Assert.Equal("parameters", Assert.Throws<ArgumentException>(() => Argon2.DeriveKey([], new byte[16], destination, parameters)).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentException>(() => Argon2.DeriveKey([], new byte[16], 32, parameters)).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentException>(() => Argon2.HashPassword("pw", parameters)).ParamName);
        Assert.All(destination, b => Assert.Equal(0, b));

        // 2^24 - 1 lanes at one KiB less than 8 KiB each: refused by the check, not by running out of memory.
        var huge = new Argon2Parameters { Parallelism = Argon2Parameters.MaxParallelism, MemorySize = (8 * Argon2Parameters.MaxParallelism) - 1 };
        Assert.Equal("parameters", Assert.Throws<ArgumentException>(() => Argon2.DeriveKey([], new byte[16], 32, huge)).ParamName);
    }

    [Fact]
    public void A_short_salt_or_tag_is_refused_and_nothing_written()
    {
        byte[] destination = Enumerable.Repeat((byte)0xEE, 32).ToArray();
        Assert.Equal("salt", Assert.Throws<ArgumentException>(() => Argon2.DeriveKey([], new byte[7], destination, Small)).ParamName);
        Assert.All(destination, b => Assert.Equal(0xEE, b));
        Assert.Equal("salt", Assert.Throws<ArgumentException>(() => Argon2.DeriveKey([], new byte[7], 32, Small)).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Argon2.DeriveKey([], new byte[8], new byte[3], Small)).ParamName);
        Assert.Equal("outputLength", Assert.Throws<ArgumentOutOfRangeException>(() => Argon2.DeriveKey([], new byte[8], 3, Small)).ParamName);
        Assert.Equal("outputLength", Assert.Throws<ArgumentOutOfRangeException>(() => Argon2.DeriveKey([], new byte[8], int.MaxValue, Small)).ParamName);
    }

    [Fact]
    public void Null_arguments_are_named()
    {
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => Argon2.DeriveKey([], new byte[8], 32, null!)).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => Argon2.DeriveKey([], new byte[8], new byte[32], null!)).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => Argon2.HashPassword("x"u8, null!)).ParamName);
        Assert.Equal("encodedHash", Assert.Throws<ArgumentNullException>(() => Argon2.VerifyPassword("x"u8, null!)).ParamName);
        Assert.Equal("options", Assert.Throws<ArgumentNullException>(() => Argon2.VerifyPassword("x"u8, "$argon2id$v=19$m=8,t=1,p=1$AAAAAAAAAAA$AAAAAA", null!)).ParamName);
        Assert.Equal("encodedHash", Assert.Throws<ArgumentNullException>(() => Argon2.NeedsRehash(null!, Small)).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => Argon2.NeedsRehash("$argon2id$v=19$m=8,t=1,p=1$AAAAAAAAAAA$AAAAAA", null!)).ParamName);
    }

    [Fact]
    public void Associated_data_cannot_go_into_a_PHC_string()
    {
        var parameters = new Argon2Parameters { Iterations = 1, MemorySize = 8, AssociatedData = new byte[] { 1 } };
        Assert.Equal("parameters", Assert.Throws<ArgumentException>(() => Argon2.HashPassword("pw", parameters)).ParamName);
    }

    [Theory]
    [InlineData("$argon2id$v=19$m=4194305,t=1,p=1$AAAAAAAAAAA$AAAAAA")]
    [InlineData("$argon2id$v=19$m=2147483648,t=1,p=1$AAAAAAAAAAA$AAAAAA")]
    [InlineData("$argon2id$v=19$m=4294967295,t=1,p=1$AAAAAAAAAAA$AAAAAA")]
    [InlineData("$argon2id$v=19$m=65536,t=65,p=1$AAAAAAAAAAA$AAAAAA")]
    [InlineData("$argon2id$v=19$m=65536,t=4294967295,p=1$AAAAAAAAAAA$AAAAAA")]
    [InlineData("$argon2id$v=19$m=2097152,t=1,p=257$AAAAAAAAAAA$AAAAAA")]
    public void An_encoded_hash_above_the_default_limits_is_refused_before_it_is_computed(string encoded)
    {
        // Computing these would take terabytes (an OutOfMemoryException, not this one) or 2^32 passes
        // (a hang): the exact exception shows the string was refused before any of it.
        ArgumentException e = Assert.Throws<ArgumentException>(() => Argon2.VerifyPassword("pw", encoded));
        Assert.Equal("encodedHash", e.ParamName);
        Assert.Contains("limit", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Limits_can_be_raised_and_lowered()
    {
        string encoded = Argon2.HashPassword("pw", new Argon2Parameters { Iterations = 2, MemorySize = 64 });
        Assert.True(Argon2.VerifyPassword("pw", encoded, new Argon2VerificationOptions { MaxMemorySize = 64, MaxIterations = 2, MaxParallelism = 1 }));
        Assert.Throws<ArgumentException>(() => Argon2.VerifyPassword("pw", encoded, new Argon2VerificationOptions { MaxMemorySize = 63 }));
        Assert.Throws<ArgumentException>(() => Argon2.VerifyPassword("pw", encoded, new Argon2VerificationOptions { MaxIterations = 1 }));
    }
}

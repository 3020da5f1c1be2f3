using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>
/// Argon2 against the reference implementation (Debian's libargon2, through argon2_ctx, which takes
/// every input) over an enumerated grid, and PHC strings both ways with it and with libsodium.
/// Each test skips, saying why, where its library is missing.
/// </summary>
public class Argon2OracleTests
{
    private static readonly int[] TagLengths = [4, 31, 32, 33, 63, 64, 65, 127, 128, 129, 1000];

    /// <summary>
    /// The grid: every type x version with t 1-5, p 1-16, m from 8p through values not divisible by
    /// 4p, every listed tag length, passwords 0-200 bytes, salts 8-64, secrets and associated data
    /// 0-64 bytes, our threads 1 or p. Enumerated, not random: case i picks each coordinate by i.
    /// </summary>
    public static IEnumerable<(Argon2Type Type, int Version, int T, int M, int P, int Tag, int Password, int Salt, int Secret, int Ad)> Grid()
    {
        for (int i = 0; i < 264; i++)
        {
            var type = (Argon2Type)(i % 3);
            int version = (i / 3) % 2 == 0 ? 0x13 : 0x10;
            int t = 1 + ((i / 6) % 5);
            int p = 1 + ((i * 7) % 16);
            int m = (i % 5) switch
            {
                0 => 8 * p,
                1 => (8 * p) + 1,
                2 => (12 * p) + (p > 1 ? p - 1 : 3),
                3 => (8 * p) + (4 * p) - 1 + 4,
                _ => (8 * p) + ((i * 29) % 300),
            };
            yield return (type, version, t, m, p, TagLengths[i % TagLengths.Length], (i * 37) % 201, 8 + ((i * 13) % 57), i % 4 == 0 ? 0 : (i * 5) % 65, i % 3 == 0 ? 0 : (i * 11) % 65);
        }
    }

    [Fact]
    public void DeriveKey_matches_libargon2_over_the_grid()
    {
        Assert.SkipWhen(NativeArgon2.Argon2Missing is not null, NativeArgon2.Argon2Missing ?? "");
        int cases = 0;
        foreach (var c in Grid())
        {
            byte[] password = Bytes(c.Password, 1), salt = Bytes(c.Salt, 2), secret = Bytes(c.Secret, 3), ad = Bytes(c.Ad, 4);
            byte[] expected = NativeArgon2.Hash(c.Type, c.Version, c.T, c.M, c.P, c.P, password, salt, secret, ad, c.Tag);
            var parameters = new Argon2Parameters
            {
                Type = c.Type, Version = c.Version, Iterations = c.T, MemorySize = c.M, Parallelism = c.P,
                MaxDegreeOfParallelism = cases % 2 == 0 ? 1 : c.P, Secret = secret, AssociatedData = ad,
            };
            byte[] actual = Argon2.DeriveKey(password, salt, c.Tag, parameters);
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"case {cases}: {c}");
            cases++;
        }

        Assert.Equal(264, cases);
    }

    [Fact]
    public void A_larger_memory_not_divisible_by_4p_matches_libargon2()
    {
        Assert.SkipWhen(NativeArgon2.Argon2Missing is not null, NativeArgon2.Argon2Missing ?? "");
        byte[] password = Bytes(20, 9), salt = Bytes(16, 8);
        foreach (Argon2Type type in Enum.GetValues<Argon2Type>())
        {
            byte[] expected = NativeArgon2.Hash(type, 0x13, 2, 4099, 3, 3, password, salt, [], [], 32);
            byte[] actual = Argon2.DeriveKey(password, salt, 32, new Argon2Parameters { Type = type, Iterations = 2, MemorySize = 4099, Parallelism = 3, MaxDegreeOfParallelism = -1 });
            Assert.Equal(expected, actual);
        }
    }

    [Fact]
    public void Reference_PHC_strings_verify_with_ours_and_ours_with_the_reference()
    {
        Assert.SkipWhen(NativeArgon2.Argon2Missing is not null, NativeArgon2.Argon2Missing ?? "");
        for (int i = 0; i < 18; i++)
        {
            var type = (Argon2Type)(i % 3);
            byte[] password = Bytes(i * 7, 5), wrong = Bytes((i * 7) + 1, 5);
            int p = 1 + (i % 4);
            string theirs = NativeArgon2.Encode(type, 1 + (i % 3), 8 * p * (1 + (i % 5)), p, password, Bytes(8 + i, 6), 4 + (i * 5));
            Assert.True(Argon2.VerifyPassword(password, theirs), theirs);
            Assert.False(Argon2.VerifyPassword(wrong, theirs), theirs);

            string ours = Argon2.HashPassword(password, new Argon2Parameters { Type = type, Iterations = 1 + (i % 3), MemorySize = 8 * p * (1 + (i % 5)), Parallelism = p });
            Assert.Equal(0, NativeArgon2.Verify(ours, password, type));
            Assert.NotEqual(0, NativeArgon2.Verify(ours, wrong, type));
        }
    }

    [Fact]
    public void A_version_16_string_without_its_v_field_verifies()
    {
        Assert.SkipWhen(NativeArgon2.Argon2Missing is not null, NativeArgon2.Argon2Missing ?? "");
        byte[] password = Bytes(12, 7), salt = Bytes(16, 3);
        byte[] tag = NativeArgon2.Hash(Argon2Type.Argon2i, 0x10, 3, 64, 2, 2, password, salt, [], [], 32);
        string encoded = $"$argon2i$m=64,t=3,p=2${Convert.ToBase64String(salt).TrimEnd('=')}${Convert.ToBase64String(tag).TrimEnd('=')}";
        Assert.Equal(0, NativeArgon2.Verify(encoded, password, Argon2Type.Argon2i));
        Assert.True(Argon2.VerifyPassword(password, encoded));
        Assert.False(Argon2.VerifyPassword(password, encoded.Replace("$argon2i$", "$argon2i$v=19$", StringComparison.Ordinal)));
    }

    [Fact]
    public void Libsodium_strings_verify_with_ours_and_ours_with_libsodium()
    {
        Assert.SkipWhen(NativeArgon2.SodiumMissing is not null, NativeArgon2.SodiumMissing ?? "");
        for (int i = 0; i < 8; i++)
        {
            byte[] password = Bytes(i * 11, 4), wrong = Bytes((i * 11) + 1, 5);
            int alg = i % 2 == 0 ? 2 : 1;
            int t = 3 + (i % 3);
            int memoryKiB = 8 * (1 + i);
            string theirs = NativeArgon2.SodiumHash(password, t, memoryKiB * 1024, alg);
            Assert.True(Argon2.VerifyPassword(password, theirs), theirs);
            Assert.False(Argon2.VerifyPassword(wrong, theirs), theirs);

            string ours = Argon2.HashPassword(password, new Argon2Parameters { Type = alg == 2 ? Argon2Type.Argon2id : Argon2Type.Argon2i, Iterations = t, MemorySize = memoryKiB });
            Assert.Equal(0, NativeArgon2.SodiumVerify(ours, password));
            Assert.NotEqual(0, NativeArgon2.SodiumVerify(ours, wrong));
        }
    }

    private static byte[] Bytes(int length, int seed)
    {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = (byte)((i * 31) + (seed * 101) + (i >> 3));
        }

        return bytes;
    }
}

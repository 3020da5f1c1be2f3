using System;
using System.Text;

namespace Blake2Fast.Internal;

/// <summary>
/// PHC strings as the reference implementation (phc-winner-argon2) writes and reads them:
/// <c>$argon2id$v=19$m=65536,t=3,p=4$&lt;salt&gt;$&lt;tag&gt;</c>, the version field optional (absent
/// means 0x10), m, t and p in that order, decimal without leading zeros, salt and tag in standard
/// base64 without padding (unused bits zero), nothing after the tag.
/// </summary>
internal sealed class Argon2Phc
{
    public Argon2Type Type { get; private set; }
    public int Version { get; private set; }
    public long MemorySize { get; private set; }
    public long Iterations { get; private set; }
    public long Parallelism { get; private set; }
    public byte[] Salt { get; private set; } = [];
    public byte[] Tag { get; private set; } = [];

    /// <summary>Writes the PHC string of a computation.</summary>
    public static string Format(Argon2Type type, int version, int memorySize, int iterations, int parallelism, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> tag)
    {
        var text = new StringBuilder(64 + (4 * (salt.Length + tag.Length) / 3));
        text.Append('$').Append(Name(type)).Append("$v=").Append(version)
            .Append("$m=").Append(memorySize).Append(",t=").Append(iterations).Append(",p=").Append(parallelism)
            .Append('$').Append(Base64(salt)).Append('$').Append(Base64(tag));
        return text.ToString();
    }

    /// <summary>Reads a PHC string.</summary>
    /// <exception cref="FormatException">The string is not an Argon2 PHC string; the message names the field.</exception>
    public static Argon2Phc Parse(string encoded)
    {
        var result = new Argon2Phc();
        int at = 0;
        Expect(encoded, ref at, "$argon2", "algorithm");
        if (TryTake(encoded, ref at, "id$"))
        {
            result.Type = Argon2Type.Argon2id;
        }
        else if (TryTake(encoded, ref at, "i$"))
        {
            result.Type = Argon2Type.Argon2i;
        }
        else if (TryTake(encoded, ref at, "d$"))
        {
            result.Type = Argon2Type.Argon2d;
        }
        else
        {
            throw Bad("algorithm", "the string must start with $argon2d$, $argon2i$ or $argon2id$");
        }

        result.Version = 0x10;
        if (TryTake(encoded, ref at, "v="))
        {
            long version = Decimal(encoded, ref at, "v");
            if (version is not (0x10 or 0x13))
            {
                throw Bad("v", $"the version must be 16 or 19; it is {version}");
            }

            result.Version = (int)version;
            Expect(encoded, ref at, "$", "v");
        }

        Expect(encoded, ref at, "m=", "m");
        result.MemorySize = Decimal(encoded, ref at, "m");
        Expect(encoded, ref at, ",t=", "t");
        result.Iterations = Decimal(encoded, ref at, "t");
        Expect(encoded, ref at, ",p=", "p");
        result.Parallelism = Decimal(encoded, ref at, "p");
        Expect(encoded, ref at, "$", "p");
        result.Salt = FromBase64(encoded, ref at, "salt");
        Expect(encoded, ref at, "$", "salt");
        result.Tag = FromBase64(encoded, ref at, "hash");
        if (at != encoded.Length)
        {
            throw Bad("hash", "characters follow the hash");
        }

        // The ranges of RFC 9106 (what the reference's validate_inputs checks).
        if (result.Iterations < 1)
        {
            throw Bad("t", "the number of passes must be at least 1");
        }

        if (result.Parallelism < 1 || result.Parallelism > Argon2Parameters.MaxParallelism)
        {
            throw Bad("p", $"the number of lanes must be between 1 and {Argon2Parameters.MaxParallelism}");
        }

        if (result.MemorySize < 8 * result.Parallelism)
        {
            throw Bad("m", "the memory size must be at least 8 KiB per lane");
        }

        if (result.Salt.Length < 8)
        {
            throw Bad("salt", $"the salt must be at least 8 bytes; it is {result.Salt.Length}");
        }

        if (result.Tag.Length < 4)
        {
            throw Bad("hash", $"the hash must be at least 4 bytes; it is {result.Tag.Length}");
        }

        return result;
    }

    private static string Name(Argon2Type type) => type switch
    {
        Argon2Type.Argon2d => "argon2d",
        Argon2Type.Argon2i => "argon2i",
        _ => "argon2id",
    };

    private static string Base64(ReadOnlySpan<byte> bytes) => Convert.ToBase64String(bytes.ToArray()).TrimEnd('=');

    private static FormatException Bad(string field, string what) => new($"Malformed Argon2 encoded hash, field '{field}': {what}.");

    private static bool TryTake(string s, ref int at, string literal)
    {
        if (string.CompareOrdinal(s, at, literal, 0, literal.Length) == 0 && s.Length - at >= literal.Length)
        {
            at += literal.Length;
            return true;
        }

        return false;
    }

    private static void Expect(string s, ref int at, string literal, string field)
    {
        if (!TryTake(s, ref at, literal))
        {
            throw Bad(field, $"expected '{literal}' at position {at}");
        }
    }

    /// <summary>A decimal of 1 to 10 digits, no leading zero, at most 2^32 - 1.</summary>
    private static long Decimal(string s, ref int at, string field)
    {
        int start = at;
        long value = 0;
        while (at < s.Length && s[at] is >= '0' and <= '9')
        {
            value = (value * 10) + (s[at] - '0');
            at++;
            if (at - start > 10)
            {
                throw Bad(field, "the number is too large");
            }
        }

        if (at == start)
        {
            throw Bad(field, "a decimal number is expected");
        }

        if (s[start] == '0' && at - start > 1)
        {
            throw Bad(field, "the number has a leading zero");
        }

        if (value > uint.MaxValue)
        {
            throw Bad(field, "the number is above 2^32 - 1");
        }

        return value;
    }

    /// <summary>Unpadded standard base64 up to the next character outside the alphabet; unused bits must be zero.</summary>
    private static byte[] FromBase64(string s, ref int at, string field)
    {
        int start = at;
        while (at < s.Length && IsBase64(s[at]))
        {
            at++;
        }

        int length = at - start;
        if (length % 4 == 1)
        {
            throw Bad(field, "the base64 text has an impossible length");
        }

        // Six bits a character, a byte out whenever eight are gathered; what is left must be zero.
        byte[] bytes = new byte[length * 3 / 4];
        int written = 0, bits = 0, gathered = 0;
        for (int i = start; i < at; i++)
        {
            gathered = (gathered << 6) | Value(s[i]);
            bits += 6;
            if (bits >= 8)
            {
                bits -= 8;
                bytes[written++] = (byte)(gathered >> bits);
                gathered &= (1 << bits) - 1;
            }
        }

        if (gathered != 0)
        {
            throw Bad(field, "the base64 text's unused bits are not zero");
        }

        return bytes;
    }

    private static bool IsBase64(char c) => c is (>= 'A' and <= 'Z') or (>= 'a' and <= 'z') or (>= '0' and <= '9') or '+' or '/';

    private static int Value(char c) => c switch
    {
        >= 'A' and <= 'Z' => c - 'A',
        >= 'a' and <= 'z' => c - 'a' + 26,
        >= '0' and <= '9' => c - '0' + 52,
        '+' => 62,
        _ => 63,
    };
}

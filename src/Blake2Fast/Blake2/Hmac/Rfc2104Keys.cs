using System;
using System.Security.Cryptography;

namespace Blake2Fast.Internal;

/// <summary>The key handling of <see cref="HMACBlake2b"/> and <see cref="HMACBlake2s"/>: copies in and out, erasure.</summary>
internal static class Rfc2104Keys
{
    /// <summary>A random key of <paramref name="length"/> bytes, for the parameterless constructors (as .NET's HMAC classes do).</summary>
    public static byte[] Random(int length)
    {
        byte[] key = new byte[length];
        using RandomNumberGenerator random = RandomNumberGenerator.Create();
        random.GetBytes(key);
        return key;
    }

    /// <summary>A copy of the current key, which callers may change without affecting the MAC.</summary>
    public static byte[] Copy(byte[]? current, object owner)
    {
        ObjectDisposedException.ThrowIf(current is null, owner);
        return (byte[])current.Clone();
    }

    /// <summary>Erases <paramref name="current"/> and returns a copy of <paramref name="value"/>.</summary>
    public static byte[] Replace(byte[]? current, byte[] value, object owner)
    {
        // After Dispose a new key must not bring the object back to life (and hold a secret nobody erases).
        ObjectDisposedException.ThrowIf(current is null, owner);
        ArgumentNullException.ThrowIfNull(value);
        SecretBytes.Erase(current);
        return (byte[])value.Clone();
    }

    /// <summary>Erases <paramref name="current"/>; returns null, the disposed marker.</summary>
    public static byte[] Erase(byte[]? current)
    {
        if (current is not null)
        {
            SecretBytes.Erase(current);
        }

        return null!;
    }
}

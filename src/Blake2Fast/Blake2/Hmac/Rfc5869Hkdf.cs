using System;

namespace Blake2Fast.Internal;

/// <summary>
/// HKDF (RFC 5869) over RFC 2104 HMAC-BLAKE2b or HMAC-BLAKE2s, written once for
/// <see cref="HkdfBlake2b"/> and <see cref="HkdfBlake2s"/>.
/// </summary>
internal static class Rfc5869Hkdf<TVariant> where TVariant : struct, IBlake2Variant
{
    private static int HashLength => default(TVariant).MaxDigestLength;

    /// <summary>PRK = HMAC(salt, IKM); an empty salt is HashLength zero bytes.</summary>
    public static int Extract(ReadOnlySpan<byte> ikm, scoped ReadOnlySpan<byte> salt, Span<byte> prk)
    {
        Guard.Destination(prk.Length, HashLength, nameof(prk));
        Span<byte> zeroSalt = stackalloc byte[64];
        if (salt.IsEmpty)
        {
            zeroSalt.Clear();
            salt = zeroSalt[..HashLength];
        }

        return Rfc2104Hmac<TVariant>.Hash(salt, ikm, prk[..HashLength]);
    }

    /// <summary>OKM = T(1) || T(2) || ..., T(i) = HMAC(PRK, T(i-1) || info || i), cut to the length of <paramref name="output"/>.</summary>
    public static void Expand(ReadOnlySpan<byte> prk, Span<byte> output, ReadOnlySpan<byte> info)
    {
        CheckExpand(prk.Length, output.Length, nameof(prk), nameof(output));

        // Each T(i) is written into the output and read back as the next block's input; info must
        // not be overwritten before the last block has read it.
        if (output.Overlaps(info))
        {
            info = info.ToArray();
        }

        // The key schedule runs once: each block then costs its own compressions.
        Rfc2104Engine<TVariant> hmac = default;
        hmac.Initialize(Rfc2104Hmac<TVariant>.Settings(prk));
        Span<byte> block = stackalloc byte[64];
        block = block[..HashLength];
        Span<byte> counter = stackalloc byte[1];
        ReadOnlySpan<byte> previous = default;
        for (int offset = 0, i = 1; offset < output.Length; offset += HashLength, i++)
        {
            hmac.Restart();
            hmac.Update(previous);
            hmac.Update(info);
            counter[0] = (byte)i;
            hmac.Update(counter);
            hmac.Finish(block);
            int length = Math.Min(HashLength, output.Length - offset);
            block[..length].CopyTo(output[offset..]);
            previous = output.Slice(offset, length);
        }

        hmac.Erase();
        SecretBytes.Erase(block);
    }

    public static void DeriveKey(ReadOnlySpan<byte> ikm, Span<byte> output, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> info)
    {
        CheckExpand(HashLength, output.Length, nameof(ikm), nameof(output));
        Span<byte> prk = stackalloc byte[64];
        prk = prk[..HashLength];
        Extract(ikm, salt, prk);
        Expand(prk, output, info);
        SecretBytes.Erase(prk);
    }

    public static byte[] Extract(byte[] ikm, byte[]? salt)
    {
        ArgumentNullException.ThrowIfNull(ikm);
        byte[] prk = new byte[HashLength];
        Extract(ikm, salt, prk);
        return prk;
    }

    public static byte[] Expand(byte[] prk, int outputLength, byte[]? info)
    {
        ArgumentNullException.ThrowIfNull(prk);
        CheckOutputLength(outputLength);
        byte[] output = new byte[outputLength];
        Expand(prk, output, info);
        return output;
    }

    public static byte[] DeriveKey(byte[] ikm, int outputLength, byte[]? salt, byte[]? info)
    {
        ArgumentNullException.ThrowIfNull(ikm);
        CheckOutputLength(outputLength);
        byte[] output = new byte[outputLength];
        DeriveKey(ikm, output, salt, info);
        return output;
    }

    private static int MaxOutputLength => 255 * HashLength;

    private static void CheckExpand(int prkLength, int outputLength, string prkName, string outputName)
    {
        if (prkLength < HashLength)
        {
            throw new ArgumentException($"The pseudorandom key must be at least {HashLength} bytes (the hash length); it is {prkLength} bytes.", prkName);
        }

        if (outputLength < 1 || outputLength > MaxOutputLength)
        {
            throw new ArgumentException($"The output must be between 1 and {MaxOutputLength} bytes (255 hash lengths); it is {outputLength} bytes. Nothing was written.", outputName);
        }
    }

    private static void CheckOutputLength(int outputLength)
    {
        if (outputLength < 1 || outputLength > MaxOutputLength)
        {
            throw new ArgumentOutOfRangeException(nameof(outputLength), outputLength, $"The output length must be between 1 and {MaxOutputLength} bytes (255 hash lengths).");
        }
    }
}

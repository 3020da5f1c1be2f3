using System;
using Blake2Fast.Internal;
using Kdf = Blake2Fast.Internal.Rfc5869Hkdf<Blake2Fast.Internal.Blake2sVariant>;

namespace Blake2Fast;

/// <summary>
/// HKDF (RFC 5869) with HMAC-BLAKE2s (<see cref="HMACBlake2s"/>): extract a pseudorandom key from
/// input keying material, expand it into output keying material. Shaped like .NET's
/// <c>System.Security.Cryptography.HKDF</c>, which accepts only the built-in hashes.
/// </summary>
/// <remarks>The span methods allocate nothing (but for a copy of <c>info</c> when it overlaps the output) and erase their intermediate keys.</remarks>
public static class HkdfBlake2s
{
    /// <summary>The hash length: 32 bytes, the length of a pseudorandom key and of each expansion block.</summary>
    public const int HashLength = 32;

    /// <summary>The longest output of <c>Expand</c> and <c>DeriveKey</c>: 255 hash lengths, 8,160 bytes.</summary>
    public const int MaxOutputLength = 255 * HashLength;

    /// <summary>HKDF-Extract: PRK = HMAC-BLAKE2s(salt, ikm).</summary>
    /// <param name="ikm">The input keying material.</param>
    /// <param name="salt">The salt; empty means 32 zero bytes, as RFC 5869 says.</param>
    /// <param name="prk">Receives the pseudorandom key in its first 32 bytes.</param>
    /// <returns>The number of bytes written: 32.</returns>
    /// <exception cref="ArgumentException"><paramref name="prk"/> is shorter than 32 bytes; nothing was written.</exception>
    public static int Extract(ReadOnlySpan<byte> ikm, ReadOnlySpan<byte> salt, Span<byte> prk) => Kdf.Extract(ikm, salt, prk);

    /// <summary>HKDF-Extract: PRK = HMAC-BLAKE2s(salt, ikm).</summary>
    /// <param name="ikm">The input keying material.</param>
    /// <param name="salt">The salt; <see langword="null"/> or empty means 32 zero bytes.</param>
    /// <returns>The 32-byte pseudorandom key.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="ikm"/> is <see langword="null"/>.</exception>
    public static byte[] Extract(byte[] ikm, byte[]? salt = null) => Kdf.Extract(ikm, salt);

    /// <summary>HKDF-Expand: fills <paramref name="output"/> with T(1) || T(2) || ..., T(i) = HMAC-BLAKE2s(prk, T(i-1) || info || i).</summary>
    /// <param name="prk">The pseudorandom key, at least 32 bytes (usually the output of <c>Extract</c>).</param>
    /// <param name="output">Receives the output keying material: 1 to 8,160 bytes.</param>
    /// <param name="info">Context and application specific information; may be empty.</param>
    /// <exception cref="ArgumentException"><paramref name="prk"/> is shorter than 32 bytes, or <paramref name="output"/> is empty or longer than 8,160 bytes; nothing was written.</exception>
    public static void Expand(ReadOnlySpan<byte> prk, Span<byte> output, ReadOnlySpan<byte> info) => Kdf.Expand(prk, output, info);

    /// <summary>HKDF-Expand into a new array.</summary>
    /// <param name="prk">The pseudorandom key, at least 32 bytes.</param>
    /// <param name="outputLength">The output length: 1 to 8,160 bytes.</param>
    /// <param name="info">Context and application specific information; <see langword="null"/> means none.</param>
    /// <returns>The output keying material.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="prk"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is not between 1 and 8,160.</exception>
    /// <exception cref="ArgumentException"><paramref name="prk"/> is shorter than 32 bytes.</exception>
    public static byte[] Expand(byte[] prk, int outputLength, byte[]? info = null) => Kdf.Expand(prk, outputLength, info);

    /// <summary>HKDF: Extract, then Expand, with the intermediate key erased.</summary>
    /// <param name="ikm">The input keying material.</param>
    /// <param name="output">Receives the output keying material: 1 to 8,160 bytes.</param>
    /// <param name="salt">The salt; empty means 32 zero bytes.</param>
    /// <param name="info">Context and application specific information; may be empty.</param>
    /// <exception cref="ArgumentException"><paramref name="output"/> is empty or longer than 8,160 bytes; nothing was written.</exception>
    public static void DeriveKey(ReadOnlySpan<byte> ikm, Span<byte> output, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> info) =>
        Kdf.DeriveKey(ikm, output, salt, info);

    /// <summary>HKDF into a new array: Extract, then Expand.</summary>
    /// <param name="ikm">The input keying material.</param>
    /// <param name="outputLength">The output length: 1 to 8,160 bytes.</param>
    /// <param name="salt">The salt; <see langword="null"/> or empty means 32 zero bytes.</param>
    /// <param name="info">Context and application specific information; <see langword="null"/> means none.</param>
    /// <returns>The output keying material.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="ikm"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is not between 1 and 8,160.</exception>
    public static byte[] DeriveKey(byte[] ikm, int outputLength, byte[]? salt = null, byte[]? info = null) => Kdf.DeriveKey(ikm, outputLength, salt, info);
}

using System;
using System.Buffers;
using System.Security.Cryptography;
using System.Text;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast;

/// <summary>
/// Argon2 (RFC 9106): password hashing and key derivation on the library's BLAKE2b, with every
/// type (Argon2d, Argon2i, Argon2id), both versions (0x13, 0x10), secret and associated data, and
/// lanes on up to <see cref="Argon2Parameters.MaxDegreeOfParallelism"/> threads.
/// </summary>
/// <remarks>
/// <para>Memory: one native block array per call, 64-byte aligned, never the managed heap, zeroed
/// before it is freed. Threads: the calling thread fills lanes too, and an exception on any thread
/// reaches the caller. Every method is thread-safe.</para>
/// <para>PHC strings are the reference implementation's: <c>$argon2id$v=19$m=65536,t=3,p=4$salt$hash</c>
/// (unpadded base64); <see cref="VerifyPassword(ReadOnlySpan{byte}, string)"/> reads the ones it,
/// libsodium and the reference write, and compares tags in constant time.</para>
/// </remarks>
public static class Argon2
{
    /// <summary>The salt length <see cref="HashPassword(ReadOnlySpan{byte}, Argon2Parameters)"/> draws: 16 bytes.</summary>
    public const int SaltLength = 16;

    /// <summary>The tag length <see cref="HashPassword(ReadOnlySpan{byte}, Argon2Parameters)"/> writes: 32 bytes.</summary>
    public const int TagLength = 32;

    /// <summary>The shortest salt RFC 9106 allows: 8 bytes.</summary>
    public const int MinSaltLength = 8;

    /// <summary>The shortest tag RFC 9106 allows: 4 bytes.</summary>
    public const int MinTagLength = 4;

    private static readonly RandomNumberGenerator Random = RandomNumberGenerator.Create();

    /// <summary>Computes the Argon2 tag of <paramref name="password"/> and <paramref name="salt"/> into all of <paramref name="destination"/>.</summary>
    /// <param name="password">The password P, any length (empty included).</param>
    /// <param name="salt">The salt S, at least 8 bytes (16 recommended, random per password).</param>
    /// <param name="destination">Where the tag goes; its length, 4 bytes or more, is the tag length T (part of the result).</param>
    /// <param name="parameters">The type, version, costs, lanes, threads, secret and associated data.</param>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="salt"/> is shorter than 8 bytes, <paramref name="destination"/> shorter than 4,
    /// or <paramref name="parameters"/> has less than 8 KiB of memory per lane; nothing is written, no memory taken.</exception>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is written and nothing left allocated.</exception>
    public static void DeriveKey(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, Span<byte> destination, Argon2Parameters parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);

        CheckSalt(salt.Length, nameof(salt));
        if (destination.Length < MinTagLength)
        {
            throw new ArgumentException($"The destination's length is the tag length and must be at least {MinTagLength} bytes; it is {destination.Length}. Nothing was written.", nameof(destination));
        }

        parameters.Validate(nameof(parameters));
        Compute(password, salt, parameters.Secret.Span, parameters, destination);
    }

    /// <summary>Computes an Argon2 tag of <paramref name="outputLength"/> bytes.</summary>
    /// <param name="password">The password P, any length (empty included).</param>
    /// <param name="salt">The salt S, at least 8 bytes.</param>
    /// <param name="outputLength">The tag length T: 4 bytes or more (up to the longest array).</param>
    /// <param name="parameters">The type, version, costs, lanes, threads, secret and associated data.</param>
    /// <returns>The tag.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is less than 4 or more than the longest array.</exception>
    /// <exception cref="ArgumentException"><paramref name="salt"/> is shorter than 8 bytes or <paramref name="parameters"/> has less than 8 KiB of memory per lane.</exception>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is left allocated.</exception>
    public static byte[] DeriveKey(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int outputLength, Argon2Parameters parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);

        CheckSalt(salt.Length, nameof(salt));
        if (outputLength < MinTagLength || outputLength > Guard.MaxArrayLength)
        {
            throw new ArgumentOutOfRangeException(nameof(outputLength), outputLength, $"The output length must be between {MinTagLength} and {Guard.MaxArrayLength} bytes.");
        }

        parameters.Validate(nameof(parameters));
        byte[] tag = new byte[outputLength];
        Compute(password, salt, parameters.Secret.Span, parameters, tag);
        return tag;
    }

    /// <summary>
    /// Hashes a password for storage: a random 16-byte salt, a 32-byte tag, returned as a PHC string
    /// (<c>$argon2id$v=19$m=...,t=...,p=...$salt$hash</c>). A <see cref="Argon2Parameters.Secret"/>
    /// (pepper) is used but not stored: pass it to verification in <see cref="Argon2VerificationOptions.Secret"/>.
    /// </summary>
    /// <param name="password">The password, as bytes.</param>
    /// <param name="parameters">The type, version, costs, lanes, threads and secret.</param>
    /// <returns>The PHC string.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> has less than 8 KiB of memory per lane, or associated data (which a PHC string cannot carry).</exception>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is left allocated.</exception>
    public static string HashPassword(ReadOnlySpan<byte> password, Argon2Parameters parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);

        parameters.Validate(nameof(parameters));
        if (!parameters.AssociatedData.IsEmpty)
        {
            throw new ArgumentException("A PHC string does not carry associated data, so a password hashed with it could not be verified; use DeriveKey for associated data.", nameof(parameters));
        }

        byte[] salt = new byte[SaltLength];
        Random.GetBytes(salt);
        Span<byte> tag = stackalloc byte[TagLength];
        Compute(password, salt, parameters.Secret.Span, parameters, tag);
        string encoded = Argon2Phc.Format(parameters.Type, parameters.Version, parameters.MemorySize, parameters.Iterations, parameters.Parallelism, salt, tag);
        SecretBytes.Erase(tag);
        return encoded;
    }

    /// <summary>Hashes a password given as text (encoded as UTF-8) for storage; see <see cref="HashPassword(ReadOnlySpan{byte}, Argon2Parameters)"/>.</summary>
    /// <param name="password">The password; lone surrogates become U+FFFD, as UTF-8 encoders do.</param>
    /// <param name="parameters">The type, version, costs, lanes, threads and secret.</param>
    /// <returns>The PHC string.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> has less than 8 KiB of memory per lane, or associated data.</exception>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is left allocated.</exception>
    public static string HashPassword(ReadOnlySpan<char> password, Argon2Parameters parameters)
    {
        byte[] rented = Utf8(password, out int length);
        try
        {
            return HashPassword(rented.AsSpan(0, length), parameters);
        }
        finally
        {
            SecretBytes.Erase(rented.AsSpan(0, length));
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>Whether <paramref name="password"/> matches a PHC string, with the default limits (<see cref="Argon2VerificationOptions.Default"/>), no secret, on the calling thread.</summary>
    /// <param name="password">The password, as bytes.</param>
    /// <param name="encodedHash">The stored PHC string.</param>
    /// <returns><see langword="true"/> if the password gives the stored tag; the comparison takes the same time wherever they differ.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="encodedHash"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="encodedHash"/> is not an Argon2 PHC string; the message names the field.</exception>
    /// <exception cref="ArgumentException"><paramref name="encodedHash"/> asks for costs above the default limits (4 GiB, 64 passes, 256 lanes); no memory was taken.</exception>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is left allocated.</exception>
    public static bool VerifyPassword(ReadOnlySpan<byte> password, string encodedHash) => VerifyPassword(password, encodedHash, Argon2VerificationOptions.Default);

    /// <summary>Whether a password given as text (UTF-8) matches a PHC string, with the default limits; see <see cref="VerifyPassword(ReadOnlySpan{byte}, string)"/>.</summary>
    /// <param name="password">The password.</param>
    /// <param name="encodedHash">The stored PHC string.</param>
    /// <returns><see langword="true"/> if the password gives the stored tag.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="encodedHash"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="encodedHash"/> is not an Argon2 PHC string; the message names the field.</exception>
    /// <exception cref="ArgumentException"><paramref name="encodedHash"/> asks for costs above the default limits; no memory was taken.</exception>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is left allocated.</exception>
    public static bool VerifyPassword(ReadOnlySpan<char> password, string encodedHash) => VerifyPassword(password, encodedHash, Argon2VerificationOptions.Default);

    /// <summary>Whether a password given as text (UTF-8) matches a PHC string, with the given limits, secret and threads.</summary>
    /// <param name="password">The password.</param>
    /// <param name="encodedHash">The stored PHC string.</param>
    /// <param name="options">The limits on the string's costs, the secret (pepper) and the threads.</param>
    /// <returns><see langword="true"/> if the password gives the stored tag.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="encodedHash"/> or <paramref name="options"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="encodedHash"/> is not an Argon2 PHC string; the message names the field.</exception>
    /// <exception cref="ArgumentException"><paramref name="encodedHash"/> asks for costs above <paramref name="options"/>' limits; no memory was taken.</exception>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is left allocated.</exception>
    public static bool VerifyPassword(ReadOnlySpan<char> password, string encodedHash, Argon2VerificationOptions options)
    {
        byte[] rented = Utf8(password, out int length);
        try
        {
            return VerifyPassword(rented.AsSpan(0, length), encodedHash, options);
        }
        finally
        {
            SecretBytes.Erase(rented.AsSpan(0, length));
            ArrayPool<byte>.Shared.Return(rented);
        }
    }

    /// <summary>Whether <paramref name="password"/> matches a PHC string, with the given limits, secret and threads.</summary>
    /// <param name="password">The password, as bytes.</param>
    /// <param name="encodedHash">The stored PHC string.</param>
    /// <param name="options">The limits on the string's costs, the secret (pepper) and the threads.</param>
    /// <returns><see langword="true"/> if the password gives the stored tag; the comparison takes the same time wherever they differ.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="encodedHash"/> or <paramref name="options"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="encodedHash"/> is not an Argon2 PHC string; the message names the field.</exception>
    /// <exception cref="ArgumentException"><paramref name="encodedHash"/> asks for costs above <paramref name="options"/>' limits; no memory was taken.</exception>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is left allocated.</exception>
    public static bool VerifyPassword(ReadOnlySpan<byte> password, string encodedHash, Argon2VerificationOptions options)
    {
        ArgumentNullException.ThrowIfNull(encodedHash);

        ArgumentNullException.ThrowIfNull(options);

        Argon2Phc phc = Argon2Phc.Parse(encodedHash);
        CheckLimit(phc.MemorySize, options.MaxMemorySize, "m (memory, KiB)", nameof(Argon2VerificationOptions.MaxMemorySize), nameof(encodedHash));
        CheckLimit(phc.Iterations, options.MaxIterations, "t (passes)", nameof(Argon2VerificationOptions.MaxIterations), nameof(encodedHash));
        CheckLimit(phc.Parallelism, options.MaxParallelism, "p (lanes)", nameof(Argon2VerificationOptions.MaxParallelism), nameof(encodedHash));
        if (phc.MemorySize > int.MaxValue || phc.Iterations > int.MaxValue)
        {
            throw new ArgumentException($"The encoded hash asks for m = {phc.MemorySize}, t = {phc.Iterations}: more than this implementation takes ({int.MaxValue}).", nameof(encodedHash));
        }

        byte[] computed = new byte[phc.Tag.Length];
        try
        {
            int threads = Argon2Parameters.Threads(options.MaxDegreeOfParallelism, (int)phc.Parallelism);
            Argon2Core.Compute(password, phc.Salt, options.Secret.Span, default, phc.Type, phc.Version, (int)phc.Iterations, (int)phc.MemorySize, (int)phc.Parallelism, threads, computed, Argon2Kernels.Best);
            return CryptographicOperations.FixedTimeEquals(computed, phc.Tag);
        }
        finally
        {
            SecretBytes.Erase(computed);
        }
    }

    /// <summary>
    /// Whether a stored hash was made with other settings than <paramref name="parameters"/> and
    /// should be replaced at the next successful login: another type, version, memory size,
    /// number of passes or lanes, or a salt shorter than 16 bytes or a tag shorter than 32.
    /// </summary>
    /// <param name="encodedHash">The stored PHC string.</param>
    /// <param name="parameters">The settings new hashes are made with.</param>
    /// <returns><see langword="true"/> if the hash should be recomputed with <paramref name="parameters"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="encodedHash"/> or <paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="FormatException"><paramref name="encodedHash"/> is not an Argon2 PHC string; the message names the field.</exception>
    public static bool NeedsRehash(string encodedHash, Argon2Parameters parameters)
    {
        ArgumentNullException.ThrowIfNull(encodedHash);

        ArgumentNullException.ThrowIfNull(parameters);

        Argon2Phc phc = Argon2Phc.Parse(encodedHash);
        return phc.Type != parameters.Type
            || phc.Version != parameters.Version
            || phc.MemorySize != parameters.MemorySize
            || phc.Iterations != parameters.Iterations
            || phc.Parallelism != parameters.Parallelism
            || phc.Salt.Length < SaltLength
            || phc.Tag.Length < TagLength;
    }

    private static void Compute(ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> secret, Argon2Parameters parameters, Span<byte> tag) =>
        Argon2Core.Compute(
            password, salt, secret, parameters.AssociatedData.Span, parameters.Type, parameters.Version, parameters.Iterations, parameters.MemorySize,
            parameters.Parallelism, Argon2Parameters.Threads(parameters.MaxDegreeOfParallelism, parameters.Parallelism), tag, Argon2Kernels.Best);

    private static void CheckSalt(int length, string paramName)
    {
        if (length < MinSaltLength)
        {
            throw new ArgumentException($"The salt must be at least {MinSaltLength} bytes long; it is {length}. Nothing was written.", paramName);
        }
    }

    private static void CheckLimit(long value, long limit, string field, string option, string paramName)
    {
        if (value > limit)
        {
            throw new ArgumentException($"The encoded hash asks for {field} = {value}, above the limit of {limit} (Argon2VerificationOptions.{option}); it was not computed.", paramName);
        }
    }

    /// <summary>The UTF-8 bytes of <paramref name="text"/> in a pooled array (the caller erases and returns it).</summary>
    private static unsafe byte[] Utf8(ReadOnlySpan<char> text, out int length)
    {
        byte[] rented = ArrayPool<byte>.Shared.Rent(Math.Max(1, Encoding.UTF8.GetMaxByteCount(text.Length)));
        fixed (char* chars = text)
        fixed (byte* bytes = rented)
        {
            length = text.IsEmpty ? 0 : Encoding.UTF8.GetBytes(chars, text.Length, bytes, rented.Length);
        }

        return rented;
    }
}

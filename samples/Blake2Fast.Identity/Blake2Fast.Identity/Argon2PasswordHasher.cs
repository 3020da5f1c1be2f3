using System;
using System.Buffers.Binary;

using Microsoft.AspNetCore.Identity;
using Microsoft.Extensions.Options;

namespace Blake2Fast.Identity;

/// <summary>
/// ASP.NET Core Identity's password hasher on Argon2 (RFC 9106): new hashes are Argon2 PHC strings
/// (<c>$argon2id$v=19$m=...,t=...,p=...$salt$hash</c>) made with
/// <see cref="Argon2PasswordHasherOptions.Parameters"/>; stored Argon2 hashes made with other
/// parameters, and Identity's own PBKDF2 hashes, verify as
/// <see cref="PasswordVerificationResult.SuccessRehashNeeded"/>, on which Identity's
/// <c>UserManager</c> stores a new hash: users move over as they log in.
/// </summary>
/// <typeparam name="TUser">The user type; the hasher does not look at the user (the salt is random and stored in the hash).</typeparam>
/// <remarks>
/// A stored hash that cannot be read (malformed, another scheme, costs above
/// <see cref="Argon2PasswordHasherOptions.Verification"/>'s limits) verifies as
/// <see cref="PasswordVerificationResult.Failed"/>, never as an exception on the login page.
/// Memory the server cannot give is still an <see cref="OutOfMemoryException"/>: that is the
/// server's fault, not the user's, and should not look like a wrong password.
/// The hasher is immutable and thread-safe; one instance serves every request.
/// </remarks>
public sealed class Argon2PasswordHasher<TUser> : IPasswordHasher<TUser>
    where TUser : class
{
    /// <summary>Longer stored strings are no hash either scheme writes (Identity's v3 is 84 characters with its defaults); they fail without being decoded.</summary>
    private const int MaxPbkdf2HashLength = 1024;

    private readonly Argon2Parameters _parameters;
    private readonly Argon2VerificationOptions _verification;
    private readonly PasswordHasher<TUser>? _identityHasher;
    private readonly int _maxPbkdf2IterationCount;

    /// <summary>Creates the hasher from its options (as dependency injection does), or with the defaults of <see cref="Argon2PasswordHasherOptions"/> when none are given.</summary>
    /// <param name="optionsAccessor">The options; <see langword="null"/> for the defaults.</param>
    /// <exception cref="ArgumentException">
    /// The options cannot work: no parameters, associated data in them, less than 8 KiB of memory per
    /// lane, parameters above the verification limits (every new hash would then fail), or a PBKDF2
    /// iteration limit below 1. The message names the setting.
    /// </exception>
    public Argon2PasswordHasher(IOptions<Argon2PasswordHasherOptions>? optionsAccessor = null)
    {
        Argon2PasswordHasherOptions options = optionsAccessor?.Value ?? new Argon2PasswordHasherOptions();
        Argon2Parameters configured = options.Parameters
            ?? throw new ArgumentException("Argon2PasswordHasherOptions.Parameters must be set.", nameof(optionsAccessor));
        Argon2VerificationOptions limits = options.Verification
            ?? throw new ArgumentException("Argon2PasswordHasherOptions.Verification must be set.", nameof(optionsAccessor));

        if (!configured.AssociatedData.IsEmpty)
        {
            throw new ArgumentException("Argon2PasswordHasherOptions.Parameters.AssociatedData must be empty: a PHC string cannot carry it, so no hash made with it could be verified.", nameof(optionsAccessor));
        }

        if (configured.MemorySize < 8L * configured.Parallelism)
        {
            throw new ArgumentException($"Argon2PasswordHasherOptions.Parameters.MemorySize ({configured.MemorySize} KiB) must be at least 8 KiB per lane ({8L * configured.Parallelism} KiB for {configured.Parallelism} lanes).", nameof(optionsAccessor));
        }

        if (configured.MemorySize > limits.MaxMemorySize || configured.Iterations > limits.MaxIterations || configured.Parallelism > limits.MaxParallelism)
        {
            throw new ArgumentException(
                $"Argon2PasswordHasherOptions.Parameters (m = {configured.MemorySize}, t = {configured.Iterations}, p = {configured.Parallelism}) exceed Argon2PasswordHasherOptions.Verification's limits " +
                $"(m <= {limits.MaxMemorySize}, t <= {limits.MaxIterations}, p <= {limits.MaxParallelism}): every new hash would fail to verify.",
                nameof(optionsAccessor));
        }

        if (options.MaxPbkdf2IterationCount < 1)
        {
            throw new ArgumentException($"Argon2PasswordHasherOptions.MaxPbkdf2IterationCount must be at least 1; it is {options.MaxPbkdf2IterationCount}.", nameof(optionsAccessor));
        }

        // Our own copies, with the pepper as Argon2's secret on both sides: later changes to the
        // options object do not reach a hasher already built.
        ReadOnlyMemory<byte> pepper = options.Pepper.ToArray();
        _parameters = new Argon2Parameters
        {
            Type = configured.Type,
            Version = configured.Version,
            Iterations = configured.Iterations,
            MemorySize = configured.MemorySize,
            Parallelism = configured.Parallelism,
            MaxDegreeOfParallelism = configured.MaxDegreeOfParallelism,
            Secret = pepper,
        };
        _verification = new Argon2VerificationOptions
        {
            MaxMemorySize = limits.MaxMemorySize,
            MaxIterations = limits.MaxIterations,
            MaxParallelism = limits.MaxParallelism,
            MaxDegreeOfParallelism = limits.MaxDegreeOfParallelism,
            Secret = pepper,
        };
        _identityHasher = options.AcceptIdentityPbkdf2Hashes ? new PasswordHasher<TUser>() : null;
        _maxPbkdf2IterationCount = options.MaxPbkdf2IterationCount;
    }

    /// <summary>Hashes <paramref name="password"/> with Argon2 and the configured parameters and pepper, under a fresh random 16-byte salt.</summary>
    /// <param name="user">The user (not used: the salt is random and stored in the hash).</param>
    /// <param name="password">The password to hash.</param>
    /// <returns>The Argon2 PHC string to store, for example <c>$argon2id$v=19$m=65536,t=3,p=4$&lt;salt&gt;$&lt;hash&gt;</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="password"/> is <see langword="null"/>.</exception>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is left allocated.</exception>
    public string HashPassword(TUser user, string password)
    {
        ArgumentNullException.ThrowIfNull(password);

        return Argon2.HashPassword(password.AsSpan(), _parameters);
    }

    /// <summary>
    /// Checks <paramref name="providedPassword"/> against a stored hash: an Argon2 PHC string, or (when
    /// <see cref="Argon2PasswordHasherOptions.AcceptIdentityPbkdf2Hashes"/> is set) a hash written by
    /// Identity's own <c>PasswordHasher&lt;TUser&gt;</c>.
    /// </summary>
    /// <param name="user">The user (not used).</param>
    /// <param name="hashedPassword">The stored hash.</param>
    /// <param name="providedPassword">The password the user typed.</param>
    /// <returns>
    /// <see cref="PasswordVerificationResult.Success"/>: an Argon2 hash made with the configured
    /// parameters matches. <see cref="PasswordVerificationResult.SuccessRehashNeeded"/>: the password
    /// matches an Argon2 hash made with other parameters (see <see cref="Argon2.NeedsRehash"/>) or a
    /// PBKDF2 hash; store <see cref="HashPassword"/>'s result instead (Identity's <c>UserManager</c>
    /// does). <see cref="PasswordVerificationResult.Failed"/>: another password, or a stored hash that
    /// cannot be read or asks for more than the configured limits.
    /// </returns>
    /// <exception cref="ArgumentNullException"><paramref name="hashedPassword"/> or <paramref name="providedPassword"/> is <see langword="null"/>.</exception>
    /// <exception cref="OutOfMemoryException">The memory a valid hash within the limits asks for could not be had.</exception>
    public PasswordVerificationResult VerifyHashedPassword(TUser user, string hashedPassword, string providedPassword)
    {
        ArgumentNullException.ThrowIfNull(hashedPassword);
        ArgumentNullException.ThrowIfNull(providedPassword);

        if (hashedPassword.StartsWith("$argon2", StringComparison.Ordinal))
        {
            return VerifyArgon2(hashedPassword, providedPassword);
        }

        return _identityHasher is not null && IsReadablePbkdf2Hash(hashedPassword)
            ? VerifyPbkdf2(user, hashedPassword, providedPassword)
            : PasswordVerificationResult.Failed;
    }

    private PasswordVerificationResult VerifyArgon2(string hashedPassword, string providedPassword)
    {
        try
        {
            if (!Argon2.VerifyPassword(providedPassword.AsSpan(), hashedPassword, _verification))
            {
                return PasswordVerificationResult.Failed;
            }

            return Argon2.NeedsRehash(hashedPassword, _parameters)
                ? PasswordVerificationResult.SuccessRehashNeeded
                : PasswordVerificationResult.Success;
        }
        catch (FormatException)
        {
            // Not a PHC string the library reads: a damaged or foreign row.
            return PasswordVerificationResult.Failed;
        }
        catch (ArgumentException)
        {
            // Costs above the configured limits (refused before any memory was taken), or beyond an int.
            return PasswordVerificationResult.Failed;
        }
    }

    private PasswordVerificationResult VerifyPbkdf2(TUser user, string hashedPassword, string providedPassword)
    {
        PasswordVerificationResult result;
        try
        {
            result = _identityHasher!.VerifyHashedPassword(user, hashedPassword, providedPassword);
        }
        catch (FormatException)
        {
            return PasswordVerificationResult.Failed;
        }

        // Any match moves the row to Argon2, whatever Identity thinks of its own format.
        return result == PasswordVerificationResult.Failed ? PasswordVerificationResult.Failed : PasswordVerificationResult.SuccessRehashNeeded;
    }

    /// <summary>
    /// Whether a stored string is base64 of one of Identity's formats with a cost we accept: version 2
    /// (0x00, PBKDF2-HMAC-SHA1, 1,000 iterations, 49 bytes) or version 3 (0x01, then the PRF, the
    /// iteration count and the salt length as big-endian 32-bit integers, then salt and subkey), whose
    /// iteration count must not exceed <see cref="Argon2PasswordHasherOptions.MaxPbkdf2IterationCount"/>.
    /// </summary>
    private bool IsReadablePbkdf2Hash(string hashedPassword)
    {
        if (hashedPassword.Length == 0 || hashedPassword.Length > MaxPbkdf2HashLength)
        {
            return false;
        }

        Span<byte> decoded = stackalloc byte[MaxPbkdf2HashLength / 4 * 3];
        if (!Convert.TryFromBase64String(hashedPassword, decoded, out int length) || length == 0)
        {
            return false;
        }

        return decoded[0] switch
        {
            0x00 => length == 49,
            0x01 => length >= 13 && BinaryPrimitives.ReadUInt32BigEndian(decoded.Slice(5, 4)) is uint iterations && iterations >= 1 && iterations <= (uint)_maxPbkdf2IterationCount,
            _ => false,
        };
    }
}

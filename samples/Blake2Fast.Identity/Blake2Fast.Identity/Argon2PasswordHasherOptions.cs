using System;

namespace Blake2Fast.Identity;

/// <summary>
/// Settings of <see cref="Argon2PasswordHasher{TUser}"/>: the Argon2 parameters new hashes are made
/// with, the limits a stored hash must respect to be verified at all, an optional pepper, and whether
/// ASP.NET Core Identity's own PBKDF2 hashes are still accepted (so that users move over to Argon2 as
/// they log in).
/// </summary>
/// <remarks>
/// Set through <c>services.AddArgon2PasswordHasher&lt;TUser&gt;(options =&gt; ...)</c> or any
/// <c>services.Configure&lt;Argon2PasswordHasherOptions&gt;(...)</c>; read once, when the hasher is built.
/// </remarks>
public sealed class Argon2PasswordHasherOptions
{
    /// <summary>
    /// The parameters new hashes are made with and stored hashes are compared against: a stored hash
    /// made with other ones verifies as <c>SuccessRehashNeeded</c>, so raising them moves every user
    /// over at their next login. RFC 9106's second recommendation (Argon2id, t = 3, p = 4, m = 64 MiB)
    /// by default. Its <see cref="Argon2Parameters.Secret"/> is ignored: set <see cref="Pepper"/>.
    /// Its <see cref="Argon2Parameters.AssociatedData"/> must be empty (a PHC string cannot carry it).
    /// </summary>
    public Argon2Parameters Parameters { get; set; } = Argon2Parameters.Rfc9106SecondRecommendation;

    /// <summary>
    /// The largest costs a stored hash may ask for, and the threads verification may use (a row of the
    /// database must not be able to make one login take all the server's memory): the library's
    /// defaults (4 GiB, 64 passes, 256 lanes, one thread) unless set. A stored hash above them verifies
    /// as <c>Failed</c>, without taking the memory. Its <see cref="Argon2VerificationOptions.Secret"/> is
    /// ignored: set <see cref="Pepper"/>.
    /// </summary>
    public Argon2VerificationOptions Verification { get; set; } = new();

    /// <summary>
    /// A secret kept outside the database (a key vault, an environment variable), given to Argon2 as
    /// its secret input K both when hashing and when verifying; empty (no pepper) by default. It is not
    /// stored in the hash: a hash made with one pepper fails with any other or with none.
    /// </summary>
    public ReadOnlyMemory<byte> Pepper { get; set; }

    /// <summary>
    /// Whether a stored hash that is not an Argon2 PHC string is handed to ASP.NET Core Identity's own
    /// <c>PasswordHasher&lt;TUser&gt;</c> (its PBKDF2 formats, version 3 and version 2); a match verifies as
    /// <c>SuccessRehashNeeded</c>, so Identity stores an Argon2 hash in its place. <see langword="true"/>
    /// by default; set <see langword="false"/> once no such row is left.
    /// </summary>
    public bool AcceptIdentityPbkdf2Hashes { get; set; } = true;

    /// <summary>
    /// The largest PBKDF2 iteration count a stored Identity version 3 hash may ask for (the count is
    /// written in the hash, so an altered row could otherwise make one login run for minutes):
    /// 1,000,000 by default, ten times Identity's own default. A hash above it verifies as <c>Failed</c>.
    /// </summary>
    public int MaxPbkdf2IterationCount { get; set; } = 1_000_000;
}

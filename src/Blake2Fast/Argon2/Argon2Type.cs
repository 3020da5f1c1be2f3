namespace Blake2Fast;

/// <summary>The three variants of Argon2 (RFC 9106, section 3.1: the type y).</summary>
public enum Argon2Type
{
    /// <summary>Argon2d: memory access depends on the password; fastest, and resistant to GPU cracking, but open to side-channel timing attacks. For uses with no such threat (cryptocurrency proof of work).</summary>
    Argon2d = 0,

    /// <summary>Argon2i: memory access independent of the password; resists side channels, needs more passes against tradeoff attacks.</summary>
    Argon2i = 1,

    /// <summary>Argon2id: Argon2i's way for the first half of the first pass, Argon2d's after; RFC 9106's recommended default and the one to use for passwords.</summary>
    Argon2id = 2,
}

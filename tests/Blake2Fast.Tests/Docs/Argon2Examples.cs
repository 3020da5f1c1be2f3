using System;

namespace Blake2Fast.Tests;

/// <summary>The C# snippets of docs/argon2.md, verbatim, run and checked (the key against Debian's libargon2).</summary>
#pragma warning disable CA1051, CA1707, IDE1006 // the snippets use these names as they appear in the docs
public class Argon2Examples : DocExamples
{
    private const string password = "correct horse battery staple";
    private static readonly byte[] passphrase = "correct horse battery staple"u8.ToArray();
    private static readonly byte[] salt = "0123456789abcdef"u8.ToArray();
    private static readonly byte[] pepper = "kept in a key vault"u8.ToArray();

    [Fact]
    public void Hash_verify_and_derive()
    {
        // Registration: one string to store (algorithm, costs, salt and hash together).
        string stored = Argon2.HashPassword(password, Argon2Parameters.Rfc9106SecondRecommendation);
        // "$argon2id$v=19$m=65536,t=3,p=4$<salt>$<hash>"

        // Login.
        bool ok = Argon2.VerifyPassword(password, stored);

        // Key derivation: a 32-byte key from a passphrase and a stored random salt.
        byte[] key = Argon2.DeriveKey(passphrase, salt, 32, new Argon2Parameters { Iterations = 3, MemorySize = 64 * 1024 });

        Assert.StartsWith("$argon2id$v=19$m=65536,t=3,p=4$", stored, StringComparison.Ordinal);
        Assert.True(ok);

        // Python: ctypes.CDLL("libargon2.so.1").argon2id_hash_raw(3, 65536, 1, pw, len(pw), salt, len(salt), out, 32)
        Assert.Equal("94c86f541abdb3d9aabfea59aa03963549483e9c0b1a79336e76b54cee6c917e", Hex(key));
    }

    [Fact]
    public void Own_parameters()
    {
        var parameters = new Argon2Parameters { Type = Argon2Type.Argon2id, Iterations = 4, MemorySize = 128 * 1024, Parallelism = 2 };
        Assert.Equal((4, 128 * 1024, 2, 1), (parameters.Iterations, parameters.MemorySize, parameters.Parallelism, parameters.MaxDegreeOfParallelism));
    }

    [Fact]
    public void Limits()
    {
        string stored = Argon2.HashPassword(password, new Argon2Parameters { Iterations = 1, MemorySize = 1024 });
        var options = new Argon2VerificationOptions { MaxMemorySize = 256 * 1024 };
        bool accepted = Argon2.VerifyPassword(password, stored, options);
        Assert.True(accepted);
    }

    [Fact]
    public void Rehash_on_login()
    {
        var current = new Argon2Parameters { Iterations = 2, MemorySize = 256 };
        var user = new User { PasswordHash = Argon2.HashPassword(password, new Argon2Parameters { Iterations = 1, MemorySize = 256 }) };
        string before = user.PasswordHash;
        if (Argon2.VerifyPassword(password, user.PasswordHash))
        {
            if (Argon2.NeedsRehash(user.PasswordHash, current))
            {
                user.PasswordHash = Argon2.HashPassword(password, current);
                // save
            }
        }

        Assert.NotEqual(before, user.PasswordHash);
        Assert.False(Argon2.NeedsRehash(user.PasswordHash, current));
        Assert.True(Argon2.VerifyPassword(password, user.PasswordHash));
    }

    [Fact]
    public void Pepper()
    {
        var hashing = new Argon2Parameters { Iterations = 3, MemorySize = 64 * 1024, Secret = pepper };
        string peppered = Argon2.HashPassword(password, hashing);
        bool valid = Argon2.VerifyPassword(password, peppered, new Argon2VerificationOptions { Secret = pepper });
        Assert.True(valid);
        Assert.False(Argon2.VerifyPassword(password, peppered));
    }

    private sealed class User
    {
        public required string PasswordHash { get; set; }
    }
}

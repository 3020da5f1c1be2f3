using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Bench.Native;

/// <summary>libsodium's Argon2 (<c>crypto_pwhash</c>): one lane only (p = 1), what NSec, Geralt and Sodium.Core wrap.</summary>
internal static unsafe partial class Libsodium
{
    /// <summary>libsodium's algorithm id of Argon2id version 0x13.</summary>
    public const int Argon2id13 = 2;

    private static readonly Lazy<bool> PwhashLoaded = new(() => NativeLibraries.SodiumExports("sodium_init", "crypto_pwhash") && sodium_init() >= 0);

    /// <summary>Whether libsodium's crypto_pwhash could be loaded.</summary>
    public static bool PwhashAvailable => PwhashLoaded.Value;

    /// <summary>Argon2id, t passes over <paramref name="memoryBytes"/> bytes in one lane, into all of <paramref name="tag"/>.</summary>
    public static void Pwhash(Span<byte> tag, ReadOnlySpan<byte> password, ReadOnlySpan<byte> salt, int t, long memoryBytes)
    {
        fixed (byte* o = tag, p = password, s = salt)
        {
            Check(crypto_pwhash(o, (ulong)tag.Length, p, (ulong)password.Length, s, (ulong)t, (nuint)memoryBytes, Argon2id13));
        }
    }

#pragma warning disable SA1300, IDE1006 // Native entry points keep their C names.
    [LibraryImport(NativeLibraries.Sodium)]
    private static partial int crypto_pwhash(byte* output, ulong outputLength, byte* password, ulong passwordLength, byte* salt, ulong opsLimit, nuint memLimit, int algorithm);
#pragma warning restore SA1300, IDE1006
}

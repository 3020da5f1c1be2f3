using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Bench.Native;

/// <summary>
/// libsodium's BLAKE2b (<c>crypto_generichash</c>), the native code NSec.Cryptography wraps.
/// Called the way a .NET wrapper would: one ordinary P/Invoke per call, spans pinned by <c>fixed</c>.
/// </summary>
internal static unsafe partial class Libsodium
{
    /// <summary>libsodium refuses digests shorter than this (<c>crypto_generichash_BYTES_MIN</c>).</summary>
    public const int MinDigestLength = 16;

    private static readonly Lazy<bool> Loaded = new(() =>
        NativeLibraries.SodiumExports("sodium_init", "sodium_version_string", "crypto_generichash",
            "crypto_generichash_statebytes", "crypto_generichash_init", "crypto_generichash_update", "crypto_generichash_final")
        // sodium_init selects the SIMD BLAKE2b compress; without it libsodium stays on its portable code.
        && sodium_init() >= 0);

    /// <summary>Whether libsodium could be loaded and initialized.</summary>
    public static bool IsAvailable => Loaded.Value;

    /// <summary>libsodium's version string, or null when it is not available.</summary>
    public static string? Version => IsAvailable ? Marshal.PtrToStringUTF8(sodium_version_string()) : null;

    /// <summary>Size in bytes of a <c>crypto_generichash_state</c>.</summary>
    public static int StateLength => checked((int)crypto_generichash_statebytes());

    /// <summary>One-shot BLAKE2b of <paramref name="input"/> into all of <paramref name="output"/>, keyed when <paramref name="key"/> is not empty.</summary>
    public static int Hash(Span<byte> output, ReadOnlySpan<byte> input, ReadOnlySpan<byte> key)
    {
        fixed (byte* o = output)
        fixed (byte* i = input)
        fixed (byte* k = key)
        {
            Check(crypto_generichash(o, (nuint)output.Length, i, (ulong)input.Length, key.IsEmpty ? null : k, (nuint)key.Length));
        }

        return output.Length;
    }

    /// <summary>Starts an incremental hash in <paramref name="state"/> (at least <see cref="StateLength"/> bytes, 64-byte aligned).</summary>
    public static void Init(nint state, ReadOnlySpan<byte> key, int digestLength)
    {
        fixed (byte* k = key)
        {
            Check(crypto_generichash_init((void*)state, key.IsEmpty ? null : k, (nuint)key.Length, (nuint)digestLength));
        }
    }

    /// <summary>Adds <paramref name="input"/> to the hash in <paramref name="state"/>.</summary>
    public static void Update(nint state, ReadOnlySpan<byte> input)
    {
        fixed (byte* i = input)
        {
            Check(crypto_generichash_update((void*)state, i, (ulong)input.Length));
        }
    }

    /// <summary>Writes the digest of <paramref name="state"/> into all of <paramref name="output"/>.</summary>
    public static int Final(nint state, Span<byte> output)
    {
        fixed (byte* o = output)
        {
            Check(crypto_generichash_final((void*)state, o, (nuint)output.Length));
        }

        return output.Length;
    }

    private static void Check(int result)
    {
        if (result != 0)
        {
            throw new InvalidOperationException($"libsodium returned {result}.");
        }
    }

#pragma warning disable SA1300, IDE1006 // Native entry points keep their C names.
    [LibraryImport(NativeLibraries.Sodium)]
    private static partial int sodium_init();

    [LibraryImport(NativeLibraries.Sodium)]
    private static partial nint sodium_version_string();

    [LibraryImport(NativeLibraries.Sodium)]
    private static partial nuint crypto_generichash_statebytes();

    [LibraryImport(NativeLibraries.Sodium)]
    private static partial int crypto_generichash(byte* output, nuint outputLength, byte* input, ulong inputLength, byte* key, nuint keyLength);

    [LibraryImport(NativeLibraries.Sodium)]
    private static partial int crypto_generichash_init(void* state, byte* key, nuint keyLength, nuint outputLength);

    [LibraryImport(NativeLibraries.Sodium)]
    private static partial int crypto_generichash_update(void* state, byte* input, ulong inputLength);

    [LibraryImport(NativeLibraries.Sodium)]
    private static partial int crypto_generichash_final(void* state, byte* output, nuint outputLength);
#pragma warning restore SA1300, IDE1006
}

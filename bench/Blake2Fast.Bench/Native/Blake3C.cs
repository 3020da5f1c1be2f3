using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Bench.Native;

/// <summary>
/// The official BLAKE3 C implementation (Debian's librust-blake3-dev sources, <c>c/</c> folder,
/// built by bench/native/build-blake3-c.sh with gcc -O3 and its SSE2, SSE4.1, AVX2 and AVX-512
/// assembly, chosen at run time by its own dispatcher): the native peer. Called as a .NET wrapper
/// would: init, update, finalize on a hasher in a caller's buffer, one P/Invoke each.
/// </summary>
internal static unsafe partial class Blake3C
{
    // sizeof(blake3_hasher) is 1912 bytes in 1.3.1 (key, chunk state, a 55-entry CV stack); a
    // larger buffer leaves room for other versions' layouts.
    private const int HasherBytes = 4096;

    private static readonly Lazy<bool> Loaded = new(() =>
        NativeLibraries.Blake3CExports("blake3_version", "blake3_hasher_init", "blake3_hasher_init_keyed", "blake3_hasher_update", "blake3_hasher_finalize"));

    /// <summary>Whether the library could be loaded.</summary>
    public static bool IsAvailable => Loaded.Value;

    /// <summary>The library's version string, or null when it is not available.</summary>
    public static string? Version => IsAvailable ? Marshal.PtrToStringUTF8(blake3_version()) : null;

    /// <summary>BLAKE3 of <paramref name="input"/> into all of <paramref name="output"/>.</summary>
    /// <remarks>
    /// The hasher's buffer is not zeroed first (<c>blake3_hasher_init</c> writes every field it reads):
    /// clearing 4 KiB on each call would be the wrapper's cost, not the library's.
    /// </remarks>
    [SkipLocalsInit]
    public static void Hash(ReadOnlySpan<byte> input, Span<byte> output)
    {
        byte* hasher = stackalloc byte[HasherBytes];
        fixed (byte* i = input)
        fixed (byte* o = output)
        {
            blake3_hasher_init(hasher);
            blake3_hasher_update(hasher, i, (nuint)input.Length);
            blake3_hasher_finalize(hasher, o, (nuint)output.Length);
        }
    }

    [LibraryImport(NativeLibraries.Blake3C)]
    private static partial nint blake3_version();

    [LibraryImport(NativeLibraries.Blake3C)]
    private static partial void blake3_hasher_init(byte* hasher);

    [LibraryImport(NativeLibraries.Blake3C)]
    private static partial void blake3_hasher_update(byte* hasher, byte* input, nuint length);

    [LibraryImport(NativeLibraries.Blake3C)]
    private static partial void blake3_hasher_finalize(byte* hasher, byte* output, nuint length);
}

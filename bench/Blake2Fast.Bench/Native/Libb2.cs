using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Bench.Native;

/// <summary>
/// libb2, the BLAKE2 authors' reference C library (runtime-dispatched SSE2..AVX/XOP code), through
/// its one-shot functions. Signatures from its <c>blake2.h</c> (0.98.1):
/// <c>int blake2b(uint8_t *out, const void *in, const void *key, size_t outlen, size_t inlen, size_t keylen)</c>,
/// and the same for <c>blake2s</c>, <c>blake2bp</c> and <c>blake2sp</c>.
/// </summary>
internal static unsafe partial class Libb2
{
    private static readonly Lazy<bool> Loaded = new(() => NativeLibraries.Libb2Exports("blake2b", "blake2s", "blake2bp", "blake2sp"));

    /// <summary>Whether libb2 could be loaded.</summary>
    public static bool IsAvailable => Loaded.Value;

    /// <summary>
    /// Whether this libb2 was built with OpenMP (Debian's is): then <c>blake2bp</c> and
    /// <c>blake2sp</c> hash their leaves on 4 and 8 threads, a choice libb2 makes itself.
    /// Symbol lookup through libb2's handle also searches the libraries it depends on.
    /// </summary>
    public static bool UsesOpenMP => IsAvailable && NativeLibraries.Libb2Exports("omp_get_thread_num");

    /// <summary>BLAKE2b of <paramref name="input"/> into all of <paramref name="output"/>, keyed when <paramref name="key"/> is not empty.</summary>
    public static int Blake2b(Span<byte> output, ReadOnlySpan<byte> input, ReadOnlySpan<byte> key) => Call(&blake2b, output, input, key);

    /// <summary>BLAKE2s of <paramref name="input"/> into all of <paramref name="output"/>, keyed when <paramref name="key"/> is not empty.</summary>
    public static int Blake2s(Span<byte> output, ReadOnlySpan<byte> input, ReadOnlySpan<byte> key) => Call(&blake2s, output, input, key);

    /// <summary>BLAKE2bp (4 leaves) of <paramref name="input"/> into all of <paramref name="output"/>.</summary>
    public static int Blake2bp(Span<byte> output, ReadOnlySpan<byte> input, ReadOnlySpan<byte> key) => Call(&blake2bp, output, input, key);

    /// <summary>BLAKE2sp (8 leaves) of <paramref name="input"/> into all of <paramref name="output"/>.</summary>
    public static int Blake2sp(Span<byte> output, ReadOnlySpan<byte> input, ReadOnlySpan<byte> key) => Call(&blake2sp, output, input, key);

    /// <summary>Calls one of the four one-shots, which share a signature, on pinned spans (an empty key passes null).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int Call(delegate*<byte*, byte*, byte*, nuint, nuint, nuint, int> function, Span<byte> output, ReadOnlySpan<byte> input, ReadOnlySpan<byte> key)
    {
        fixed (byte* o = output)
        fixed (byte* i = input)
        fixed (byte* k = key)
        {
            return Check(function(o, i, k, (nuint)output.Length, (nuint)input.Length, (nuint)key.Length), output.Length);
        }
    }

    private static int Check(int result, int written) =>
        result == 0 ? written : throw new InvalidOperationException($"libb2 returned {result}.");

#pragma warning disable SA1300, IDE1006 // Native entry points keep their C names.
    [LibraryImport(NativeLibraries.Libb2)]
    private static partial int blake2b(byte* output, byte* input, byte* key, nuint outputLength, nuint inputLength, nuint keyLength);

    [LibraryImport(NativeLibraries.Libb2)]
    private static partial int blake2s(byte* output, byte* input, byte* key, nuint outputLength, nuint inputLength, nuint keyLength);

    [LibraryImport(NativeLibraries.Libb2)]
    private static partial int blake2bp(byte* output, byte* input, byte* key, nuint outputLength, nuint inputLength, nuint keyLength);

    [LibraryImport(NativeLibraries.Libb2)]
    private static partial int blake2sp(byte* output, byte* input, byte* key, nuint outputLength, nuint inputLength, nuint keyLength);
#pragma warning restore SA1300, IDE1006
}

using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Internal;

/// <summary>Erasing secrets: keys, keyed state, chaining values and input of keyed hashes.</summary>
/// <remarks>
/// The library's own, on every build, rather than <c>CryptographicOperations.ZeroMemory</c>: that
/// one lives in System.Security.Cryptography.dll, which a process then loads on its first hash
/// (BLAKE2b, BLAKE2s and most BLAKE3 one-shots did), a millisecond or more of a first call
/// (docs/measurements.md#secret-bytes). Same contract: out of line and unoptimized, so that the
/// writes are not dropped as dead stores however the caller is compiled.
/// </remarks>
internal static class SecretBytes
{
    /// <summary>Zeroes <paramref name="buffer"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
    public static void Erase(Span<byte> buffer) => buffer.Clear();
}

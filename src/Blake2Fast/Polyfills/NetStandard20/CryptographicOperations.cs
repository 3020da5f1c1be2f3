using System.Runtime.CompilerServices;

// .NET Standard 2.1 has CryptographicOperations; netstandard2.0 only.
namespace System.Security.Cryptography;

/// <summary>The erasing half of .NET Core's CryptographicOperations.</summary>
internal static class CryptographicOperations
{
    /// <summary>Zeroes <paramref name="buffer"/>; kept out of line and unoptimized so the writes cannot be dropped as dead.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
    public static void ZeroMemory(Span<byte> buffer) => buffer.Clear();
}

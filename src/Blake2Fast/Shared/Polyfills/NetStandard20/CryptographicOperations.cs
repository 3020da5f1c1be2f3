using System;
using System.Runtime.CompilerServices;

// .NET Standard 2.1 has CryptographicOperations; netstandard2.0 only. Every caller is in (or imports)
// Blake2Fast.Internal, so it finds this one there. Not in System.Security.Cryptography: the test
// suite and the other InternalsVisibleTo assemblies see internal types, and on a modern runtime a
// second System.Security.Cryptography.CryptographicOperations made every use of the real one
// ambiguous (CS0433) when they are built against this build.
namespace Blake2Fast.Internal;

/// <summary>The erasing half of .NET Core's CryptographicOperations.</summary>
internal static class CryptographicOperations
{
    /// <summary>Zeroes <paramref name="buffer"/>; kept out of line and unoptimized so the writes cannot be dropped as dead.</summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
    public static void ZeroMemory(Span<byte> buffer) => buffer.Clear();
}

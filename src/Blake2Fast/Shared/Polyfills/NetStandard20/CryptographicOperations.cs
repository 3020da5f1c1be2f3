using System;
using System.Runtime.CompilerServices;

// .NET Standard 2.1 has CryptographicOperations; netstandard2.0 only. Every caller is in (or imports)
// Blake2Fast.Internal, so it finds this one there. Not in System.Security.Cryptography: the test
// suite and the other InternalsVisibleTo assemblies see internal types, and on a modern runtime a
// second System.Security.Cryptography.CryptographicOperations made every use of the real one
// ambiguous (CS0433) when they are built against this build.
namespace Blake2Fast.Internal;

/// <summary>The method of .NET Core's CryptographicOperations that the library calls (it erases secrets with its own <see cref="SecretBytes"/>).</summary>
internal static class CryptographicOperations
{
    /// <summary>
    /// Whether <paramref name="left"/> and <paramref name="right"/> hold the same bytes, in a time that
    /// depends on their length only (every byte is read, whatever differs first); kept out of line
    /// and unoptimized so the loop is not cut short.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.NoOptimization)]
    public static bool FixedTimeEquals(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        if (left.Length != right.Length)
        {
            return false;
        }

        int difference = 0;
        for (int i = 0; i < left.Length; i++)
        {
            difference |= left[i] ^ right[i];
        }

        return difference == 0;
    }
}

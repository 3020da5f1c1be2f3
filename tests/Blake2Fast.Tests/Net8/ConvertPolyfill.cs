using System;

namespace Blake2Fast.Tests;

/// <summary>.NET 9's Convert.ToHexStringLower for the net8.0 build of the tests (compiled there only).</summary>
internal static class ConvertPolyfill
{
    extension(Convert)
    {
        public static string ToHexStringLower(ReadOnlySpan<byte> bytes) => Convert.ToHexString(bytes).ToLowerInvariant();

        public static string ToHexStringLower(byte[] bytes) => Convert.ToHexString(bytes).ToLowerInvariant();
    }
}

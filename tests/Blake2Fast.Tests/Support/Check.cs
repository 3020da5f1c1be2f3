using System;
using Xunit.Sdk;

namespace Blake2Fast.Tests;

public static class Check
{
    /// <summary>Fails with the label and both digests in hex, so a failing case names itself.</summary>
    public static void Digest(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, string label)
    {
        if (!expected.SequenceEqual(actual))
        {
            throw new XunitException($"{label}{Environment.NewLine}expected {Convert.ToHexStringLower(expected)}{Environment.NewLine}actual   {Convert.ToHexStringLower(actual)}");
        }
    }
}

using System;

namespace Blake2Fast.Tests;

/// <summary>How an overload treats the length of the caller's destination.</summary>
public enum DestinationRule
{
    /// <summary>The destination's length is the digest length (1..max); anything else throws ArgumentException.</summary>
    IsDigestLength,

    /// <summary>The destination must hold the digest; shorter throws ArgumentException, longer is written only up to the digest.</summary>
    AtLeastDigestOrThrow,

    /// <summary>The destination must hold the digest; shorter returns false with 0 bytes written.</summary>
    AtLeastDigestOrFalse,
}

/// <summary>Writes a digest of <paramref name="source"/> into <paramref name="destination"/>; returns the bytes written, or -1 for a Try form's false.</summary>
public delegate int WriteInto(byte[] key, int digestLength, ArraySegment<byte> source, ArraySegment<byte> destination);

/// <summary>One overload that writes into a caller's span, for the contract driver.</summary>
public sealed record DestinationWriter(string Name, DestinationRule Rule, bool TakesKey, bool TakesLength, string? ParamName, WriteInto Write)
{
    public override string ToString() => Name;
}

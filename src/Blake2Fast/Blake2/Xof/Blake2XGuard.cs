using System;
using System.Diagnostics.CodeAnalysis;
using System.Text;

namespace Blake2Fast.Internal;

/// <summary>The argument checks that only BLAKE2X needs: output lengths, and parameters it cannot honour.</summary>
internal static class Blake2XGuard
{
    /// <summary>An output length (or a destination whose length is one) must be within 1..<paramref name="max"/>.</summary>
    public static void OutputLength(long value, long max, string paramName)
    {
        if (value < 1 || value > max)
        {
            ThrowOutputLength(value, 1, max, paramName);
        }
    }

    /// <summary>Fixing the length of a hasher created with a declared length can only confirm that length.</summary>
    public static void DeclaredLength(long value, long declared, string paramName)
    {
        if (value != declared)
        {
            throw new ArgumentOutOfRangeException(paramName, value, $"This hasher was created for an output of {declared} bytes, so the output length must be {declared}; {value} was given.");
        }
    }

    /// <summary>Reading <paramref name="length"/> more bytes must not pass the end of the output.</summary>
    public static void Readable(int length, ulong remaining, string paramName)
    {
        if ((ulong)length > remaining)
        {
            ThrowPastEnd(length, remaining, paramName);
        }
    }

    /// <summary>
    /// BLAKE2X takes the key, salt and personalization from a parameters object and sets every
    /// other field itself, so a parameters object that changed any of those fields is refused
    /// rather than silently half-used.
    /// </summary>
    public static void OnlyKeySaltPersonalization(int digestLength, int defaultDigestLength, int fanOut, int maxDepth, uint leafLength, ulong nodeOffset, int nodeDepth, int innerLength, bool isLastNode, string algorithm, string paramName)
    {
        var changed = new StringBuilder();
        Note(changed, digestLength != defaultDigestLength, "DigestLength", digestLength);
        Note(changed, fanOut != 1, "FanOut", fanOut);
        Note(changed, maxDepth != 1, "MaxDepth", maxDepth);
        Note(changed, leafLength != 0, "LeafLength", leafLength);
        Note(changed, nodeOffset != 0, "NodeOffset", nodeOffset);
        Note(changed, nodeDepth != 0, "NodeDepth", nodeDepth);
        Note(changed, innerLength != 0, "InnerLength", innerLength);
        Note(changed, isLastNode, "IsLastNode", isLastNode);
        if (changed.Length != 0)
        {
            throw new ArgumentException(
                $"{algorithm} uses only the Key, Salt and Personalization of the parameters and sets the digest length and tree fields itself; leave those at their defaults. Changed: {changed}.",
                paramName);
        }

        static void Note(StringBuilder changed, bool isChanged, string name, object value)
        {
            if (isChanged)
            {
                changed.Append(changed.Length == 0 ? "" : ", ").Append(name).Append(" = ").Append(value);
            }
        }
    }

    /// <summary>The state was finished, cleared or never initialized.</summary>
    [DoesNotReturn]
    public static void ThrowNotActive() => throw new InvalidOperationException(
        "This BLAKE2X hash state is not active: it was already finished (reading has started) or cleared, or it was never initialized. Create a new hasher with CreateIncrementalHasher().");

    [DoesNotReturn]
    private static void ThrowOutputLength(long value, long min, long max, string paramName) =>
        throw new ArgumentOutOfRangeException(paramName, value, $"The output length must be between {min} and {max} bytes; {value} was given.");

    [DoesNotReturn]
    private static void ThrowPastEnd(int length, ulong remaining, string paramName) =>
        throw new ArgumentException($"Reading {length} bytes would pass the end of the output: {remaining} bytes remain. Nothing was written.", paramName);
}

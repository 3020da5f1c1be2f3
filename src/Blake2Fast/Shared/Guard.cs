using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Internal;

/// <summary>Argument checks with messages that name the parameter and its allowed range.</summary>
internal static class Guard
{
    /// <summary>
    /// The most bytes an array holds: Array.MaxLength on .NET 6 and later, which .NET Standard
    /// lacks (.NET Framework's limit for byte arrays is the same). A length a method returns as a
    /// new array must not pass it, or the allocation fails with OutOfMemoryException.
    /// </summary>
    public const int MaxArrayLength = 0x7FFFFFC7;

    public static void DigestLength(int value, int max, [CallerArgumentExpression(nameof(value))] string? paramName = null)
    {
        if ((uint)(value - 1) >= (uint)max)
        {
            ThrowDigestLength(value, max, paramName);
        }
    }

    /// <summary>A destination whose length is the digest length must be 1..max bytes long.</summary>
    public static void DestinationAsDigest(int length, int max, string paramName)
    {
        if ((uint)(length - 1) >= (uint)max)
        {
            ThrowDestinationAsDigest(length, max, paramName);
        }
    }

    public static void Destination(int length, int required, string paramName)
    {
        if (length < required)
        {
            ThrowDestinationTooShort(length, required, paramName);
        }
    }

    public static void MaxLength(int length, int max, string what, string paramName)
    {
        if (length > max)
        {
            ThrowTooLong(length, max, what, paramName);
        }
    }

    /// <summary>A number of bytes to return in a new array: 0 to <see cref="MaxArrayLength"/>.</summary>
    public static void ArrayLength(int length, string paramName)
    {
        if ((uint)length > MaxArrayLength)
        {
            throw new ArgumentOutOfRangeException(paramName, length, $"The length must be between 0 and {MaxArrayLength} bytes (the longest array); {length} was given.");
        }
    }

    public static void Range(long value, long min, long max, string paramName)
    {
        if (value < min || value > max)
        {
            ThrowOutOfRange(value, min, max, paramName);
        }
    }

    /// <summary>The fixed-stride <c>HashMany</c> input: whole messages of at least one byte.</summary>
    public static void PackedMessages(int sourceLength, int messageLength, string sourceName, string messageLengthName)
    {
        if (messageLength < 1)
        {
            throw new ArgumentOutOfRangeException(messageLengthName, messageLength, $"The message length must be at least 1 byte; {messageLength} was given.");
        }

        if (sourceLength % messageLength != 0)
        {
            throw new ArgumentException($"The source holds messages of {messageLength} bytes back to back, so its length must be a multiple of {messageLength}; it is {sourceLength} bytes.", sourceName);
        }
    }

    /// <summary>The shape of a <c>HashTree</c> call: leaves of at least one byte, and -1 or a positive number of threads.</summary>
    public static void TreeShape(long leafLength, int maxDegreeOfParallelism, string leafLengthName, string maxDegreeOfParallelismName)
    {
        LeafLength(leafLength, leafLengthName);
        if (maxDegreeOfParallelism == 0 || maxDegreeOfParallelism < -1)
        {
            throw new ArgumentOutOfRangeException(maxDegreeOfParallelismName, maxDegreeOfParallelism, $"The maximum degree of parallelism must be -1 (as many threads as help) or at least 1; {maxDegreeOfParallelism} was given.");
        }
    }

    /// <summary>A tree's leaf length: 1 byte to what the parameter block holds.</summary>
    public static void LeafLength(long leafLength, string paramName)
    {
        if (leafLength < 1 || leafLength > uint.MaxValue)
        {
            throw new ArgumentOutOfRangeException(paramName, leafLength, $"The leaf length must be between 1 and {uint.MaxValue} bytes; {leafLength} was given.");
        }
    }

    [DoesNotReturn]
    public static void ThrowManyDestination(int length, int count, int digestLength, string paramName) =>
        throw new ArgumentException($"The destination must hold exactly one {digestLength}-byte digest per message: {count} x {digestLength} = {(long)count * digestLength} bytes; it is {length} bytes. Nothing was written.", paramName);

    [DoesNotReturn]
    private static void ThrowDigestLength(int value, int max, string? paramName) =>
        throw new ArgumentOutOfRangeException(paramName, value, $"The digest length must be between 1 and {max} bytes; {value} was given.");

    [DoesNotReturn]
    private static void ThrowDestinationAsDigest(int length, int max, string paramName) =>
        throw new ArgumentException($"The destination's length is the digest length and must be between 1 and {max} bytes; it is {length} bytes.", paramName);

    [DoesNotReturn]
    private static void ThrowDestinationTooShort(int length, int required, string paramName) =>
        throw new ArgumentException($"The destination is {length} bytes long; the digest needs {required}. Nothing was written.", paramName);

    [DoesNotReturn]
    private static void ThrowTooLong(int length, int max, string what, string paramName) =>
        throw new ArgumentException($"The {what} must be between 0 and {max} bytes long; it is {length} bytes.", paramName);

    [DoesNotReturn]
    private static void ThrowOutOfRange(long value, long min, long max, string paramName) =>
        throw new ArgumentException($"{paramName} must be between {min} and {max}; {value} was given.", paramName);
}

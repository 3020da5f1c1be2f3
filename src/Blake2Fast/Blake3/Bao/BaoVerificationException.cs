using System;
using System.Security.Cryptography;

namespace Blake2Fast;

/// <summary>
/// A Bao encoding, outboard tree or slice does not match the hash it was checked against: a parent
/// node or a chunk differs from what the tree above it promises. Thrown by the <see cref="Bao"/>
/// decoders; a decoding stream that has thrown it returns nothing more (every later read throws it again).
/// </summary>
public sealed class BaoVerificationException : CryptographicException
{
    /// <summary>Creates the exception with a default message.</summary>
    public BaoVerificationException()
        : base("The Bao encoding does not match the hash.")
    {
    }

    /// <summary>Creates the exception with <paramref name="message"/>.</summary>
    /// <param name="message">What failed to verify.</param>
    public BaoVerificationException(string message)
        : base(message)
    {
    }

    /// <summary>Creates the exception with <paramref name="message"/> and the exception behind it.</summary>
    /// <param name="message">What failed to verify.</param>
    /// <param name="innerException">The exception behind this one.</param>
    public BaoVerificationException(string message, Exception innerException)
        : base(message, innerException)
    {
    }
}

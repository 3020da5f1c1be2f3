using System;

namespace Blake2Fast;

/// <summary>
/// What <see cref="Argon2.VerifyPassword(ReadOnlySpan{byte}, string, Argon2VerificationOptions)"/>
/// accepts from a stored hash, and what it adds: limits on the costs an encoded hash may ask for
/// (a row of a database must not be able to make one login take all the memory of the server),
/// the pepper, and the threads.
/// </summary>
/// <remarks>The defaults: at most 4 GiB of memory, 64 passes and 256 lanes; no secret; one thread.</remarks>
public sealed class Argon2VerificationOptions
{
    private readonly int _maxDegreeOfParallelism = 1;

    /// <summary>The defaults, as used by the overloads that take no options.</summary>
    public static Argon2VerificationOptions Default { get; } = new();

    /// <summary>The largest memory size (KiB) an encoded hash may ask for: 4 GiB (4,194,304 KiB) by default; above it verification is refused before any memory is taken.</summary>
    public long MaxMemorySize { get; init; } = 4L * 1024 * 1024;

    /// <summary>The largest number of passes an encoded hash may ask for: 64 by default.</summary>
    public long MaxIterations { get; init; } = 64;

    /// <summary>The largest number of lanes an encoded hash may ask for: 256 by default.</summary>
    public long MaxParallelism { get; init; } = 256;

    /// <summary>The secret K (pepper) the hash was made with, if any; empty by default.</summary>
    public ReadOnlyMemory<byte> Secret { get; init; }

    /// <summary>The threads that may fill the lanes, as <see cref="Argon2Parameters.MaxDegreeOfParallelism"/>: 1 by default, -1 for one per lane up to the processor count.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is 0 or less than -1.</exception>
    public int MaxDegreeOfParallelism
    {
        get => _maxDegreeOfParallelism;
        init => _maxDegreeOfParallelism = value == -1 || value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(MaxDegreeOfParallelism), value, "The maximum degree of parallelism must be -1 (one thread per lane, up to the processor count) or at least 1.");
    }
}

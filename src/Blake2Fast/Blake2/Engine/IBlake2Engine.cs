using System;

namespace Blake2Fast.Internal;

/// <summary>
/// An incremental BLAKE2-family hash as the shared one-shot, stream and <see cref="System.Security.Cryptography.HMAC"/>
/// helpers see it: sequential BLAKE2b/BLAKE2s (<see cref="Blake2Core{TVariant}"/>) and the parallel
/// BLAKE2bp/BLAKE2sp (<see cref="Blake2ParallelCore{TParallel}"/>). Implemented by structs and used
/// as a generic constraint, so each algorithm gets its own specialised copy of the helpers with no
/// virtual calls and no boxing.
/// </summary>
internal interface IBlake2Engine
{
    /// <summary>The block length reported through <see cref="System.Security.Cryptography.HashAlgorithm"/>.</summary>
    int BlockLength { get; }

    /// <summary>The largest key the algorithm accepts.</summary>
    int MaxKeyLength { get; }

    /// <summary>The number of bytes <see cref="Finish"/> writes.</summary>
    int DigestLength { get; }

    /// <summary>Starts a hash from validated settings.</summary>
    void Initialize(scoped in Blake2Settings settings);

    /// <summary>Absorbs <paramref name="input"/>.</summary>
    void Update(ReadOnlySpan<byte> input);

    /// <summary>Writes the digest into the first <see cref="DigestLength"/> bytes of <paramref name="destination"/> (checked by the caller) and erases the state.</summary>
    void Finish(Span<byte> destination);

    /// <summary>Zeroes the key, buffered input and chain values.</summary>
    void Erase();

    /// <summary>
    /// Hashes one whole message into the first <c>settings.DigestLength</c> bytes of
    /// <paramref name="destination"/> (checked by the caller), reading all of
    /// <paramref name="source"/> before writing. May be called on an uninitialised instance: it
    /// neither reads this state first nor leaves a secret in it.
    /// </summary>
    int HashMessage(scoped in Blake2Settings settings, ReadOnlySpan<byte> source, Span<byte> destination);
}

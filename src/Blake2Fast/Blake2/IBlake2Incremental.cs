using System;

namespace Blake2Fast;

/// <summary>
/// An incremental BLAKE2 hash of any fixed-length variant, for code that accepts "a BLAKE2 hasher"
/// without caring which: <see cref="Blake2bHashState"/>, <see cref="Blake2sHashState"/>,
/// <see cref="Blake2bpHashState"/> and <see cref="Blake2spHashState"/> implement it. (The BLAKE2X
/// states finish into a reader of any length instead of a digest, so they do not.)
/// </summary>
/// <remarks>
/// <para>The same interface as Blake2Fast 2.x, so code written against it keeps compiling, with one
/// difference: the type argument of <c>Update</c> must be <see langword="unmanaged"/> (checked by the
/// compiler) where 2.x accepted any struct and threw <see cref="NotSupportedException"/> at run time
/// for one holding references.</para>
/// <para>The hash states are structs, so a hasher used through this interface is boxed: keep and use
/// that one boxed copy. <c>Finish</c> erases it (key included), as it does the struct.</para>
/// </remarks>
public interface IBlake2Incremental
{
    /// <summary>The number of bytes the digest has (0 once finished or when not initialized).</summary>
    int DigestLength { get; }

    /// <summary>Adds the bytes of <paramref name="input"/> to the hash, in memory order (the machine's byte order).</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The values to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    void Update<T>(ReadOnlySpan<T> input) where T : unmanaged;

    /// <inheritdoc cref="Update{T}(ReadOnlySpan{T})"/>
    void Update<T>(Span<T> input) where T : unmanaged;

    /// <inheritdoc cref="Update{T}(ReadOnlySpan{T})"/>
    void Update<T>(ArraySegment<T> input) where T : unmanaged;

    /// <inheritdoc cref="Update{T}(ReadOnlySpan{T})"/>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    void Update<T>(T[] input) where T : unmanaged;

    /// <summary>Adds the bytes of the value <paramref name="input"/> to the hash, in memory order.</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The value to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    void Update<T>(T input) where T : unmanaged;

    /// <summary>Finishes the hash and returns the digest; the state is then erased.</summary>
    /// <returns>A new array of <see cref="DigestLength"/> bytes.</returns>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    byte[] Finish();

    /// <summary>Finishes the hash into the first <see cref="DigestLength"/> bytes of <paramref name="destination"/>; the state is then erased.</summary>
    /// <param name="destination">Where to write the digest; at least <see cref="DigestLength"/> bytes. The bytes after the digest are not written.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short; nothing was written and the state is unchanged.</exception>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    void Finish(Span<byte> destination);

    /// <summary>Finishes the hash into the first <see cref="DigestLength"/> bytes of <paramref name="destination"/> if it is long enough; the state is then erased.</summary>
    /// <param name="destination">Where to write the digest.</param>
    /// <param name="bytesWritten">The number of bytes written: <see cref="DigestLength"/>, or 0.</param>
    /// <returns><see langword="false"/> if <paramref name="destination"/> is too short, in which case nothing was written and the state is unchanged.</returns>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    bool TryFinish(Span<byte> destination, out int bytesWritten);
}

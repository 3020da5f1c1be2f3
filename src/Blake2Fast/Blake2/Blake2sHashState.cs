using System;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast;

/// <summary>
/// An incremental BLAKE2s hash: feed it data with <c>Update</c>, then read the digest with
/// <c>Finish</c>. Create one with <see cref="Blake2s.CreateIncrementalHasher()"/> or its overloads.
/// </summary>
/// <remarks>
/// <para>This is a mutable struct so that incremental hashing allocates nothing. Keep it in a local
/// variable or a field and call its methods on that variable; do not store it in a
/// <see langword="readonly"/> field or a <c>using</c> variable, where C# would call the methods on
/// hidden copies.</para>
/// <para><b>Copying</b> the struct forks the hash: the copy carries the state so far (including
/// the key, for a keyed hash) and both continue independently. This is a cheap way to hash many
/// messages that share a prefix. Each copy holds the key until it is finished or cleared.</para>
/// <para>A <see langword="default"/> instance is not initialized: every method but
/// <see cref="Clear"/> throws <see cref="InvalidOperationException"/>.</para>
/// <para><b>Erasure:</b> <c>Finish</c> and <see cref="Clear"/> zero the key, the buffered input and
/// the chain value. After that the state cannot be used again; create a new hasher.</para>
/// </remarks>
public struct Blake2sHashState : IBlake2Incremental
{
    private Blake2Core<Blake2sVariant> _core;

    internal Blake2sHashState(scoped in Blake2Settings settings, Blake2sKernel kernel) =>
        _core.Initialize(settings, (byte)kernel);

    /// <summary>The number of bytes the digest has (0 once finished or when not initialized).</summary>
    public readonly int DigestLength => _core.DigestLength;

    internal readonly Blake2sKernel Kernel => (Blake2sKernel)_core.Kernel;

    /// <summary>Adds <paramref name="input"/> to the hash.</summary>
    /// <param name="input">The data to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    public void Update(ReadOnlySpan<byte> input) => _core.Update(input);

    /// <summary>Adds the bytes of the values in <paramref name="input"/> to the hash, in memory order (the machine's byte order).</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The values to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    public void Update<T>(ReadOnlySpan<T> input) where T : unmanaged => _core.Update(MemoryMarshal.AsBytes(input));

    /// <summary>Adds the bytes of the elements of <paramref name="input"/> to the hash, in memory order.</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The values to hash.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    public void Update<T>(T[] input) where T : unmanaged
    {
        ArgumentNullException.ThrowIfNull(input);
        _core.Update(MemoryMarshal.AsBytes(input.AsSpan()));
    }

    /// <summary>Adds the bytes of the elements in <paramref name="input"/> to the hash, in memory order.</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The values to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    public void Update<T>(ArraySegment<T> input) where T : unmanaged => _core.Update(MemoryMarshal.AsBytes(input.AsSpan()));

    /// <summary>Adds the bytes of <paramref name="input"/> to the hash, in memory order (the machine's byte order).</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The value to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    public void Update<T>(T input) where T : unmanaged => _core.Update(FixedBufferSpans.BytesOf(ref input));

    /// <summary>Finishes the hash and returns the digest; the state is then erased.</summary>
    /// <returns>A new array of <see cref="DigestLength"/> bytes.</returns>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    public byte[] Finish()
    {
        byte[] digest = new byte[_core.IsActive ? _core.DigestLength : 0];
        _core.Finish(digest);
        return digest;
    }

    /// <summary>
    /// Finishes the hash into the first <see cref="DigestLength"/> bytes of
    /// <paramref name="destination"/> (bytes past them are not touched); the state is then erased.
    /// </summary>
    /// <param name="destination">Where to write the digest; at least <see cref="DigestLength"/> bytes.</param>
    /// <returns>The number of bytes written, <see cref="DigestLength"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short; nothing was written and the state is unchanged.</exception>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    public int Finish(Span<byte> destination)
    {
        int length = _core.DigestLength;
        if (_core.IsActive)
        {
            Guard.Destination(destination.Length, length, nameof(destination));
        }

        _core.Finish(destination);
        return length;
    }

    /// <summary>
    /// Finishes the hash into the first <see cref="DigestLength"/> bytes of
    /// <paramref name="destination"/> if it is long enough; the state is then erased.
    /// </summary>
    /// <param name="destination">Where to write the digest.</param>
    /// <param name="bytesWritten">The number of bytes written: <see cref="DigestLength"/>, or 0.</param>
    /// <returns><see langword="false"/> if <paramref name="destination"/> is too short, in which case nothing was written and the state is unchanged.</returns>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    public bool TryFinish(Span<byte> destination, out int bytesWritten)
    {
        int length = _core.DigestLength;
        if (_core.IsActive && destination.Length < length)
        {
            bytesWritten = 0;
            return false;
        }

        _core.Finish(destination);
        bytesWritten = length;
        return true;
    }

    /// <summary>
    /// Writes this state to bytes that <see cref="Blake2s.ImportState"/> resumes, in this process or
    /// another, on any machine and any build of the library: the data hashed so far, the settings
    /// and the position. The state stays usable. Format and sizes: docs/resumable-hashing.md.
    /// </summary>
    /// <param name="includeSecrets">
    /// Must be <see langword="true"/> to export a keyed state: the bytes then hold the key and
    /// values derived from it, and are as secret as the key. Ignored for an unkeyed state.
    /// </param>
    /// <returns>A new array holding the exported state.</returns>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished, or it is keyed and <paramref name="includeSecrets"/> is <see langword="false"/>.</exception>
    public byte[] ExportState(bool includeSecrets = false) => StateExport.ToArray(ref _core, includeSecrets, ExportedAlgorithm.Blake2s);

    /// <summary>
    /// Writes this state into <paramref name="destination"/> as <see cref="ExportState"/> does,
    /// without allocating, if it is long enough. The state stays usable.
    /// </summary>
    /// <param name="destination">Where to write the exported state.</param>
    /// <param name="bytesWritten">The number of bytes written, or 0.</param>
    /// <param name="includeSecrets">Must be <see langword="true"/> to export a keyed state; see <see cref="ExportState"/>.</param>
    /// <returns><see langword="false"/> if <paramref name="destination"/> is too short, in which case nothing was written.</returns>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished, or it is keyed and <paramref name="includeSecrets"/> is <see langword="false"/>.</exception>
    public bool TryExportState(Span<byte> destination, out int bytesWritten, bool includeSecrets = false) =>
        StateExport.TryWrite(ref _core, destination, out bytesWritten, includeSecrets, ExportedAlgorithm.Blake2s);

    /// <summary>Resumes an exported state; see <see cref="Blake2s.ImportState"/>.</summary>
    internal static Blake2sHashState Import(ReadOnlySpan<byte> exportedState)
    {
        StateReader reader = ExportedStateFormat.Open(exportedState, ExportedAlgorithm.Blake2s, out bool holdsSecrets);
        Blake2sHashState state = default;
        state._core.ReadBody(ref reader, holdsSecrets, (byte)Blake2sKernels.Best, isWholeBody: true);
        return state;
    }

    /// <inheritdoc cref="Update{T}(ReadOnlySpan{T})"/>
    void IBlake2Incremental.Update<T>(Span<T> input) => _core.Update(MemoryMarshal.AsBytes((ReadOnlySpan<T>)input));

    /// <inheritdoc cref="Finish(Span{byte})"/>
    void IBlake2Incremental.Finish(Span<byte> destination) => Finish(destination);

    /// <summary>Discards the data hashed so far and starts again with the same key and parameters.</summary>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished.</exception>
    public void Reset() => _core.Reset();

    /// <summary>
    /// Erases the key, the buffered input and the chain value without producing a digest, for a
    /// hash that is abandoned. The state cannot be used afterwards.
    /// </summary>
    public void Clear()
    {
        _core.Erase();
        _core = default;
    }
}

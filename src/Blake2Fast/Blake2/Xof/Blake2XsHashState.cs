using System;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast;

/// <summary>
/// An incremental BLAKE2Xs hash: feed it data with <c>Update</c>, then call <see cref="Finish()"/>
/// and read the output, in as many pieces as you like, from the returned
/// <see cref="Blake2XsReader"/>. Create one with <see cref="Blake2Xs.CreateIncrementalHasher(int)"/>
/// or <see cref="Blake2Xs.CreateIncrementalHasherForUnknownLength()"/> and their overloads.
/// </summary>
/// <remarks>
/// <para>This is a mutable struct so that absorbing allocates nothing. Keep it in a local variable
/// or a field and call its methods on that variable; do not store it in a <see langword="readonly"/>
/// field or a <c>using</c> variable, where C# would call the methods on hidden copies.</para>
/// <para><b>Copying</b> the struct forks the hash: the copy carries the input so far (and the key,
/// for a keyed hash) and both continue independently. Each copy holds the key until it is finished
/// or cleared.</para>
/// <para>A <see langword="default"/> instance is not initialized: every method but
/// <see cref="Clear"/> throws <see cref="InvalidOperationException"/>.</para>
/// <para><b>Erasure:</b> <c>Finish</c> and <see cref="Clear"/> zero the key, the buffered input and
/// the chain values. The reader holds the root hash H0 until it is disposed.</para>
/// </remarks>
public struct Blake2XsHashState
{
    private Blake2XState<Blake2XVariant<uint>, Blake2sVariant> _state;

    internal Blake2XsHashState(ReadOnlySpan<byte> key, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> personalization, ulong declaredLength, Blake2XKernel kernel) =>
        _state.Initialize(key, salt, personalization, declaredLength, (byte)kernel);

    /// <summary>
    /// The output length declared when the hasher was created, or <see langword="null"/> when it was
    /// created for an unknown length (or is not active).
    /// </summary>
    public readonly int? OutputLength => _state.IsActive && _state.DeclaredLength != 0 ? (int)_state.DeclaredLength : null;

    internal readonly Blake2XKernel Kernel => (Blake2XKernel)_state.OutputKernel;

    /// <summary>Adds <paramref name="input"/> to the hash.</summary>
    /// <param name="input">The data to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized, or was finished (reading started) or cleared.</exception>
    public void Update(ReadOnlySpan<byte> input)
    {
        ThrowIfNotActive();
        _state.Update(input);
    }

    /// <summary>Adds the bytes of the values in <paramref name="input"/> to the hash, in memory order (the machine's byte order).</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The values to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized, or was finished or cleared.</exception>
    public void Update<T>(ReadOnlySpan<T> input) where T : unmanaged => Update(MemoryMarshal.AsBytes(input));

    /// <summary>Adds the bytes of the elements of <paramref name="input"/> to the hash, in memory order.</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The values to hash.</param>
    /// <exception cref="ArgumentNullException"><paramref name="input"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">The state is not initialized, or was finished or cleared.</exception>
    public void Update<T>(T[] input) where T : unmanaged
    {
        ArgumentNullException.ThrowIfNull(input);
        Update(MemoryMarshal.AsBytes(input.AsSpan()));
    }

    /// <summary>Adds the bytes of the elements in <paramref name="input"/> to the hash, in memory order.</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The values to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized, or was finished or cleared.</exception>
    public void Update<T>(ArraySegment<T> input) where T : unmanaged => Update(MemoryMarshal.AsBytes(input.AsSpan()));

    /// <summary>Adds the bytes of <paramref name="input"/> to the hash, in memory order (the machine's byte order).</summary>
    /// <typeparam name="T">An unmanaged type; its in-memory bytes, padding included, are hashed.</typeparam>
    /// <param name="input">The value to hash.</param>
    /// <exception cref="InvalidOperationException">The state is not initialized, or was finished or cleared.</exception>
    public void Update<T>(T input) where T : unmanaged => Update(FixedBufferSpans.BytesOf(ref input));

    /// <summary>
    /// Ends the input and returns a reader of the output; this state is then erased and cannot be
    /// updated again. For a declared length the reader yields exactly that many bytes; for an unknown
    /// length it streams whole 32-byte blocks, up to <see cref="Blake2Xs.MaxUnknownOutputLength"/> bytes.
    /// </summary>
    /// <remarks>
    /// A stream of unknown length equals, over any prefix, the reference implementation's output
    /// for a length that is a multiple of 32 bytes. To reproduce the reference's output for another
    /// length, fix the length with <see cref="Finish(long)"/>.
    /// </remarks>
    /// <returns>The reader; dispose of it to erase the root hash H0 it holds.</returns>
    /// <exception cref="InvalidOperationException">The state is not initialized, or was finished or cleared.</exception>
    public Blake2XsReader Finish()
    {
        ThrowIfNotActive();
        ulong end = _state.DeclaredLength != 0 ? _state.DeclaredLength : (ulong)Blake2Xs.MaxUnknownOutputLength;
        return FinishInto(end);
    }

    /// <summary>
    /// Ends the input and returns a reader of exactly <paramref name="outputLength"/> bytes; this
    /// state is then erased. For a hasher of unknown length this fixes the length now, as the
    /// reference implementation's final call does: the XOF length field stays 0xFFFF and the
    /// last block is shortened to the bytes it contributes. For a declared length,
    /// <paramref name="outputLength"/> must be that length.
    /// </summary>
    /// <param name="outputLength">The output length: 1 to <see cref="Blake2Xs.MaxUnknownOutputLength"/> for an unknown-length hasher, else the declared length.</param>
    /// <returns>The reader; dispose of it to erase the root hash H0 it holds.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is out of range; the state is unchanged.</exception>
    /// <exception cref="InvalidOperationException">The state is not initialized, or was finished or cleared.</exception>
    public Blake2XsReader Finish(long outputLength)
    {
        ThrowIfNotActive();
        if (_state.DeclaredLength != 0)
        {
            Blake2XGuard.DeclaredLength(outputLength, (long)_state.DeclaredLength, nameof(outputLength));
        }
        else
        {
            Blake2XGuard.OutputLength(outputLength, Blake2Xs.MaxUnknownOutputLength, nameof(outputLength));
        }

        return FinishInto((ulong)outputLength);
    }

    /// <summary>
    /// Writes this state to bytes that <see cref="Blake2Xs.ImportState"/> resumes, in this process or
    /// another, on any machine and any build of the library: the data hashed so far, the settings
    /// (salt, personalization, declared output length) and the position. The state stays usable. Format and sizes: docs/resumable-hashing.md.
    /// </summary>
    /// <param name="includeSecrets">
    /// Must be <see langword="true"/> to export a keyed state: the bytes then hold the key and
    /// values derived from it, and are as secret as the key. Ignored for an unkeyed state.
    /// </param>
    /// <returns>A new array holding the exported state.</returns>
    /// <exception cref="InvalidOperationException">The state is not initialized or was already finished, or it is keyed and <paramref name="includeSecrets"/> is <see langword="false"/>.</exception>
    public byte[] ExportState(bool includeSecrets = false) => StateExport.ToArray(ref _state, includeSecrets, ExportedAlgorithm.Blake2Xs);

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
        StateExport.TryWrite(ref _state, destination, out bytesWritten, includeSecrets, ExportedAlgorithm.Blake2Xs);

    /// <summary>Resumes an exported state; see <see cref="Blake2Xs.ImportState"/>.</summary>
    internal static Blake2XsHashState Import(ReadOnlySpan<byte> exportedState)
    {
        StateReader reader = ExportedStateFormat.Open(exportedState, ExportedAlgorithm.Blake2Xs, out bool holdsSecrets);
        Blake2XsHashState state = default;
        state._state.ReadBody(ref reader, holdsSecrets, (byte)Blake2sKernels.Best, (byte)Blake2XKernels<uint>.Best);
        return state;
    }

    /// <summary>
    /// Erases the key, the buffered input and the chain values without producing output, for a
    /// hash that is abandoned. The state cannot be used afterwards.
    /// </summary>
    public void Clear()
    {
        _state.Erase();
        _state = default;
    }

    private Blake2XsReader FinishInto(ulong end)
    {
        var reader = new Blake2XsReader();
        _state.Finish(ref reader.Output, end);
        return reader;
    }

    private readonly void ThrowIfNotActive()
    {
        if (!_state.IsActive)
        {
            Blake2XGuard.ThrowNotActive();
        }
    }
}

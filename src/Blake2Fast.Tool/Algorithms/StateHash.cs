using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>
/// A library hash state (a struct) held behind <see cref="IIncrementalHash"/>. The BLAKE2 state
/// types share no interface that also clears them, and the XOFs finish through a reader, so each
/// algorithm names its three calls once (<see cref="LibraryHashes"/>) and this class holds the state.
/// </summary>
/// <typeparam name="TState">The library's incremental hasher.</typeparam>
internal sealed class StateHash<TState> : IIncrementalHash
    where TState : struct
{
    private readonly Calls _calls;
    private TState _state;

    public StateHash(TState state, Calls calls)
    {
        _state = state;
        _calls = calls;
    }

    /// <summary>Absorbs data into the state.</summary>
    public delegate void Updater(ref TState state, ReadOnlySpan<byte> data);

    /// <summary>Writes the digest, exactly <c>destination.Length</c> bytes.</summary>
    public delegate void Finisher(ref TState state, Span<byte> destination);

    /// <summary>Erases the state (key, buffered input, chain value).</summary>
    public delegate void Eraser(ref TState state);

    /// <summary>Ends an extendable-output hash: its output of <paramref name="length"/> bytes, read as it is written.</summary>
    public delegate DigestOutput Streamer(ref TState state, long length);

    public void Update(ReadOnlySpan<byte> data) => _calls.Update(ref _state, data);

    public void Finish(Span<byte> destination) => _calls.Finish(ref _state, destination);

    public DigestOutput FinishOutput(long length)
    {
        if (_calls.Stream is { } stream)
        {
            return stream(ref _state, length);
        }

        byte[] digest = new byte[length];
        _calls.Finish(ref _state, digest);
        return new DigestOutput(digest);
    }

    public void Dispose() => _calls.Clear(ref _state);

    /// <summary>How one algorithm's state is driven.</summary>
    /// <param name="Update">Absorbs data.</param>
    /// <param name="Finish">Writes the digest.</param>
    /// <param name="Clear">Erases the state; the tool calls it for a hash it abandons as well as for a finished one.</param>
    /// <param name="Stream">For an extendable output: its reader, so that output of any length is never held whole.</param>
    public sealed record Calls(Updater Update, Finisher Finish, Eraser Clear, Streamer? Stream = null);
}

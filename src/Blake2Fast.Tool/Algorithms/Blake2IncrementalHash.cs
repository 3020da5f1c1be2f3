using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>
/// BLAKE2b, BLAKE2s, BLAKE2bp or BLAKE2sp through the library's incremental hasher: any of their
/// hash states, through the interface they share (<see cref="IBlake2Incremental"/>), as a
/// constrained generic so the state is never boxed.
/// </summary>
/// <typeparam name="TState">The library's hash state.</typeparam>
/// <param name="state">A state created with the digest length and key (and salt and personalization) of the hash.</param>
internal sealed class Blake2IncrementalHash<TState>(TState state) : IIncrementalHash
    where TState : struct, IBlake2Incremental
{
    private TState _state = state;

    public void Update(ReadOnlySpan<byte> data) => _state.Update(data);

    public void Finish(Span<byte> destination) => _state.Finish(destination);

    /// <remarks>
    /// Overwriting the state with <see langword="default"/> zeroes all its bytes where they lie, as
    /// the states' own Clear does after erasing: the interface has no Clear.
    /// </remarks>
    public void Dispose() => _state = default;
}

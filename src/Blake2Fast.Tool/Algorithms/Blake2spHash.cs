using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>BLAKE2sp through the library's incremental hasher (key only: the mode fixes its own tree).</summary>
internal sealed class Blake2spHash : IIncrementalHash
{
    private Blake2spHashState _state;

    public Blake2spHash(HashParameters parameters) =>
        _state = Blake2sp.CreateIncrementalHasher(parameters.DigestBytes, parameters.Key);

    public void Update(ReadOnlySpan<byte> data) => _state.Update(data);

    public void Finish(Span<byte> destination) => _state.Finish(destination);

    public void Dispose() => _state.Clear();
}

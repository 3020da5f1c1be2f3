using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>BLAKE2bp through the library's incremental hasher (key only: the mode fixes its own tree).</summary>
internal sealed class Blake2bpHash : IIncrementalHash
{
    private Blake2bpHashState _state;

    public Blake2bpHash(HashParameters parameters) =>
        _state = Blake2bp.CreateIncrementalHasher(parameters.DigestBytes, parameters.Key);

    public void Update(ReadOnlySpan<byte> data) => _state.Update(data);

    public void Finish(Span<byte> destination) => _state.Finish(destination);

    public void Dispose() => _state.Clear();
}

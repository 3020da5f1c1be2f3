using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>BLAKE2s through the library's incremental hasher.</summary>
internal sealed class Blake2sHash : IIncrementalHash
{
    private Blake2sHashState _state;

    public Blake2sHash(HashParameters parameters) =>
        _state = Blake2s.CreateIncrementalHasher(new Blake2sParameters
        {
            DigestLength = parameters.DigestBytes,
            Key = parameters.Key,
            Salt = parameters.Salt,
            Personalization = parameters.Personalization,
        });

    public void Update(ReadOnlySpan<byte> data) => _state.Update(data);

    public void Finish(Span<byte> destination) => _state.Finish(destination);

    public void Dispose() => _state.Clear();
}

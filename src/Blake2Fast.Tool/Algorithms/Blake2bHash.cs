using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>BLAKE2b through the library's incremental hasher.</summary>
internal sealed class Blake2bHash : IIncrementalHash
{
    private Blake2bHashState _state;

    public Blake2bHash(HashParameters parameters) =>
        _state = Blake2b.CreateIncrementalHasher(new Blake2bParameters
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

using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>BLAKE2Xs through the library's hasher; <c>-l</c> is the output length.</summary>
internal sealed class Blake2XsHash : IIncrementalHash
{
    private Blake2XsHashState _state;

    public Blake2XsHash(HashParameters parameters) =>
        _state = Blake2Xs.CreateIncrementalHasher(parameters.DigestBytes, new Blake2sParameters
        {
            Key = parameters.Key,
            Salt = parameters.Salt,
            Personalization = parameters.Personalization,
        });

    public void Update(ReadOnlySpan<byte> data) => _state.Update(data);

    public void Finish(Span<byte> destination)
    {
        using Blake2XsReader reader = _state.Finish();
        reader.Read(destination);
    }

    public void Dispose() => _state.Clear();
}

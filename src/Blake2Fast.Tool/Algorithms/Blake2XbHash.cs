using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>BLAKE2Xb through the library's hasher; <c>-l</c> is the output length.</summary>
internal sealed class Blake2XbHash : IIncrementalHash
{
    private Blake2XbHashState _state;

    public Blake2XbHash(HashParameters parameters) =>
        _state = Blake2Xb.CreateIncrementalHasher(parameters.DigestBytes, new Blake2bParameters
        {
            Key = parameters.Key,
            Salt = parameters.Salt,
            Personalization = parameters.Personalization,
        });

    public void Update(ReadOnlySpan<byte> data) => _state.Update(data);

    public void Finish(Span<byte> destination)
    {
        using Blake2XbReader reader = _state.Finish();
        reader.Read(destination);
    }

    public void Dispose() => _state.Clear();
}

using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>
/// BLAKE3 through the library's incremental hasher: plain, keyed (<c>--key</c>, exactly 32 bytes)
/// or key derivation (<c>--derive-key CONTEXT</c>), as <c>b3sum</c> computes them. The reader hands
/// over 1 MiB at a time; each is hashed on every core, as <c>b3sum</c> hashes large files.
/// </summary>
internal sealed class Blake3Hash : IIncrementalHash
{
    private readonly int _degree;
    private Blake3HashState _state;

    public Blake3Hash(HashParameters parameters)
    {
        _degree = parameters.Degree;
        _state = parameters.DeriveKeyContext is string context ? Blake3.CreateDeriveKeyHasher(context)
            : parameters.Key.Length != 0 ? Blake3.CreateIncrementalHasher(parameters.Key)
            : Blake3.CreateIncrementalHasher();
    }

    /// <summary>The BLAKE3 mode <paramref name="parameters"/> ask for: key derivation, keyed or plain, as the constructor picks.</summary>
    public static Blake3Mode ModeOf(HashParameters parameters) =>
        parameters.DeriveKeyContext is string context ? Blake3Mode.DeriveKey(context)
            : parameters.Key.Length != 0 ? Blake3Mode.Keyed(parameters.Key)
            : Blake3Mode.Hash;

    public void Update(ReadOnlySpan<byte> data) => _state.Update(data, _degree);

    public void Finish(Span<byte> destination) => _state.Finish(destination);

    /// <summary>The output of any length, read through the library's output reader.</summary>
    public DigestOutput FinishOutput(long length)
    {
        Blake3OutputReader reader = _state.CreateOutputReader();
        return new DigestOutput(length, reader.Read, reader);
    }

    public void Dispose() => _state.Clear();
}

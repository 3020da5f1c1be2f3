using System;

namespace Blake2Fast.Tests;

/// <summary>
/// A Blake2bHashState or Blake2sHashState held in a class field, so that tests can drive either
/// through one interface. The struct is never copied except by <see cref="Fork"/>.
/// </summary>
public interface IHasher
{
    int DigestLength { get; }
    void Update(ReadOnlySpan<byte> input);
    void UpdateSpan<T>(ReadOnlySpan<T> input) where T : unmanaged;
    void UpdateArray<T>(T[] input) where T : unmanaged;
    void UpdateSegment<T>(ArraySegment<T> input) where T : unmanaged;
    void UpdateValue<T>(T input) where T : unmanaged;
    byte[] Finish();
    int Finish(Span<byte> destination);
    bool TryFinish(Span<byte> destination, out int bytesWritten);
    void Reset();
    void Clear();

    /// <summary>A copy of the struct, which continues independently.</summary>
    IHasher Fork();

    /// <summary>The struct's bytes, for erasure checks.</summary>
    byte[] RawBytes();
}

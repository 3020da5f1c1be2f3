using System;

namespace Blake2Fast.Tests;

/// <summary>
/// A BLAKE2 hash state (BLAKE2b, BLAKE2s, BLAKE2bp or BLAKE2sp) held in a class field, so that
/// tests can drive any of them through one interface. The struct is never copied except by <see cref="Fork"/>.
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

    /// <summary>The compress kernel the state runs (its internal <c>Kernel</c>), as the byte its enum is.</summary>
    byte Kernel { get; }
}

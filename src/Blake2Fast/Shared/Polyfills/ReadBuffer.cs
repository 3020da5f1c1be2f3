using System;
using System.Buffers;

namespace Blake2Fast.Internal;

/// <summary>
/// The netstandard builds' <c>ReadBuffer</c> (the modern one is in Shared/Modern): an array from
/// the shared pool, erased and returned when disposed. Unused there, since those builds never read
/// a file at offsets (<see cref="PositionalFile"/>), but compiled with the code that would.
/// </summary>
internal sealed class ReadBuffer : IDisposable
{
    private byte[]? _array;

    /// <summary>Rents <paramref name="length"/> bytes (at least 1).</summary>
    public ReadBuffer(int length)
    {
        Length = length;
        _array = ArrayPool<byte>.Shared.Rent(length);
    }

    /// <summary>The buffer's length in bytes.</summary>
    public int Length { get; }

    /// <summary>The whole buffer.</summary>
    public Span<byte> Span => _array is null ? throw new ObjectDisposedException(nameof(ReadBuffer)) : _array.AsSpan(0, Length);

    /// <summary>Erases the bytes used and returns the array.</summary>
    public void Dispose()
    {
        if (_array is not null)
        {
            SecretBytes.Erase(_array.AsSpan(0, Length));
            ArrayPool<byte>.Shared.Return(_array);
            _array = null;
        }
    }
}

using System;

namespace Blake2Fast.Internal;

/// <summary>
/// Memory that a file is read into, a batch of leaves (up to 16 MiB) at a time: outside the GC
/// heap, on huge pages where the system gives them (<see cref="HugePageMemory"/>), so that the
/// first touch of each 2 MiB is one page fault rather than 512. Erased when disposed: it held the
/// file's bytes. The netstandard builds have a version in Polyfills (an array from the pool),
/// which they never use: they read every stream in order (<see cref="PositionalFile"/>).
/// </summary>
internal sealed unsafe class ReadBuffer : IDisposable
{
    private byte* _memory;

    /// <summary>Allocates <paramref name="length"/> bytes (at least 1).</summary>
    public ReadBuffer(int length)
    {
        Length = length;
        _memory = (byte*)HugePageMemory.Allocate((nuint)length);
    }

    /// <summary>The buffer's length in bytes.</summary>
    public int Length { get; }

    /// <summary>The whole buffer.</summary>
    public Span<byte> Span => _memory is null ? throw new ObjectDisposedException(nameof(ReadBuffer)) : new(_memory, Length);

    /// <summary>Erases and frees the memory.</summary>
    public void Dispose()
    {
        Free();
        GC.SuppressFinalize(this);
    }

    /// <summary>Frees the memory of a buffer that a failure left undisposed: it is not the GC's to reclaim.</summary>
    ~ReadBuffer() => Free();

    private void Free()
    {
        if (_memory is not null)
        {
            SecretBytes.Erase(new Span<byte>(_memory, Length));
            HugePageMemory.Free(_memory);
            _memory = null;
        }
    }
}

using System;
using Blake2Fast.Internal;

namespace Blake2Fast;

/// <summary>
/// Reads BLAKE3's extendable output from any position: byte p of the output is in the output block
/// p / 64, each block computed on its own, so seeking costs nothing. From
/// <see cref="Blake3HashState.CreateOutputReader"/>.
/// </summary>
/// <remarks>The first 32 bytes are the standard hash; any prefix of the output is the output of that length. Not thread-safe. Dispose erases what it holds.</remarks>
public sealed class Blake3OutputReader : IDisposable
{
    internal Blake3Output Root;
    private ulong _position;
    private bool _disposed;

    // Every byte up to 2^64 has been read: Position has wrapped to 0, and only a seek allows more reads.
    private bool _atEnd;

    internal Blake3OutputReader()
    {
    }

    /// <summary>
    /// The position of the next byte <see cref="Read(Span{byte})"/> returns, from 0 to 2^64 - 1 (0 also
    /// once the last byte has been read, when nothing more can be read until this is set).
    /// </summary>
    public ulong Position
    {
        get => _position;
        set
        {
            _position = value;
            _atEnd = false;
        }
    }

    /// <summary>Fills <paramref name="destination"/> with output from <see cref="Position"/> on, and advances it.</summary>
    /// <param name="destination">Receives the output.</param>
    /// <exception cref="InvalidOperationException">The read would pass the end of the output, 2^64 bytes; nothing was written.</exception>
    /// <exception cref="ObjectDisposedException">The reader has been disposed.</exception>
    public void Read(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (destination.IsEmpty)
        {
            return;
        }

        // 2^64 - Position bytes are left; at position 0 that is more than any span holds, unless
        // position 0 is where the last read ended.
        if (_atEnd || (_position != 0 && (ulong)destination.Length > ulong.MaxValue - _position + 1))
        {
            string from = _atEnd ? "2^64 (all of it has been read)" : $"{_position}";
            throw new InvalidOperationException($"BLAKE3's output ends after 2^64 bytes; reading {destination.Length} bytes from position {from} would pass it. Nothing was written.");
        }

        Root.WriteRootBytes(_position, destination);
        _position = unchecked(_position + (ulong)destination.Length);
        _atEnd = _position == 0;
    }

    /// <summary>Returns the next <paramref name="count"/> bytes of output and advances <see cref="Position"/>.</summary>
    /// <param name="count">How many bytes to read; 0 or more.</param>
    /// <returns>The output bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative or more than 2,147,483,591 (the longest array).</exception>
    /// <exception cref="InvalidOperationException">The read would pass the end of the output, 2^64 bytes.</exception>
    /// <exception cref="ObjectDisposedException">The reader has been disposed.</exception>
    public byte[] Read(int count)
    {
        Guard.ArrayLength(count, nameof(count));
        byte[] output = new byte[count];
        Read(output);
        return output;
    }

    /// <summary>Erases the root node this reader computes the output from.</summary>
    public void Dispose()
    {
        Root.Erase();
        _disposed = true;
    }
}

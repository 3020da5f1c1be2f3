using System;
using Blake2Fast.Internal;

namespace Blake2Fast;

/// <summary>
/// Reads the output of a finished <see cref="Blake2XsHashState"/>: each <see cref="Read(Span{byte})"/>
/// continues where the previous one stopped, so the output can be taken in pieces of any size.
/// </summary>
/// <remarks>
/// <para>A class rather than a struct so that a <c>using</c> declaration disposes of the very
/// object that was read from, which is what erases the root hash H0.</para>
/// <para>Output blocks are computed on demand: reading a little at a time costs no more than
/// reading it all at once, except that a block split across reads is computed once and buffered.</para>
/// <para>Not thread-safe: one reader belongs to one thread at a time.</para>
/// </remarks>
public sealed class Blake2XsReader : IDisposable
{
    private Blake2XOutput<Blake2XVariant<uint>> _output;
    private bool _disposed;

    internal Blake2XsReader()
    {
    }

    internal ref Blake2XOutput<Blake2XVariant<uint>> Output => ref _output;

    /// <summary>
    /// The total number of bytes this reader produces: the declared output length, or
    /// <see cref="Blake2Xs.MaxUnknownOutputLength"/> for a stream of unknown length.
    /// </summary>
    public long Length => (long)_output.End;

    /// <summary>How many bytes have been read so far.</summary>
    public long Position => (long)_output.Position;

    /// <summary>How many bytes can still be read.</summary>
    public long Remaining => (long)(_output.End - _output.Position);

    /// <summary>Writes the next <c>destination.Length</c> bytes of the output into <paramref name="destination"/>.</summary>
    /// <param name="destination">Receives the output; may be empty.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is longer than what remains of the output; nothing was written and the position is unchanged.</exception>
    /// <exception cref="ObjectDisposedException">The reader was disposed.</exception>
    public void Read(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Blake2XGuard.Readable(destination.Length, _output.End - _output.Position, nameof(destination));
        _output.Read(destination);
    }

    /// <summary>Returns the next <paramref name="count"/> bytes of the output.</summary>
    /// <param name="count">How many bytes to read, 0 or more.</param>
    /// <returns>A new array of <paramref name="count"/> bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative or more than 2,147,483,591 (the longest array).</exception>
    /// <exception cref="ArgumentException">Fewer than <paramref name="count"/> bytes remain; nothing was read.</exception>
    /// <exception cref="ObjectDisposedException">The reader was disposed.</exception>
    public byte[] Read(int count)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        Guard.ArrayLength(count, nameof(count));
        Blake2XGuard.Readable(count, _output.End - _output.Position, nameof(count));
        byte[] output = new byte[count];
        _output.Read(output);
        return output;
    }

    /// <summary>Zeroes the root hash H0 and the buffered output block; the reader cannot be used afterwards.</summary>
    public void Dispose()
    {
        _output.Erase();
        _disposed = true;
    }
}

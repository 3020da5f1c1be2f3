using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>
/// The output of one hash, read from front to back in pieces: an extendable output (BLAKE3, BLAKE2X)
/// of any length <c>-l</c> asks for is produced piece by piece as it is written, never held whole.
/// A fixed-length digest (BLAKE2b, <c>--tree</c>: 64 bytes at most) is simply held.
/// </summary>
internal sealed class DigestOutput : IDisposable
{
    private readonly Reader? _read;
    private readonly IDisposable? _owner;
    private readonly byte[]? _bytes;
    private long _position;

    /// <summary>Writes the next <c>destination.Length</c> bytes of the output.</summary>
    public delegate void Reader(Span<byte> destination);

    /// <param name="length">The output's length in bytes.</param>
    /// <param name="read">Writes the next bytes, in order.</param>
    /// <param name="owner">What <paramref name="read"/> reads from, disposed (erased) with this output.</param>
    public DigestOutput(long length, Reader read, IDisposable? owner)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(length);
        ArgumentNullException.ThrowIfNull(read);
        Length = length;
        _read = read;
        _owner = owner;
    }

    /// <param name="digest">A digest computed whole (a fixed-length hash).</param>
    public DigestOutput(byte[] digest)
    {
        ArgumentNullException.ThrowIfNull(digest);
        Length = digest.Length;
        _bytes = digest;
    }

    /// <summary>The output's length in bytes.</summary>
    public long Length { get; }

    /// <summary>How many bytes are left to read.</summary>
    public long Remaining => Length - _position;

    /// <summary>Writes the next <c>destination.Length</c> bytes (no more than <see cref="Remaining"/>).</summary>
    public void Read(Span<byte> destination)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan(destination.Length, Remaining, nameof(destination));
        if (_bytes is not null)
        {
            _bytes.AsSpan((int)_position, destination.Length).CopyTo(destination);
        }
        else
        {
            _read!(destination);
        }

        _position += destination.Length;
    }

    /// <summary>
    /// The whole output in one array, for a digest whose length a checksum line gave (the line,
    /// twice as long, is in memory already).
    /// </summary>
    public byte[] ToArray()
    {
        byte[] all = new byte[Remaining];
        Read(all);
        return all;
    }

    /// <summary>Erases what the output is computed from (the root node of a keyed hash).</summary>
    public void Dispose()
    {
        _owner?.Dispose();
        if (_bytes is not null)
        {
            Array.Clear(_bytes);
        }
    }
}

using System.IO;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Internal;

/// <summary>
/// A file stream read at explicit offsets (<see cref="RandomAccess"/>), so that several workers
/// can read their own parts of it at once. The netstandard builds have a version in Polyfills
/// that never applies: they read every stream in order.
/// </summary>
internal sealed class PositionalFile
{
    private readonly FileStream _stream;
    private readonly SafeFileHandle _handle;

    private PositionalFile(FileStream stream)
    {
        _stream = stream;
        _handle = stream.SafeFileHandle;
        Start = stream.Position;
        Length = stream.Length - Start;
    }

    /// <summary>Where the rest of the stream begins.</summary>
    public long Start { get; }

    /// <summary>The bytes from <see cref="Start"/> to the end when the stream was opened.</summary>
    public long Length { get; }

    /// <summary>A positional reader for <paramref name="stream"/> if it is a seekable file stream, otherwise <see langword="null"/>.</summary>
    public static PositionalFile? TryOpen(Stream stream) =>
        stream is FileStream file && file.CanSeek ? new PositionalFile(file) : null;

    /// <summary>Reads up to <c>buffer.Length</c> bytes at <paramref name="offset"/> past <see cref="Start"/>; 0 at the end of the file.</summary>
    public int Read(System.Span<byte> buffer, long offset) => RandomAccess.Read(_handle, buffer, Start + offset);

    /// <summary>Leaves the stream positioned after what was hashed, as a sequential read would.</summary>
    public void MoveToEnd() => _stream.Position = Start + Length;
}

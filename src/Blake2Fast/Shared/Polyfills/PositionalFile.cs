using System;
using System.IO;

namespace Blake2Fast.Internal;

/// <summary>
/// The netstandard builds have no positional file reads (<c>RandomAccess</c> came with .NET 6):
/// every stream is read in order, and this stand-in for the .NET 8 version never applies.
/// </summary>
internal sealed class PositionalFile
{
    private PositionalFile()
    {
    }

    /// <summary>Never used: no instance exists.</summary>
    public long Start { get; }

    /// <summary>Never used: no instance exists.</summary>
    public long Length { get; }

    /// <summary>Always <see langword="null"/> on this build.</summary>
    public static PositionalFile? TryOpen(Stream stream) => null;

    /// <summary>Never called: no instance exists.</summary>
    public int Read(Span<byte> buffer, long offset) => throw new NotSupportedException();

    /// <summary>Never called: no instance exists.</summary>
    public void MoveToEnd() => throw new NotSupportedException();
}

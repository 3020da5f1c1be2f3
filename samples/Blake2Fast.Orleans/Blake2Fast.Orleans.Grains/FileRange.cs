using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.OrleansSample;

/// <summary>Reads one piece's byte range of the shared input, a buffer at a time.</summary>
internal static class FileRange
{
    /// <summary>
    /// The piece's bytes in blocks of <paramref name="blockLength"/> (the last one shorter), read
    /// at explicit offsets (<see cref="RandomAccess"/>) into one rented buffer: each block is valid
    /// until the next is asked for. The file must still be <see cref="PieceInfo.FileLength"/> bytes.
    /// </summary>
    /// <exception cref="InvalidDataException">The file's length is not the one the job started with, or it ended early: it changed while the job ran.</exception>
    /// <exception cref="IOException">The file cannot be read on this silo.</exception>
    public static async IAsyncEnumerable<ReadOnlyMemory<byte>> ReadBlocksAsync(PieceInfo piece, int blockLength, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        using SafeFileHandle file = File.OpenHandle(piece.Path, FileMode.Open, FileAccess.Read, FileShare.Read, FileOptions.Asynchronous);
        long length = RandomAccess.GetLength(file);
        if (length != piece.FileLength)
        {
            throw Changed(piece, $"it is {length} bytes long, not the {piece.FileLength} it was when the job started");
        }

        byte[] buffer = ArrayPool<byte>.Shared.Rent((int)Math.Min(blockLength, Math.Max(piece.Length, 1)));
        try
        {
            long end = piece.Offset + piece.Length;
            for (long position = piece.Offset; position < end;)
            {
                int block = (int)Math.Min(blockLength, end - position);
                for (int filled = 0; filled < block;)
                {
                    int read = await RandomAccess.ReadAsync(file, buffer.AsMemory(filled, block - filled), position + filled, cancellationToken);
                    if (read == 0)
                    {
                        throw Changed(piece, $"it ended at byte {position + filled}");
                    }

                    filled += read;
                }

                yield return buffer.AsMemory(0, block);
                position += block;

                // A read from the page cache completes at once, so without this a whole piece
                // would be one turn of the worker's scheduler; between blocks the silo runs others.
                await Task.Yield();
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    /// <summary>Reads the whole of a small file (at most one block), for jobs too small to cut up.</summary>
    public static async Task<byte[]> ReadAllAsync(PieceInfo piece, CancellationToken cancellationToken)
    {
        byte[] bytes = new byte[piece.Length];
        await foreach (ReadOnlyMemory<byte> block in ReadBlocksAsync(piece, bytes.Length, cancellationToken))
        {
            block.CopyTo(bytes);
        }

        return bytes;
    }

    private static InvalidDataException Changed(PieceInfo piece, string what) =>
        new($"{piece.Path} changed while it was being hashed ({piece}): {what}. Hash it again once it is stable.");
}

using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;

namespace Blake2Fast.BlobService;

/// <summary>
/// Streams a Bao slice cut from a blob and its outboard tree, asynchronously from end to end: the
/// files are read with awaited reads and the response written with awaited writes, so a client that
/// stops reading holds a suspended request (its three buffers, about 144 KiB) and no thread. The
/// whole combined encoding is the slice of the whole blob.
/// </summary>
/// <remarks>
/// The bytes are those of the library's <see cref="Bao.ExtractSliceOutboard(Stream, Stream, Stream, long, long)"/>
/// (the tests compare them): the header, then in pre-order every parent whose subtree meets the
/// slice's chunks, and those chunks. The library's extractor is synchronous, so serving it would
/// hold a blocked thread per slow client; this walk is the same tree order with awaits.
/// </remarks>
internal static class BaoResponse
{
    private const int HeaderLength = 8;
    private const int ParentLength = 2 * Blake3Subtree.ChainingValueLength;
    private const int ChunkLength = Blake3Subtree.ChunkLength;
    private const int OutputLength = 64 * 1024;
    private const int DataBufferLength = 64 * 1024;
    private const int TreeBufferLength = 16 * 1024;

    /// <summary>The combined encoding of a blob of <paramref name="length"/> bytes.</summary>
    public static Task WriteCombinedAsync(Stream data, Stream outboard, long length, Stream destination, CancellationToken cancellationToken) =>
        WriteSliceAsync(data, outboard, length, 0, Math.Max(length, 1), destination, cancellationToken);

    /// <summary>
    /// The slice of (<paramref name="start"/>, <paramref name="count"/>) of a blob of
    /// <paramref name="length"/> bytes: a count of 0 counts as 1, a start at or past the end gives the
    /// final chunk (which proves the length), a range past the end stops at it.
    /// </summary>
    public static async Task WriteSliceAsync(Stream data, Stream outboard, long length, long start, long count, Stream destination, CancellationToken cancellationToken)
    {
        long chunks = length == 0 ? 1 : ((length - 1) / ChunkLength) + 1;
        long first, last;
        if (start >= length)
        {
            first = last = chunks - 1;
        }
        else
        {
            long end = Math.Max(count, 1) >= length - start ? length : start + Math.Max(count, 1);
            first = start / ChunkLength;
            last = (end - 1) / ChunkLength;
        }

        byte[] output = ArrayPool<byte>.Shared.Rent(OutputLength);
        byte[] dataBuffer = ArrayPool<byte>.Shared.Rent(DataBufferLength);
        byte[] treeBuffer = ArrayPool<byte>.Shared.Rent(TreeBufferLength);
        try
        {
            var writer = new Output(destination, output);
            var dataSource = new ForwardReader(data, dataBuffer, DataBufferLength);
            var treeSource = new ForwardReader(outboard, treeBuffer, TreeBufferLength);
            await writer.CopyAsync(treeSource, 0, HeaderLength, cancellationToken);

            // Nodes still to visit, the next on top: content start, content length, tree offset of
            // its parent bytes in the outboard (after the header).
            var pending = new Stack<(long Start, long Length, long Tree)>();
            pending.Push((0, length, 0));
            while (pending.Count > 0)
            {
                (long nodeStart, long nodeLength, long tree) = pending.Pop();
                if (nodeLength <= ChunkLength)
                {
                    await writer.CopyAsync(dataSource, nodeStart, nodeLength, cancellationToken);
                    continue;
                }

                await writer.CopyAsync(treeSource, HeaderLength + tree, ParentLength, cancellationToken);
                long left = Blake3Subtree.LeftSubtreeLength(nodeLength);
                long rightStart = nodeStart + left;
                if (rightStart / ChunkLength <= last)
                {
                    pending.Push((rightStart, nodeLength - left, tree + (left / ChunkLength * ParentLength)));
                }

                if ((rightStart - 1) / ChunkLength >= first)
                {
                    pending.Push((nodeStart, left, tree + ParentLength));
                }
            }

            await writer.FlushAsync(cancellationToken);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(treeBuffer);
            ArrayPool<byte>.Shared.Return(dataBuffer);
            ArrayPool<byte>.Shared.Return(output);
        }
    }

    /// <summary>Gathers pieces into one buffer and writes it to the response when full.</summary>
    private sealed class Output(Stream destination, byte[] buffer)
    {
        private int _filled;

        public async ValueTask CopyAsync(ForwardReader source, long offset, long length, CancellationToken cancellationToken)
        {
            while (length > 0)
            {
                if (_filled == OutputLength)
                {
                    await FlushAsync(cancellationToken);
                }

                ReadOnlyMemory<byte> available = await source.AtAsync(offset, cancellationToken);
                int n = (int)Math.Min(Math.Min(length, available.Length), OutputLength - _filled);
                available.Span[..n].CopyTo(buffer.AsSpan(_filled));
                _filled += n;
                offset += n;
                length -= n;
            }
        }

        public async ValueTask FlushAsync(CancellationToken cancellationToken)
        {
            if (_filled > 0)
            {
                await destination.WriteAsync(buffer.AsMemory(0, _filled), cancellationToken);
                _filled = 0;
            }
        }
    }

    /// <summary>
    /// A read buffer over a file read at increasing offsets: what lies in the buffer is served from
    /// it, a later offset refills it from there (a skip is a seek).
    /// </summary>
    private sealed class ForwardReader(Stream stream, byte[] buffer, int bufferLength)
    {
        private long _bufferOffset;
        private int _filled;

        /// <summary>The buffered bytes from <paramref name="offset"/> on, at least one.</summary>
        public async ValueTask<ReadOnlyMemory<byte>> AtAsync(long offset, CancellationToken cancellationToken)
        {
            if (offset < _bufferOffset || offset >= _bufferOffset + _filled)
            {
                if (stream.Position != offset)
                {
                    stream.Position = offset;
                }

                _bufferOffset = offset;
                _filled = await stream.ReadAsync(buffer.AsMemory(0, bufferLength), cancellationToken);
                if (_filled == 0)
                {
                    throw new EndOfStreamException("A stored blob or its outboard tree is shorter than its length says.");
                }
            }

            return buffer.AsMemory((int)(offset - _bufferOffset), _filled - (int)(offset - _bufferOffset));
        }
    }
}

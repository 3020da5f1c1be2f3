using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast;

namespace Blake2Fast.BlobService;

/// <summary>
/// Streams a Bao slice (the whole combined encoding is the slice of the whole blob) cut from a blob
/// and its outboard tree. The library's extractor is synchronous, so it runs on a thread of its own
/// and writes into a pipe whose other end is copied to the response asynchronously: memory stays at
/// the pipe's bound (about 1 MiB), and a client that stops reading stops the extractor.
/// </summary>
internal static class BaoResponse
{
    private const int PauseThreshold = 1024 * 1024;
    private const int FlushThreshold = 64 * 1024;
    private const int OutputLength = 64 * 1024;

    public static async Task WriteSliceAsync(Stream data, Stream outboard, Stream destination, long start, long count, CancellationToken cancellationToken)
    {
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: PauseThreshold, resumeWriterThreshold: PauseThreshold / 2, useSynchronizationContext: false));
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        Task producer = Task.Factory.StartNew(
            () =>
            {
                try
                {
                    using var writer = new BlockingPipeStream(pipe.Writer, stop.Token);
                    Bao.ExtractSliceOutboard(data, outboard, writer, start, count);
                    writer.Flush();
                    pipe.Writer.Complete();
                }
                catch (Exception e)
                {
                    pipe.Writer.Complete(e);
                }
            },
            CancellationToken.None,
            TaskCreationOptions.LongRunning,
            TaskScheduler.Default);

        try
        {
            await pipe.Reader.CopyToAsync(destination, cancellationToken);
            await pipe.Reader.CompleteAsync();
        }
        catch (Exception e)
        {
            await stop.CancelAsync();
            await pipe.Reader.CompleteAsync(e);
            throw;
        }
        finally
        {
            await producer;
        }
    }

    /// <summary>
    /// Streams the combined encoding of a whole blob from the blob and its outboard tree. Both are
    /// in pre-order (the header, then each parent before its left and right subtrees), so the
    /// combined encoding is the outboard's parents with the chunks put in place: each source is read
    /// once, in order, asynchronously, with nothing to seek. Nothing is verified here; the client does that.
    /// </summary>
    public static async Task WriteCombinedAsync(Stream data, Stream outboard, long length, Stream destination, CancellationToken cancellationToken)
    {
        var dataSource = new Refiller(data, 256 * 1024);
        var treeSource = new Refiller(outboard, 64 * 1024);
        byte[] output = new byte[OutputLength];

        // Pending subtrees (their lengths), the next on top; the current piece: the header (8 bytes,
        // the same in both forms), a parent or a chunk, and how much of it is left to copy.
        var pending = new Stack<long>();
        pending.Push(length);
        bool fromTree = true;
        int left = 8;
        bool done = false;
        while (!done)
        {
            int filled = 0;
            while (filled < output.Length)
            {
                if (left == 0)
                {
                    if (pending.Count == 0)
                    {
                        done = true;
                        break;
                    }

                    long subtree = pending.Pop();
                    if (subtree <= Blake3Subtree.ChunkLength)
                    {
                        fromTree = false;
                        left = (int)subtree;
                    }
                    else
                    {
                        fromTree = true;
                        left = 2 * Blake3Subtree.ChainingValueLength;
                        long leftSubtree = Blake3Subtree.LeftSubtreeLength(subtree);
                        pending.Push(subtree - leftSubtree);
                        pending.Push(leftSubtree);
                    }

                    continue;
                }

                Refiller source = fromTree ? treeSource : dataSource;
                if (source.Available.IsEmpty)
                {
                    await source.RefillAsync(cancellationToken);
                }

                int n = Math.Min(Math.Min(left, source.Available.Length), output.Length - filled);
                source.Available.Span[..n].CopyTo(output.AsSpan(filled));
                source.Consume(n);
                filled += n;
                left -= n;
            }

            await destination.WriteAsync(output.AsMemory(0, filled), cancellationToken);
        }
    }

    /// <summary>A read buffer over a stream, refilled asynchronously.</summary>
    private sealed class Refiller(Stream stream, int bufferLength)
    {
        private readonly byte[] _buffer = new byte[bufferLength];
        private int _start;
        private int _end;

        public ReadOnlyMemory<byte> Available => _buffer.AsMemory(_start, _end - _start);

        public async ValueTask RefillAsync(CancellationToken cancellationToken)
        {
            _start = 0;
            _end = await stream.ReadAsync(_buffer, cancellationToken);
            if (_end == 0)
            {
                throw new EndOfStreamException("A stored blob or its outboard tree is shorter than its length says.");
            }
        }

        public void Consume(int count) => _start += count;
    }

    /// <summary>A write-only stream over a pipe writer, for a synchronous producer on its own thread.</summary>
    private sealed class BlockingPipeStream(PipeWriter writer, CancellationToken cancellationToken) : Stream
    {
        private int _unflushed;

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => throw new NotSupportedException();

        public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

        public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

        public override void Write(ReadOnlySpan<byte> buffer)
        {
            writer.Write(buffer);
            _unflushed += buffer.Length;
            if (_unflushed >= FlushThreshold)
            {
                Flush();
            }
        }

        public override void Flush()
        {
            _unflushed = 0;
            FlushResult result = writer.FlushAsync(cancellationToken).AsTask().GetAwaiter().GetResult();
            if (result.IsCompleted || result.IsCanceled)
            {
                throw new OperationCanceledException("The response is no longer read.");
            }
        }

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }
}

using System;
using System.Buffers;
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

using System;
using System.IO;
using System.Runtime.ExceptionServices;
using System.Threading;
using System.Threading.Channels;
using System.Threading.Tasks;

namespace Blake2Fast.BlobService.Client;

/// <summary>
/// Reads a forward-only stream ahead on another task, a few buffers deep, so that receiving the
/// next bytes overlaps with what the reader does with the last ones: the download's verification
/// (hashing) and the transfer otherwise take turns, and their times add up. Memory is bounded:
/// <c>depth</c> buffers of <c>bufferLength</c> bytes, reused. An error of the inner stream reaches
/// the reader in stream order, after every byte read before it.
/// </summary>
internal sealed class ReadAheadStream : Stream
{
    private readonly Stream _inner;
    private readonly Channel<(byte[] Buffer, int Length)> _filled;
    private readonly Channel<byte[]> _free;
    private readonly CancellationTokenSource _stop = new();
    private readonly Task _pump;
    private ExceptionDispatchInfo? _failure;
    private byte[]? _current;
    private int _currentLength;
    private int _currentOffset;
    private bool _ended;
    private bool _disposed;

    /// <param name="inner">The stream to read ahead; disposed with this one.</param>
    /// <param name="bufferLength">Bytes per read of <paramref name="inner"/>.</param>
    /// <param name="depth">Buffers read ahead at most.</param>
    public ReadAheadStream(Stream inner, int bufferLength = 256 * 1024, int depth = 4)
    {
        _inner = inner;
        _filled = Channel.CreateBounded<(byte[], int)>(new BoundedChannelOptions(depth) { SingleReader = true, SingleWriter = true });
        _free = Channel.CreateUnbounded<byte[]>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
        for (int i = 0; i < depth + 1; i++)
        {
            _free.Writer.TryWrite(new byte[bufferLength]);
        }

        _pump = Task.Run(PumpAsync);
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => ReadAsync(buffer.AsMemory(offset, count)).AsTask().GetAwaiter().GetResult();

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (buffer.IsEmpty)
        {
            return 0;
        }

        if (_current is null || _currentOffset == _currentLength)
        {
            if (_current is not null)
            {
                _free.Writer.TryWrite(_current);
                _current = null;
            }

            if (_ended)
            {
                return 0;
            }

            if (!await _filled.Reader.WaitToReadAsync(cancellationToken).ConfigureAwait(false) || !_filled.Reader.TryRead(out var next))
            {
                _ended = true;
                _failure?.Throw();
                return 0;
            }

            (_current, _currentLength, _currentOffset) = (next.Buffer, next.Length, 0);
        }

        int count = Math.Min(buffer.Length, _currentLength - _currentOffset);
        _current.AsMemory(_currentOffset, count).CopyTo(buffer);
        _currentOffset += count;
        return count;
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        // Twice is harmless: the decoder over this stream disposes it, and so does its owner.
        if (disposing && !_disposed)
        {
            _disposed = true;
            _stop.Cancel();
            try
            {
                _pump.GetAwaiter().GetResult();
            }
            catch (OperationCanceledException)
            {
            }

            _inner.Dispose();
            _stop.Dispose();
        }

        base.Dispose(disposing);
    }

    private async Task PumpAsync()
    {
        try
        {
            while (true)
            {
                byte[] buffer = await _free.Reader.ReadAsync(_stop.Token).ConfigureAwait(false);
                int length = await _inner.ReadAsync(buffer, _stop.Token).ConfigureAwait(false);
                if (length == 0)
                {
                    break;
                }

                await _filled.Writer.WriteAsync((buffer, length), _stop.Token).ConfigureAwait(false);
            }
        }
        catch (OperationCanceledException) when (_stop.IsCancellationRequested)
        {
            // Disposed: the reader has stopped reading.
        }
        catch (Exception e)
        {
            // Delivered to the reader once it has read every byte before the failure.
            _failure = ExceptionDispatchInfo.Capture(e);
        }
        finally
        {
            _filled.Writer.TryComplete();
        }
    }
}

using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Components.Forms;

namespace Blake2Fast.BlobService.BlazorClient;

/// <summary>
/// A picked file as a stream that can seek, as <see cref="Client.BlobClient"/>'s resumable upload
/// needs: <see cref="IBrowserFile.OpenReadStream"/> reads from the start only, so a seek backwards
/// opens the file again and a seek forwards reads up to the new position. The file is read in
/// blocks of <see cref="BlockLength"/> bytes whatever the caller's reads: in a page every read of
/// the browser's stream is a call into the browser (a slice of the file), whose cost is mostly per
/// call. Reads are asynchronous only (a page cannot block on the browser).
/// </summary>
public sealed class SeekableBrowserFileStream : Stream
{
    /// <summary>The bytes asked of the browser in one read (4 MiB).</summary>
    public const int BlockLength = 4 << 20;

    private readonly IBrowserFile _file;
    private readonly long _maxAllowedSize;
    private Stream? _inner;
    private long _innerPosition;
    private long _position;
    private byte[]? _block;
    private long _blockStart;
    private int _blockLength;

    /// <summary>Creates a stream over <paramref name="file"/>, positioned at its start.</summary>
    /// <param name="file">The picked file.</param>
    /// <param name="maxAllowedSize">The largest file the page accepts, as for <see cref="IBrowserFile.OpenReadStream"/>.</param>
    /// <exception cref="ArgumentNullException"><paramref name="file"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxAllowedSize"/> is less than the file's size.</exception>
    public SeekableBrowserFileStream(IBrowserFile file, long maxAllowedSize)
    {
        ArgumentNullException.ThrowIfNull(file);
        ArgumentOutOfRangeException.ThrowIfLessThan(maxAllowedSize, file.Size);
        _file = file;
        _maxAllowedSize = maxAllowedSize;
    }

    /// <inheritdoc/>
    public override bool CanRead => true;

    /// <inheritdoc/>
    public override bool CanSeek => true;

    /// <inheritdoc/>
    public override bool CanWrite => false;

    /// <inheritdoc/>
    public override long Length => _file.Size;

    /// <inheritdoc/>
    public override long Position
    {
        get => _position;
        set
        {
            ArgumentOutOfRangeException.ThrowIfNegative(value);
            _position = value;
        }
    }

    /// <inheritdoc/>
    public override long Seek(long offset, SeekOrigin origin)
    {
        Position = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => _position + offset,
            SeekOrigin.End => _file.Size + offset,
            _ => throw new ArgumentOutOfRangeException(nameof(origin)),
        };
        return _position;
    }

    /// <inheritdoc/>
    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        if (_position >= _file.Size || buffer.IsEmpty)
        {
            return 0;
        }

        while (_block is null || _position < _blockStart || _position >= _blockStart + _blockLength)
        {
            if (_inner is null || _innerPosition > _position)
            {
                // Backwards (or the first read): the browser's stream starts again from the file's start.
                if (_inner is not null)
                {
                    await _inner.DisposeAsync();
                }

                _inner = _file.OpenReadStream(_maxAllowedSize, cancellationToken);
                _innerPosition = 0;
            }

            // The next block (forwards, the blocks before the position are read and dropped).
            _block ??= new byte[BlockLength];
            _blockStart = _innerPosition;
            _blockLength = 0;
            int read;
            while (_blockLength < BlockLength && (read = await _inner.ReadAsync(_block.AsMemory(_blockLength), cancellationToken)) > 0)
            {
                _blockLength += read;
            }

            _innerPosition += _blockLength;
            if (_blockLength == 0)
            {
                throw new EndOfStreamException("The picked file ended before its size.");
            }
        }

        int offset = (int)(_position - _blockStart);
        int count = Math.Min(buffer.Length, _blockLength - offset);
        _block.AsMemory(offset, count).CopyTo(buffer);
        _position += count;
        return count;
    }

    /// <inheritdoc/>
    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    /// <summary>Not supported: a page reads the browser's files asynchronously only.</summary>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override int Read(byte[] buffer, int offset, int count) =>
        throw new NotSupportedException("A picked file is read asynchronously only (ReadAsync).");

    /// <inheritdoc/>
    public override void Flush()
    {
    }

    /// <summary>Not supported: the stream is read-only.</summary>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override void SetLength(long value) => throw new NotSupportedException();

    /// <summary>Not supported: the stream is read-only.</summary>
    /// <exception cref="NotSupportedException">Always.</exception>
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    /// <inheritdoc/>
    public override async ValueTask DisposeAsync()
    {
        if (_inner is not null)
        {
            await _inner.DisposeAsync();
            _inner = null;
        }

        await base.DisposeAsync();
    }

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _inner?.Dispose();
            _inner = null;
        }

        base.Dispose(disposing);
    }
}

using System;
using System.IO;
using System.Runtime.ExceptionServices;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Internal;

/// <summary>
/// A read-only stream of the verified content of a Bao encoding (combined, outboard beside the
/// content, or a slice). It returns bytes from a window of verified content: to fill the window
/// it walks down from the root to the chunk wanted, checking each parent against the value its
/// own parent (or the root hash) promised, until it reaches a node of at most 64 chunks that the
/// range allows, reads that node whole and verifies it in one pass of the lane kernels
/// (<see cref="BaoTree.Check"/>). The right-hand siblings passed on the way down wait on a stack
/// with their verified chaining values, so reading on in order reads the encoding in order and
/// needs no seeking: a pipe is fine, and a slice is read exactly as it is laid out.
/// </summary>
/// <remarks>
/// <para>
/// The length is read from the header at once, but it is trusted, and shown (end of stream,
/// <see cref="Length"/>, a seek from the end or past it), only once the final chunk has been
/// verified. After a mismatch or a truncated source every later read throws the same exception.
/// </para>
/// <para>
/// Memory: two buffers of about 64 KiB each and a stack of 64 nodes, whatever the content's size.
/// </para>
/// </remarks>
internal sealed partial class BaoDecoderStream : Stream
{
    /// <summary>More than a tree of 2^64 bytes is deep: one pending sibling per level.</summary>
    private const int MaxDepth = 64;

    private const int WindowLength = BaoTree.RunChunks * BaoLayout.ChunkLength;

    private readonly BaoSource _tree;
    private readonly BaoSource? _input;
    private readonly BaoLayout _layout;
    private readonly bool _slice;
    private readonly ulong _sliceStart;
    private readonly ulong _sliceCount;
    private readonly byte[] _hash = new byte[32];
    private readonly byte[] _expected = new byte[32];
    private readonly byte[] _parent = new byte[BaoLayout.ParentLength];
    private readonly byte[] _content = new byte[WindowLength];
    private readonly byte[] _treeBuffer;
    private readonly BaoNode[] _pending = new BaoNode[MaxDepth];
    private readonly byte[] _pendingValues = new byte[MaxDepth * 32];
    private int _depth;

    private bool _headerRead;
    private ulong _length;
    private ulong _end;
    private ulong _firstChunk;
    private ulong _lastChunk;
    private bool _endVerified;

    private ulong _position;
    private ulong _windowStart;
    private int _windowLength;
    private ExceptionDispatchInfo? _failure;
    private bool _disposed;

    /// <summary>A decoder of a combined encoding (<paramref name="input"/> null) or of an outboard tree and its content.</summary>
    public BaoDecoderStream(Stream tree, Stream? input, ReadOnlySpan<byte> hash)
        : this(tree, input, hash, slice: false, 0, 0)
    {
    }

    /// <summary>A decoder of a slice of (<paramref name="start"/>, <paramref name="count"/>): it returns that range, capped at the content's end.</summary>
    public BaoDecoderStream(Stream slice, ReadOnlySpan<byte> hash, ulong start, ulong count)
        : this(slice, null, hash, slice: true, start, count)
    {
    }

    private BaoDecoderStream(Stream tree, Stream? input, ReadOnlySpan<byte> hash, bool slice, ulong start, ulong count)
    {
        _tree = new BaoSource(tree);
        _input = input is null ? null : new BaoSource(input);
        _layout = new BaoLayout(outboard: input is not null);
        _treeBuffer = new byte[_layout.TreeLength(WindowLength)];
        hash.CopyTo(_hash);
        _slice = slice;
        _sliceStart = start;
        _sliceCount = count;
        _position = slice ? start : 0;
    }

    public override bool CanRead => !_disposed;

    /// <summary>Whether every source can seek (never for a slice, which holds only its range).</summary>
    public override bool CanSeek => !_disposed && !_slice && _tree.Seekable && (_input?.Seekable ?? true);

    public override bool CanWrite => false;

    /// <summary>The content length, once the final chunk is verified (verifying it first if need be).</summary>
    public override long Length
    {
        get
        {
            ThrowIfUnseekable();
            BaoSyncIo.Complete(Guard<BaoSyncIo>(finalChunk: true, default));
            return (long)_length;
        }
    }

    public override long Position
    {
        get
        {
            ThrowIfUnseekable();
            return (long)_position;
        }

        set => Seek(value, SeekOrigin.Begin);
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        CheckBuffer(buffer, offset, count);
        return ReadSync(buffer.AsSpan(offset, count));
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        CheckBuffer(buffer, offset, count);
        return ReadCoreAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();
    }

    /// <summary>
    /// Moves to a content offset. A seek from the end, or to the end or past it, verifies the final
    /// chunk first, so that the length it relies on is the true one.
    /// </summary>
    public override long Seek(long offset, SeekOrigin origin)
    {
        ThrowIfUnseekable();
        _failure?.Throw();
        if (origin == SeekOrigin.End)
        {
            BaoSyncIo.Complete(Guard<BaoSyncIo>(finalChunk: true, default));
        }
        else if (!_headerRead)
        {
            BaoSyncIo.Complete(Guard<BaoSyncIo>(finalChunk: false, default, headerOnly: true));
        }

        long target = origin switch
        {
            SeekOrigin.Begin => offset,
            SeekOrigin.Current => (long)_position + offset,
            SeekOrigin.End => (long)_length + offset,
            _ => throw new ArgumentException("The origin must be Begin, Current or End.", nameof(origin)),
        };
        if (target < 0)
        {
            throw new IOException("An attempt was made to move the position before the beginning of the stream.");
        }

        if ((ulong)target >= _length)
        {
            BaoSyncIo.Complete(Guard<BaoSyncIo>(finalChunk: true, default));
        }

        _position = (ulong)target;
        return target;
    }

    public override void Flush()
    {
    }

    public override void SetLength(long value) => throw new NotSupportedException("A Bao decoder is read-only.");

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException("A Bao decoder is read-only.");

    /// <summary>Reads verified bytes into <paramref name="destination"/>: at most what the current window holds.</summary>
    internal int ReadSync(Span<byte> destination)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (destination.IsEmpty)
        {
            return 0;
        }

        return BaoSyncIo.Complete(Prepare<BaoSyncIo>(default)) ? CopyOut(destination) : 0;
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing && !_disposed)
        {
            _disposed = true;
            _windowLength = 0;
            SecretBytes.Erase(_content);
            SecretBytes.Erase(_treeBuffer);
            _tree.Stream.Dispose();
            _input?.Stream.Dispose();
        }

        base.Dispose(disposing);
    }

    private async ValueTask<int> ReadCoreAsync(Memory<byte> destination, CancellationToken cancellationToken)
    {
        cancellationToken.ThrowIfCancellationRequested();
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (destination.IsEmpty)
        {
            return 0;
        }

        return await Prepare<BaoAsyncIo>(cancellationToken).ConfigureAwait(false) ? CopyOut(destination.Span) : 0;
    }

    /// <summary>Makes the window hold the current position; false at the (verified) end.</summary>
    private async ValueTask<bool> Prepare<TIo>(CancellationToken cancellationToken)
        where TIo : struct, IBaoIo
    {
        _failure?.Throw();
        if (InWindow())
        {
            return true;
        }

        if (!_headerRead || !(_position >= _end && _endVerified))
        {
            await Guard<TIo>(finalChunk: false, cancellationToken).ConfigureAwait(false);
        }

        return InWindow();
    }

    /// <summary>
    /// Reads the header, then loads the window of the chunk at the position (or of the final
    /// chunk), with the failure rules: a mismatch or a truncated source ends the decoder for good;
    /// any other failure part-way (an I/O error, a cancellation) leaves a seekable decoder to start
    /// again from the root at its next read, and ends one that reads its sources in order.
    /// </summary>
    private async ValueTask Guard<TIo>(bool finalChunk, CancellationToken cancellationToken, bool headerOnly = false)
        where TIo : struct, IBaoIo
    {
        _failure?.Throw();
        bool finished = false;
        try
        {
            if (!_headerRead)
            {
                await ReadHeader<TIo>(cancellationToken).ConfigureAwait(false);
            }

            if (!headerOnly && !(finalChunk && _endVerified))
            {
                ulong finalIndex = BaoLayout.Chunks(_length) - 1;
                ulong target = finalChunk || _position >= _length ? finalIndex : _position / BaoLayout.ChunkLength;
                await Load<TIo>(target, cancellationToken).ConfigureAwait(false);
            }

            finished = true;
        }
        catch (Exception e) when (e is CryptographicException or EndOfStreamException)
        {
            _failure = ExceptionDispatchInfo.Capture(e);
            finished = true;
            throw;
        }
        finally
        {
            if (!finished)
            {
                Abandon();
            }
        }
    }

    /// <summary>
    /// After a load that did not finish: the walk restarts from the root, or, where the sources are
    /// read in order (the stack of siblings and the sources' positions may no longer agree), the decoder ends.
    /// </summary>
    private void Abandon()
    {
        _depth = 0;
        if (!CanSeek)
        {
            _failure ??= ExceptionDispatchInfo.Capture(new IOException(
                "An earlier read of this Bao decoder failed or was canceled part-way through a node, and its source cannot seek back: it cannot go on."));
        }
    }

    private async ValueTask ReadHeader<TIo>(CancellationToken cancellationToken)
        where TIo : struct, IBaoIo
    {
        if (_slice)
        {
            await _tree.ReadNextAsync<TIo>(_parent, 0, BaoLayout.HeaderLength, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            await _tree.ReadAtAsync<TIo>(0, _parent, 0, BaoLayout.HeaderLength, cancellationToken).ConfigureAwait(false);
        }

        _length = BaoLayout.ReadHeader(_parent);
        if (_slice)
        {
            (_firstChunk, _lastChunk) = BaoLayout.SliceChunks(_length, _sliceStart, _sliceCount);
            _end = _sliceStart >= _length ? _length : Math.Min(_sliceStart + _sliceCount, _length);
        }
        else
        {
            (_firstChunk, _lastChunk) = (0, BaoLayout.Chunks(_length) - 1);
            _end = _length;
        }

        _headerRead = true;
    }

    /// <summary>Walks to chunk <paramref name="target"/> and verifies the node around it that becomes the window.</summary>
    private async ValueTask Load<TIo>(ulong target, CancellationToken cancellationToken)
        where TIo : struct, IBaoIo
    {
        BaoNode node;
        if (_depth > 0 && _pending[_depth - 1].Start == target)
        {
            _depth--;
            node = _pending[_depth];
            _pendingValues.AsSpan(_depth * 32, 32).CopyTo(_expected);
        }
        else
        {
            _depth = 0;
            node = BaoNode.Root(_length);
            _hash.CopyTo(_expected, 0);
        }

        while (node.Chunks > 1 && !(node.Chunks <= BaoTree.RunChunks && InRange(node)))
        {
            await ReadTree<TIo>(node.TreeOffset, _parent, BaoLayout.ParentLength, cancellationToken).ConfigureAwait(false);
            if (!BaoTree.CheckParent(_parent, node.IsRoot, _expected))
            {
                throw Mismatch(node);
            }

            (BaoNode left, BaoNode right) = node.Children(_layout);
            if (target < right.Start)
            {
                if (right.Start <= _lastChunk)
                {
                    _pending[_depth] = right;
                    _parent.AsSpan(32, 32).CopyTo(_pendingValues.AsSpan(_depth * 32));
                    _depth++;
                }

                node = left;
                _parent.AsSpan(0, 32).CopyTo(_expected);
            }
            else
            {
                node = right;
                _parent.AsSpan(32, 32).CopyTo(_expected);
            }
        }

        int contentLength = (int)node.ContentLength(_length);
        int treeLength = _layout.TreeLength(contentLength);
        _windowLength = 0;
        await ReadTree<TIo>(node.TreeOffset, _treeBuffer, treeLength, cancellationToken).ConfigureAwait(false);
        if (_input is not null)
        {
            await _input.ReadAtAsync<TIo>(node.ContentStart, _content, 0, contentLength, cancellationToken).ConfigureAwait(false);
        }

        if (!BaoTree.Check(_content.AsSpan(0, contentLength), _treeBuffer.AsSpan(0, treeLength), node.Start, _input is not null, node.IsRoot, _expected))
        {
            throw Mismatch(node);
        }

        _windowStart = node.ContentStart;
        _windowLength = contentLength;
        _endVerified |= node.Last >= _lastChunk;
    }

    /// <summary>Whether a slice holds all of <paramref name="node"/> (a full encoding holds everything).</summary>
    private bool InRange(BaoNode node) => node.Start >= _firstChunk && node.Last <= _lastChunk;

    /// <summary>Reads a node's tree bytes: at its offset in an encoding or outboard tree, or next in a slice.</summary>
    private ValueTask ReadTree<TIo>(ulong treeOffset, byte[] buffer, int length, CancellationToken cancellationToken)
        where TIo : struct, IBaoIo => _slice
            ? _tree.ReadNextAsync<TIo>(buffer, 0, length, cancellationToken)
            : _tree.ReadAtAsync<TIo>(BaoLayout.HeaderLength + treeOffset, buffer, 0, length, cancellationToken);

    private static BaoVerificationException Mismatch(BaoNode node) => new(
        $"The Bao encoding does not match the hash: the node over chunks {node.Start} to {node.Last} (content from byte {node.ContentStart}) failed verification.");

    private bool InWindow() => _windowLength > 0 && _position >= _windowStart && _position < _windowStart + (ulong)_windowLength && _position < _end;

    private int CopyOut(Span<byte> destination)
    {
        ulong stop = Math.Min(_windowStart + (ulong)_windowLength, _end);
        int count = (int)Math.Min((ulong)destination.Length, stop - _position);
        _content.AsSpan((int)(_position - _windowStart), count).CopyTo(destination);
        _position += (ulong)count;
        return count;
    }

    private void ThrowIfUnseekable()
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        if (!CanSeek)
        {
            throw new NotSupportedException(_slice ? "A slice decoder cannot seek: it holds only its range." : "The source streams cannot seek.");
        }
    }

    private static void CheckBuffer(byte[] buffer, int offset, int count)
    {
        ArgumentNullException.ThrowIfNull(buffer);
        if (offset < 0 || count < 0 || count > buffer.Length - offset)
        {
            throw new ArgumentOutOfRangeException(offset < 0 ? nameof(offset) : nameof(count), "The offset and count must lie within the buffer.");
        }
    }
}

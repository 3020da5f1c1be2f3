using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Internal;

/// <summary>
/// How a Bao reader reads: one generic method body serves the synchronous and the asynchronous
/// surface (the pattern of .NET's own SslStream), since a struct type argument picks the code at
/// JIT time. The synchronous one never suspends, so its tasks complete at once and allocate nothing.
/// </summary>
internal interface IBaoIo
{
    ValueTask<int> ReadAsync(Stream stream, byte[] buffer, int offset, int count, CancellationToken cancellationToken);
}

/// <summary>Reads with <see cref="Stream.Read(byte[], int, int)"/>.</summary>
internal readonly struct BaoSyncIo : IBaoIo
{
    public ValueTask<int> ReadAsync(Stream stream, byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        new(stream.Read(buffer, offset, count));

    /// <summary>The result of a method run with this type argument, which has completed by the time it returns.</summary>
    public static T Complete<T>(ValueTask<T> task) => task.IsCompleted ? task.GetAwaiter().GetResult() : throw NotCompleted();

    /// <inheritdoc cref="Complete{T}(ValueTask{T})"/>
    public static void Complete(ValueTask task)
    {
        if (!task.IsCompleted)
        {
            throw NotCompleted();
        }

        task.GetAwaiter().GetResult();
    }

    private static InvalidOperationException NotCompleted() => new("A synchronous Bao read did not complete synchronously.");
}

/// <summary>Reads with <c>Stream.ReadAsync</c>, honouring the token.</summary>
internal readonly struct BaoAsyncIo : IBaoIo
{
    public ValueTask<int> ReadAsync(Stream stream, byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        stream.ReadAsync(buffer.AsMemory(offset, count), cancellationToken);
}

/// <summary>
/// One stream a Bao reader takes bytes from (an encoding, an outboard tree, the content, a slice),
/// addressed from where the stream stood when the reader was made. A seekable stream is moved to
/// each offset asked for (only when it is not already there); any other is read in order, what
/// lies between skipped by reading it, so offsets must not go backwards.
/// </summary>
internal sealed class BaoSource
{
    private const int SkipBufferLength = 16 * 1024;

    private readonly long _base;
    private ulong _position;
    private byte[]? _skipBuffer;

    /// <summary>Wraps <paramref name="stream"/>, which the caller has checked is readable.</summary>
    public BaoSource(Stream stream)
    {
        Stream = stream;
        Seekable = stream.CanSeek;
        _base = Seekable ? stream.Position : 0;
        PositionKnown = true;
    }

    public Stream Stream { get; }

    public bool Seekable { get; }

    /// <summary>
    /// False after a read that did not finish (an exception, a cancellation): where the stream
    /// stands is then unknown. A seekable source recovers at its next read; another cannot.
    /// </summary>
    public bool PositionKnown { get; private set; }

    /// <summary>Where the next sequential read starts (after the bytes read so far).</summary>
    public ulong Position => _position;

    /// <summary>Fills <paramref name="length"/> bytes of <paramref name="buffer"/> with the stream's bytes from <paramref name="offset"/>.</summary>
    /// <exception cref="EndOfStreamException">The stream ends first.</exception>
    public async ValueTask ReadAtAsync<TIo>(ulong offset, byte[] buffer, int start, int length, CancellationToken cancellationToken)
        where TIo : struct, IBaoIo
    {
        if (Seekable)
        {
            if (!PositionKnown || _position != offset)
            {
                PositionKnown = false;
                Stream.Position = checked(_base + (long)offset);
                _position = offset;
            }
        }
        else if (offset != _position)
        {
            if (offset < _position || !PositionKnown)
            {
                throw new InvalidOperationException("A stream that cannot seek was asked for bytes it has already passed.");
            }

            await SkipAsync<TIo>(offset - _position, cancellationToken).ConfigureAwait(false);
        }

        await FillAsync<TIo>(buffer, start, length, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The synchronous <see cref="ReadAtAsync"/>.</summary>
    public void ReadAt(ulong offset, byte[] buffer, int start, int length) =>
        BaoSyncIo.Complete(ReadAtAsync<BaoSyncIo>(offset, buffer, start, length, default));

    /// <summary>Reads the next <paramref name="length"/> bytes, wherever the stream is.</summary>
    public ValueTask ReadNextAsync<TIo>(byte[] buffer, int start, int length, CancellationToken cancellationToken)
        where TIo : struct, IBaoIo => FillAsync<TIo>(buffer, start, length, cancellationToken);

    private async ValueTask FillAsync<TIo>(byte[] buffer, int start, int length, CancellationToken cancellationToken)
        where TIo : struct, IBaoIo
    {
        PositionKnown = false;
        int done = 0;
        while (done < length)
        {
            int read = await default(TIo).ReadAsync(Stream, buffer, start + done, length - done, cancellationToken).ConfigureAwait(false);
            if (read <= 0)
            {
                throw new EndOfStreamException("The Bao encoding ends before the node being read: it is truncated, or its length header is corrupt.");
            }

            done += read;
        }

        _position += (ulong)length;
        PositionKnown = true;
    }

    /// <summary>Reads and drops <paramref name="count"/> bytes of a stream that cannot seek.</summary>
    private async ValueTask SkipAsync<TIo>(ulong count, CancellationToken cancellationToken)
        where TIo : struct, IBaoIo
    {
        // Only slices of a stream that cannot seek skip (the parts of the encoding a slice leaves
        // out), so the buffer is made the first time it is needed.
        _skipBuffer ??= new byte[SkipBufferLength];
        while (count > 0)
        {
            int take = (int)Math.Min(SkipBufferLength, count);
            await FillAsync<TIo>(_skipBuffer, 0, take, cancellationToken).ConfigureAwait(false);
            count -= (ulong)take;
        }
    }
}

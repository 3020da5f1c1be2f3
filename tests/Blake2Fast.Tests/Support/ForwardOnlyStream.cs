using System;
using System.IO;

namespace Blake2Fast.Tests;

/// <summary>
/// The part every test stream shares: read forward only (not seekable, no length, not writable),
/// every read through <see cref="Read(Span{byte})"/>, which each kind of test stream defines.
/// </summary>
/// <remarks>Also compiled into the tool's tests, which read through the same kind of streams.</remarks>
public abstract class ForwardOnlyStream : Stream
{
    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public abstract override int Read(Span<byte> buffer);

    public override void Flush() { }
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

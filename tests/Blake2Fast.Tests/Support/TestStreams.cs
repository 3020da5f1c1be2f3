using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>
/// A read-only, non-seekable stream that returns fewer bytes than asked (1 to 13, in a fixed
/// pattern), as a network stream does and as a hasher that assumes full reads gets wrong. Read
/// asynchronously, its third read completes later on another thread, so the async hash really
/// resumes after an await (once per stream, to keep the suite fast).
/// </summary>
public sealed class ShortReadStream(byte[] data) : ForwardOnlyStream
{
    private int _position;
    private int _reads;

    public int Reads => _reads;

    public override int Read(Span<byte> buffer)
    {
        _reads++;
        int n = Math.Min(Math.Min(buffer.Length, 1 + (_reads * 5 % 13)), data.Length - _position);
        data.AsSpan(_position, n).CopyTo(buffer);
        _position += n;
        return n;
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        cancellationToken.ThrowIfCancellationRequested();
        if (_reads == 3)
        {
            await AsyncCompleter.Later();
        }

        return Read(buffer.Span);
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();
}

/// <summary>
/// Completes awaits later, on one dedicated thread that runs the continuations inline. The tests
/// block on async surfaces; continuations that needed the thread pool would starve it on a small machine.
/// </summary>
public static class AsyncCompleter
{
    private static readonly System.Collections.Concurrent.BlockingCollection<TaskCompletionSource> Pending = Start();

    public static Task Later()
    {
        var completion = new TaskCompletionSource();
        Pending.Add(completion);
        return completion.Task;
    }

    private static System.Collections.Concurrent.BlockingCollection<TaskCompletionSource> Start()
    {
        var pending = new System.Collections.Concurrent.BlockingCollection<TaskCompletionSource>();
        var thread = new Thread(() =>
        {
            foreach (TaskCompletionSource completion in pending.GetConsumingEnumerable())
            {
                completion.SetResult();
            }
        })
        {
            IsBackground = true,
            Name = "AsyncCompleter",
        };
        thread.Start();
        return pending;
    }
}

/// <summary>A stream that cannot be read (a write-only pipe) and counts every attempt to (there must be none), and the bytes written to it.</summary>
public sealed class UnreadableStream : ForwardOnlyStream
{
    public int ReadAttempts { get; private set; }
    public long Written { get; private set; }
    public override bool CanRead => false;
    public override bool CanWrite => true;

    public override int Read(Span<byte> buffer)
    {
        ReadAttempts++;
        throw new NotSupportedException();
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        ReadAttempts++;
        throw new NotSupportedException();
    }

    public override void Write(byte[] buffer, int offset, int count) => Written += count;
}

/// <summary>A readable stream that counts reads; used to prove bad arguments are rejected before any read.</summary>
public sealed class CountingStream(byte[] data) : MemoryStream(data)
{
    public int Reads { get; private set; }

    public override int Read(byte[] buffer, int offset, int count)
    {
        Reads++;
        return base.Read(buffer, offset, count);
    }

    public override int Read(Span<byte> buffer)
    {
        Reads++;
        return base.Read(buffer);
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        Reads++;
        return base.ReadAsync(buffer, cancellationToken);
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        Reads++;
        return base.ReadAsync(buffer, offset, count, cancellationToken);
    }
}

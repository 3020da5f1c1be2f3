using System;
using System.Buffers;
using System.IO;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Internal;

/// <summary>One-shot hashing of spans and streams, shared by every facade.</summary>
internal static class Blake2OneShot<TEngine> where TEngine : struct, IBlake2Engine
{
    /// <summary>
    /// Large enough that a kernel runs long stretches of blocks between reads, small enough to
    /// stay in the L2 cache with the data the kernel touches.
    /// </summary>
    private const int StreamBufferLength = 64 * 1024;

    /// <summary>Hashes <paramref name="source"/> into exactly <c>settings.DigestLength</c> bytes of <paramref name="destination"/>.</summary>
    public static int Hash(scoped in Blake2Settings settings, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        // HashMessage neither reads nor leaves anything in the engine, so zeroing it first (some
        // 350 bytes for BLAKE2b) would be wasted.
        Unsafe.SkipInit(out TEngine core);
        return core.HashMessage(settings, source, destination);
    }

    public static byte[] Hash(scoped in Blake2Settings settings, ReadOnlySpan<byte> source)
    {
        byte[] digest = new byte[settings.DigestLength];
        Hash(settings, source, digest);
        return digest;
    }

    public static int Hash(scoped in Blake2Settings settings, Stream source, Span<byte> destination)
    {
        TEngine core = Start(settings, source);
        byte[] buffer = ArrayPool<byte>.Shared.Rent(StreamBufferLength);
        int used = 0;
        try
        {
            int read;
            while ((read = source.Read(buffer, 0, StreamBufferLength)) > 0)
            {
                used = Math.Max(used, read);
                core.Update(buffer.AsSpan(0, read));
            }

            core.Finish(destination);
            return settings.DigestLength;
        }
        finally
        {
            core.Erase();
            StreamBuffers.Return(buffer, used);
        }
    }

    public static byte[] Hash(scoped in Blake2Settings settings, Stream source)
    {
        byte[] digest = new byte[settings.DigestLength];
        Hash(settings, source, digest);
        return digest;
    }

    /// <summary>Checks the stream and starts the hash, before any asynchronous work.</summary>
    public static TEngine Start(scoped in Blake2Settings settings, Stream source)
    {
        ArgumentNullException.ThrowIfNull(source);
        if (!source.CanRead)
        {
            throw new ArgumentException("The stream does not support reading.", nameof(source));
        }

        TEngine core = default;
        core.Initialize(settings);
        return core;
    }

    /// <summary>Checks the stream and starts the hash synchronously, so bad arguments throw before any asynchronous work.</summary>
    public static ValueTask<int> HashAsync(scoped in Blake2Settings settings, Stream source, Memory<byte> destination, CancellationToken cancellationToken)
    {
        TEngine core = Start(settings, source);
        try
        {
            // The async method takes its own copy of the state before it first awaits.
            return HashCoreAsync(core, source, destination, cancellationToken);
        }
        finally
        {
            core.Erase();
        }
    }

    /// <inheritdoc cref="HashAsync(in Blake2Settings, Stream, Memory{byte}, CancellationToken)"/>
    public static ValueTask<byte[]> HashAsync(scoped in Blake2Settings settings, Stream source, CancellationToken cancellationToken)
    {
        byte[] digest = new byte[settings.DigestLength];
        return AsyncResults.Then(HashAsync(settings, source, digest, cancellationToken), digest);
    }

    private static async ValueTask<int> HashCoreAsync(TEngine core, Stream source, Memory<byte> destination, CancellationToken cancellationToken)
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(StreamBufferLength);
        int used = 0;
        try
        {
            int read;
            while ((read = await source.ReadAsync(buffer.AsMemory(0, StreamBufferLength), cancellationToken).ConfigureAwait(false)) > 0)
            {
                used = Math.Max(used, read);
                core.Update(buffer.AsSpan(0, read));
            }

            int length = core.DigestLength;
            core.Finish(destination.Span);
            return length;
        }
        finally
        {
            core.Erase();
            StreamBuffers.Return(buffer, used);
        }
    }
}

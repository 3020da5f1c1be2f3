using System;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>
/// The public surface of <see cref="Blake2bp"/> / <see cref="Blake2sp"/> as an interface, so that
/// <see cref="Blake2pTests"/> runs one set of tests against both.
/// </summary>
public interface IBlake2pFacade
{
    string Algorithm { get; }
    int MaxDigestLength { get; }
    int MaxKeyLength { get; }
    int StripeLength { get; }

    byte[] HashData(byte[] source);
    byte[] HashData(ReadOnlySpan<byte> source);
    byte[] HashData(ReadOnlySpan<byte> source, int digestLength);
    byte[] HashData(byte[] key, byte[] source);
    byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source);
    byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int digestLength);
    int HashData(ReadOnlySpan<byte> source, Span<byte> destination);
    int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination);
    bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten);
    bool TryHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten);
    byte[] HashData(Stream source);
    int HashData(Stream source, Span<byte> destination);
    byte[] HashData(ReadOnlySpan<byte> key, Stream source);
    ValueTask<byte[]> HashDataAsync(Stream source, CancellationToken cancellationToken = default);
    ValueTask<int> HashDataAsync(Stream source, Memory<byte> destination, CancellationToken cancellationToken = default);
    ValueTask<byte[]> HashDataAsync(ReadOnlyMemory<byte> key, Stream source, CancellationToken cancellationToken = default);
    HashAlgorithm CreateHashAlgorithm(int digestLength);
    HMAC CreateHMAC(ReadOnlySpan<byte> key);
    HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key);

    /// <summary>A hasher from the public <c>CreateIncrementalHasher(digestLength, key)</c>.</summary>
    IBlake2pHasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key);

    /// <summary>The public parameterless <c>CreateIncrementalHasher()</c>.</summary>
    IBlake2pHasher CreateIncrementalHasher();

    /// <summary>A hasher forced onto one lane kernel (internal constructor).</summary>
    IBlake2pHasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key, byte kernel);

    /// <summary>A default (uninitialized) hash state.</summary>
    IBlake2pHasher CreateDefault();

    byte KernelCount { get; }
    byte BestKernel { get; }
    bool IsKernelSupported(byte kernel);
    void RequireKernel(byte kernel);

    /// <summary>Runs a lane kernel directly on a lane state (<c>Blake2bpKernels.Compress</c>).</summary>
    void CompressLanes(byte kernel, Span<byte> lanes, ReadOnlySpan<byte> stripes, uint increment);
}

/// <summary>A hash state struct behind a reference, so tests can hold either kind.</summary>
public interface IBlake2pHasher
{
    int DigestLength { get; }
    void Update(ReadOnlySpan<byte> input);
    byte[] Finish();
    int Finish(Span<byte> destination);
    bool TryFinish(Span<byte> destination, out int bytesWritten);
    void Reset();
    void Clear();

    /// <summary>A copy of the struct: the documented way to fork a hash.</summary>
    IBlake2pHasher Fork();

    /// <summary>The struct's bytes, to check what erasure leaves behind.</summary>
    byte[] RawBytes();

    void UpdateGeneric<T>(T[] values) where T : unmanaged;
    void UpdateGeneric<T>(ArraySegment<T> values) where T : unmanaged;
    void UpdateGeneric<T>(ReadOnlySpan<T> values) where T : unmanaged;
    void UpdateValue<T>(T value) where T : unmanaged;
}

/// <summary>Theory data shared by the BLAKE2bp and BLAKE2sp tests.</summary>
public static class Blake2pTestData
{
    /// <summary>Chunk sizes for feeding a hasher; -1 and -2 mean random sizes (0 included) from two seeds.</summary>
    public static TheoryData<int> Chunkings => new() { 1, 3, 63, 64, 65, 127, 128, 129, 383, 448, 511, 512, 513, 1000, -1, -2 };

    /// <summary>Every value of Blake2bpKernel / Blake2spKernel (they share the numbering).</summary>
    public static TheoryData<byte> Kernels => new() { 0, 1, 2, 3 };

    /// <summary>Feeds <paramref name="input"/> to <paramref name="hasher"/> in chunks as <paramref name="chunking"/> says.</summary>
    public static void Feed(IBlake2pHasher hasher, ReadOnlySpan<byte> input, int chunking)
    {
        Random? random = chunking < 0 ? new Random(-chunking) : null;
        while (!input.IsEmpty)
        {
            int size = random is null ? chunking : random.Next(0, 1100);
            size = Math.Min(size, input.Length);
            hasher.Update(input[..size]);
            input = input[size..];
        }

        if (random is not null)
        {
            hasher.Update([]);
        }
    }
}

/// <summary>A readable stream that returns at most a few bytes per read, to exercise the stream loops.</summary>
public sealed class TrickleStream(byte[] data, int maxRead) : Stream
{
    private int _position;

    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override int Read(Span<byte> buffer)
    {
        int n = Math.Min(Math.Min(buffer.Length, maxRead), data.Length - _position);
        data.AsSpan(_position, n).CopyTo(buffer);
        _position += n;
        return n;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        ValueTask.FromResult(Read(buffer.Span));

    public override void Flush() { }
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

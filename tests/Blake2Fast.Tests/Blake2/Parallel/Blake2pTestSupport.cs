using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.CompilerServices;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

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
    IHasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key);

    /// <summary>The public parameterless <c>CreateIncrementalHasher()</c>.</summary>
    IHasher CreateIncrementalHasher();

    /// <summary>A hasher forced onto one lane kernel (internal constructor).</summary>
    IHasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key, byte kernel);

    /// <summary>A default (uninitialized) hash state.</summary>
    IHasher CreateDefault();

    /// <summary>The public static class, for its constants.</summary>
    Facade Type { get; }

    /// <summary>The lane kernels (Blake2bpKernel or Blake2spKernel: they share the numbering) and their dispatcher.</summary>
    KernelSet Kernels { get; }

    byte KernelCount { get; }
    byte BestKernel { get; }
    bool IsKernelSupported(byte kernel);
    void RequireKernel(byte kernel);

    /// <summary>Runs a lane kernel directly on a lane state (<c>Blake2bpKernels.Compress</c>).</summary>
    void CompressLanes(byte kernel, Span<byte> lanes, ReadOnlySpan<byte> stripes, uint increment);
}

/// <summary>The facades of BLAKE2bp and BLAKE2sp, for their tests and for the build tests.</summary>
internal static class Blake2pFacades
{
    public static readonly IBlake2pFacade Bp = new Blake2pFacade<Blake2bpHashState, Blake2bpKernel>(
        "blake2bp", typeof(Blake2bp), typeof(Blake2bpKernels), (k, m) => Blake2bp.HashData(key: k, source: m), (scoped in Blake2Settings s, byte kernel) => new Blake2bpHashState(s, (Blake2bpKernel)kernel));

    public static readonly IBlake2pFacade Sp = new Blake2pFacade<Blake2spHashState, Blake2spKernel>(
        "blake2sp", typeof(Blake2sp), typeof(Blake2spKernels), (k, m) => Blake2sp.HashData(key: k, source: m), (scoped in Blake2Settings s, byte kernel) => new Blake2spHashState(s, (Blake2spKernel)kernel));

    public static IReadOnlyList<IBlake2pFacade> All => [Bp, Sp];
}

/// <summary>
/// <see cref="IBlake2pFacade"/> for Blake2bp or Blake2sp, written once: each member calls the
/// overload of that name and signature on the family's types (<see cref="Facade"/>). The family
/// gives what the compiler alone resolves (named array arguments) and the internal constructor.
/// </summary>
internal sealed class Blake2pFacade<TState, TKernel>(string algorithm, Type api, Type kernels, Func<byte[], byte[], byte[]> namedArrays, ForcedState<TState> forced) : IBlake2pFacade
    where TState : struct, IBlake2Incremental
    where TKernel : unmanaged, Enum
{
    private readonly Facade _api = new(api);

    private delegate void LaneCompress(TKernel kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment);

    public string Algorithm => algorithm;
    public int MaxDigestLength => _api.Value<int>("MaxDigestLength");
    public int MaxKeyLength => _api.Value<int>("MaxKeyLength");
    public int StripeLength => _api.Value<int>("Degree") * _api.Value<int>("BlockLength");
    public Facade Type => _api;
    public KernelSet Kernels { get; } = new(typeof(TKernel), kernels);

    public byte[] HashData(byte[] source) => _api.Method<Func<byte[], byte[]>>("HashData")(source);
    public byte[] HashData(ReadOnlySpan<byte> source) => _api.Method<HashSpan>("HashData")(source);
    public byte[] HashData(ReadOnlySpan<byte> source, int digestLength) => _api.Method<HashSpanToLength>("HashData")(source, digestLength);
    public byte[] HashData(byte[] key, byte[] source) => namedArrays(key, source);
    public byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source) => _api.Method<HashKeyed>("HashData")(key, source);
    public byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int digestLength) => _api.Method<HashKeyedToLength>("HashData")(key, source, digestLength);
    public int HashData(ReadOnlySpan<byte> source, Span<byte> destination) => _api.Method<HashInto>("HashData")(source, destination);
    public int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) => _api.Method<HashKeyedInto>("HashData")(key, source, destination);
    public bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) => _api.Method<TryHashInto>("TryHashData")(source, destination, out bytesWritten);
    public bool TryHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) => _api.Method<TryHashKeyedInto>("TryHashData")(key, source, destination, out bytesWritten);
    public byte[] HashData(Stream source) => _api.Method<Func<Stream, byte[]>>("HashData")(source);
    public int HashData(Stream source, Span<byte> destination) => _api.Method<HashStreamInto>("HashData")(source, destination);
    public byte[] HashData(ReadOnlySpan<byte> key, Stream source) => _api.Method<HashKeyedRead>("HashData")(key, source);

    public ValueTask<byte[]> HashDataAsync(Stream source, CancellationToken cancellationToken = default) =>
        _api.Method<Func<Stream, CancellationToken, ValueTask<byte[]>>>("HashDataAsync")(source, cancellationToken);

    public ValueTask<int> HashDataAsync(Stream source, Memory<byte> destination, CancellationToken cancellationToken = default) =>
        _api.Method<Func<Stream, Memory<byte>, CancellationToken, ValueTask<int>>>("HashDataAsync")(source, destination, cancellationToken);

    public ValueTask<byte[]> HashDataAsync(ReadOnlyMemory<byte> key, Stream source, CancellationToken cancellationToken = default) =>
        _api.Method<Func<ReadOnlyMemory<byte>, Stream, CancellationToken, ValueTask<byte[]>>>("HashDataAsync")(key, source, cancellationToken);

    public HashAlgorithm CreateHashAlgorithm(int digestLength) => _api.Method<Func<int, HashAlgorithm>>("CreateHashAlgorithm")(digestLength);
    public HMAC CreateHMAC(ReadOnlySpan<byte> key) => _api.Method<KeyedHmac>("CreateHMAC")(key);
    public HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key) => _api.Method<KeyedHmacToLength>("CreateHMAC")(digestLength, key);

    public IHasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key) =>
        new StateHasher<TState>(_api.Method<KeyedStateToLength<TState>>("CreateIncrementalHasher")(digestLength, key));

    public IHasher CreateIncrementalHasher() => new StateHasher<TState>(_api.Method<Func<TState>>("CreateIncrementalHasher")());

    public IHasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key, byte kernel) =>
        new StateHasher<TState>(forced(new Blake2Settings { DigestLength = digestLength, Key = key }, Kernels.Require(kernel)));

    public IHasher CreateDefault() => new StateHasher<TState>(default);

    public byte KernelCount => (byte)Kernels.Names.Count;
    public byte BestKernel => Kernels.Best;
    public bool IsKernelSupported(byte kernel) => Kernels.IsSupported(kernel);
    public void RequireKernel(byte kernel) => Kernels.Require(kernel);

    public void CompressLanes(byte kernel, Span<byte> lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        Assert.Equal(Unsafe.SizeOf<Blake2Lanes>(), lanes.Length);
        Kernels.Dispatcher.Method<LaneCompress>("Compress")(Unsafe.As<byte, TKernel>(ref kernel), ref Unsafe.As<byte, Blake2Lanes>(ref lanes[0]), stripes, increment);
    }
}

/// <summary>Theory data shared by the BLAKE2bp and BLAKE2sp tests.</summary>
public static class Blake2pTestData
{
    /// <summary>Chunk sizes for feeding a hasher; -1 and -2 mean random sizes (0 included) from two seeds.</summary>
    public static TheoryData<int> Chunkings => new() { 1, 3, 63, 64, 65, 127, 128, 129, 383, 448, 511, 512, 513, 1000, -1, -2 };

    /// <summary>Every value of Blake2bpKernel / Blake2spKernel (they share the numbering).</summary>
    public static TheoryData<byte> Kernels => new() { 0, 1, 2, 3 };

    /// <summary>Feeds <paramref name="input"/> to <paramref name="hasher"/> in chunks as <paramref name="chunking"/> says.</summary>
    public static void Feed(IHasher hasher, ReadOnlySpan<byte> input, int chunking)
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
public sealed class TrickleStream(byte[] data, int maxRead) : ForwardOnlyStream
{
    private int _position;

    public override int Read(Span<byte> buffer)
    {
        int n = Math.Min(Math.Min(buffer.Length, maxRead), data.Length - _position);
        data.AsSpan(_position, n).CopyTo(buffer);
        _position += n;
        return n;
    }

    public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        ValueTask.FromResult(Read(buffer.Span));
}

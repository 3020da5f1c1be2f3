using System;
using System.IO;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;
using Blake2spKernel = Blake2Fast.Kernels.Blake2pKernel;
using Blake2spKernels = Blake2Fast.Kernels.Blake2pKernels<uint>;

namespace Blake2Fast.Tests;

/// <summary>The shared parallel-mode tests (<see cref="Blake2pTests"/>) for BLAKE2sp.</summary>
public sealed class Blake2spTests : Blake2pTests
{
    private protected override IBlake2pFacade F { get; } = new Facade();

    [Fact]
    public void Constants()
    {
        Assert.Equal(32, Blake2sp.DefaultDigestLength);
        Assert.Equal(32, Blake2sp.MaxDigestLength);
        Assert.Equal(32, Blake2sp.MaxKeyLength);
        Assert.Equal(8, Blake2sp.Degree);
        Assert.Equal(64, Blake2sp.BlockLength);
    }

    [Fact]
    public void Kernel_selection_follows_the_machine()
    {
        Blake2spKernel expected =
            !LibraryBuild.HasIntrinsics ? Blake2spKernel.Scalar :
            System.Runtime.Intrinsics.X86.Avx512F.VL.IsSupported ? Blake2spKernel.Avx512 :
            System.Runtime.Intrinsics.X86.Avx2.IsSupported ? Blake2spKernel.Avx2 :
            System.Runtime.Intrinsics.Vector128.IsHardwareAccelerated ? Blake2spKernel.Vector128 :
            Blake2spKernel.Scalar;
        Assert.Equal(expected, Blake2spKernels.Best);
        Assert.Equal(expected, Blake2sp.CreateIncrementalHasher().Kernel);
    }

    private sealed class Facade : IBlake2pFacade
    {
        public string Algorithm => "blake2sp";
        public int MaxDigestLength => Blake2sp.MaxDigestLength;
        public int MaxKeyLength => Blake2sp.MaxKeyLength;
        public int StripeLength => Blake2sp.Degree * Blake2sp.BlockLength;

        public byte[] HashData(byte[] source) => Blake2sp.HashData(source);
        public byte[] HashData(ReadOnlySpan<byte> source) => Blake2sp.HashData(source);
        public byte[] HashData(ReadOnlySpan<byte> source, int digestLength) => Blake2sp.HashData(source, digestLength);
        public byte[] HashData(byte[] key, byte[] source) => Blake2sp.HashData(key: key, source: source);
        public byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source) => Blake2sp.HashData(key, source);
        public byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int digestLength) => Blake2sp.HashData(key, source, digestLength);
        public int HashData(ReadOnlySpan<byte> source, Span<byte> destination) => Blake2sp.HashData(source, destination);
        public int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) => Blake2sp.HashData(key, source, destination);
        public bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) => Blake2sp.TryHashData(source, destination, out bytesWritten);
        public bool TryHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) => Blake2sp.TryHashData(key, source, destination, out bytesWritten);
        public byte[] HashData(Stream source) => Blake2sp.HashData(source);
        public int HashData(Stream source, Span<byte> destination) => Blake2sp.HashData(source, destination);
        public byte[] HashData(ReadOnlySpan<byte> key, Stream source) => Blake2sp.HashData(key, source);
        public ValueTask<byte[]> HashDataAsync(Stream source, CancellationToken cancellationToken = default) => Blake2sp.HashDataAsync(source, cancellationToken);
        public ValueTask<int> HashDataAsync(Stream source, Memory<byte> destination, CancellationToken cancellationToken = default) => Blake2sp.HashDataAsync(source, destination, cancellationToken);
        public ValueTask<byte[]> HashDataAsync(ReadOnlyMemory<byte> key, Stream source, CancellationToken cancellationToken = default) => Blake2sp.HashDataAsync(key, source, cancellationToken);
        public HashAlgorithm CreateHashAlgorithm(int digestLength) => Blake2sp.CreateHashAlgorithm(digestLength);
        public HMAC CreateHMAC(ReadOnlySpan<byte> key) => Blake2sp.CreateHMAC(key);
        public HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key) => Blake2sp.CreateHMAC(digestLength, key);

        public IBlake2pHasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key) => new Hasher(Blake2sp.CreateIncrementalHasher(digestLength, key));
        public IBlake2pHasher CreateIncrementalHasher() => new Hasher(Blake2sp.CreateIncrementalHasher());
        public IBlake2pHasher CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key, byte kernel) =>
            new Hasher(new Blake2spHashState(new Blake2Settings { DigestLength = digestLength, Key = key }, Blake2spKernels.Require((Blake2spKernel)kernel)));
        public IBlake2pHasher CreateDefault() => new Hasher(default);

        public byte KernelCount => (byte)Blake2spKernel.Avx512 + 1;
        public byte BestKernel => (byte)Blake2spKernels.Best;
        public bool IsKernelSupported(byte kernel) => Blake2spKernels.IsSupported((Blake2spKernel)kernel);
        public void RequireKernel(byte kernel) => Blake2spKernels.Require((Blake2spKernel)kernel);

        public void CompressLanes(byte kernel, Span<byte> lanes, ReadOnlySpan<byte> stripes, uint increment)
        {
            Assert.Equal(Unsafe.SizeOf<Blake2Lanes>(), lanes.Length);
            Blake2spKernels.Compress((Blake2spKernel)kernel, ref Unsafe.As<byte, Blake2Lanes>(ref lanes[0]), stripes, increment);
        }
    }

    private sealed class Hasher(Blake2spHashState state) : IBlake2pHasher
    {
        private Blake2spHashState _state = state;

        public int DigestLength => _state.DigestLength;
        public void Update(ReadOnlySpan<byte> input) => _state.Update(input);
        public byte[] Finish() => _state.Finish();
        public int Finish(Span<byte> destination) => _state.Finish(destination);
        public bool TryFinish(Span<byte> destination, out int bytesWritten) => _state.TryFinish(destination, out bytesWritten);
        public void Reset() => _state.Reset();
        public void Clear() => _state.Clear();
        public IBlake2pHasher Fork() => new Hasher(_state);
        public byte[] RawBytes() => MemoryMarshal.AsBytes(new ReadOnlySpan<Blake2spHashState>(in _state)).ToArray();
        public void UpdateGeneric<T>(T[] values) where T : unmanaged => _state.Update(values);
        public void UpdateGeneric<T>(ArraySegment<T> values) where T : unmanaged => _state.Update(values);
        public void UpdateGeneric<T>(ReadOnlySpan<T> values) where T : unmanaged => _state.Update(values);
        public void UpdateValue<T>(T value) where T : unmanaged => _state.Update(value);
    }
}

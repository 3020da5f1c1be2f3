using System;
using Blake2Fast.Internal;

// The kernel registry of the netstandard2.0 build (.NET Framework, Mono, Unity, and any runtime
// older than .NET 8): that target has no System.Runtime.Intrinsics, so every dispatcher knows only
// its scalar kernel. The vector entries are declared for the shared dispatch code and are never
// reached: IsSupported says no, so Best and Require never hand out a vector kernel.
namespace Blake2Fast.Kernels;

internal static partial class Blake2bKernels
{
    private static partial Blake2bKernel PickWidest() => Blake2bKernel.Scalar;

    private static partial bool IsVectorSupported(Blake2bKernel kernel) => false;

    private static partial void CompressVector(Blake2bKernel kernel, Span<ulong> words, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1) =>
        throw new PlatformNotSupportedException();

    private static partial bool CompressRoundsVector(Blake2bKernel kernel, Span<ulong> state, ReadOnlySpan<ulong> message, uint rounds, ulong t0, ulong t1, ulong f0) => false;
}

internal static partial class Blake2sKernels
{
    private static partial Blake2sKernel PickWidest() => Blake2sKernel.Scalar;

    private static partial bool IsVectorSupported(Blake2sKernel kernel) => false;

    private static partial void CompressVector(Blake2sKernel kernel, Span<uint> words, ReadOnlySpan<byte> blocks, ref ulong t0, uint increment, uint f0, uint f1) =>
        throw new PlatformNotSupportedException();
}

internal static partial class Blake2pKernels<TWord>
{
    private static partial bool IsVectorSupported(Blake2pKernel kernel) => false;

    private static partial void CompressVector(Blake2pKernel kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment) =>
        throw new PlatformNotSupportedException();
}

internal static partial class Blake2XKernels<TWord>
{
    private static partial bool IsVectorSupported(Blake2XKernel kernel) => false;

    private static partial int WriteBlocksVector(Blake2XKernel kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination) => 0;
}

internal static partial class ScalarPreference
{
    // Without intrinsics there is no CPUID to read, and no vector kernel to prefer the scalar one to.
    private static partial bool IsAmdFamily1Ah() => false;

    // These builds carry no round-loop kernel: a browser takes the net8.0 or net10.0 build.
    private static partial bool IsBrowser() => false;
}

internal static partial class Blake2bManyKernels
{
    private static partial Blake2ManyKernel PickBest() => Blake2ManyKernel.Scalar;

    private static partial bool IsWideSupported() => false;

    private static partial void CompressWide(Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch) =>
        throw new PlatformNotSupportedException();
}

internal static partial class Blake2sManyKernels
{
    private static partial Blake2ManyKernel PickBest() => Blake2ManyKernel.Scalar;

    private static partial bool IsWideSupported() => false;

    private static partial void CompressWide(Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch) =>
        throw new PlatformNotSupportedException();
}

using System;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2bp and BLAKE2sp lane kernels this build carries: four BLAKE2b or eight BLAKE2s hashes at once.</summary>
internal enum Blake2pKernel : byte
{
    /// <summary>Portable code; runs everywhere (one lane after the other, through the scalar BLAKE2b or BLAKE2s kernel).</summary>
    Scalar = 0,

    /// <summary>Two BLAKE2b or four BLAKE2s lanes per 128-bit vector, the lanes as two halves; SSE2 or AdvSimd.</summary>
    Vector128,

    /// <summary>Four BLAKE2b or eight BLAKE2s lanes per 256-bit vector; rotations by byte shuffles and shifts.</summary>
    Avx2,

    /// <summary>As <see cref="Avx2"/>, with AVX-512VL rotate instructions.</summary>
    Avx512,
}

/// <summary>
/// Picks a BLAKE2bp (<typeparamref name="TWord"/> <see cref="ulong"/>) or BLAKE2sp (<see cref="uint"/>)
/// lane kernel once and runs it over whole stripes: a stripe is one block per lane, block i for
/// lane i (4 x 128 or 8 x 64 bytes). The chosen kernel loops over all stripes of a call itself.
/// </summary>
/// <remarks>
/// The vector kernels and their requirements are in this build's kernel registry (KernelRegistry.cs
/// under Blake2/Kernels/Vector or Blake2/Kernels/Portable).
/// </remarks>
/// <typeparam name="TWord">The word of the leaves' hash.</typeparam>
internal static partial class Blake2pKernels<TWord>
    where TWord : unmanaged
{
    /// <summary>Bytes per stripe: one block per lane, 512 for both.</summary>
    public const int StripeLength = 4 * 128;

    /// <summary>The fastest kernel this machine supports, chosen once.</summary>
    public static Blake2pKernel Best { get; } =
        IsSupported(Blake2pKernel.Avx512) ? Blake2pKernel.Avx512 :
        IsSupported(Blake2pKernel.Avx2) ? Blake2pKernel.Avx2 :
        IsSupported(Blake2pKernel.Vector128) ? Blake2pKernel.Vector128 :
        Blake2pKernel.Scalar;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2pKernel kernel) => kernel == Blake2pKernel.Scalar || IsVectorSupported(kernel);

    /// <summary>Returns <paramref name="kernel"/> if this machine can run it (for tests that force a kernel).</summary>
    /// <exception cref="PlatformNotSupportedException">This machine cannot run <paramref name="kernel"/>.</exception>
    public static Blake2pKernel Require(Blake2pKernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The BLAKE2{(Blake2Word<TWord>.Is64 ? 'b' : 's')}p kernel {kernel} is not supported on this machine.");

    /// <summary>
    /// Compresses every whole stripe of <paramref name="stripes"/>. Before each stripe, every
    /// lane's counter grows by <paramref name="increment"/>; each lane uses its own f0/f1 from
    /// <paramref name="lanes"/> for every stripe of the call.
    /// </summary>
    public static void Compress(Blake2pKernel kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        if (kernel == Blake2pKernel.Scalar)
        {
            Blake2pScalar<TWord>.Compress(ref lanes, stripes, increment);
        }
        else
        {
            CompressVector(kernel, ref lanes, stripes, increment);
        }
    }

    private static partial bool IsVectorSupported(Blake2pKernel kernel);

    private static partial void CompressVector(Blake2pKernel kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment);
}

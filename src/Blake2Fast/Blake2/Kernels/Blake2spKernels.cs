using System;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2sp lane kernels this build carries: eight BLAKE2s hashes at once.</summary>
internal enum Blake2spKernel : byte
{
    /// <summary>Portable code; runs everywhere (one lane after the other, through the scalar BLAKE2s kernel).</summary>
    Scalar = 0,

    /// <summary>Four lanes per 128-bit vector, the eight lanes as two halves; SSE2 or AdvSimd.</summary>
    Vector128,

    /// <summary>Eight lanes per 256-bit vector; rotations by byte shuffles and shifts.</summary>
    Avx2,

    /// <summary>As <see cref="Avx2"/>, with AVX-512VL rotate instructions.</summary>
    Avx512,
}

/// <summary>
/// Picks a BLAKE2sp lane kernel once and runs it over whole stripes: a stripe is 8 consecutive
/// 64-byte blocks, block i for lane i. The chosen kernel loops over all stripes of a call itself.
/// </summary>
/// <remarks>
/// The vector kernels and their requirements are in this build's kernel registry (KernelRegistry.cs
/// under Blake2/Kernels/Vector or Blake2/Kernels/Portable).
/// </remarks>
internal static partial class Blake2spKernels
{
    /// <summary>Bytes per stripe: one block per lane.</summary>
    public const int StripeLength = 8 * 64;

    /// <summary>The fastest kernel this machine supports, chosen once.</summary>
    public static Blake2spKernel Best { get; } =
        IsSupported(Blake2spKernel.Avx512) ? Blake2spKernel.Avx512 :
        IsSupported(Blake2spKernel.Avx2) ? Blake2spKernel.Avx2 :
        IsSupported(Blake2spKernel.Vector128) ? Blake2spKernel.Vector128 :
        Blake2spKernel.Scalar;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2spKernel kernel) => kernel == Blake2spKernel.Scalar || IsVectorSupported(kernel);

    /// <summary>Returns <paramref name="kernel"/> if this machine can run it (for tests that force a kernel).</summary>
    /// <exception cref="PlatformNotSupportedException">This machine cannot run <paramref name="kernel"/>.</exception>
    public static Blake2spKernel Require(Blake2spKernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The BLAKE2sp kernel {kernel} is not supported on this machine.");

    /// <summary>
    /// Compresses every whole stripe of <paramref name="stripes"/>. Before each stripe, every
    /// lane's counter grows by <paramref name="increment"/>; each lane uses its own f0/f1 from
    /// <paramref name="lanes"/> for every stripe of the call.
    /// </summary>
    public static void Compress(Blake2spKernel kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        if (kernel == Blake2spKernel.Scalar)
        {
            Blake2spScalar.Compress(ref lanes, stripes, increment);
        }
        else
        {
            CompressVector(kernel, ref lanes, stripes, increment);
        }
    }

    private static partial bool IsVectorSupported(Blake2spKernel kernel);

    private static partial void CompressVector(Blake2spKernel kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment);
}

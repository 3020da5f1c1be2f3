using System;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2bp lane kernels this build carries: four BLAKE2b hashes at once.</summary>
internal enum Blake2bpKernel : byte
{
    /// <summary>Portable code; runs everywhere (one lane after the other, through the scalar BLAKE2b kernel).</summary>
    Scalar = 0,

    /// <summary>Two lanes per 128-bit vector, the four lanes as two halves; SSE2 or AdvSimd.</summary>
    Vector128,

    /// <summary>Four lanes per 256-bit vector; rotations by byte shuffles and shifts.</summary>
    Avx2,

    /// <summary>As <see cref="Avx2"/>, with AVX-512VL rotate instructions.</summary>
    Avx512,
}

/// <summary>
/// Picks a BLAKE2bp lane kernel once and runs it over whole stripes: a stripe is 4 consecutive
/// 128-byte blocks, block i for lane i. The chosen kernel loops over all stripes of a call itself.
/// </summary>
/// <remarks>
/// The vector kernels and their requirements are in this build's kernel registry (KernelRegistry.cs
/// under Blake2/Kernels/Vector or Blake2/Kernels/Portable).
/// </remarks>
internal static partial class Blake2bpKernels
{
    /// <summary>Bytes per stripe: one block per lane.</summary>
    public const int StripeLength = 4 * 128;

    /// <summary>The fastest kernel this machine supports, chosen once.</summary>
    public static Blake2bpKernel Best { get; } =
        IsSupported(Blake2bpKernel.Avx512) ? Blake2bpKernel.Avx512 :
        IsSupported(Blake2bpKernel.Avx2) ? Blake2bpKernel.Avx2 :
        IsSupported(Blake2bpKernel.Vector128) ? Blake2bpKernel.Vector128 :
        Blake2bpKernel.Scalar;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2bpKernel kernel) => kernel == Blake2bpKernel.Scalar || IsVectorSupported(kernel);

    /// <summary>Returns <paramref name="kernel"/> if this machine can run it (for tests that force a kernel).</summary>
    /// <exception cref="PlatformNotSupportedException">This machine cannot run <paramref name="kernel"/>.</exception>
    public static Blake2bpKernel Require(Blake2bpKernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The BLAKE2bp kernel {kernel} is not supported on this machine.");

    /// <summary>
    /// Compresses every whole stripe of <paramref name="stripes"/>. Before each stripe, every
    /// lane's counter grows by <paramref name="increment"/>; each lane uses its own f0/f1 from
    /// <paramref name="lanes"/> for every stripe of the call.
    /// </summary>
    public static void Compress(Blake2bpKernel kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        if (kernel == Blake2bpKernel.Scalar)
        {
            Blake2bpScalar.Compress(ref lanes, stripes, increment);
        }
        else
        {
            CompressVector(kernel, ref lanes, stripes, increment);
        }
    }

    private static partial bool IsVectorSupported(Blake2bpKernel kernel);

    private static partial void CompressVector(Blake2bpKernel kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment);
}

using System;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
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
internal static class Blake2bpKernels
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
    /// <remarks>
    /// The 128-bit kernel is written with the cross-platform <see cref="Vector128"/> API, so it
    /// needs only <see cref="Vector128.IsHardwareAccelerated"/> (SSE2 on x86, AdvSimd on ARM64),
    /// not SSSE3: its rotations are shifts and a 32-bit-element shuffle. The vector kernels load
    /// message words in memory order, so they also need a little-endian machine.
    /// </remarks>
    public static bool IsSupported(Blake2bpKernel kernel) => kernel switch
    {
        Blake2bpKernel.Scalar => true,
        Blake2bpKernel.Vector128 => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian,
        Blake2bpKernel.Avx2 => Avx2.IsSupported,
        Blake2bpKernel.Avx512 => Avx2.IsSupported && Avx512F.VL.IsSupported,
        _ => false,
    };

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
        switch (kernel)
        {
            case Blake2bpKernel.Avx512:
                Blake2bpVector256.Compress<Blake2bLaneAvx512Rotations>(ref lanes, stripes, increment);
                break;
            case Blake2bpKernel.Avx2:
                Blake2bpVector256.Compress<Blake2bLaneAvx2Rotations>(ref lanes, stripes, increment);
                break;
            case Blake2bpKernel.Vector128:
                Blake2bpVector128.Compress(ref lanes, stripes, increment);
                break;
            default:
                Blake2bpScalar.Compress(ref lanes, stripes, increment);
                break;
        }
    }
}

using System;

namespace Blake2Fast.Kernels;

/// <summary>The implementations of Argon2's block compression G (BlaMka) this build carries.</summary>
internal enum Argon2Kernel : byte
{
    /// <summary>Portable 64-bit code; runs everywhere.</summary>
    Scalar = 0,

    /// <summary>Rows of four words in pairs of 128-bit registers: SSE2 on x64, AdvSimd on ARM64.</summary>
    Vector128,

    /// <summary>Rows of four words in 256-bit registers, AVX2 (vpmuludq for the 32x32->64 multiply, byte shuffles for the rotations).</summary>
    Avx2,

    /// <summary>The AVX2 kernel with AVX-512VL's one-instruction rotates (vprorq).</summary>
    Avx512,

    /// <summary>Two rows (or columns) at once in 512-bit registers, AVX-512F.</summary>
    Vector512,
}

/// <summary>
/// Picks the Argon2 block kernel once per process and dispatches each block compression to it,
/// as <see cref="Blake2bKernels"/> does for BLAKE2b; tests force each kernel through
/// <see cref="Require"/>. The vector kernels are in this build's kernel registry
/// (Argon2/Vector/Argon2KernelRegistry.cs or Argon2/Portable/Argon2KernelRegistry.cs).
/// </summary>
internal static unsafe partial class Argon2Kernels
{
    /// <summary>The widest kernel this machine (and the runtime's DOTNET_Enable* settings) supports.</summary>
    public static Argon2Kernel WidestSupported { get; } = PickWidest();

    /// <summary>The kernel new computations use.</summary>
    public static Argon2Kernel Best { get; } = WidestSupported;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Argon2Kernel kernel) => kernel == Argon2Kernel.Scalar || IsVectorSupported(kernel);

    /// <summary>Returns <paramref name="kernel"/> if this machine can run it (for tests that force a kernel).</summary>
    /// <exception cref="PlatformNotSupportedException">The CPU, or the runtime's ISA settings, do not allow <paramref name="kernel"/>.</exception>
    public static Argon2Kernel Require(Argon2Kernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The Argon2 {kernel} kernel is not supported on this machine or with the current DOTNET_Enable* settings.");

    /// <summary>
    /// next = G(previous, reference), XORed into next's old value when <paramref name="xor"/> (passes
    /// after the first, version 0x13). <paramref name="next"/> may be <paramref name="reference"/>
    /// (Argon2i's address generation): every kernel reads both inputs before it writes.
    /// </summary>
    public static void FillBlock(Argon2Kernel kernel, ulong* previous, ulong* reference, ulong* next, bool xor)
    {
        if (kernel == Argon2Kernel.Scalar)
        {
            Argon2Scalar.FillBlock(previous, reference, next, xor);
        }
        else
        {
            FillBlockVector(kernel, previous, reference, next, xor);
        }
    }

    private static partial Argon2Kernel PickWidest();

    private static partial bool IsVectorSupported(Argon2Kernel kernel);

    private static partial void FillBlockVector(Argon2Kernel kernel, ulong* previous, ulong* reference, ulong* next, bool xor);
}

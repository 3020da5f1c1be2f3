using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2s compress implementations this build carries.</summary>
internal enum Blake2sKernel : byte
{
    /// <summary>Portable code; runs everywhere.</summary>
    Scalar = 0,

    /// <summary>128-bit rows with SSE2 only.</summary>
    Sse2,

    /// <summary>128-bit rows with SSSE3 and SSE4.1.</summary>
    Ssse3,

    /// <summary>128-bit rows with AVX-512F/VL.</summary>
    Avx512,

    /// <summary>
    /// The scalar kernel's arithmetic with its ten rounds in a loop (Blake2sRoundLoop, in the Vector folder):
    /// what .NET's WebAssembly interpreter runs fastest, picked in a browser. net8.0 and net10.0 builds.
    /// </summary>
    RoundLoop,
}

/// <summary>
/// Picks a BLAKE2s kernel once per hash and dispatches to it once per run of blocks: the chosen
/// kernel loops over all the blocks of an <c>Update</c> itself.
/// </summary>
/// <remarks>
/// The vector kernels, and the rules that choose among them, are in this build's kernel registry
/// (KernelRegistry.cs under Blake2/Kernels/Vector or Blake2/Kernels/Portable).
/// </remarks>
internal static partial class Blake2sKernels
{
    /// <summary>The widest kernel this machine (and the runtime's DOTNET_Enable* settings) supports.</summary>
    public static Blake2sKernel WidestSupported { get; } = PickWidest();

    /// <summary>
    /// The kernel new hashes use (initialized after <see cref="WidestSupported"/>, which it reads):
    /// in a browser the round-loop kernel; elsewhere the widest one this machine supports, or the
    /// scalar one where <see cref="ScalarPreference"/> says it is faster.
    /// </summary>
    public static Blake2sKernel Best { get; } =
        ScalarPreference.RoundLoopForSingleMessage ? Blake2sKernel.RoundLoop :
        ScalarPreference.ForSingleMessage ? Blake2sKernel.Scalar :
        WidestSupported;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2sKernel kernel) => kernel == Blake2sKernel.Scalar || IsVectorSupported(kernel);

    /// <summary>
    /// Returns <paramref name="kernel"/> if this machine can run it, for tests that force a kernel.
    /// </summary>
    /// <exception cref="PlatformNotSupportedException">The machine (or the DOTNET_Enable* settings) lacks the kernel's instructions.</exception>
    public static Blake2sKernel Require(Blake2sKernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The BLAKE2s kernel {kernel} is not supported on this machine or with the current DOTNET_Enable* settings.");

    /// <summary>
    /// BLAKE2s compress in the engine's shape: <paramref name="t0"/> holds the whole 64-bit
    /// counter and <paramref name="t1"/> is unused.
    /// </summary>
    public static void Compress(byte kernel, Span<byte> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, bool final, bool lastNode)
    {
        uint f0 = final ? uint.MaxValue : 0;
        uint f1 = lastNode ? uint.MaxValue : 0;
        Span<uint> words = MemoryMarshal.Cast<byte, uint>(chain)[..8];
        if ((Blake2sKernel)kernel == Blake2sKernel.Scalar)
        {
            Blake2sScalar.Compress(words, blocks, ref t0, increment, f0, f1);
        }
        else
        {
            CompressVector((Blake2sKernel)kernel, words, blocks, ref t0, increment, f0, f1);
        }
    }

    private static partial Blake2sKernel PickWidest();

    private static partial bool IsVectorSupported(Blake2sKernel kernel);

    private static partial void CompressVector(Blake2sKernel kernel, Span<uint> words, ReadOnlySpan<byte> blocks, ref ulong t0, uint increment, uint f0, uint f1);
}

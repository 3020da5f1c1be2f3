using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2b compress implementations this build carries.</summary>
internal enum Blake2bKernel : byte
{
    /// <summary>Portable code; runs everywhere.</summary>
    Scalar = 0,

    /// <summary>128-bit rows in register pairs, SSE2 instructions only.</summary>
    Sse2,

    /// <summary>128-bit rows in register pairs with SSSE3 byte shuffles and SSE4.1 inserts.</summary>
    Sse41,

    /// <summary>256-bit rows, AVX2.</summary>
    Avx2,

    /// <summary>256-bit rows with AVX-512VL rotates; the message gather of <see cref="Avx2"/>, no 512-bit register.</summary>
    Avx512,

    /// <summary>
    /// The scalar kernel's arithmetic with its twelve rounds in a loop (Blake2bRoundLoop, in the Vector folder):
    /// what .NET's WebAssembly interpreter runs fastest, picked in a browser. net8.0 and net10.0 builds.
    /// </summary>
    RoundLoop,
}

/// <summary>
/// Picks a BLAKE2b kernel once per hash and dispatches to it once per run of blocks: the chosen
/// kernel loops over all the blocks of an <c>Update</c> itself.
/// </summary>
/// <remarks>
/// <para>The vector kernels, and the rules that choose among them, are in this build's kernel registry
/// (KernelRegistry.cs under Blake2/Kernels/Vector or Blake2/Kernels/Portable).</para>
/// <para>On Intel the widest kernel, AVX-512, is picked. It shares the AVX2 kernel's gather and uses
/// no 512-bit register, so it is the AVX2 kernel with one-instruction rotates (vprorq) in place of
/// byte shuffles; that it is therefore at least as fast as AVX2 on Intel is reasoned, not measured
/// (an earlier form that gathered with 512-bit permutes was slightly slower than AVX2 there). Where
/// <see cref="ScalarPreference"/> holds, both are far behind the scalar kernel. Figures:
/// docs/measurements.md#blake2b-avx512-kernel.</para>
/// </remarks>
internal static partial class Blake2bKernels
{
    /// <summary>The widest kernel this machine (and the runtime's DOTNET_Enable* settings) supports.</summary>
    public static Blake2bKernel WidestSupported { get; } = PickWidest();

    /// <summary>
    /// The kernel new hashes use (initialized after <see cref="WidestSupported"/>, which it reads):
    /// in a browser the round-loop kernel; elsewhere the widest one this machine supports, or the
    /// scalar one where <see cref="ScalarPreference"/> says it is faster.
    /// </summary>
    public static Blake2bKernel Best { get; } =
        ScalarPreference.RoundLoopForSingleMessage ? Blake2bKernel.RoundLoop :
        ScalarPreference.ForSingleMessage ? Blake2bKernel.Scalar :
        WidestSupported;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2bKernel kernel) => kernel == Blake2bKernel.Scalar || IsVectorSupported(kernel);

    /// <summary>Returns <paramref name="kernel"/> if this machine can run it (for tests that force a kernel).</summary>
    /// <exception cref="PlatformNotSupportedException">The CPU, or the runtime's ISA settings, do not allow <paramref name="kernel"/>.</exception>
    public static Blake2bKernel Require(Blake2bKernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The BLAKE2b {kernel} kernel is not supported on this machine or with the current DOTNET_Enable* settings.");

    /// <inheritdoc cref="Internal.IBlake2Variant.Compress"/>
    public static void Compress(byte kernel, Span<byte> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, bool final, bool lastNode)
    {
        ulong f0 = final ? ulong.MaxValue : 0;
        ulong f1 = lastNode ? ulong.MaxValue : 0;
        Span<ulong> words = MemoryMarshal.Cast<byte, ulong>(chain)[..8];

        // A state only ever holds a kernel that was supported when it was created (Best, or one a
        // test passed through Require), so no IsSupported check is needed here.
        if ((Blake2bKernel)kernel == Blake2bKernel.Scalar)
        {
            Blake2bScalar.Compress(words, blocks, ref t0, ref t1, increment, f0, f1);
        }
        else
        {
            CompressVector((Blake2bKernel)kernel, words, blocks, ref t0, ref t1, increment, f0, f1);
        }
    }

    /// <summary>
    /// BLAKE2b's compression F of one block of 16 words with <paramref name="rounds"/> rounds (EIP-152), through
    /// <paramref name="kernel"/>: twelve rounds on a little-endian machine go through that kernel's
    /// BLAKE2b compress itself; any other count through its rounds path where it has one (the
    /// 256-bit kernels), else the scalar one.
    /// </summary>
    public static void CompressRounds(Blake2bKernel kernel, Span<ulong> state, ReadOnlySpan<ulong> message, uint rounds, ulong t0, ulong t1, bool final)
    {
        if (rounds == 12 && BitConverter.IsLittleEndian)
        {
            Compress((byte)kernel, MemoryMarshal.AsBytes(state), MemoryMarshal.AsBytes(message), ref t0, ref t1, 0, final, false);
            return;
        }

        ulong f0 = final ? ulong.MaxValue : 0;
        if (kernel == Blake2bKernel.Scalar || !CompressRoundsVector(kernel, state, message, rounds, t0, t1, f0))
        {
            Blake2bScalar.CompressRounds(state, message, rounds, t0, t1, f0);
        }
    }

    private static partial Blake2bKernel PickWidest();

    private static partial bool IsVectorSupported(Blake2bKernel kernel);

    /// <summary>Runs the rounds path of <paramref name="kernel"/> if it has one; false if the scalar one must.</summary>
    private static partial bool CompressRoundsVector(Blake2bKernel kernel, Span<ulong> state, ReadOnlySpan<ulong> message, uint rounds, ulong t0, ulong t1, ulong f0);

    private static partial void CompressVector(Blake2bKernel kernel, Span<ulong> words, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1);
}

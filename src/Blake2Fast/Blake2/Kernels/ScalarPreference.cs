namespace Blake2Fast.Kernels;

/// <summary>
/// Whether the single-message BLAKE2b and BLAKE2s dispatchers should pick the scalar kernel even
/// though vector kernels are supported.
/// </summary>
/// <remarks>
/// <para>Hashing one message is one long dependency chain of add, xor and rotate steps, so a
/// single-message kernel runs at the latency of those instructions, not at their throughput. AMD
/// Zen 5 (CPU family 1Ah) gives simple vector integer instructions (vpaddq, vpxorq with a rotate,
/// vprorq, vpshufb, vpermq) a latency of two cycles or more, against one for scalar ALU
/// instructions, and it has six scalar ALUs. There the scalar kernels beat every vector kernel at
/// every input size.</para>
/// <para>Evidence, BenchmarkDotNet on an AMD EPYC of family 1Ah (bench/results/Blake2bKernel.md and
/// Blake2sKernel.md, every kernel forced in one run): BLAKE2b-512 on 3 MiB, scalar 1,301 MiB/s,
/// AVX-512 855, SSE4.1 795, AVX2 783, SSE2 678; on 64 bytes, scalar 419 MiB/s, AVX-512 291.
/// BLAKE2s-256 on 3 MiB, scalar 713 MiB/s, AVX-512 529, SSSE3 445, SSE2 380. Measured latencies
/// there (a dependent chain of each instruction): vpaddq, vpxor, vprorq, vpshufb, vpshufd,
/// vpsrlq and vpternlogq all two cycles on xmm, ymm and zmm; scalar add and rorx one.</para>
/// <para>The multi-lane kernels (BLAKE2bp, BLAKE2sp, BLAKE2X output) hash independent chains side
/// by side, are limited by throughput instead, and do not consult this. Delete this class when a
/// benchmark on family 1Ah says the vector kernels win.</para>
/// <para><b>ARM64</b> needs no flag here: its single-message dispatchers have only the scalar
/// kernels, since every single-message vector kernel requires x86 instruction sets, and that is the
/// intended rule. Published measurements on real ARM64 found single-message NEON BLAKE2b slower than
/// portable code (Cortex-A57: 12.6 against 5.7 cycles per byte in Crypto++, 148 against 315 MiB/s in
/// Botan; Nvidia Grace: 66% of the portable speed in a libsodium trial) or at best equal (Cortex-A53).
/// The 128-bit lane kernels of BLAKE2bp/BLAKE2sp do run there (AdvSimd), modelled with llvm-mca over
/// the arm64 JIT's code at 1.7x and 3.4x the scalar kernels' throughput on the Cortex-A72 model.
/// Nothing was timed on ARM64 hardware; sources and model: bench/results/arm64-kernel-evidence.md.</para>
/// </remarks>
internal static partial class ScalarPreference
{
    /// <summary>True on CPUs where the scalar single-message kernels are measured fastest.</summary>
    public static bool ForSingleMessage { get; } = IsAmdFamily1Ah();

    /// <summary>
    /// True in a browser, where .NET runs on its WebAssembly interpreter and jiterpreter: there the
    /// scalar kernels' round-loop shape (Blake2bRoundLoop, Blake2sRoundLoop)
    /// is measured fastest (docs/browser.md). Always false in the netstandard builds, which lack them.
    /// </summary>
    public static bool RoundLoopForSingleMessage { get; } = IsBrowser();

    /// <summary>Whether the processor is an AMD of family 1Ah (Zen 5); read through CPUID by the build's kernel registry.</summary>
    private static partial bool IsAmdFamily1Ah();

    /// <summary>Whether this is .NET on WebAssembly in a browser; read by the build's kernel registry.</summary>
    private static partial bool IsBrowser();
}

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
/// every input size. The benchmarks with every kernel forced, and the latencies timed there, are in
/// docs/measurements.md#blake2-scalar-preference.</para>
/// <para>The multi-lane kernels (BLAKE2bp, BLAKE2sp, BLAKE2X output) hash independent chains side
/// by side, are limited by throughput instead, and do not consult this. Delete this class when a
/// benchmark on family 1Ah says the vector kernels win.</para>
/// <para><b>ARM64</b> needs no flag here: its single-message dispatchers have only the scalar
/// kernels, since every single-message vector kernel requires x86 instruction sets, and that is the
/// intended rule. Published measurements on real ARM64 found single-message NEON BLAKE2b slower than
/// portable code or at best equal. The 128-bit lane kernels of BLAKE2bp/BLAKE2sp do run there
/// (AdvSimd): hashing independent chains side by side, they are modelled with llvm-mca well above
/// the scalar kernels' throughput. Nothing was timed on ARM64 hardware; sources and model:
/// bench/results/arm64-kernel-evidence.md.</para>
/// </remarks>
internal static partial class ScalarPreference
{
    /// <summary>True on CPUs where the scalar single-message kernels beat the vector ones (AMD family 1Ah).</summary>
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

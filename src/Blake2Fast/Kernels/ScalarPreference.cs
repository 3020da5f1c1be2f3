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
/// </remarks>
internal static partial class ScalarPreference
{
    /// <summary>True on CPUs where the scalar single-message kernels are measured fastest.</summary>
    public static bool ForSingleMessage { get; } = IsAmdFamily1Ah();

    /// <summary>Whether the processor is an AMD of family 1Ah (Zen 5); read through CPUID by the build's kernel registry.</summary>
    private static partial bool IsAmdFamily1Ah();
}

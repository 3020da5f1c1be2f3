using System.Runtime.CompilerServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// The one JIT rule every kernel follows: the method that holds a kernel's block loop is never
/// inlined into its caller (<c>[MethodImpl(KernelRoot.Options)]</c>).
/// </summary>
/// <remarks>
/// <para>
/// A kernel's speed depends on its rounds being inlined whole, so that the state stays in
/// registers. The JIT gives each method it compiles an inlining budget of its own; a kernel
/// compiled on its own spends it on its rounds, but when the JIT inlines the kernel itself into a
/// caller (with Dynamic PGO it inlines larger methods at call sites it finds hot), the kernel's
/// rounds share the caller's budget, and when that runs out part-way, a round helper stays a call
/// with its vectors passed through memory.
/// </para>
/// <para>
/// Seen twice, both in some processes and not others, as tiering order decided what the JIT
/// compiled first: BLAKE3's lane kernel inlined into the dispatcher (1 MiB in 410-500 us instead
/// of 165 us, AMD Zen 5), and BLAKE2s's AVX-512 kernel inlined into Blake2sVariant.Compress after
/// a run of 64-byte inputs, its HalfRound left as a call: 1 KiB at 132 MiB/s instead of 676
/// (AMD EPYC Zen 4, bench/results/cross-cpu/amd-epyc-zen4.txt). The call this rule costs is paid
/// once per run of blocks, not per block.
/// </para>
/// </remarks>
internal static class KernelRoot
{
    /// <summary>The options of a kernel's root method: never inlined.</summary>
    public const MethodImplOptions Options = MethodImplOptions.NoInlining;
}

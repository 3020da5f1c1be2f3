using System.Runtime.CompilerServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// The one JIT rule every kernel follows: the method that holds a kernel's block loop is never
/// inlined into its caller, and is compiled fully optimized at its first call
/// (<c>[MethodImpl(KernelRoot.Options)]</c>).
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
/// compiled first: BLAKE3's lane kernel inlined into the dispatcher, and BLAKE2s's AVX-512 kernel
/// inlined into Blake2sVariant.Compress after a run of 64-byte inputs, its HalfRound left as a
/// call; each then ran several times slower (docs/measurements.md#kernel-root). The call this rule
/// costs is paid once per run of blocks, not per block.
/// </para>
/// <para>
/// <b>Optimized from the first call</b> (<c>MethodImplOptions.AggressiveOptimization</c>):
/// under tiered compilation a method starts as tier-0 code, where nothing is inlined and every
/// vector operation is a call, and is recompiled only after 30 calls and a 100 ms delay. A block
/// loop whose rounds are calls runs orders of magnitude slower, and a fresh process's first
/// hashes would pay that (docs/measurements.md#kernel-root). The cost: these methods
/// skip tier 0's instrumentation, so dynamic PGO has no profile for them, and each is compiled
/// once, fully, when first called (a few milliseconds for the widest kernels). Their code does not
/// depend on a profile: the BLAKE3 lane kernel compiled this way has the same 541 instructions,
/// the same 32 vprord and the same 40 stack accesses as its tier-1 code, in another block order.
/// The flag's value is per build (Shared/Modern and Shared/Polyfills, KernelRoot.Optimization.cs).
/// </para>
/// </remarks>
internal static partial class KernelRoot
{
    /// <summary>The options of a kernel's root method: never inlined, and fully optimized from its first call.</summary>
    public const MethodImplOptions Options = MethodImplOptions.NoInlining | OptimizedFromFirstCall;

    /// <summary>
    /// The options of a driver: a method outside the kernels whose loop or recursion runs once per
    /// block, chunk, lane group, message or tree node, or that loops over the lanes at every step
    /// of such a loop. Fully optimized from its first call, as a kernel root is, but inlinable: it
    /// holds no rounds.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Why: a driver's tier-0 code makes a call for every span operation, and it stays tier-0 code
    /// until it has been called 30 times and no method was compiled for 100 ms, or, within one
    /// call, until on-stack replacement swaps in optimized code after about 10,000 iterations of a
    /// loop (BLAKE2s HashTree's in-place lane loop, <c>Blake2Many.Lanes.RunWholeBlocksInPlace</c>,
    /// was replaced that way during its first call on 1 MiB); a short-lived process runs its
    /// drivers as tier-0 code throughout. What it costs: these methods are never instrumented, so
    /// dynamic PGO has no profile for them (their branches follow the input's sizes, not a
    /// profile) and on-stack replacement never applies to them; each is compiled fully optimized
    /// when first called; and ReadyToRun does not precompile them (crossgen2 leaves
    /// AggressiveOptimization methods to the JIT), as with the kernel roots. Argument checks,
    /// wrappers that run once per hash and the loop-free helpers a driver calls stay tiered.
    /// </para>
    /// <para>
    /// A driver's helpers must be inlined into it, or be drivers themselves: an optimized caller
    /// does not make its callees optimized, and a helper the JIT declines to inline (over 100
    /// bytes of IL without <c>AggressiveInlining</c>, or past the caller's inlining budget) runs
    /// as tier-0 code at every call. HashMany's lane loop (<c>Blake2Many.Lanes.Run</c>) is
    /// therefore three drivers (the loop, <c>CompressNextBlocks</c>, <c>FinishAndRefill</c>),
    /// each small enough to inline its per-lane helpers whole; as one method it exhausted its
    /// budget and left the lanes' word copies as tier-0 calls, and a fresh process's
    /// <c>Blake2b.HashMany</c> ran at a fraction of its steady speed. Left tiered, its tier-0 code
    /// runs several times slower than in steady state up to its thirtieth call
    /// (docs/measurements.md#hashmany-tier0).
    /// </para>
    /// </remarks>
    public const MethodImplOptions DriverOptions = OptimizedFromFirstCall;
}

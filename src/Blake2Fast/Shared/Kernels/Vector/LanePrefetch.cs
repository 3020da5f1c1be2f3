using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// Software prefetch for lane kernels whose lanes lie far apart in memory (BLAKE3: 16 chunks,
/// 1 KiB apart, per AVX-512 group). Each lane is a stream of its own, and every group starts
/// 8 or 16 new ones; when the input comes from DRAM rather than cache (a file's pages fresh from
/// the page cache, a buffer larger than L3) the hardware prefetchers do not keep up and the block
/// loads stall. A hint for the block each lane loads a few blocks on keeps the streams fed.
/// </summary>
/// <remarks>
/// <para>
/// Without it, a large input that comes from memory (a memory-mapped file fresh from the page
/// cache) hashes markedly slower; prefetching a block ahead in each lane (at a lane's last block,
/// its first block in the next group) closed that gap, while prefetching only the next group did
/// no better than none. The BLAKE2 tree's lanes (leaves of 1 MiB each) are long streams the
/// hardware follows by itself: prefetching there changed nothing, so only the BLAKE3 lane kernel
/// uses this.
/// </para>
/// <para>
/// How far ahead (<see cref="BlocksAhead"/>): with the faster 16-lane kernel that keeps its
/// message in registers, four blocks ahead beat one and two on input from DRAM, and six or eight
/// did no better; input from cache is unaffected. Figures for both paragraphs:
/// docs/measurements.md#lane-prefetch.
/// </para>
/// <para>
/// x86 only: .NET has no prefetch intrinsic for ARM64, where this does nothing. A prefetch never
/// faults, so an address past the end of the input (after the last group) is harmless, and so is
/// one that went stale because the garbage collector moved an unpinned array in between: both are
/// hints the processor may drop.
/// </para>
/// </remarks>
internal static class LanePrefetch
{
    /// <summary>How many blocks ahead of the one it hashes each lane prefetches (the remarks say why four).</summary>
    public const int BlocksAhead = 4;

    /// <summary>
    /// Prefetches the cache line at <paramref name="first"/> and at every
    /// <paramref name="laneStride"/> bytes after it, <paramref name="lanes"/> lines in all.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static unsafe void EachLane(ref byte first, nuint laneStride, int lanes)
    {
        if (Sse.IsSupported)
        {
            byte* line = (byte*)Unsafe.AsPointer(ref first);
            for (int lane = 0; lane < lanes; lane++)
            {
                Sse.Prefetch0(line);
                line += laneStride;
            }
        }
    }
}

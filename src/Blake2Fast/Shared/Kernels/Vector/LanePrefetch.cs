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
/// Measured (AMD EPYC Zen 4: family 19h, model 11h; 2 cores; Native AOT x86-64-v4 build of
/// b2fast, 1 GiB file from the page cache, memory-mapped, hyperfine, 25 to 30 runs each, b3sum
/// in the same hyperfine invocation as the control):
/// no prefetch 216-224 ms; the next block in each lane and, at a lane's last block, its first
/// block in the next group 183-186 ms (b3sum 185-190 ms). Prefetching further ahead was slower:
/// two blocks 189-199 ms, four 194-198 ms, and the next group alone (one block or a whole group
/// early) no better than none. The BLAKE2 tree's lanes (leaves of 1 MiB each) are long streams
/// the hardware follows by itself: prefetching there changed nothing (b2fast --tree=1m, same file,
/// 185 ms either way), so only the BLAKE3 lane kernel uses this.
/// </para>
/// <para>
/// How far ahead (<see cref="BlocksAhead"/>) was measured again on the AMD EPYC Zen 5 (family 1Ah,
/// 2 cores) once the 16-lane kernel kept its message in registers and ran a third faster: in one
/// process, against two blocks ahead, 64 MiB (from DRAM) took 1.20x the time with the next block,
/// 0.95x with four blocks, 0.96x with six or eight; 16 KiB and 1 MiB (from cache) unchanged. Four
/// blocks against the next one: 64 MiB 0.83x the time on one thread and on both cores, 1 MiB and
/// 16 KiB unchanged. The Zen 4 figures above are from the slower kernel before; the tool's mapped
/// file on the Zen 5 is in src/Blake2Fast.Tool/README.md.
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

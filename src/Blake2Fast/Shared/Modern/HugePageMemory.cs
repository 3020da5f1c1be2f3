using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Internal;

/// <summary>
/// Large blocks of native memory aligned to 2 MiB and, on Linux, advised as transparent huge
/// pages: the first touch of each 2 MiB is then one page fault rather than 512, and memory read
/// at random (Argon2's reference blocks) misses the TLB far less. Used by <see cref="ReadBuffer"/>
/// and the Argon2 block array; the caller erases what the memory held before <see cref="Free"/>.
/// </summary>
/// <remarks>
/// Where a page fault is dear, as in a virtual machine under nested paging, first touches and TLB
/// misses are a large part of filling fresh memory (docs/measurements.md#read-buffer and
/// #argon2-huge-pages). The advice is a hint: where the system gives no such pages (transparent
/// huge pages off), or is not Linux, the memory is ordinary pages; where libc cannot be loaded
/// under that name, no advice. Below <see cref="PageLength"/> the memory is not rounded up: a
/// huge page would make a small allocation take and zero 2 MiB.
/// </remarks>
internal static unsafe partial class HugePageMemory
{
    /// <summary>The length (and alignment) of a transparent huge page on x64 and ARM64 Linux.</summary>
    public const int PageLength = 2 << 20;

    /// <summary>Linux's MADV_HUGEPAGE (the same value on every architecture).</summary>
    private const int AdviseHugePages = 14;

    private static bool s_cannotAdvise;

    /// <summary>
    /// Takes at least <paramref name="length"/> bytes, aligned to 4 KiB (a page; a cache line and any
    /// vector for the kernels); from <see cref="PageLength"/>
    /// bytes up, rounded up to whole huge pages, aligned to one and advised as huge pages.
    /// </summary>
    /// <exception cref="OutOfMemoryException">The memory could not be had; nothing is allocated.</exception>
    public static void* Allocate(nuint length)
    {
        if (length < PageLength)
        {
            return NativeMemory.AlignedAlloc(length == 0 ? 1 : length, 4096);
        }

        nuint rounded = (length + PageLength - 1) & ~(nuint)(PageLength - 1);
        if (rounded < length)
        {
#pragma warning disable CA2201 // The documented exception of a failed allocation, whichever way it fails.
            throw new OutOfMemoryException($"{length} bytes exceed this process's address space.");
#pragma warning restore CA2201
        }

        void* memory = NativeMemory.AlignedAlloc(rounded, PageLength);
        if (OperatingSystem.IsLinux() && !s_cannotAdvise)
        {
            try
            {
                // Its result changes nothing: without huge pages the memory is simply ordinary pages.
                _ = Advise(memory, rounded, AdviseHugePages);
            }
            catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
            {
                s_cannotAdvise = true;
            }
        }

        return memory;
    }

    /// <summary>Gives back memory from <see cref="Allocate"/> (already erased by the caller where it held secrets).</summary>
    public static void Free(void* memory) => NativeMemory.AlignedFree(memory);

    [LibraryImport("libc", EntryPoint = "madvise")]
    private static partial int Advise(void* address, nuint length, int advice);
}

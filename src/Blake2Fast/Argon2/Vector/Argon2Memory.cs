using System;

namespace Blake2Fast.Internal;

/// <summary>
/// The block array of one Argon2 computation: native memory, 64-byte aligned (a cache line, and a
/// whole vector load for every kernel), never the managed heap; wiped before it is freed. From
/// 2 MiB up it is on huge pages where the system gives them (<see cref="HugePageMemory"/>): a
/// first pass then takes one page fault per 2 MiB instead of 512, and reference blocks read at
/// random miss the TLB far less (docs/measurements.md#argon2-huge-pages).
/// </summary>
internal readonly unsafe struct Argon2Memory
{
    private readonly nuint _length;

    private Argon2Memory(ulong* blocks, nuint length)
    {
        Blocks = blocks;
        _length = length;
    }

    /// <summary>The first word of the first block.</summary>
    public ulong* Blocks { get; }

    /// <summary>Takes <paramref name="bytes"/> bytes of native memory.</summary>
    /// <exception cref="OutOfMemoryException">The memory could not be had (or its size exceeds the address space); nothing is allocated.</exception>
    public static Argon2Memory Allocate(ulong bytes)
    {
        if (bytes > nuint.MaxValue)
        {
#pragma warning disable CA2201 // The documented exception of a failed allocation, whichever way it fails.
            throw new OutOfMemoryException($"Argon2 needs {bytes} bytes of memory, more than this process can address.");
#pragma warning restore CA2201
        }

        return new Argon2Memory((ulong*)HugePageMemory.Allocate((nuint)bytes), (nuint)bytes);
    }

    /// <summary>Zeroes the blocks and gives them back.</summary>
    public void Free()
    {
        Argon2MemoryWipe.Erase((byte*)Blocks, _length);
        HugePageMemory.Free(Blocks);
    }
}

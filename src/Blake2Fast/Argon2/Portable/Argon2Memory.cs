using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Internal;

/// <summary>
/// The block array of one Argon2 computation on the netstandard builds: native memory from
/// <see cref="Marshal.AllocHGlobal(IntPtr)"/>, 64 bytes more than needed so that the blocks start
/// on a 64-byte boundary; wiped before it is freed.
/// </summary>
internal readonly unsafe struct Argon2Memory
{
    private readonly IntPtr _raw;
    private readonly nuint _length;

    private Argon2Memory(IntPtr raw, ulong* blocks, nuint length)
    {
        _raw = raw;
        Blocks = blocks;
        _length = length;
    }

    /// <summary>The first word of the first block.</summary>
    public ulong* Blocks { get; }

    /// <summary>Takes <paramref name="bytes"/> bytes of native memory.</summary>
    /// <exception cref="OutOfMemoryException">The memory could not be had (or its size exceeds the address space); nothing is allocated.</exception>
    public static Argon2Memory Allocate(ulong bytes)
    {
        if (bytes > (ulong)(IntPtr.Size == 8 ? long.MaxValue - 64 : int.MaxValue - 64))
        {
#pragma warning disable CA2201 // The documented exception of a failed allocation, whichever way it fails.
            throw new OutOfMemoryException($"Argon2 needs {bytes} bytes of memory, more than this process can address.");
#pragma warning restore CA2201
        }

        IntPtr raw = Marshal.AllocHGlobal(new IntPtr((long)bytes + 64));
        ulong* blocks = (ulong*)(((ulong)raw + 63) & ~63UL);
        return new Argon2Memory(raw, blocks, (nuint)bytes);
    }

    /// <summary>Zeroes the blocks and gives them back.</summary>
    public void Free()
    {
        Argon2MemoryWipe.Erase((byte*)Blocks, _length);
        Marshal.FreeHGlobal(_raw);
    }
}

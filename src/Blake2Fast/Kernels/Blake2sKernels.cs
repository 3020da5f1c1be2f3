using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2s compress implementations this build carries.</summary>
internal enum Blake2sKernel : byte
{
    /// <summary>Portable code; runs everywhere.</summary>
    Scalar = 0,
}

/// <summary>
/// Picks a BLAKE2s kernel once per hash and dispatches to it once per run of blocks: the chosen
/// kernel loops over all the blocks of an <c>Update</c> itself.
/// </summary>
internal static class Blake2sKernels
{
    /// <summary>The fastest kernel this machine supports.</summary>
    public static Blake2sKernel Best { get; } = Blake2sKernel.Scalar;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2sKernel kernel) => kernel switch
    {
        Blake2sKernel.Scalar => true,
        _ => false,
    };

    /// <summary>
    /// BLAKE2s compress in the engine's shape: <paramref name="t0"/> holds the whole 64-bit
    /// counter and <paramref name="t1"/> is unused.
    /// </summary>
    public static void Compress(byte kernel, Span<byte> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, bool final, bool lastNode)
    {
        uint f0 = final ? uint.MaxValue : 0;
        uint f1 = lastNode ? uint.MaxValue : 0;
        Span<uint> words = MemoryMarshal.Cast<byte, uint>(chain)[..8];
        switch ((Blake2sKernel)kernel)
        {
            default:
                Blake2sScalar.Compress(words, blocks, ref t0, increment, f0, f1);
                break;
        }
    }
}

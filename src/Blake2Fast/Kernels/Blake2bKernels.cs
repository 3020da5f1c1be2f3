using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE2b compress implementations this build carries.</summary>
internal enum Blake2bKernel : byte
{
    /// <summary>Portable code; runs everywhere.</summary>
    Scalar = 0,
}

/// <summary>
/// Picks a BLAKE2b kernel once per hash and dispatches to it once per run of blocks: the chosen
/// kernel loops over all the blocks of an <c>Update</c> itself.
/// </summary>
internal static class Blake2bKernels
{
    /// <summary>The fastest kernel this machine supports.</summary>
    public static Blake2bKernel Best { get; } = Blake2bKernel.Scalar;

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2bKernel kernel) => kernel switch
    {
        Blake2bKernel.Scalar => true,
        _ => false,
    };

    /// <inheritdoc cref="Internal.IBlake2Variant.Compress"/>
    public static void Compress(byte kernel, Span<byte> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, bool final, bool lastNode)
    {
        ulong f0 = final ? ulong.MaxValue : 0;
        ulong f1 = lastNode ? ulong.MaxValue : 0;
        Span<ulong> words = MemoryMarshal.Cast<byte, ulong>(chain)[..8];
        switch ((Blake2bKernel)kernel)
        {
            default:
                Blake2bScalar.Compress(words, blocks, ref t0, ref t1, increment, f0, f1);
                break;
        }
    }
}

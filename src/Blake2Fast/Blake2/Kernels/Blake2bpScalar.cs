using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// The portable BLAKE2bp lane kernel: each lane in turn, through the scalar BLAKE2b kernel, so the
/// round function exists once. It is also the reference the vector kernels are tested against.
/// </summary>
internal static class Blake2bpScalar
{
    private const int Lanes = 4;
    private const int BlockLength = 128;

    /// <inheritdoc cref="Blake2bpKernels.Compress"/>
    [MethodImpl(KernelRoot.Options)]
    public static void Compress(ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        Span<ulong> chainRows = MemoryMarshal.Cast<byte, ulong>(lanes.Chain.AsSpan());
        Span<ulong> counters = MemoryMarshal.Cast<byte, ulong>(lanes.Counters.AsSpan());
        Span<ulong> flags = MemoryMarshal.Cast<byte, ulong>(lanes.Flags.AsSpan());
        Span<ulong> chain = stackalloc ulong[8];
        int stripeCount = stripes.Length / Blake2bpKernels.StripeLength;

        for (int lane = 0; lane < Lanes; lane++)
        {
            for (int word = 0; word < 8; word++)
            {
                chain[word] = chainRows[(word * Lanes) + lane];
            }

            ulong t0 = counters[lane];
            ulong t1 = counters[Lanes + lane];
            bool final = flags[lane] != 0;
            bool lastNode = flags[Lanes + lane] != 0;
            for (int stripe = 0; stripe < stripeCount; stripe++)
            {
                ReadOnlySpan<byte> block = stripes.Slice((stripe * Blake2bpKernels.StripeLength) + (lane * BlockLength), BlockLength);
                Blake2bKernels.Compress((byte)Blake2bKernel.Scalar, MemoryMarshal.AsBytes(chain), block, ref t0, ref t1, increment, final, lastNode);
            }

            counters[lane] = t0;
            counters[Lanes + lane] = t1;
            for (int word = 0; word < 8; word++)
            {
                chainRows[(word * Lanes) + lane] = chain[word];
            }
        }

        chain.Clear();
    }
}

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// The portable BLAKE2sp lane kernel: each lane in turn, through the scalar BLAKE2s kernel, so the
/// round function exists once. It is also the reference the vector kernels are tested against.
/// </summary>
internal static class Blake2spScalar
{
    private const int Lanes = 8;
    private const int BlockLength = 64;

    /// <inheritdoc cref="Blake2spKernels.Compress"/>
    [MethodImpl(KernelRoot.Options)]
    public static void Compress(ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        Span<uint> chainRows = MemoryMarshal.Cast<byte, uint>(lanes.Chain.AsSpan());
        Span<uint> counters = MemoryMarshal.Cast<byte, uint>(lanes.Counters.AsSpan());
        Span<uint> flags = MemoryMarshal.Cast<byte, uint>(lanes.Flags.AsSpan());
        Span<uint> chain = stackalloc uint[8];
        int stripeCount = stripes.Length / Blake2spKernels.StripeLength;

        for (int lane = 0; lane < Lanes; lane++)
        {
            for (int word = 0; word < 8; word++)
            {
                chain[word] = chainRows[(word * Lanes) + lane];
            }

            // The BLAKE2s kernel keeps the 64-bit counter whole; the lanes keep its halves in two rows.
            ulong t = counters[lane] | ((ulong)counters[Lanes + lane] << 32);
            ulong unused = 0;
            bool final = flags[lane] != 0;
            bool lastNode = flags[Lanes + lane] != 0;
            for (int stripe = 0; stripe < stripeCount; stripe++)
            {
                ReadOnlySpan<byte> block = stripes.Slice((stripe * Blake2spKernels.StripeLength) + (lane * BlockLength), BlockLength);
                Blake2sKernels.Compress((byte)Blake2sKernel.Scalar, MemoryMarshal.AsBytes(chain), block, ref t, ref unused, increment, final, lastNode);
            }

            counters[lane] = (uint)t;
            counters[Lanes + lane] = (uint)(t >> 32);
            for (int word = 0; word < 8; word++)
            {
                chainRows[(word * Lanes) + lane] = chain[word];
            }
        }

        chain.Clear();
    }
}

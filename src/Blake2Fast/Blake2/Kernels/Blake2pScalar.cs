using System;
using System.Runtime.CompilerServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// The portable BLAKE2bp and BLAKE2sp lane kernel: each lane in turn, through the scalar BLAKE2b or
/// BLAKE2s kernel, so the round function exists once per word size. It is also the reference the
/// vector kernels are tested against.
/// </summary>
/// <typeparam name="TWord"><see cref="ulong"/> (BLAKE2bp) or <see cref="uint"/> (BLAKE2sp).</typeparam>
internal static class Blake2pScalar<TWord>
    where TWord : unmanaged
{
    /// <inheritdoc cref="Blake2pKernels{TWord}.Compress"/>
    [MethodImpl(KernelRoot.Options)]
    public static void Compress(ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        int wordLength = Blake2Word<TWord>.Length;
        int laneCount = Blake2Lanes.RowLength / wordLength;
        int blockLength = Blake2Word<TWord>.BlockLength;
        Span<byte> chainRows = lanes.Chain.AsSpan();
        Span<byte> counters = lanes.Counters.AsSpan();
        Span<byte> flags = lanes.Flags.AsSpan();
        Span<byte> chain = stackalloc byte[8 * wordLength];
        int stripeCount = stripes.Length / Blake2pKernels<TWord>.StripeLength;

        for (int lane = 0; lane < laneCount; lane++)
        {
            for (int word = 0; word < 8; word++)
            {
                Blake2Word<TWord>.Write(chain, word, Blake2Word<TWord>.Read(chainRows, (word * laneCount) + lane));
            }

            ulong t0 = Blake2Word<TWord>.Read(counters, lane);
            ulong t1 = Blake2Word<TWord>.Read(counters, laneCount + lane);
            if (!Blake2Word<TWord>.Is64)
            {
                // The BLAKE2s kernel keeps the 64-bit counter whole; the lanes keep its halves in two rows.
                t0 |= t1 << 32;
                t1 = 0;
            }

            bool final = Blake2Word<TWord>.Read(flags, lane) != 0;
            bool lastNode = Blake2Word<TWord>.Read(flags, laneCount + lane) != 0;
            for (int stripe = 0; stripe < stripeCount; stripe++)
            {
                ReadOnlySpan<byte> block = stripes.Slice((stripe * Blake2pKernels<TWord>.StripeLength) + (lane * blockLength), blockLength);
                if (Blake2Word<TWord>.Is64)
                {
                    Blake2bKernels.Compress((byte)Blake2bKernel.Scalar, chain, block, ref t0, ref t1, increment, final, lastNode);
                }
                else
                {
                    Blake2sKernels.Compress((byte)Blake2sKernel.Scalar, chain, block, ref t0, ref t1, increment, final, lastNode);
                }
            }

            if (!Blake2Word<TWord>.Is64)
            {
                t1 = t0 >> 32;
            }

            Blake2Word<TWord>.Write(counters, lane, t0);
            Blake2Word<TWord>.Write(counters, laneCount + lane, t1);
            for (int word = 0; word < 8; word++)
            {
                Blake2Word<TWord>.Write(chainRows, (word * laneCount) + lane, Blake2Word<TWord>.Read(chain, word));
            }
        }

        chain.Clear();
    }
}

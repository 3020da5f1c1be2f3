using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// Eight BLAKE2Xb output blocks at once in 512-bit vectors: lane k of every state vector belongs to
/// block <c>first + k</c>, as in <see cref="Blake2XbLanes{TRotations}"/>, with twice the lanes.
/// </summary>
/// <remarks>
/// Each output block is its own dependency chain, and on CPUs where vector instructions have a
/// latency of two cycles (AMD Zen 5) a chain's speed is set by that latency, not by how many lanes
/// ride along: doubling the lanes doubles the blocks per round. The 16 state vectors and the
/// temporaries fit in AVX-512's 32 registers. BenchmarkDotNet, 1 MiB of output on AMD EPYC (Zen 5),
/// bench/results/Xof.md: scalar one block at a time 1.78 ms, these 8 lanes of 512 bits 0.39 ms; the
/// 4 lanes of 256 bits this kernel replaced measured 0.70 ms in the run before.
/// </remarks>
internal static class Blake2XbLanes512
{
    private const int Lanes = 8;
    private const int BlockLength = 64;

    /// <summary>Whether this machine has the 512-bit instructions (and AVX2 for the transposes).</summary>
    public static bool IsSupported => Avx512F.IsSupported && Avx2.IsSupported;

    /// <inheritdoc cref="Blake2XbLanes{TRotations}.WriteBlocks"/>
    public static int WriteBlocks(ReadOnlySpan<byte> h0, ReadOnlySpan<ulong> chain, uint first, int count, Span<byte> destination)
    {
        int groups = count / Lanes;
        if (groups == 0)
        {
            return 0;
        }

        // Message words 8..15 are the zero padding of the 128-byte block.
        Message message = default;
        ReadOnlySpan<ulong> h0Words = MemoryMarshal.Cast<byte, ulong>(h0)[..8];
        for (int i = 0; i < 8; i++)
        {
            message[i] = Vector512.Create(h0Words[i]);
        }

        Vector512<ulong> offsets = Vector512.Create((ulong)first) + Vector512.Create(0UL, 1, 2, 3, 4, 5, 6, 7);
        ref byte output = ref MemoryMarshal.GetReference(destination[..(groups * Lanes * BlockLength)]);
        for (int g = 0; g < groups; g++)
        {
            Compress(ref message[0], chain, offsets, ref Unsafe.Add(ref output, g * Lanes * BlockLength));
            offsets += Vector512.Create((ulong)Lanes);
        }

        Span<Vector512<ulong>> words = message;
        words.Clear();
        return groups * Lanes;
    }

    [MethodImpl(KernelRoot.Options)]
    private static void Compress(ref Vector512<ulong> m0, ReadOnlySpan<ulong> chain, Vector512<ulong> offsets, ref byte destination)
    {
        Vector512<ulong> c0 = Vector512.Create(chain[0]);
        Vector512<ulong> c1 = Vector512.Create(chain[1]) ^ offsets;
        Vector512<ulong> c2 = Vector512.Create(chain[2]);
        Vector512<ulong> c3 = Vector512.Create(chain[3]);
        Vector512<ulong> c4 = Vector512.Create(chain[4]);
        Vector512<ulong> c5 = Vector512.Create(chain[5]);
        Vector512<ulong> c6 = Vector512.Create(chain[6]);
        Vector512<ulong> c7 = Vector512.Create(chain[7]);

        Vector512<ulong> v0 = c0, v1 = c1, v2 = c2, v3 = c3, v4 = c4, v5 = c5, v6 = c6, v7 = c7;
        Vector512<ulong> v8 = Vector512.Create(Blake2bScalar.IV0);
        Vector512<ulong> v9 = Vector512.Create(Blake2bScalar.IV1);
        Vector512<ulong> v10 = Vector512.Create(Blake2bScalar.IV2);
        Vector512<ulong> v11 = Vector512.Create(Blake2bScalar.IV3);

        // One block of 64 message bytes, and it is the final one: t0 = 64, f0 = all ones.
        Vector512<ulong> v12 = Vector512.Create(Blake2bScalar.IV4 ^ BlockLength);
        Vector512<ulong> v13 = Vector512.Create(Blake2bScalar.IV5);
        Vector512<ulong> v14 = Vector512.Create(~Blake2bScalar.IV6);
        Vector512<ulong> v15 = Vector512.Create(Blake2bScalar.IV7);

        ref byte s = ref MemoryMarshal.GetReference(Sigma.Table);
        for (int round = 0; round < 12; round++)
        {
            G(ref v0, ref v4, ref v8, ref v12, Unsafe.Add(ref m0, s), Unsafe.Add(ref m0, Unsafe.Add(ref s, 1)));
            G(ref v1, ref v5, ref v9, ref v13, Unsafe.Add(ref m0, Unsafe.Add(ref s, 2)), Unsafe.Add(ref m0, Unsafe.Add(ref s, 3)));
            G(ref v2, ref v6, ref v10, ref v14, Unsafe.Add(ref m0, Unsafe.Add(ref s, 4)), Unsafe.Add(ref m0, Unsafe.Add(ref s, 5)));
            G(ref v3, ref v7, ref v11, ref v15, Unsafe.Add(ref m0, Unsafe.Add(ref s, 6)), Unsafe.Add(ref m0, Unsafe.Add(ref s, 7)));
            G(ref v0, ref v5, ref v10, ref v15, Unsafe.Add(ref m0, Unsafe.Add(ref s, 8)), Unsafe.Add(ref m0, Unsafe.Add(ref s, 9)));
            G(ref v1, ref v6, ref v11, ref v12, Unsafe.Add(ref m0, Unsafe.Add(ref s, 10)), Unsafe.Add(ref m0, Unsafe.Add(ref s, 11)));
            G(ref v2, ref v7, ref v8, ref v13, Unsafe.Add(ref m0, Unsafe.Add(ref s, 12)), Unsafe.Add(ref m0, Unsafe.Add(ref s, 13)));
            G(ref v3, ref v4, ref v9, ref v14, Unsafe.Add(ref m0, Unsafe.Add(ref s, 14)), Unsafe.Add(ref m0, Unsafe.Add(ref s, 15)));
            s = ref Unsafe.Add(ref s, 16);
        }

        Vector512<ulong> h0 = c0 ^ v0 ^ v8;
        Vector512<ulong> h1 = c1 ^ v1 ^ v9;
        Vector512<ulong> h2 = c2 ^ v2 ^ v10;
        Vector512<ulong> h3 = c3 ^ v3 ^ v11;
        Vector512<ulong> h4 = c4 ^ v4 ^ v12;
        Vector512<ulong> h5 = c5 ^ v5 ^ v13;
        Vector512<ulong> h6 = c6 ^ v6 ^ v14;
        Vector512<ulong> h7 = c7 ^ v7 ^ v15;

        // Lanes 0..3 (the lower halves) are blocks first..first+3, lanes 4..7 the next four.
        ref byte upper = ref Unsafe.Add(ref destination, 4 * BlockLength);
        Blake2XbTranspose.Store(h0.GetLower(), h1.GetLower(), h2.GetLower(), h3.GetLower(), ref destination);
        Blake2XbTranspose.Store(h4.GetLower(), h5.GetLower(), h6.GetLower(), h7.GetLower(), ref Unsafe.Add(ref destination, 32));
        Blake2XbTranspose.Store(h0.GetUpper(), h1.GetUpper(), h2.GetUpper(), h3.GetUpper(), ref upper);
        Blake2XbTranspose.Store(h4.GetUpper(), h5.GetUpper(), h6.GetUpper(), h7.GetUpper(), ref Unsafe.Add(ref upper, 32));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref Vector512<ulong> a, ref Vector512<ulong> b, ref Vector512<ulong> c, ref Vector512<ulong> d, Vector512<ulong> x, Vector512<ulong> y)
    {
        a = a + b + x;
        d = Avx512F.RotateRight(d ^ a, 32);
        c += d;
        b = Avx512F.RotateRight(b ^ c, 24);
        a = a + b + y;
        d = Avx512F.RotateRight(d ^ a, 16);
        c += d;
        b = Avx512F.RotateRight(b ^ c, 63);
    }

    [InlineArray(16)]
    private struct Message
    {
        private Vector512<ulong> _element;
    }
}

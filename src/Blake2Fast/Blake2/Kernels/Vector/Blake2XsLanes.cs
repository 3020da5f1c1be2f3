using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// Eight BLAKE2Xs output blocks at once: lane k of every state vector belongs to block
/// <c>first + k</c>. The message (H0) is broadcast and the chain differs only in the node offset,
/// so nothing is transposed on the way in; the eight results are, on the way out.
/// </summary>
/// <typeparam name="TRotations">How this instruction set rotates 32-bit lanes.</typeparam>
internal static class Blake2XsLanes<TRotations> where TRotations : struct, IBlake2LaneRotations
{
    private const int Lanes = 8;
    private const int BlockLength = 32;

    /// <summary>
    /// Writes as many whole groups of eight blocks as <paramref name="count"/> holds and returns
    /// how many blocks that was; the caller finishes the rest.
    /// </summary>
    public static int WriteBlocks(ReadOnlySpan<byte> h0, ReadOnlySpan<uint> chain, uint first, int count, Span<byte> destination)
    {
        int groups = count / Lanes;
        if (groups == 0)
        {
            return 0;
        }

        // Message words 8..15 are the zero padding of the 64-byte block.
        Message message = default;
        ReadOnlySpan<uint> h0Words = MemoryMarshal.Cast<byte, uint>(h0)[..8];
        for (int i = 0; i < 8; i++)
        {
            message[i] = Vector256.Create(h0Words[i]);
        }

        Vector256<uint> offsets = Vector256.Create(first) + Vector256.Create(0U, 1, 2, 3, 4, 5, 6, 7);
        ref byte output = ref MemoryMarshal.GetReference(destination[..(groups * Lanes * BlockLength)]);
        for (int g = 0; g < groups; g++)
        {
            Compress(ref message[0], chain, offsets, ref Unsafe.Add(ref output, g * Lanes * BlockLength));
            offsets += Vector256.Create((uint)Lanes);
        }

        Span<Vector256<uint>> words = message;
        words.Clear();
        return groups * Lanes;
    }

    [MethodImpl(KernelRoot.Options)]
    private static void Compress(ref Vector256<uint> m0, ReadOnlySpan<uint> chain, Vector256<uint> offsets, ref byte destination)
    {
        Vector256<uint> c0 = Vector256.Create(chain[0]);
        Vector256<uint> c1 = Vector256.Create(chain[1]);
        Vector256<uint> c2 = Vector256.Create(chain[2]) ^ offsets;
        Vector256<uint> c3 = Vector256.Create(chain[3]);
        Vector256<uint> c4 = Vector256.Create(chain[4]);
        Vector256<uint> c5 = Vector256.Create(chain[5]);
        Vector256<uint> c6 = Vector256.Create(chain[6]);
        Vector256<uint> c7 = Vector256.Create(chain[7]);

        Vector256<uint> v0 = c0, v1 = c1, v2 = c2, v3 = c3, v4 = c4, v5 = c5, v6 = c6, v7 = c7;
        Vector256<uint> v8 = Vector256.Create(Blake2sScalar.IV0);
        Vector256<uint> v9 = Vector256.Create(Blake2sScalar.IV1);
        Vector256<uint> v10 = Vector256.Create(Blake2sScalar.IV2);
        Vector256<uint> v11 = Vector256.Create(Blake2sScalar.IV3);

        // One block of 32 message bytes, and it is the final one: t0 = 32, f0 = all ones.
        Vector256<uint> v12 = Vector256.Create(Blake2sScalar.IV4 ^ BlockLength);
        Vector256<uint> v13 = Vector256.Create(Blake2sScalar.IV5);
        Vector256<uint> v14 = Vector256.Create(~Blake2sScalar.IV6);
        Vector256<uint> v15 = Vector256.Create(Blake2sScalar.IV7);

        ref byte s = ref MemoryMarshal.GetReference(Sigma.Table);
        for (int round = 0; round < 10; round++)
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

        // Word j of block k is lane k of h_j: an 8x8 transpose of 32-bit words turns lanes into blocks.
        Vector256<uint> t0 = c0 ^ v0 ^ v8;
        Vector256<uint> t1 = c1 ^ v1 ^ v9;
        Vector256<uint> t2 = c2 ^ v2 ^ v10;
        Vector256<uint> t3 = c3 ^ v3 ^ v11;
        Vector256<uint> t4 = c4 ^ v4 ^ v12;
        Vector256<uint> t5 = c5 ^ v5 ^ v13;
        Vector256<uint> t6 = c6 ^ v6 ^ v14;
        Vector256<uint> t7 = c7 ^ v7 ^ v15;

        // Pairs of words: (w0,w1) for lanes 0,1 | 4,5 and 2,3 | 6,7, and so on.
        Vector256<ulong> p01Low = Avx2.UnpackLow(t0, t1).AsUInt64();
        Vector256<ulong> p01High = Avx2.UnpackHigh(t0, t1).AsUInt64();
        Vector256<ulong> p23Low = Avx2.UnpackLow(t2, t3).AsUInt64();
        Vector256<ulong> p23High = Avx2.UnpackHigh(t2, t3).AsUInt64();
        Vector256<ulong> p45Low = Avx2.UnpackLow(t4, t5).AsUInt64();
        Vector256<ulong> p45High = Avx2.UnpackHigh(t4, t5).AsUInt64();
        Vector256<ulong> p67Low = Avx2.UnpackLow(t6, t7).AsUInt64();
        Vector256<ulong> p67High = Avx2.UnpackHigh(t6, t7).AsUInt64();

        // Quads of words 0..3 and 4..7, for lanes k | k+4.
        Vector256<ulong> q0 = Avx2.UnpackLow(p01Low, p23Low);
        Vector256<ulong> q1 = Avx2.UnpackHigh(p01Low, p23Low);
        Vector256<ulong> q2 = Avx2.UnpackLow(p01High, p23High);
        Vector256<ulong> q3 = Avx2.UnpackHigh(p01High, p23High);
        Vector256<ulong> r0 = Avx2.UnpackLow(p45Low, p67Low);
        Vector256<ulong> r1 = Avx2.UnpackHigh(p45Low, p67Low);
        Vector256<ulong> r2 = Avx2.UnpackLow(p45High, p67High);
        Vector256<ulong> r3 = Avx2.UnpackHigh(p45High, p67High);

        Store(ref destination, 0, Avx2.Permute2x128(q0, r0, 0x20));
        Store(ref destination, 1, Avx2.Permute2x128(q1, r1, 0x20));
        Store(ref destination, 2, Avx2.Permute2x128(q2, r2, 0x20));
        Store(ref destination, 3, Avx2.Permute2x128(q3, r3, 0x20));
        Store(ref destination, 4, Avx2.Permute2x128(q0, r0, 0x31));
        Store(ref destination, 5, Avx2.Permute2x128(q1, r1, 0x31));
        Store(ref destination, 6, Avx2.Permute2x128(q2, r2, 0x31));
        Store(ref destination, 7, Avx2.Permute2x128(q3, r3, 0x31));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Store(ref byte destination, int block, Vector256<ulong> value) =>
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref destination, block * BlockLength), value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref Vector256<uint> a, ref Vector256<uint> b, ref Vector256<uint> c, ref Vector256<uint> d, Vector256<uint> x, Vector256<uint> y)
    {
        a = a + b + x;
        d = TRotations.RotateRight(d ^ a, 16);
        c += d;
        b = TRotations.RotateRight(b ^ c, 12);
        a = a + b + y;
        d = TRotations.RotateRight(d ^ a, 8);
        c += d;
        b = TRotations.RotateRight(b ^ c, 7);
    }

    [InlineArray(16)]
    private struct Message
    {
        private Vector256<uint> _element;
    }
}

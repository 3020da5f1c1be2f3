using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// Four BLAKE2Xb output blocks at once: lane k of every state vector belongs to block
/// <c>first + k</c>. The blocks share their message (H0, broadcast) and every chain word but the
/// node offset, so no input has to be transposed; only the four results are, on the way out.
/// </summary>
/// <typeparam name="TRotations">How this instruction set rotates 64-bit lanes.</typeparam>
internal static class Blake2XbLanes<TRotations> where TRotations : struct, IBlake2LaneRotations
{
    private const int Lanes = 4;
    private const int BlockLength = 64;

    /// <summary>
    /// Writes as many whole groups of four blocks as <paramref name="count"/> holds and returns
    /// how many blocks that was; the caller finishes the rest.
    /// </summary>
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
            message[i] = Vector256.Create(h0Words[i]);
        }

        Vector256<ulong> offsets = Vector256.Create((ulong)first) + Vector256.Create(0UL, 1, 2, 3);
        ref byte output = ref MemoryMarshal.GetReference(destination[..(groups * Lanes * BlockLength)]);
        for (int g = 0; g < groups; g++)
        {
            Compress(ref message[0], chain, offsets, ref Unsafe.Add(ref output, g * Lanes * BlockLength));
            offsets += Vector256.Create((ulong)Lanes);
        }

        Span<Vector256<ulong>> words = message;
        words.Clear();
        return groups * Lanes;
    }

    [MethodImpl(KernelRoot.Options)]
    private static void Compress(ref Vector256<ulong> m0, ReadOnlySpan<ulong> chain, Vector256<ulong> offsets, ref byte destination)
    {
        Vector256<ulong> c0 = Vector256.Create(chain[0]);
        Vector256<ulong> c1 = Vector256.Create(chain[1]) ^ offsets;
        Vector256<ulong> c2 = Vector256.Create(chain[2]);
        Vector256<ulong> c3 = Vector256.Create(chain[3]);
        Vector256<ulong> c4 = Vector256.Create(chain[4]);
        Vector256<ulong> c5 = Vector256.Create(chain[5]);
        Vector256<ulong> c6 = Vector256.Create(chain[6]);
        Vector256<ulong> c7 = Vector256.Create(chain[7]);

        Vector256<ulong> v0 = c0, v1 = c1, v2 = c2, v3 = c3, v4 = c4, v5 = c5, v6 = c6, v7 = c7;
        Vector256<ulong> v8 = Vector256.Create(Blake2bScalar.IV0);
        Vector256<ulong> v9 = Vector256.Create(Blake2bScalar.IV1);
        Vector256<ulong> v10 = Vector256.Create(Blake2bScalar.IV2);
        Vector256<ulong> v11 = Vector256.Create(Blake2bScalar.IV3);

        // One block of 64 message bytes, and it is the final one: t0 = 64, f0 = all ones.
        Vector256<ulong> v12 = Vector256.Create(Blake2bScalar.IV4 ^ BlockLength);
        Vector256<ulong> v13 = Vector256.Create(Blake2bScalar.IV5);
        Vector256<ulong> v14 = Vector256.Create(~Blake2bScalar.IV6);
        Vector256<ulong> v15 = Vector256.Create(Blake2bScalar.IV7);

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

        Vector256<ulong> h0 = c0 ^ v0 ^ v8;
        Vector256<ulong> h1 = c1 ^ v1 ^ v9;
        Vector256<ulong> h2 = c2 ^ v2 ^ v10;
        Vector256<ulong> h3 = c3 ^ v3 ^ v11;
        Vector256<ulong> h4 = c4 ^ v4 ^ v12;
        Vector256<ulong> h5 = c5 ^ v5 ^ v13;
        Vector256<ulong> h6 = c6 ^ v6 ^ v14;
        Vector256<ulong> h7 = c7 ^ v7 ^ v15;

        // Word j of block k is lane k of h_j: two 4x4 transposes turn lanes into blocks.
        Blake2XbTranspose.Store(h0, h1, h2, h3, ref destination);
        Blake2XbTranspose.Store(h4, h5, h6, h7, ref Unsafe.Add(ref destination, 32));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d, Vector256<ulong> x, Vector256<ulong> y)
    {
        a = a + b + x;
        d = TRotations.RotateRight(d ^ a, 32);
        c += d;
        b = TRotations.RotateRight(b ^ c, 24);
        a = a + b + y;
        d = TRotations.RotateRight(d ^ a, 16);
        c += d;
        b = TRotations.RotateRight(b ^ c, 63);
    }

    [InlineArray(16)]
    private struct Message
    {
        private Vector256<ulong> _element;
    }
}

using System;
using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>Portable BLAKE2b compression: what ARM64 and machines without SSE2 run.</summary>
internal static class Blake2bScalar
{
    public const ulong IV0 = 0x6A09E667F3BCC908;
    public const ulong IV1 = 0xBB67AE8584CAA73B;
    public const ulong IV2 = 0x3C6EF372FE94F82B;
    public const ulong IV3 = 0xA54FF53A5F1D36F1;
    public const ulong IV4 = 0x510E527FADE682D1;
    public const ulong IV5 = 0x9B05688C2B3E6C1F;
    public const ulong IV6 = 0x1F83D9ABFB41BD6B;
    public const ulong IV7 = 0x5BE0CD19137E2179;

    /// <inheritdoc cref="Internal.IBlake2Variant.Compress"/>
    public static void Compress(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1)
    {
        ulong h0 = chain[0], h1 = chain[1], h2 = chain[2], h3 = chain[3];
        ulong h4 = chain[4], h5 = chain[5], h6 = chain[6], h7 = chain[7];
        ulong c0 = t0, c1 = t1;
        Message m = default;
        ReadOnlySpan<byte> sigma = Sigma.Table;

        while (blocks.Length >= 128)
        {
            c0 += increment;
            if (c0 < increment)
            {
                c1++;
            }

            Span<ulong> words = m;
            MemoryMarshal.Cast<byte, ulong>(blocks[..128]).CopyTo(words);
            if (!BitConverter.IsLittleEndian)
            {
                BinaryPrimitives.ReverseEndianness(words, words);
            }

            ulong v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
            ulong v8 = IV0, v9 = IV1, v10 = IV2, v11 = IV3;
            ulong v12 = IV4 ^ c0, v13 = IV5 ^ c1, v14 = IV6 ^ f0, v15 = IV7 ^ f1;

            ref ulong m0 = ref m[0];
            ref byte s = ref MemoryMarshal.GetReference(sigma);

            // Rounds 10 and 11 reuse the first two rows of the table, which is stored 12 rows long
            // so that one pointer walks it without a modulo.
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

            h0 ^= v0 ^ v8;
            h1 ^= v1 ^ v9;
            h2 ^= v2 ^ v10;
            h3 ^= v3 ^ v11;
            h4 ^= v4 ^ v12;
            h5 ^= v5 ^ v13;
            h6 ^= v6 ^ v14;
            h7 ^= v7 ^ v15;
            blocks = blocks[128..];
        }

        chain[0] = h0; chain[1] = h1; chain[2] = h2; chain[3] = h3;
        chain[4] = h4; chain[5] = h5; chain[6] = h6; chain[7] = h7;
        t0 = c0;
        t1 = c1;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref ulong a, ref ulong b, ref ulong c, ref ulong d, ulong x, ulong y)
    {
        a += b + x;
        d = BitOperations.RotateRight(d ^ a, 32);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 24);
        a += b + y;
        d = BitOperations.RotateRight(d ^ a, 16);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 63);
    }

    [InlineArray(16)]
    private struct Message
    {
        private ulong _element;
    }
}

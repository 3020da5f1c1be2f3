using System;
using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>Portable BLAKE2s compression: what ARM64 and machines without SSE2 run.</summary>
internal static class Blake2sScalar
{
    /// <summary>The IV: SHA-256's initial hash value (RFC 7693, section 2.6), the upper halves of BLAKE2b's words.</summary>
    public const uint IV0 = 0x6A09E667, IV1 = 0xBB67AE85, IV2 = 0x3C6EF372, IV3 = 0xA54FF53A;

    /// <inheritdoc cref="IV0"/>
    public const uint IV4 = 0x510E527F, IV5 = 0x9B05688C, IV6 = 0x1F83D9AB, IV7 = 0x5BE0CD19;

    /// <summary>
    /// Compresses every whole 64-byte block of <paramref name="blocks"/>. BLAKE2s's counter is 64
    /// bits, kept whole in <paramref name="counter"/> (its low half is t0, its high half t1).
    /// </summary>
    [MethodImpl(KernelRoot.Options)]
    public static void Compress(Span<uint> chain, ReadOnlySpan<byte> blocks, ref ulong counter, uint increment, uint f0, uint f1)
    {
        uint h0 = chain[0], h1 = chain[1], h2 = chain[2], h3 = chain[3];
        uint h4 = chain[4], h5 = chain[5], h6 = chain[6], h7 = chain[7];
        ulong t = counter;
        Message m = default;

        while (blocks.Length >= 64)
        {
            t += increment;

            ref uint m0 = ref Unsafe.As<Message, uint>(ref m);
            Unsafe.CopyBlockUnaligned(ref Unsafe.As<Message, byte>(ref m), ref MemoryMarshal.GetReference(blocks), 64);
            if (!BitConverter.IsLittleEndian)
            {
                for (int i = 0; i < 16; i++)
                {
                    Unsafe.Add(ref m0, i) = BinaryPrimitives.ReverseEndianness(Unsafe.Add(ref m0, i));
                }
            }

            uint v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
            uint v8 = IV0, v9 = IV1, v10 = IV2, v11 = IV3;
            uint v12 = IV4 ^ (uint)t, v13 = IV5 ^ (uint)(t >> 32), v14 = IV6 ^ f0, v15 = IV7 ^ f1;

            // Ten explicit rounds, each given its sigma row as one packed constant: faster than a
            // loop over Sigma.Table, and than ten rounds reading Sigma.Table at constant indices
            // (some 420 inlinees, and a register allocation with about 600 stack accesses);
            // docs/measurements.md#blake2-scalar-rounds.
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row0);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row1);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row2);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row3);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row4);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row5);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row6);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row7);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row8);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Sigma.Row9);

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
        SecretBytes.Erase(FixedBufferSpans.BytesOf(ref m));

        chain[0] = h0; chain[1] = h1; chain[2] = h2; chain[3] = h3;
        chain[4] = h4; chain[5] = h5; chain[6] = h6; chain[7] = h7;
        counter = t;
    }

    /// <summary>One round of G over the columns, then the diagonals; BLAKE3's compression (Blake3Scalar) runs the same rounds with its own schedule.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Round(ref uint v0, ref uint v1, ref uint v2, ref uint v3, ref uint v4, ref uint v5, ref uint v6, ref uint v7, ref uint v8, ref uint v9, ref uint v10, ref uint v11, ref uint v12, ref uint v13, ref uint v14, ref uint v15, ref uint m, ulong s)
    {
        G(ref v0, ref v4, ref v8, ref v12, ref m, s, 0);
        G(ref v1, ref v5, ref v9, ref v13, ref m, s, 2);
        G(ref v2, ref v6, ref v10, ref v14, ref m, s, 4);
        G(ref v3, ref v7, ref v11, ref v15, ref m, s, 6);
        G(ref v0, ref v5, ref v10, ref v15, ref m, s, 8);
        G(ref v1, ref v6, ref v11, ref v12, ref m, s, 10);
        G(ref v2, ref v7, ref v8, ref v13, ref m, s, 12);
        G(ref v3, ref v4, ref v9, ref v14, ref m, s, 14);
    }

    /// <summary>
    /// One G, taking its two message words as positions in the round's packed sigma row and
    /// loading them itself, at the point of use: passing loaded words as arguments made the JIT
    /// (x64) load each into a temporary, spill it and add it from the stack. (a + x) + b keeps
    /// the load-and-add off the dependency chain through b.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref uint a, ref uint b, ref uint c, ref uint d, ref uint m, ulong s, int position)
    {
        a = a + Unsafe.Add(ref m, (int)(s >> (4 * position)) & 15) + b;
        d = BitOperations.RotateRight(d ^ a, 16);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 12);
        a = a + Unsafe.Add(ref m, (int)(s >> (4 * (position + 1))) & 15) + b;
        d = BitOperations.RotateRight(d ^ a, 8);
        c += d;
        b = BitOperations.RotateRight(b ^ c, 7);
    }

    /// <summary>Room for one block's sixteen words, reached by reference from its first word.</summary>
    /// <remarks>A sized struct rather than an inline array so that the netstandard2.0 build compiles the same code.</remarks>
    [StructLayout(LayoutKind.Sequential, Size = 16 * sizeof(uint))]
    private struct Message
    {
        private uint _first;
    }
}

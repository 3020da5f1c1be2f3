using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE2s compression with the scalar kernel's arithmetic and its ten rounds in a loop: the
/// kernel the dispatcher picks in a browser (<see cref="Blake2sKernel.RoundLoop"/>).
/// </summary>
/// <remarks>
/// <para>.NET in a browser runs this library on its interpreter, whose jiterpreter compiles hot
/// stretches of interpreter code ("traces", each starting at a method's entry or a loop's head) to
/// WebAssembly, each up to a size limit. The scalar kernel's ten rounds written out are far
/// longer than one trace (the jiterpreter's statistics count the aborts as "trace-too-big"), and it
/// passes the sixteen state words to G by reference, which keeps them in the interpreter's frame;
/// here one round is the loop's body, G is written out on locals, and each round reads its message
/// words at the offsets its packed sigma row gives. In Chromium it runs faster than the scalar
/// kernel (figures: docs/browser.md). Only a browser picks it: the JIT's kernel is the scalar one,
/// whose unrolled rounds were shaped for the JIT.</para>
/// <para>Reads the message in place, so little-endian machines only (WebAssembly is).</para>
/// </remarks>
internal static class Blake2sRoundLoop
{
    /// <inheritdoc cref="Blake2sScalar.Compress"/>
    [MethodImpl(KernelRoot.Options)]
    public static void Compress(Span<uint> chain, ReadOnlySpan<byte> blocks, ref ulong counter, uint increment, uint f0, uint f1)
    {
        uint h0 = chain[0], h1 = chain[1], h2 = chain[2], h3 = chain[3];
        uint h4 = chain[4], h5 = chain[5], h6 = chain[6], h7 = chain[7];
        ulong t = counter;
        while (blocks.Length >= 64)
        {
            t += increment;
            ref uint m = ref Unsafe.As<byte, uint>(ref MemoryMarshal.GetReference(blocks));
            uint v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
            uint v8 = Blake2sScalar.IV0, v9 = Blake2sScalar.IV1, v10 = Blake2sScalar.IV2, v11 = Blake2sScalar.IV3;
            uint v12 = Blake2sScalar.IV4 ^ (uint)t, v13 = Blake2sScalar.IV5 ^ (uint)(t >> 32), v14 = Blake2sScalar.IV6 ^ f0, v15 = Blake2sScalar.IV7 ^ f1;
            ReadOnlySpan<ulong> rows = Rows;
            for (int round = 0; round < rows.Length; round++)
            {
                ulong s = rows[round];
                v0 += v4 + Unsafe.Add(ref m, (int)(s >> 0) & 15); v12 ^= v0; v12 = BitOperations.RotateRight(v12, 16); v8 += v12; v4 ^= v8; v4 = BitOperations.RotateRight(v4, 12);
                v0 += v4 + Unsafe.Add(ref m, (int)(s >> 4) & 15); v12 ^= v0; v12 = BitOperations.RotateRight(v12, 8); v8 += v12; v4 ^= v8; v4 = BitOperations.RotateRight(v4, 7);
                v1 += v5 + Unsafe.Add(ref m, (int)(s >> 8) & 15); v13 ^= v1; v13 = BitOperations.RotateRight(v13, 16); v9 += v13; v5 ^= v9; v5 = BitOperations.RotateRight(v5, 12);
                v1 += v5 + Unsafe.Add(ref m, (int)(s >> 12) & 15); v13 ^= v1; v13 = BitOperations.RotateRight(v13, 8); v9 += v13; v5 ^= v9; v5 = BitOperations.RotateRight(v5, 7);
                v2 += v6 + Unsafe.Add(ref m, (int)(s >> 16) & 15); v14 ^= v2; v14 = BitOperations.RotateRight(v14, 16); v10 += v14; v6 ^= v10; v6 = BitOperations.RotateRight(v6, 12);
                v2 += v6 + Unsafe.Add(ref m, (int)(s >> 20) & 15); v14 ^= v2; v14 = BitOperations.RotateRight(v14, 8); v10 += v14; v6 ^= v10; v6 = BitOperations.RotateRight(v6, 7);
                v3 += v7 + Unsafe.Add(ref m, (int)(s >> 24) & 15); v15 ^= v3; v15 = BitOperations.RotateRight(v15, 16); v11 += v15; v7 ^= v11; v7 = BitOperations.RotateRight(v7, 12);
                v3 += v7 + Unsafe.Add(ref m, (int)(s >> 28) & 15); v15 ^= v3; v15 = BitOperations.RotateRight(v15, 8); v11 += v15; v7 ^= v11; v7 = BitOperations.RotateRight(v7, 7);
                v0 += v5 + Unsafe.Add(ref m, (int)(s >> 32) & 15); v15 ^= v0; v15 = BitOperations.RotateRight(v15, 16); v10 += v15; v5 ^= v10; v5 = BitOperations.RotateRight(v5, 12);
                v0 += v5 + Unsafe.Add(ref m, (int)(s >> 36) & 15); v15 ^= v0; v15 = BitOperations.RotateRight(v15, 8); v10 += v15; v5 ^= v10; v5 = BitOperations.RotateRight(v5, 7);
                v1 += v6 + Unsafe.Add(ref m, (int)(s >> 40) & 15); v12 ^= v1; v12 = BitOperations.RotateRight(v12, 16); v11 += v12; v6 ^= v11; v6 = BitOperations.RotateRight(v6, 12);
                v1 += v6 + Unsafe.Add(ref m, (int)(s >> 44) & 15); v12 ^= v1; v12 = BitOperations.RotateRight(v12, 8); v11 += v12; v6 ^= v11; v6 = BitOperations.RotateRight(v6, 7);
                v2 += v7 + Unsafe.Add(ref m, (int)(s >> 48) & 15); v13 ^= v2; v13 = BitOperations.RotateRight(v13, 16); v8 += v13; v7 ^= v8; v7 = BitOperations.RotateRight(v7, 12);
                v2 += v7 + Unsafe.Add(ref m, (int)(s >> 52) & 15); v13 ^= v2; v13 = BitOperations.RotateRight(v13, 8); v8 += v13; v7 ^= v8; v7 = BitOperations.RotateRight(v7, 7);
                v3 += v4 + Unsafe.Add(ref m, (int)(s >> 56) & 15); v14 ^= v3; v14 = BitOperations.RotateRight(v14, 16); v9 += v14; v4 ^= v9; v4 = BitOperations.RotateRight(v4, 12);
                v3 += v4 + Unsafe.Add(ref m, (int)(s >> 60) & 15); v14 ^= v3; v14 = BitOperations.RotateRight(v14, 8); v9 += v14; v4 ^= v9; v4 = BitOperations.RotateRight(v4, 7);
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

        chain[0] = h0; chain[1] = h1; chain[2] = h2; chain[3] = h3;
        chain[4] = h4; chain[5] = h5; chain[6] = h6; chain[7] = h7;
        counter = t;
    }

    /// <summary>The packed sigma row of each of the ten rounds (<see cref="Sigma"/>).</summary>
    private static ReadOnlySpan<ulong> Rows => [Sigma.Row0, Sigma.Row1, Sigma.Row2, Sigma.Row3, Sigma.Row4, Sigma.Row5, Sigma.Row6, Sigma.Row7, Sigma.Row8, Sigma.Row9];
}

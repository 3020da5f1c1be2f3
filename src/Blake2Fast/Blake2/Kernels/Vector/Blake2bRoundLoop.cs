using System;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE2b compression with the scalar kernel's arithmetic and its twelve rounds in a loop: the
/// kernel the dispatcher picks in a browser (<see cref="Blake2bKernel.RoundLoop"/>).
/// </summary>
/// <remarks>
/// <para>.NET in a browser runs this library on its interpreter, whose jiterpreter compiles hot
/// stretches of interpreter code ("traces", each starting at a method's entry or a loop's head) to
/// WebAssembly, each up to a size limit. The scalar kernel's twelve rounds written out are far
/// longer than one trace (the jiterpreter's statistics count the aborts as "trace-too-big"), and it
/// passes the sixteen state words to G by reference, which keeps them in the interpreter's frame;
/// here one round is the loop's body, G is written out on locals, and each round reads its message
/// words at the offsets its packed sigma row gives. In Chromium it runs faster than the scalar
/// kernel (figures: docs/browser.md). Only a browser picks it: the JIT's kernel is the scalar one,
/// whose unrolled rounds were shaped for the JIT.</para>
/// <para>Reads the message in place, so little-endian machines only (WebAssembly is).</para>
/// </remarks>
internal static class Blake2bRoundLoop
{
    /// <inheritdoc cref="Internal.IBlake2Variant.Compress"/>
    [MethodImpl(KernelRoot.Options)]
    public static void Compress(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1)
    {
        ulong h0 = chain[0], h1 = chain[1], h2 = chain[2], h3 = chain[3];
        ulong h4 = chain[4], h5 = chain[5], h6 = chain[6], h7 = chain[7];
        ulong c0 = t0, c1 = t1;
        while (blocks.Length >= 128)
        {
            c0 += increment;
            if (c0 < increment)
            {
                c1++;
            }

            ref ulong m = ref Unsafe.As<byte, ulong>(ref MemoryMarshal.GetReference(blocks));
            ulong v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
            ulong v8 = Blake2bScalar.IV0, v9 = Blake2bScalar.IV1, v10 = Blake2bScalar.IV2, v11 = Blake2bScalar.IV3;
            ulong v12 = Blake2bScalar.IV4 ^ c0, v13 = Blake2bScalar.IV5 ^ c1, v14 = Blake2bScalar.IV6 ^ f0, v15 = Blake2bScalar.IV7 ^ f1;
            ReadOnlySpan<ulong> rows = Rows;
            for (int round = 0; round < rows.Length; round++)
            {
                ulong s = rows[round];
                v0 += v4 + Unsafe.Add(ref m, (int)(s >> 0) & 15); v12 ^= v0; v12 = BitOperations.RotateRight(v12, 32); v8 += v12; v4 ^= v8; v4 = BitOperations.RotateRight(v4, 24);
                v0 += v4 + Unsafe.Add(ref m, (int)(s >> 4) & 15); v12 ^= v0; v12 = BitOperations.RotateRight(v12, 16); v8 += v12; v4 ^= v8; v4 = BitOperations.RotateRight(v4, 63);
                v1 += v5 + Unsafe.Add(ref m, (int)(s >> 8) & 15); v13 ^= v1; v13 = BitOperations.RotateRight(v13, 32); v9 += v13; v5 ^= v9; v5 = BitOperations.RotateRight(v5, 24);
                v1 += v5 + Unsafe.Add(ref m, (int)(s >> 12) & 15); v13 ^= v1; v13 = BitOperations.RotateRight(v13, 16); v9 += v13; v5 ^= v9; v5 = BitOperations.RotateRight(v5, 63);
                v2 += v6 + Unsafe.Add(ref m, (int)(s >> 16) & 15); v14 ^= v2; v14 = BitOperations.RotateRight(v14, 32); v10 += v14; v6 ^= v10; v6 = BitOperations.RotateRight(v6, 24);
                v2 += v6 + Unsafe.Add(ref m, (int)(s >> 20) & 15); v14 ^= v2; v14 = BitOperations.RotateRight(v14, 16); v10 += v14; v6 ^= v10; v6 = BitOperations.RotateRight(v6, 63);
                v3 += v7 + Unsafe.Add(ref m, (int)(s >> 24) & 15); v15 ^= v3; v15 = BitOperations.RotateRight(v15, 32); v11 += v15; v7 ^= v11; v7 = BitOperations.RotateRight(v7, 24);
                v3 += v7 + Unsafe.Add(ref m, (int)(s >> 28) & 15); v15 ^= v3; v15 = BitOperations.RotateRight(v15, 16); v11 += v15; v7 ^= v11; v7 = BitOperations.RotateRight(v7, 63);
                v0 += v5 + Unsafe.Add(ref m, (int)(s >> 32) & 15); v15 ^= v0; v15 = BitOperations.RotateRight(v15, 32); v10 += v15; v5 ^= v10; v5 = BitOperations.RotateRight(v5, 24);
                v0 += v5 + Unsafe.Add(ref m, (int)(s >> 36) & 15); v15 ^= v0; v15 = BitOperations.RotateRight(v15, 16); v10 += v15; v5 ^= v10; v5 = BitOperations.RotateRight(v5, 63);
                v1 += v6 + Unsafe.Add(ref m, (int)(s >> 40) & 15); v12 ^= v1; v12 = BitOperations.RotateRight(v12, 32); v11 += v12; v6 ^= v11; v6 = BitOperations.RotateRight(v6, 24);
                v1 += v6 + Unsafe.Add(ref m, (int)(s >> 44) & 15); v12 ^= v1; v12 = BitOperations.RotateRight(v12, 16); v11 += v12; v6 ^= v11; v6 = BitOperations.RotateRight(v6, 63);
                v2 += v7 + Unsafe.Add(ref m, (int)(s >> 48) & 15); v13 ^= v2; v13 = BitOperations.RotateRight(v13, 32); v8 += v13; v7 ^= v8; v7 = BitOperations.RotateRight(v7, 24);
                v2 += v7 + Unsafe.Add(ref m, (int)(s >> 52) & 15); v13 ^= v2; v13 = BitOperations.RotateRight(v13, 16); v8 += v13; v7 ^= v8; v7 = BitOperations.RotateRight(v7, 63);
                v3 += v4 + Unsafe.Add(ref m, (int)(s >> 56) & 15); v14 ^= v3; v14 = BitOperations.RotateRight(v14, 32); v9 += v14; v4 ^= v9; v4 = BitOperations.RotateRight(v4, 24);
                v3 += v4 + Unsafe.Add(ref m, (int)(s >> 60) & 15); v14 ^= v3; v14 = BitOperations.RotateRight(v14, 16); v9 += v14; v4 ^= v9; v4 = BitOperations.RotateRight(v4, 63);
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

    /// <summary>The packed sigma row of each of the twelve rounds (<see cref="Sigma"/>).</summary>
    private static ReadOnlySpan<ulong> Rows => [Sigma.Row0, Sigma.Row1, Sigma.Row2, Sigma.Row3, Sigma.Row4, Sigma.Row5, Sigma.Row6, Sigma.Row7, Sigma.Row8, Sigma.Row9, Sigma.Row0, Sigma.Row1];
}

using System;
using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>Portable BLAKE2b compression: what ARM64 and machines without SSE2 run.</summary>
internal static class Blake2bScalar
{
    /// <summary>The IV: SHA-512's initial hash value (RFC 7693, section 2.6).</summary>
    public const ulong IV0 = 0x6A09E667F3BCC908, IV1 = 0xBB67AE8584CAA73B, IV2 = 0x3C6EF372FE94F82B, IV3 = 0xA54FF53A5F1D36F1;

    /// <inheritdoc cref="IV0"/>
    public const ulong IV4 = 0x510E527FADE682D1, IV5 = 0x9B05688C2B3E6C1F, IV6 = 0x1F83D9ABFB41BD6B, IV7 = 0x5BE0CD19137E2179;

    /// <inheritdoc cref="Internal.IBlake2Variant.Compress"/>
    [MethodImpl(KernelRoot.Options)]
    public static void Compress(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1)
    {
        ulong h0 = chain[0], h1 = chain[1], h2 = chain[2], h3 = chain[3];
        ulong h4 = chain[4], h5 = chain[5], h6 = chain[6], h7 = chain[7];
        ulong c0 = t0, c1 = t1;
        Message copy = default;

        while (blocks.Length >= 128)
        {
            c0 += increment;
            if (c0 < increment)
            {
                c1++;
            }

            // Little-endian machines read the message in place; only big-endian ones need a copy.
            scoped ref ulong m = ref Unsafe.As<byte, ulong>(ref MemoryMarshal.GetReference(blocks));
            if (!BitConverter.IsLittleEndian)
            {
                ReadOnlySpan<ulong> source = MemoryMarshal.Cast<byte, ulong>(blocks[..128]);
                m = ref Unsafe.As<Message, ulong>(ref copy);
                for (int i = 0; i < 16; i++)
                {
                    Unsafe.Add(ref m, i) = BinaryPrimitives.ReverseEndianness(source[i]);
                }
            }

            ulong v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
            ulong v8 = IV0, v9 = IV1, v10 = IV2, v11 = IV3;
            ulong v12 = IV4 ^ c0, v13 = IV5 ^ c1, v14 = IV6 ^ f0, v15 = IV7 ^ f1;

            // Twelve explicit rounds, each given its packed sigma row (Sigma.Row0..Row9, then Row0
            // and Row1 again), and each message word read inside G where it is added: the JIT then
            // folds every sigma lookup into a constant offset and adds straight from the input. The former loop over the sigma table, passing words to
            // G as values, compiled (x64, .NET 10) to ~215 instructions per round: a movzx, a load
            // and a stack temporary per word, with several state words living on the stack. Now
            // ~140 per round and 3 MiB hashes much faster (docs/measurements.md#blake2-scalar-rounds).
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row0);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row1);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row2);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row3);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row4);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row5);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row6);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row7);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row8);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row9);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row0);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row1);

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

    /// <summary>
    /// BLAKE2b's compression F with a caller-chosen number of rounds (EIP-152): round r uses the
    /// schedule row r mod 10. One block, given as 16 words; the counter is taken as is.
    /// </summary>
    /// <remarks>
    /// Rounds in groups of ten with constant rows, then the remainder each with its own constant
    /// row, so that, as in <see cref="Compress"/>, every message-word offset folds to an immediate.
    /// </remarks>
    [MethodImpl(KernelRoot.Options)]
    public static void CompressRounds(Span<ulong> chain, ReadOnlySpan<ulong> message, uint rounds, ulong t0, ulong t1, ulong f0)
    {
        ref ulong m = ref MemoryMarshal.GetReference(message);
        ulong v0 = chain[0], v1 = chain[1], v2 = chain[2], v3 = chain[3], v4 = chain[4], v5 = chain[5], v6 = chain[6], v7 = chain[7];
        ulong v8 = IV0, v9 = IV1, v10 = IV2, v11 = IV3;
        ulong v12 = IV4 ^ t0, v13 = IV5 ^ t1, v14 = IV6 ^ f0, v15 = IV7;

        for (uint group = rounds / 10; group != 0; group--)
        {
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row0);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row1);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row2);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row3);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row4);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row5);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row6);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row7);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row8);
            Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, Sigma.Row9);
        }

        uint rest = rounds % 10;
        for (uint r = 0; r < rest; r++)
        {
            // A switch, not a constant span of rows: .NET 8's first-tier code builds such a span through an allocating helper (see Blake2RowSchedule).
            ulong row = r switch
            {
                0 => Sigma.Row0,
                1 => Sigma.Row1,
                2 => Sigma.Row2,
                3 => Sigma.Row3,
                4 => Sigma.Row4,
                5 => Sigma.Row5,
                6 => Sigma.Row6,
                7 => Sigma.Row7,
                _ => Sigma.Row8,
            };
            RoundAnyRow(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, row);
        }

        chain[0] ^= v0 ^ v8;
        chain[1] ^= v1 ^ v9;
        chain[2] ^= v2 ^ v10;
        chain[3] ^= v3 ^ v11;
        chain[4] ^= v4 ^ v12;
        chain[5] ^= v5 ^ v13;
        chain[6] ^= v6 ^ v14;
        chain[7] ^= v7 ^ v15;
    }

    /// <summary>One round whose row is not a constant (the at most nine rounds after the last whole ten of <see cref="CompressRounds"/>).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void RoundAnyRow(
        ref ulong v0, ref ulong v1, ref ulong v2, ref ulong v3, ref ulong v4, ref ulong v5, ref ulong v6, ref ulong v7,
        ref ulong v8, ref ulong v9, ref ulong v10, ref ulong v11, ref ulong v12, ref ulong v13, ref ulong v14, ref ulong v15,
        ref ulong m, ulong s) =>
        Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m, s);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Round(
        ref ulong v0, ref ulong v1, ref ulong v2, ref ulong v3, ref ulong v4, ref ulong v5, ref ulong v6, ref ulong v7,
        ref ulong v8, ref ulong v9, ref ulong v10, ref ulong v11, ref ulong v12, ref ulong v13, ref ulong v14, ref ulong v15,
        ref ulong m, ulong s)
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

    /// <summary>G with the message words at entries <paramref name="k"/> and k + 1 of the packed sigma row <paramref name="s"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref ulong a, ref ulong b, ref ulong c, ref ulong d, ref ulong m, ulong s, int k)
    {
        a += b + Unsafe.Add(ref m, (int)(s >> (4 * k)) & 15);
        d ^= a;
        d = BitOperations.RotateRight(d, 32);
        c += d;
        b ^= c;
        b = BitOperations.RotateRight(b, 24);
        a += b + Unsafe.Add(ref m, (int)(s >> (4 * (k + 1))) & 15);
        d ^= a;
        d = BitOperations.RotateRight(d, 16);
        c += d;
        b ^= c;
        b = BitOperations.RotateRight(b, 63);
    }

    /// <summary>Room for one block's sixteen words, reached by reference from its first word.</summary>
    /// <remarks>A sized struct rather than an inline array so that the netstandard2.0 build compiles the same code.</remarks>
    [StructLayout(LayoutKind.Sequential, Size = 16 * sizeof(ulong))]
    private struct Message
    {
        private ulong _first;
    }
}

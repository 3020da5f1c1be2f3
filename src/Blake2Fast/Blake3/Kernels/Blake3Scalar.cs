using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// Portable BLAKE3 compression. Its rounds are BLAKE2s's (the same G, columns then diagonals,
/// rotations 16, 12, 8, 7), so it runs <see cref="Blake2sScalar.Round"/> seven times; what differs is
/// the state's lower half (IV, counter, block length, flags), the message schedule and the output.
/// </summary>
internal static class Blake3Scalar
{
    // BLAKE3's message permutation [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8] applied
    // r times, packed four bits per word as Blake2sScalar.Round takes a sigma row: renaming the
    // words replaces moving them between rounds.
    private const ulong Schedule0 = 0xFEDCBA9876543210, Schedule1 = 0x8FE95CB1D407A362, Schedule2 = 0x18FB0956E72DCA43, Schedule3 = 0x61852B04FD3E9C7A;
    private const ulong Schedule4 = 0x461035278EAFB9DC, Schedule5 = 0x7462A03D1FC85BE9, Schedule6 = 0xD743C2AE689105FB;

    /// <summary>One compression; the first 8 words of the result replace <paramref name="cv"/>.</summary>
    [MethodImpl(KernelRoot.Options)]
    public static void Compress(Span<uint> cv, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags)
    {
        State state = default;
        Run(cv, block, blockLength, counter, flags, ref state);
        ref uint v = ref Unsafe.As<State, uint>(ref state);
        for (int i = 0; i < 8; i++)
        {
            cv[i] = Unsafe.Add(ref v, i) ^ Unsafe.Add(ref v, i + 8);
        }

        SecretBytes.Erase(FixedBufferSpans.BytesOf(ref state));
    }

    /// <summary>One compression for output: all 16 words, v[i] ^ v[i+8] and v[i+8] ^ cv[i], as 64 little-endian bytes.</summary>
    [MethodImpl(KernelRoot.Options)]
    public static void CompressXof(ReadOnlySpan<uint> cv, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output64)
    {
        State state = default;
        Run(cv, block, blockLength, counter, flags, ref state);
        ref uint v = ref Unsafe.As<State, uint>(ref state);
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(output64[(4 * i)..], Unsafe.Add(ref v, i) ^ Unsafe.Add(ref v, i + 8));
            BinaryPrimitives.WriteUInt32LittleEndian(output64[(32 + (4 * i))..], Unsafe.Add(ref v, i + 8) ^ cv[i]);
        }

        SecretBytes.Erase(FixedBufferSpans.BytesOf(ref state));
    }

    /// <summary>Eight words as 32 little-endian bytes.</summary>
    public static void StoreWords(ReadOnlySpan<uint> words, Span<byte> destination)
    {
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(destination[(4 * i)..], words[i]);
        }
    }

    /// <summary>32 little-endian bytes as eight words.</summary>
    public static void LoadWords(ReadOnlySpan<byte> source, Span<uint> words)
    {
        for (int i = 0; i < 8; i++)
        {
            words[i] = BinaryPrimitives.ReadUInt32LittleEndian(source[(4 * i)..]);
        }
    }

    private static void Run(ReadOnlySpan<uint> cv, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, ref State state)
    {
        Message m = default;
        ref uint m0 = ref Unsafe.As<Message, uint>(ref m);
        Unsafe.CopyBlockUnaligned(ref Unsafe.As<Message, byte>(ref m), ref MemoryMarshal.GetReference(block[..Blake3Constants.BlockLength]), Blake3Constants.BlockLength);
        if (!BitConverter.IsLittleEndian)
        {
            for (int i = 0; i < 16; i++)
            {
                Unsafe.Add(ref m0, i) = BinaryPrimitives.ReverseEndianness(Unsafe.Add(ref m0, i));
            }
        }

        uint v0 = cv[0], v1 = cv[1], v2 = cv[2], v3 = cv[3], v4 = cv[4], v5 = cv[5], v6 = cv[6], v7 = cv[7];
        uint v8 = Blake2sScalar.IV0, v9 = Blake2sScalar.IV1, v10 = Blake2sScalar.IV2, v11 = Blake2sScalar.IV3;
        uint v12 = (uint)counter, v13 = (uint)(counter >> 32), v14 = blockLength, v15 = flags;
        Blake2sScalar.Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Schedule0);
        Blake2sScalar.Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Schedule1);
        Blake2sScalar.Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Schedule2);
        Blake2sScalar.Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Schedule3);
        Blake2sScalar.Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Schedule4);
        Blake2sScalar.Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Schedule5);
        Blake2sScalar.Round(ref v0, ref v1, ref v2, ref v3, ref v4, ref v5, ref v6, ref v7, ref v8, ref v9, ref v10, ref v11, ref v12, ref v13, ref v14, ref v15, ref m0, Schedule6);

        // The block may be key material (derive_key) or secret data.
        SecretBytes.Erase(FixedBufferSpans.BytesOf(ref m));

        ref uint v = ref Unsafe.As<State, uint>(ref state);
        v = v0; Unsafe.Add(ref v, 1) = v1; Unsafe.Add(ref v, 2) = v2; Unsafe.Add(ref v, 3) = v3;
        Unsafe.Add(ref v, 4) = v4; Unsafe.Add(ref v, 5) = v5; Unsafe.Add(ref v, 6) = v6; Unsafe.Add(ref v, 7) = v7;
        Unsafe.Add(ref v, 8) = v8; Unsafe.Add(ref v, 9) = v9; Unsafe.Add(ref v, 10) = v10; Unsafe.Add(ref v, 11) = v11;
        Unsafe.Add(ref v, 12) = v12; Unsafe.Add(ref v, 13) = v13; Unsafe.Add(ref v, 14) = v14; Unsafe.Add(ref v, 15) = v15;
    }

    /// <summary>Room for one block's sixteen words, reached by reference from its first word.</summary>
    [StructLayout(LayoutKind.Sequential, Size = 16 * sizeof(uint))]
    private struct Message
    {
        private uint _first;
    }

    /// <summary>The sixteen state words after the rounds.</summary>
    [StructLayout(LayoutKind.Sequential, Size = 16 * sizeof(uint))]
    private struct State
    {
        private uint _first;
    }
}

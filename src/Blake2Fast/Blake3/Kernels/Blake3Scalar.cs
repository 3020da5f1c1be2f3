using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>Portable BLAKE3 compression: what runs without vector instructions, and the reference the vector kernels are tested against.</summary>
internal static class Blake3Scalar
{
    /// <summary>One compression; <paramref name="chainingValue"/> (8 words) updated in place.</summary>
    public static void Compress(Span<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags)
    {
        Span<uint> state = stackalloc uint[16];
        Run(chainingValue, block, blockLength, counter, flags, state);
        for (int i = 0; i < 8; i++)
        {
            chainingValue[i] = state[i] ^ state[i + 8];
        }

        state.Clear();
    }

    /// <summary>One compression for output: all 16 words of the final state as 64 little-endian bytes.</summary>
    public static void CompressXof(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output64)
    {
        _ = output64[63];
        Span<uint> state = stackalloc uint[16];
        Run(chainingValue, block, blockLength, counter, flags, state);
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(output64.Slice(4 * i), state[i] ^ state[i + 8]);
            BinaryPrimitives.WriteUInt32LittleEndian(output64.Slice(32 + (4 * i)), state[i + 8] ^ chainingValue[i]);
        }

        state.Clear();
    }

    /// <summary>Whole chunks, as <see cref="Blake3Kernels.HashChunks"/>.</summary>
    public static void HashChunks(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues)
    {
        Span<uint> chainingValue = stackalloc uint[8];
        int count = input.Length / Blake3Constants.ChunkLength;
        for (int i = 0; i < count; i++)
        {
            key.Slice(0, 8).CopyTo(chainingValue);
            ReadOnlySpan<byte> chunk = input.Slice(i * Blake3Constants.ChunkLength, Blake3Constants.ChunkLength);
            for (int block = 0; block < 16; block++)
            {
                uint blockFlags = flags | (block == 0 ? Blake3Constants.ChunkStart : 0) | (block == 15 ? Blake3Constants.ChunkEnd : 0);
                Compress(chainingValue, chunk.Slice(block * Blake3Constants.BlockLength, Blake3Constants.BlockLength), Blake3Constants.BlockLength, firstCounter + (ulong)i, blockFlags);
            }

            Store(chainingValue, chainingValues.Slice(i * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength));
        }

        chainingValue.Clear();
    }

    /// <summary>Parents, as <see cref="Blake3Kernels.HashParents"/> (in place allowed: each parent reads its input before writing).</summary>
    public static void HashParents(ReadOnlySpan<byte> childChainingValues, ReadOnlySpan<uint> key, uint flags, Span<byte> chainingValues)
    {
        Span<uint> chainingValue = stackalloc uint[8];
        int count = childChainingValues.Length / Blake3Constants.BlockLength;
        for (int i = 0; i < count; i++)
        {
            key.Slice(0, 8).CopyTo(chainingValue);
            Compress(chainingValue, childChainingValues.Slice(i * Blake3Constants.BlockLength, Blake3Constants.BlockLength), Blake3Constants.BlockLength, 0, flags | Blake3Constants.Parent);
            Store(chainingValue, chainingValues.Slice(i * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength));
        }

        chainingValue.Clear();
    }

    private static void Store(ReadOnlySpan<uint> words, Span<byte> destination)
    {
        for (int i = 0; i < 8; i++)
        {
            BinaryPrimitives.WriteUInt32LittleEndian(destination.Slice(4 * i), words[i]);
        }
    }

    /// <summary>The seven rounds; the 16-word state is left in <paramref name="state"/> before the feed-forward.</summary>
    private static void Run(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<uint> state)
    {
        Span<uint> m = stackalloc uint[16];
        for (int i = 0; i < 16; i++)
        {
            m[i] = BinaryPrimitives.ReadUInt32LittleEndian(block.Slice(4 * i));
        }

        uint v0 = chainingValue[0], v1 = chainingValue[1], v2 = chainingValue[2], v3 = chainingValue[3];
        uint v4 = chainingValue[4], v5 = chainingValue[5], v6 = chainingValue[6], v7 = chainingValue[7];
        uint v8 = Blake3Constants.IV0, v9 = Blake3Constants.IV1, v10 = Blake3Constants.IV2, v11 = Blake3Constants.IV3;
        uint v12 = (uint)counter, v13 = (uint)(counter >> 32), v14 = blockLength, v15 = flags;

        // The schedule renames the words round by round (Blake3LaneSchedule holds 16 x each index).
        ref uint m0 = ref MemoryMarshal.GetReference(m);
        ReadOnlySpan<byte> schedule = Blake3LaneSchedule.Scaled;
        for (int round = 0; round < Blake3LaneSchedule.Rounds; round++)
        {
            ReadOnlySpan<byte> s = schedule.Slice(16 * round, 16);
            G(ref v0, ref v4, ref v8, ref v12, Unsafe.Add(ref m0, s[0] >> 4), Unsafe.Add(ref m0, s[1] >> 4));
            G(ref v1, ref v5, ref v9, ref v13, Unsafe.Add(ref m0, s[2] >> 4), Unsafe.Add(ref m0, s[3] >> 4));
            G(ref v2, ref v6, ref v10, ref v14, Unsafe.Add(ref m0, s[4] >> 4), Unsafe.Add(ref m0, s[5] >> 4));
            G(ref v3, ref v7, ref v11, ref v15, Unsafe.Add(ref m0, s[6] >> 4), Unsafe.Add(ref m0, s[7] >> 4));
            G(ref v0, ref v5, ref v10, ref v15, Unsafe.Add(ref m0, s[8] >> 4), Unsafe.Add(ref m0, s[9] >> 4));
            G(ref v1, ref v6, ref v11, ref v12, Unsafe.Add(ref m0, s[10] >> 4), Unsafe.Add(ref m0, s[11] >> 4));
            G(ref v2, ref v7, ref v8, ref v13, Unsafe.Add(ref m0, s[12] >> 4), Unsafe.Add(ref m0, s[13] >> 4));
            G(ref v3, ref v4, ref v9, ref v14, Unsafe.Add(ref m0, s[14] >> 4), Unsafe.Add(ref m0, s[15] >> 4));
        }

        m.Clear();
        state[0] = v0; state[1] = v1; state[2] = v2; state[3] = v3; state[4] = v4; state[5] = v5; state[6] = v6; state[7] = v7;
        state[8] = v8; state[9] = v9; state[10] = v10; state[11] = v11; state[12] = v12; state[13] = v13; state[14] = v14; state[15] = v15;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void G(ref uint a, ref uint b, ref uint c, ref uint d, uint x, uint y)
    {
        a += b + x;
        d = RotateRight(d ^ a, 16);
        c += d;
        b = RotateRight(b ^ c, 12);
        a += b + y;
        d = RotateRight(d ^ a, 8);
        c += d;
        b = RotateRight(b ^ c, 7);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint RotateRight(uint value, int count) => (value >> count) | (value << (32 - count));
}

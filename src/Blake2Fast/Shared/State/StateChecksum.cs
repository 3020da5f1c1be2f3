using System;
using System.Buffers.Binary;
using System.Numerics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Internal;

/// <summary>
/// The 64-bit checksum that closes an exported hash state (docs/resumable-hashing.md). It detects
/// corruption, not tampering: anyone can recompute it.
/// </summary>
/// <remarks>
/// <para>Every step is a bijection both in the running value and in the word it absorbs (XOR,
/// rotation, multiplication by an odd constant), so a change confined to one 8-byte word, every
/// single-bit flip among them, always changes the result; the folds of the four lanes are steps of
/// the same kind. A keyed or cryptographic hash would cost several times more for an export of
/// 2 KiB (the budget is 1 us for export and import together) and would add nothing against
/// an attacker who can rewrite the whole export anyway.</para>
/// <para>Four lanes take the 32-byte groups so that the multiplications overlap; the words after
/// the last whole group, and the zero-padded tail, go to lane 0. The byte count is mixed in last.</para>
/// </remarks>
internal static class StateChecksum
{
    private const ulong Multiplier = 0x9E3779B97F4A7C15;
    private const ulong FinalMultiplier = 0xFF51AFD7ED558CCD;

    public static ulong Compute(ReadOnlySpan<byte> data)
    {
        ulong lane0 = 0x243F6A8885A308D3, lane1 = 0x13198A2E03707344, lane2 = 0xA4093822299F31D0, lane3 = 0x082EFA98EC4E6C89;
        int length = data.Length;
        ref byte start = ref MemoryMarshal.GetReference(data);
        int at = 0;

        // Unaligned loads by offset, not span slices: the slices' checks cost more than the mixing
        // (docs/measurements.md#state-checksum).
        for (; at <= length - 32; at += 32)
        {
            lane0 = Step(lane0, Word(ref start, at));
            lane1 = Step(lane1, Word(ref start, at + 8));
            lane2 = Step(lane2, Word(ref start, at + 16));
            lane3 = Step(lane3, Word(ref start, at + 24));
        }

        for (; at <= length - 8; at += 8)
        {
            lane0 = Step(lane0, Word(ref start, at));
        }

        if (at < length)
        {
            ulong tail = 0;
            for (int i = length - 1; i >= at; i--)
            {
                tail = (tail << 8) | data[i];
            }

            lane0 = Step(lane0, tail);
        }

        ulong value = Step(Step(Step(lane0, lane1), lane2), lane3);
        value = Step(value, (ulong)length);
        value ^= value >> 33;
        value *= FinalMultiplier;
        value ^= value >> 29;
        return value;
    }

    /// <summary>The little-endian word at <paramref name="offset"/> (the caller keeps it within the data).</summary>
    private static ulong Word(ref byte start, int offset)
    {
        ulong word = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref start, offset));
        return BitConverter.IsLittleEndian ? word : BinaryPrimitives.ReverseEndianness(word);
    }

    private static ulong Step(ulong running, ulong word) => BitOperations.RotateRight(running ^ word, 37) * Multiplier;
}

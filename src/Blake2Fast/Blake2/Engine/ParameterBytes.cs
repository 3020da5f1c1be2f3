using System;
using System.Buffers.Binary;

namespace Blake2Fast.Internal;

/// <summary>Reads the salt and personalization fields of a parameter block as little-endian words.</summary>
internal static class ParameterBytes
{
    /// <summary>
    /// The little-endian 64-bit word at byte <paramref name="offset"/> of <paramref name="field"/>,
    /// whose missing bytes count as zeros (a salt or personalization shorter than its field is
    /// zero-padded in the parameter block).
    /// </summary>
    public static ulong Word64(ReadOnlySpan<byte> field, int offset)
    {
        if (field.Length >= offset + 8)
        {
            return BinaryPrimitives.ReadUInt64LittleEndian(field[offset..]);
        }

        ulong word = 0;
        for (int i = offset; i < field.Length; i++)
        {
            word |= (ulong)field[i] << (8 * (i - offset));
        }

        return word;
    }
}

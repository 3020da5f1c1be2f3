using System.Runtime.CompilerServices;

namespace System.Numerics;

/// <summary>The rotations and bit counts of .NET Core's BitOperations that the library uses, for the netstandard builds.</summary>
/// <remarks>
/// Written in the shift-or form that RyuJIT (.NET Framework 4.6 and later, every .NET Core) turns
/// into a single rotate instruction when the count is a constant, as it is at every call site here.
/// </remarks>
internal static class BitOperations
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong RotateRight(ulong value, int offset) => (value >> offset) | (value << (64 - offset));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint RotateRight(uint value, int offset) => (value >> offset) | (value << (32 - offset));

    /// <summary>The number of set bits (BLAKE3's chaining-value stack holds one entry per set bit of the chunk count).</summary>
    public static int PopCount(ulong value)
    {
        int count = 0;
        for (; value != 0; value &= value - 1)
        {
            count++;
        }

        return count;
    }

    /// <summary>The number of leading zero bits (32 for zero).</summary>
    public static int LeadingZeroCount(uint value) => LeadingZeroCount((ulong)value) - 32;

    /// <summary>The number of leading zero bits (64 for zero; Bao's tree shape over 64-bit lengths).</summary>
    public static int LeadingZeroCount(ulong value)
    {
        int count = 64;
        for (; value != 0; value >>= 1)
        {
            count--;
        }

        return count;
    }
}

using System.Runtime.CompilerServices;

namespace System.Numerics;

/// <summary>The rotations of .NET Core's BitOperations, for the netstandard2.0 build.</summary>
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
}

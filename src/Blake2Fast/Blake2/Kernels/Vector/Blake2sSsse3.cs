using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE2s pieces for SSSE3 + SSE4.1: pshufb for the byte-multiple rotations (16, 8), shifts for
/// 12 and 7; gathers are movd + pinsrd straight from the block.
/// </summary>
internal readonly struct Blake2sSsse3 : IBlake2sIsa
{
    public static bool IsSupported => Ssse3.IsSupported && Sse41.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight16(Vector128<uint> x) =>
        Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight12(Vector128<uint> x) => Blake2sSse2.Rotate(x, 12, 20);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight8(Vector128<uint> x) =>
        Ssse3.Shuffle(x.AsByte(), Vector128.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12)).AsUInt32();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<uint> RotateRight7(Vector128<uint> x) => Blake2sSse2.Rotate(x, 7, 25);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Gather(ref uint block, ref byte words, out Vector128<uint> columnX, out Vector128<uint> columnY, out Vector128<uint> diagonalX, out Vector128<uint> diagonalY)
    {
        columnX = Gather4(ref block, ref words, 0);
        columnY = Gather4(ref block, ref words, 4);
        diagonalX = Gather4(ref block, ref words, 8);
        diagonalY = Gather4(ref block, ref words, 12);
    }

    /// <summary>Words <paramref name="first"/>..+3 of the round's schedule: movd, then pinsrd with a memory operand.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<uint> Gather4(ref uint block, ref byte words, int first)
    {
        Vector128<uint> v = Sse2.ConvertScalarToVector128UInt32(Word(ref block, ref words, first));
        v = Sse41.Insert(v, Word(ref block, ref words, first + 1), 1);
        v = Sse41.Insert(v, Word(ref block, ref words, first + 2), 2);
        return Sse41.Insert(v, Word(ref block, ref words, first + 3), 3);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static uint Word(ref uint block, ref byte words, int position) =>
        Unsafe.Add(ref block, Unsafe.Add(ref words, position));
}

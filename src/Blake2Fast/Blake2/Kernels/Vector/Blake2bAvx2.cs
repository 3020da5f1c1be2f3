using System;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// The AVX2 entry point of <see cref="Blake2bVector256"/>: the shared message gather, with
/// <see cref="Blake2LaneAvx2Rotations"/> (byte shuffles for 16, 24 and 32, shift-add-xor for 63).
/// </summary>
internal static class Blake2bAvx2
{
    public static bool IsSupported => Avx2.IsSupported;

    public static void Compress(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1) =>
        Blake2bVector256.Compress<Blake2LaneAvx2Rotations>(chain, blocks, ref t0, ref t1, increment, f0, f1);
}

using System;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// The AVX-512 (F + VL) entry point of <see cref="Blake2bVector256"/>: the same 256-bit round and
/// message gather as <see cref="Blake2bAvx2"/>, with <see cref="Blake2LaneAvx512Rotations"/>
/// (one vprorq ymm each). It uses no 512-bit register; the remarks on the gather in
/// <see cref="Blake2bVector256"/> say why.
/// </summary>
internal static class Blake2bAvx512
{
    public static bool IsSupported => Avx512F.IsSupported && Avx512F.VL.IsSupported;

    public static void Compress(Span<ulong> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1) =>
        Blake2bVector256.Compress<Blake2LaneAvx512Rotations>(chain, blocks, ref t0, ref t1, increment, f0, f1);
}

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Blake2Fast.Internal;

// The kernel registry of the builds that have System.Runtime.Intrinsics (net8.0 and net10.0): which
// vector kernels exist, what each needs, and which one each dispatcher picks. The netstandard2.0
// build compiles Blake2/Kernels/Portable/KernelRegistry.cs instead, whose dispatchers know only the
// scalar kernels. Everything else about dispatch is shared and lives in the *Kernels.cs files.
namespace Blake2Fast.Kernels;

internal static partial class Blake2bKernels
{
    private static partial Blake2bKernel PickWidest() =>
        Blake2bAvx512.IsSupported ? Blake2bKernel.Avx512 :
        Blake2bAvx2.IsSupported ? Blake2bKernel.Avx2 :
        Blake2bSse41.IsSupported ? Blake2bKernel.Sse41 :
        Blake2bSse2.IsSupported ? Blake2bKernel.Sse2 :
        Blake2bKernel.Scalar;

    private static partial bool IsVectorSupported(Blake2bKernel kernel) => kernel switch
    {
        Blake2bKernel.Sse2 => Blake2bSse2.IsSupported,
        Blake2bKernel.Sse41 => Blake2bSse41.IsSupported,
        Blake2bKernel.Avx2 => Blake2bAvx2.IsSupported,
        Blake2bKernel.Avx512 => Blake2bAvx512.IsSupported,
        Blake2bKernel.RoundLoop => BitConverter.IsLittleEndian,
        _ => false,
    };

    /// <remarks>
    /// The 256-bit kernels take a round count at no cost (their round is a loop over schedule rows);
    /// the 128-bit ones unroll twelve rounds and are left to the scalar path.
    /// </remarks>
    private static partial bool CompressRoundsVector(Blake2bKernel kernel, Span<ulong> state, ReadOnlySpan<ulong> message, uint rounds, ulong t0, ulong t1, ulong f0)
    {
        switch (kernel)
        {
            case Blake2bKernel.Avx512:
                Blake2bVector256.CompressRounds<Blake2LaneAvx512Rotations>(state, message, rounds, t0, t1, f0);
                return true;
            case Blake2bKernel.Avx2:
                Blake2bVector256.CompressRounds<Blake2LaneAvx2Rotations>(state, message, rounds, t0, t1, f0);
                return true;
            default:
                return false;
        }
    }

    private static partial void CompressVector(Blake2bKernel kernel, Span<ulong> words, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, ulong f0, ulong f1)
    {
        switch (kernel)
        {
            case Blake2bKernel.RoundLoop:
                Blake2bRoundLoop.Compress(words, blocks, ref t0, ref t1, increment, f0, f1);
                break;
            case Blake2bKernel.Avx512:
                Blake2bAvx512.Compress(words, blocks, ref t0, ref t1, increment, f0, f1);
                break;
            case Blake2bKernel.Avx2:
                Blake2bAvx2.Compress(words, blocks, ref t0, ref t1, increment, f0, f1);
                break;
            case Blake2bKernel.Sse41:
                Blake2bSse41.Compress(words, blocks, ref t0, ref t1, increment, f0, f1);
                break;
            default:
                Blake2bSse2.Compress(words, blocks, ref t0, ref t1, increment, f0, f1);
                break;
        }
    }
}

internal static partial class Blake2sKernels
{
    private static partial Blake2sKernel PickWidest() =>
        Blake2sAvx512.IsSupported ? Blake2sKernel.Avx512 :
        Blake2sSsse3.IsSupported ? Blake2sKernel.Ssse3 :
        Blake2sSse2.IsSupported ? Blake2sKernel.Sse2 :
        Blake2sKernel.Scalar;

    private static partial bool IsVectorSupported(Blake2sKernel kernel) => kernel switch
    {
        Blake2sKernel.Sse2 => Blake2sSse2.IsSupported,
        Blake2sKernel.Ssse3 => Blake2sSsse3.IsSupported,
        Blake2sKernel.Avx512 => Blake2sAvx512.IsSupported,
        Blake2sKernel.RoundLoop => BitConverter.IsLittleEndian,
        _ => false,
    };

    private static partial void CompressVector(Blake2sKernel kernel, Span<uint> words, ReadOnlySpan<byte> blocks, ref ulong t0, uint increment, uint f0, uint f1)
    {
        switch (kernel)
        {
            case Blake2sKernel.RoundLoop:
                Blake2sRoundLoop.Compress(words, blocks, ref t0, increment, f0, f1);
                break;
            case Blake2sKernel.Avx512:
                Blake2sVector128<Blake2sAvx512>.Compress(words, blocks, ref t0, increment, f0, f1);
                break;
            case Blake2sKernel.Ssse3:
                Blake2sVector128<Blake2sSsse3>.Compress(words, blocks, ref t0, increment, f0, f1);
                break;
            default:
                Blake2sVector128<Blake2sSse2>.Compress(words, blocks, ref t0, increment, f0, f1);
                break;
        }
    }
}

/// <remarks>
/// The 128-bit lane kernels are written with the cross-platform <see cref="Vector128"/> API, so they
/// need only <see cref="Vector128.IsHardwareAccelerated"/> (SSE2 on x86, AdvSimd on ARM64), not
/// SSSE3: their rotations are shifts and 32-bit-element shuffles. The vector kernels load message
/// words in memory order, so they also need a little-endian machine.
/// </remarks>
internal static partial class Blake2pKernels<TWord>
{
    private static partial bool IsVectorSupported(Blake2pKernel kernel) => kernel switch
    {
        Blake2pKernel.Vector128 => Vector128.IsHardwareAccelerated && BitConverter.IsLittleEndian,
        Blake2pKernel.Avx2 => Avx2.IsSupported,
        Blake2pKernel.Avx512 => Avx2.IsSupported && Avx512F.VL.IsSupported,
        _ => false,
    };

    /// <remarks>
    /// Each width through a method of its own, never inlined, as in BLAKE3's registry
    /// (Blake3Kernels.In512 and its siblings): a method that names a generic instantiation has its
    /// types loaded when it is compiled. Named here, all three widths' were loaded at a first
    /// BLAKE2bp or BLAKE2sp hash, where one width is used; each in its own method, a first hash
    /// spends less JIT time (docs/measurements.md#blake2-jit-cost).
    /// </remarks>
    private static partial void CompressVector(Blake2pKernel kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment)
    {
        switch (kernel)
        {
            case Blake2pKernel.Avx512:
                CompressAvx512(ref lanes, stripes, increment);
                break;
            case Blake2pKernel.Avx2:
                CompressAvx2(ref lanes, stripes, increment);
                break;
            default:
                Compress128(ref lanes, stripes, increment);
                break;
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CompressAvx512(ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment) =>
        Blake2pVector<Blake2LaneVector256<TWord, Blake2LaneAvx512Rotations>, Vector256<TWord>>.Compress(ref lanes, stripes, increment);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void CompressAvx2(ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment) =>
        Blake2pVector<Blake2LaneVector256<TWord, Blake2LaneAvx2Rotations>, Vector256<TWord>>.Compress(ref lanes, stripes, increment);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Compress128(ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment) =>
        Blake2pVector<Blake2LaneVector128<TWord>, Vector128<TWord>>.Compress(ref lanes, stripes, increment);
}

/// <remarks>
/// AVX2 for 256-bit lanes of either word size. BLAKE2Xb's AVX-512 kernel is 8 lanes of 512 bits
/// (AVX-512F, and AVX2 for its output transposes); BLAKE2Xs's is 8 lanes of 256 bits with AVX-512VL
/// rotates.
/// </remarks>
internal static partial class Blake2XKernels<TWord>
{
    private static partial bool IsVectorSupported(Blake2XKernel kernel) => kernel switch
    {
        Blake2XKernel.Avx2 => Avx2.IsSupported,
        Blake2XKernel.Avx512 => Avx2.IsSupported && (Blake2Word<TWord>.Is64 ? Avx512F.IsSupported : Avx512F.VL.IsSupported),
        _ => false,
    };

    private static partial int WriteBlocksVector(Blake2XKernel kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination) => kernel switch
    {
        Blake2XKernel.Avx512 when Blake2Word<TWord>.Is64 => Blake2XLanes<Blake2LaneVector512<TWord>, Vector512<TWord>>.WriteBlocks(h0, chain, first, count, destination),
        Blake2XKernel.Avx512 => Blake2XLanes<Blake2LaneVector256<TWord, Blake2LaneAvx512Rotations>, Vector256<TWord>>.WriteBlocks(h0, chain, first, count, destination),
        _ => Blake2XLanes<Blake2LaneVector256<TWord, Blake2LaneAvx2Rotations>, Vector256<TWord>>.WriteBlocks(h0, chain, first, count, destination),
    };
}

internal static partial class ScalarPreference
{
    private static partial bool IsBrowser() => OperatingSystem.IsBrowser();

    private static partial bool IsAmdFamily1Ah()
    {
        if (!X86Base.IsSupported)
        {
            return false;
        }

        // Vendor string "AuthenticAMD" comes back in EBX, EDX, ECX.
        (_, int ebx, int ecx, int edx) = X86Base.CpuId(0, 0);
        if (ebx != 0x68747541 || edx != 0x69746E65 || ecx != 0x444D4163)
        {
            return false;
        }

        int signature = X86Base.CpuId(1, 0).Eax;
        int family = (signature >> 8) & 0xF;
        if (family == 0xF)
        {
            family += (signature >> 20) & 0xFF;
        }

        return family == 0x1A;
    }
}

/// <remarks>
/// <para>The widest lane kernel the machine has, except that BLAKE2b on x64 without AVX2 hashes
/// one message at a time: there its 128-bit lane kernel (two 64-bit lanes) did not beat a loop of
/// the one-shot on the CPUs measured, while every wider lane kernel, and BLAKE2s's 128-bit one,
/// did (docs/measurements.md#hashmany-kernels).</para>
/// <para>No Intel CPU was measured. There the lane kernels are picked on published evidence only
/// (published figures for Rust's blake2b_simd/blake2s_simd <c>hash_many</c> with AVX2 on Intel,
/// faster than one message at a time; same section). On ARM64 the
/// 128-bit kernels run with AdvSimd, for both, as for BLAKE2bp/sp (see ScalarPreference.cs:
/// modelled, not timed).</para>
/// </remarks>
internal static partial class Blake2bManyKernels
{
    private static partial Blake2ManyKernel PickBest() =>
        Blake2ManyLanes512<ulong>.IsSupported ? Blake2ManyKernel.Avx512 :
        Blake2pKernels<ulong>.IsSupported(Blake2pKernel.Avx512) ? Blake2ManyKernel.Avx512VL :
        Blake2pKernels<ulong>.IsSupported(Blake2pKernel.Avx2) ? Blake2ManyKernel.Avx2 :
        System.Runtime.Intrinsics.Arm.AdvSimd.IsSupported && Blake2pKernels<ulong>.IsSupported(Blake2pKernel.Vector128) ? Blake2ManyKernel.Vector128 :
        Blake2ManyKernel.Scalar;

    private static partial bool IsWideSupported() => Blake2ManyLanes512<ulong>.IsSupported;

    private static partial void CompressWide(Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch) =>
        Blake2ManyLanes512<ulong>.Compress(state, blocks, laneStride, scratch);
}

/// <remarks>The widest lane kernel the machine has; the evidence is on <see cref="Blake2bManyKernels"/>.</remarks>
internal static partial class Blake2sManyKernels
{
    private static partial Blake2ManyKernel PickBest() =>
        Blake2ManyLanes512<uint>.IsSupported ? Blake2ManyKernel.Avx512 :
        Blake2pKernels<uint>.IsSupported(Blake2pKernel.Avx512) ? Blake2ManyKernel.Avx512VL :
        Blake2pKernels<uint>.IsSupported(Blake2pKernel.Avx2) ? Blake2ManyKernel.Avx2 :
        Blake2pKernels<uint>.IsSupported(Blake2pKernel.Vector128) ? Blake2ManyKernel.Vector128 :
        Blake2ManyKernel.Scalar;

    private static partial bool IsWideSupported() => Blake2ManyLanes512<uint>.IsSupported;

    private static partial void CompressWide(Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch) =>
        Blake2ManyLanes512<uint>.Compress(state, blocks, laneStride, scratch);
}

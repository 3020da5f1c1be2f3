using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>
/// The kernels of <c>HashMany</c>: independent messages in the lanes of a vector, one block of
/// each per call. The same names serve BLAKE2b and BLAKE2s; the lane counts differ.
/// </summary>
internal enum Blake2ManyKernel : byte
{
    /// <summary>No lanes: each message in turn through the single-message one-shot.</summary>
    Scalar = 0,

    /// <summary>The BLAKE2bp/sp 128-bit lane kernel (SSE2 or AdvSimd): 4 BLAKE2b or 8 BLAKE2s messages, in two halves.</summary>
    Vector128,

    /// <summary>The BLAKE2bp/sp AVX2 lane kernel: 4 BLAKE2b or 8 BLAKE2s messages per 256-bit vector.</summary>
    Avx2,

    /// <summary>As <see cref="Avx2"/>, with AVX-512VL rotates.</summary>
    Avx512VL,

    /// <summary>512-bit vectors: 8 BLAKE2b or 16 BLAKE2s messages.</summary>
    Avx512,
}

/// <summary>
/// The lane state of the <see cref="Blake2ManyKernel"/> kernels: 12 rows (8 chain words, t0, t1,
/// f0, f1), row r holding word r of every lane. A row is 32 bytes for the kernels shared with
/// BLAKE2bp/sp (the layout of <see cref="Blake2Lanes"/>) and 64 bytes for the 512-bit ones.
/// </summary>
internal static class Blake2ManyState
{
    /// <summary>Bytes for the widest layout.</summary>
    public const int Length = 12 * 64;

    /// <summary>Bytes of transposed message the 512-bit kernels need.</summary>
    public const int ScratchLength = 16 * 64;

    /// <summary>Bytes of one block per lane, for the widest kernel (8 x 128 = 16 x 64).</summary>
    public const int StripeLength = 1024;

    /// <summary>Row index of t0; t1, f0 and f1 follow.</summary>
    public const int CounterRow = 8;

    /// <summary>Bytes per row for <paramref name="kernel"/>.</summary>
    public static int RowLength(Blake2ManyKernel kernel) => kernel == Blake2ManyKernel.Avx512 ? 64 : Blake2Lanes.RowLength;

    /// <summary>
    /// Checks that <paramref name="blocks"/> holds a block of <paramref name="blockLength"/> bytes
    /// at <c>i * <paramref name="laneStride"/></c> for each of <paramref name="lanes"/> lanes.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">It does not.</exception>
    public static void CheckLaneBlocks(ReadOnlySpan<byte> blocks, int laneStride, int lanes, int blockLength)
    {
        if (laneStride < 0 || blocks.Length < ((long)(lanes - 1) * laneStride) + blockLength)
        {
            ThrowLaneBlocksOutside(blocks.Length, laneStride, lanes, blockLength);
        }
    }

    // The throws are methods of their own so that the checks, run before every lane kernel call,
    // are small enough to be inlined into the optimized callers (HashMany's lane loop).
    [DoesNotReturn]
    private static void ThrowLaneBlocksOutside(int length, int laneStride, int lanes, int blockLength) =>
        throw new ArgumentOutOfRangeException(nameof(laneStride), laneStride, $"{lanes} blocks of {blockLength} bytes, {laneStride} bytes apart, do not fit in {length} bytes.");

    /// <summary>The state as the BLAKE2bp/sp kernels see it (32-byte rows).</summary>
    public static ref Blake2Lanes AsLanes(Span<byte> state)
    {
        _ = state[Unsafe.SizeOf<Blake2Lanes>() - 1];
        return ref Unsafe.As<byte, Blake2Lanes>(ref MemoryMarshal.GetReference(state));
    }
}

/// <summary>Picks and runs the BLAKE2b <c>HashMany</c> kernel.</summary>
/// <remarks>The 512-bit kernel is in this build's kernel registry; the others are the BLAKE2bp lane kernels.</remarks>
internal static partial class Blake2bManyKernels
{
    /// <summary>The kernel <c>Blake2b.HashMany</c> uses on this machine.</summary>
    public static Blake2ManyKernel Best { get; } = PickBest();

    /// <summary>Messages per call of <paramref name="kernel"/>.</summary>
    public static int Lanes(Blake2ManyKernel kernel) => kernel switch
    {
        Blake2ManyKernel.Scalar => 1,
        Blake2ManyKernel.Avx512 => 8,
        _ => 4,
    };

    /// <summary>
    /// The fewest messages in flight for which a call of <paramref name="kernel"/> costs less than
    /// finishing them one at a time: half its lanes, or 3 for the 512-bit kernels on AMD family 1Ah.
    /// </summary>
    /// <remarks>
    /// <para>Derived from the cost of one lane-kernel call against one single-message block, not
    /// timed at each count: a call of a lane kernel costs about as much as two single-message blocks
    /// (BLAKE2b, 4 lanes) or three to four (BLAKE2s, 8 lanes), so half the lanes in flight break
    /// even. The lane driver's own copies add to the lanes' side.</para>
    /// <para>On AMD family 1Ah, where the single-message kernels are the scalar ones
    /// (<see cref="ScalarPreference"/>), one call of a 512-bit kernel costs about two
    /// single-message blocks even with idle lanes, so three in flight pay; half the lanes there
    /// left up to 7 BLAKE2s tree leaves at the end of a batch to the scalar kernel, which made such
    /// trees much slower. Other CPUs were not measured and keep half the lanes. Figures:
    /// docs/measurements.md#blake2-many-minimum-lanes.</para>
    /// </remarks>
    public static int MinimumActiveLanes(Blake2ManyKernel kernel) => MinimumActiveLanes(kernel, Lanes(kernel));

    /// <summary>The rule of <see cref="MinimumActiveLanes(Blake2ManyKernel)"/>, for BLAKE2s too.</summary>
    internal static int MinimumActiveLanes(Blake2ManyKernel kernel, int lanes) =>
        kernel == Blake2ManyKernel.Avx512 && ScalarPreference.ForSingleMessage ? 3 : Math.Max(1, lanes / 2);

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake2ManyKernel kernel) => kernel switch
    {
        Blake2ManyKernel.Scalar => true,
        Blake2ManyKernel.Avx512 => IsWideSupported(),
        _ => Blake2pKernels<ulong>.IsSupported(AsParallelKernel(kernel)),
    };

    /// <summary>
    /// Whether <paramref name="kernel"/> reads each lane's block where it lies, any distance from
    /// the previous lane's (the 512-bit kernel); the others read a stripe of consecutive blocks.
    /// </summary>
    public static bool ReadsLanesInPlace(Blake2ManyKernel kernel) => kernel == Blake2ManyKernel.Avx512;

    /// <summary>
    /// Compresses, for each lane i, the block at <c>i * <paramref name="laneStride"/></c> of
    /// <paramref name="blocks"/> into lane i of <paramref name="state"/>.
    /// </summary>
    /// <remarks>The stride is the block length (a stripe), or any distance where <see cref="ReadsLanesInPlace"/>.</remarks>
    public static void Compress(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch)
    {
        if (kernel == Blake2ManyKernel.Avx512)
        {
            CompressWide(state, blocks, laneStride, scratch);
        }
        else
        {
            CompressStripe<ulong>(kernel, state, blocks, laneStride);
        }
    }

    /// <summary>
    /// <see cref="Compress"/> with a kernel that reads a stripe (each lane's block right after the
    /// previous lane's): BLAKE2bp's or BLAKE2sp's lane kernel of <paramref name="kernel"/>'s width.
    /// </summary>
    /// <remarks>
    /// Never inlined, and optimized from its first call: the lane loop that calls it is optimized
    /// from its first call too, and on machines where the 512-bit kernel runs it never comes here.
    /// Inlined into <c>Blake2Many.Lanes.CompressNextBlocks</c>, this path made that method's
    /// compilation markedly longer (docs/measurements.md#blake2-jit-cost).
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining | KernelRoot.DriverOptions)]
    internal static void CompressStripe<TWord>(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride)
        where TWord : unmanaged
    {
        if (laneStride != Blake2Word<TWord>.BlockLength)
        {
            ThrowNotStripe(laneStride, Blake2Word<TWord>.BlockLength);
        }

        Blake2pKernels<TWord>.Compress(AsParallelKernel(kernel), ref Blake2ManyState.AsLanes(state), blocks[..Blake2pKernels<TWord>.StripeLength], 0);
    }

    [DoesNotReturn]
    private static void ThrowNotStripe(int laneStride, int blockLength) =>
        throw new ArgumentOutOfRangeException(nameof(laneStride), laneStride, $"This kernel reads a stripe: the lane stride must be {blockLength}.");

    /// <summary>The BLAKE2bp/sp lane kernel that a HashMany kernel other than the scalar and the 512-bit one runs.</summary>
    /// <remarks>Inlined, its throw a method of its own: it runs once per lane kernel call, in <see cref="CompressStripe"/>'s optimized code.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static Blake2pKernel AsParallelKernel(Blake2ManyKernel kernel) => kernel switch
    {
        Blake2ManyKernel.Vector128 => Blake2pKernel.Vector128,
        Blake2ManyKernel.Avx2 => Blake2pKernel.Avx2,
        Blake2ManyKernel.Avx512VL => Blake2pKernel.Avx512,
        _ => ThrowNoParallelKernel(kernel),
    };

    [DoesNotReturn]
    private static Blake2pKernel ThrowNoParallelKernel(Blake2ManyKernel kernel) =>
        throw new ArgumentOutOfRangeException(nameof(kernel), kernel, "This kernel has no BLAKE2bp/sp lane kernel.");

    private static partial Blake2ManyKernel PickBest();

    private static partial bool IsWideSupported();

    private static partial void CompressWide(Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch);
}

/// <summary>Picks and runs the BLAKE2s <c>HashMany</c> kernel.</summary>
/// <remarks>The 512-bit kernel is in this build's kernel registry; the others are the BLAKE2sp lane kernels.</remarks>
internal static partial class Blake2sManyKernels
{
    /// <summary>The kernel <c>Blake2s.HashMany</c> uses on this machine.</summary>
    public static Blake2ManyKernel Best { get; } = PickBest();

    /// <summary>Messages per call of <paramref name="kernel"/>.</summary>
    public static int Lanes(Blake2ManyKernel kernel) => kernel switch
    {
        Blake2ManyKernel.Scalar => 1,
        Blake2ManyKernel.Avx512 => 16,
        _ => 8,
    };

    /// <inheritdoc cref="Blake2bManyKernels.MinimumActiveLanes(Blake2ManyKernel)"/>
    public static int MinimumActiveLanes(Blake2ManyKernel kernel) => Blake2bManyKernels.MinimumActiveLanes(kernel, Lanes(kernel));

    /// <inheritdoc cref="Blake2bManyKernels.IsSupported"/>
    public static bool IsSupported(Blake2ManyKernel kernel) => kernel switch
    {
        Blake2ManyKernel.Scalar => true,
        Blake2ManyKernel.Avx512 => IsWideSupported(),
        _ => Blake2pKernels<uint>.IsSupported(Blake2bManyKernels.AsParallelKernel(kernel)),
    };

    /// <inheritdoc cref="Blake2bManyKernels.ReadsLanesInPlace"/>
    public static bool ReadsLanesInPlace(Blake2ManyKernel kernel) => Blake2bManyKernels.ReadsLanesInPlace(kernel);

    /// <inheritdoc cref="Blake2bManyKernels.Compress"/>
    public static void Compress(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch)
    {
        if (kernel == Blake2ManyKernel.Avx512)
        {
            CompressWide(state, blocks, laneStride, scratch);
        }
        else
        {
            Blake2bManyKernels.CompressStripe<uint>(kernel, state, blocks, laneStride);
        }
    }

    private static partial Blake2ManyKernel PickBest();

    private static partial bool IsWideSupported();

    private static partial void CompressWide(Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch);
}

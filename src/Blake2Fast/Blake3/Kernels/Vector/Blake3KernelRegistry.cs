using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;
using Lanes128 = Blake2Fast.Kernels.Blake3LaneKernel<Blake2Fast.Kernels.Blake2LaneVector128<uint>, System.Runtime.Intrinsics.Vector128<uint>>;
using Lanes256 = Blake2Fast.Kernels.Blake3LaneKernel<Blake2Fast.Kernels.Blake2LaneVector256<uint, Blake2Fast.Kernels.Blake2LaneAvx2Rotations>, System.Runtime.Intrinsics.Vector256<uint>>;
using Lanes256Vl = Blake2Fast.Kernels.Blake3LaneKernel<Blake2Fast.Kernels.Blake2LaneVector256<uint, Blake2Fast.Kernels.Blake2LaneAvx512Rotations>, System.Runtime.Intrinsics.Vector256<uint>>;
using Lanes512 = Blake2Fast.Kernels.Blake3LaneKernel<Blake2Fast.Kernels.Blake2LaneVector512<uint>, System.Runtime.Intrinsics.Vector512<uint>>;

// The BLAKE3 kernel registry of the builds that have System.Runtime.Intrinsics (net8.0, net10.0):
// which vector kernels exist, what each needs, and how a wide kernel hands its remainder down. The
// netstandard builds compile Blake3/Kernels/Portable/Blake3KernelRegistry.cs instead (scalar only).
namespace Blake2Fast.Kernels;

/// <remarks>
/// <para>Lane kernels (HashChunks, HashParents): the widest the machine has, in every leg; they
/// hash independent chunks side by side, so they are limited by throughput, not latency, and
/// <see cref="ScalarPreference"/> does not apply. Vector512 needs AVX-512F and AVX-512VL (its
/// 8-lane remainder and its row kernel use 256- and 128-bit vprord); Vector256 needs AVX2;
/// Vector128 is written with the cross-platform API and needs only hardware-accelerated
/// <see cref="Vector128"/> (SSE2 on x64, AdvSimd on ARM64) on a little-endian machine. Each hashes
/// its whole groups and hands the rest down: 16 lanes, then 8 (AVX-512VL rotations), then 4, and
/// the last 0..3 go back to Blake3Kernels, which hashes 2 or 3 in one padded group (for the top
/// parents of a large tree it calls the widest groups only and pads what they leave into one
/// more: Blake3Kernels.HashParents' widestOnly).</para>
/// <para>Single compressions (Compress, CompressXof): the 128-bit row kernel over the BLAKE2s
/// ISAs, x86 only (AVX-512VL rotations for Vector512, SSSE3 byte shuffles for Vector256 and, where
/// SSSE3 is on, Vector128, shifts with SSE2 only); ARM64 runs scalar for them.</para>
/// </remarks>
internal static partial class Blake3Kernels
{
    private static partial Blake3Kernel PickBest() =>
        IsVectorSupported(Blake3Kernel.Vector512) ? Blake3Kernel.Vector512 :
        IsVectorSupported(Blake3Kernel.Vector256) ? Blake3Kernel.Vector256 :
        IsVectorSupported(Blake3Kernel.Vector128) ? Blake3Kernel.Vector128 :
        Blake3Kernel.Scalar;

    private static partial bool IsVectorSupported(Blake3Kernel kernel) => BitConverter.IsLittleEndian && kernel switch
    {
        Blake3Kernel.Vector128 => Vector128.IsHardwareAccelerated,
        Blake3Kernel.Vector256 => Avx2.IsSupported,
        Blake3Kernel.Vector512 => Avx512F.IsSupported && Avx512F.VL.IsSupported && Avx2.IsSupported,
        _ => false,
    };

    // The row kernels run on x86 only, which is little-endian: the chaining value written as bytes over its own words is those words.
    private static partial bool CompressVector(Blake3Kernel kernel, Span<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags) =>
        CompressToBytesVector(kernel, chainingValue, block, blockLength, counter, flags, MemoryMarshal.AsBytes(chainingValue));

    private static partial bool CompressToBytesVector(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output32)
    {
        switch (RowIsa(kernel))
        {
            case RowKernel.Avx512:
                Blake3Row128<Blake2sAvx512>.CompressToBytes(chainingValue, block, blockLength, counter, flags, output32);
                return true;
            case RowKernel.Ssse3:
                Blake3Row128<Blake2sSsse3>.CompressToBytes(chainingValue, block, blockLength, counter, flags, output32);
                return true;
            case RowKernel.Sse2:
                Blake3Row128<Blake2sSse2>.CompressToBytes(chainingValue, block, blockLength, counter, flags, output32);
                return true;
            default:
                return false;
        }
    }

    private static partial bool CompressChainVector(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> blocks, uint lastLength, ulong counter, uint flags, uint firstFlags, uint lastFlags, Span<byte> output32)
    {
        switch (RowIsa(kernel))
        {
            case RowKernel.Avx512:
                Blake3Row128<Blake2sAvx512>.CompressChain(chainingValue, blocks, lastLength, counter, flags, firstFlags, lastFlags, output32);
                return true;
            case RowKernel.Ssse3:
                Blake3Row128<Blake2sSsse3>.CompressChain(chainingValue, blocks, lastLength, counter, flags, firstFlags, lastFlags, output32);
                return true;
            case RowKernel.Sse2:
                Blake3Row128<Blake2sSse2>.CompressChain(chainingValue, blocks, lastLength, counter, flags, firstFlags, lastFlags, output32);
                return true;
            default:
                return false;
        }
    }

    private static partial bool CompressXofVector(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output64)
    {
        switch (RowIsa(kernel))
        {
            case RowKernel.Avx512:
                Blake3Row128<Blake2sAvx512>.CompressXof(chainingValue, block, blockLength, counter, flags, output64);
                return true;
            case RowKernel.Ssse3:
                Blake3Row128<Blake2sSsse3>.CompressXof(chainingValue, block, blockLength, counter, flags, output64);
                return true;
            case RowKernel.Sse2:
                Blake3Row128<Blake2sSse2>.CompressXof(chainingValue, block, blockLength, counter, flags, output64);
                return true;
            default:
                return false;
        }
    }

    private static partial int HashChunksVector(Blake3Kernel kernel, ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues) =>
        HashWholeGroups(kernel, parents: false, input, key, firstCounter, flags, chainingValues);

    private static partial int HashParentsVector(Blake3Kernel kernel, ReadOnlySpan<byte> childChainingValues, ReadOnlySpan<uint> key, uint flags, Span<byte> chainingValues) =>
        HashWholeGroups(kernel, parents: true, childChainingValues, key, 0, flags, chainingValues);

    /// <summary>
    /// Whole chunks (1024 bytes each) or, with <paramref name="parents"/>, parents (64 bytes of
    /// children each, <paramref name="firstCounter"/> unused) in whole lane groups: the widest the
    /// kernel has, then each narrower width that what is left still fills; returns how many.
    /// </summary>
    /// <remarks>
    /// A narrower width is called only where it has a whole group to hash, and each width through
    /// a method of its own (<see cref="In512"/> and its siblings): a method that is compiled has
    /// every method it calls resolved and their types loaded, run or not, and a width called with
    /// nothing to do has its group loop (a driver, fully optimized at its first call) compiled for
    /// nothing. Otherwise a 1 MiB hash, which uses only the 16 lanes, has the JIT spend
    /// milliseconds on the dispatcher (the three other widths' types) and compile both narrower
    /// group loops in a fresh process (docs/measurements.md#blake3-widest-parents).
    /// </remarks>
    private static int HashWholeGroups(Blake3Kernel kernel, bool parents, ReadOnlySpan<byte> items, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues)
    {
        int itemLength = parents ? Blake3Constants.BlockLength : Blake3Constants.ChunkLength;
        int count = items.Length / itemLength;
        int done = 0;
        if (kernel == Blake3Kernel.Vector512)
        {
            done = In512(parents, items, key, firstCounter, flags, chainingValues);
            if (count - done >= 8)
            {
                done += In256Vl(
                    parents, items[(done * itemLength)..], key, firstCounter + (ulong)done, flags, chainingValues[(done * Blake3Constants.ChainingValueLength)..]);
            }
        }
        else if (kernel == Blake3Kernel.Vector256)
        {
            done = In256(parents, items, key, firstCounter, flags, chainingValues);
        }

        if (kernel != Blake3Kernel.Scalar && count - done >= 4)
        {
            done += In128(parents, items[(done * itemLength)..], key, firstCounter + (ulong)done, flags, chainingValues[(done * Blake3Constants.ChainingValueLength)..]);
        }

        return done;
    }

    /// <summary>16 lanes: <see cref="HashWholeGroups"/> of one width.</summary>
    private static int In512(bool parents, ReadOnlySpan<byte> items, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues) =>
        parents ? Lanes512.HashParents(items, key, flags, chainingValues) : Lanes512.HashChunks(items, key, firstCounter, flags, chainingValues);

    /// <summary>8 lanes with AVX-512VL's rotations: <see cref="HashWholeGroups"/> of one width.</summary>
    private static int In256Vl(bool parents, ReadOnlySpan<byte> items, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues) =>
        parents ? Lanes256Vl.HashParents(items, key, flags, chainingValues) : Lanes256Vl.HashChunks(items, key, firstCounter, flags, chainingValues);

    /// <summary>8 lanes with AVX2: <see cref="HashWholeGroups"/> of one width.</summary>
    private static int In256(bool parents, ReadOnlySpan<byte> items, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues) =>
        parents ? Lanes256.HashParents(items, key, flags, chainingValues) : Lanes256.HashChunks(items, key, firstCounter, flags, chainingValues);

    /// <summary>4 lanes: <see cref="HashWholeGroups"/> of one width.</summary>
    private static int In128(bool parents, ReadOnlySpan<byte> items, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues) =>
        parents ? Lanes128.HashParents(items, key, flags, chainingValues) : Lanes128.HashChunks(items, key, firstCounter, flags, chainingValues);

    [MethodImpl(KernelRoot.DriverOptions)]
    private static partial int HashMessagesVector(Blake3Kernel kernel, ReadOnlySpan<byte> input, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs)
    {
        // Group by group, the widest the kernel has that the messages left still fill: 16 lanes
        // (AVX-512), then 8 (with AVX-512's rotations, or AVX2's), then 4; scalar takes the last 0..3.
        int done = 0;
        while (true)
        {
            int left = lengths.Length - done;
            ReadOnlySpan<byte> lanes = input.Slice(Math.Min(input.Length, done * laneStride));
            ReadOnlySpan<int> laneLengths = lengths.Slice(done);
            Span<byte> laneOutputs = outputs.Slice(done * Blake3Constants.ChainingValueLength);
            if (kernel == Blake3Kernel.Vector512 && left >= 16)
            {
                Messages512(lanes, laneStride, laneLengths, key, flags, throughLastBlock, laneOutputs);
                done += 16;
            }
            else if (kernel == Blake3Kernel.Vector512 && left >= 8)
            {
                Messages256Vl(lanes, laneStride, laneLengths, key, flags, throughLastBlock, laneOutputs);
                done += 8;
            }
            else if (kernel == Blake3Kernel.Vector256 && left >= 8)
            {
                Messages256(lanes, laneStride, laneLengths, key, flags, throughLastBlock, laneOutputs);
                done += 8;
            }
            else if (kernel != Blake3Kernel.Scalar && left >= 4)
            {
                Messages128(lanes, laneStride, laneLengths, key, flags, throughLastBlock, laneOutputs);
                done += 4;
            }
            else
            {
                return done;
            }
        }
    }

    /// <summary>16 lanes: <see cref="HashMessagesVector"/> of one width.</summary>
    /// <remarks>
    /// One method a width, never inlined, as <see cref="In512"/> and the others are for
    /// <see cref="HashWholeGroups"/>: the dispatcher is compiled fully optimized at its first
    /// call, and with every width's HashMessages inlined into it, that compilation loaded all four
    /// widths' types (each lane vector type generic over its word, and the vectors over that word:
    /// milliseconds a width in a fresh process; docs/measurements.md#blake3-widest-parents) where a
    /// hash calls one or two of them.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Messages512(ReadOnlySpan<byte> lanes, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs) =>
        Lanes512.HashMessages(lanes, laneStride, lengths, key, flags, throughLastBlock, outputs);

    /// <summary>8 lanes with AVX-512VL's rotations: <see cref="HashMessagesVector"/> of one width (<see cref="Messages512"/> says why).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Messages256Vl(ReadOnlySpan<byte> lanes, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs) =>
        Lanes256Vl.HashMessages(lanes, laneStride, lengths, key, flags, throughLastBlock, outputs);

    /// <summary>8 lanes with AVX2: <see cref="HashMessagesVector"/> of one width (<see cref="Messages512"/> says why).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Messages256(ReadOnlySpan<byte> lanes, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs) =>
        Lanes256.HashMessages(lanes, laneStride, lengths, key, flags, throughLastBlock, outputs);

    /// <summary>4 lanes: <see cref="HashMessagesVector"/> of one width (<see cref="Messages512"/> says why).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void Messages128(ReadOnlySpan<byte> lanes, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs) =>
        Lanes128.HashMessages(lanes, laneStride, lengths, key, flags, throughLastBlock, outputs);

    private static RowKernel RowIsa(Blake3Kernel kernel) => kernel switch
    {
        Blake3Kernel.Vector512 => RowKernel.Avx512,
        Blake3Kernel.Vector256 => RowKernel.Ssse3,
        Blake3Kernel.Vector128 when Blake2sSsse3.IsSupported => RowKernel.Ssse3,
        Blake3Kernel.Vector128 when Blake2sSse2.IsSupported => RowKernel.Sse2,
        _ => RowKernel.None,
    };

    /// <summary>Which BLAKE2s 128-bit ISA the row kernel runs over.</summary>
    private enum RowKernel
    {
        None,
        Sse2,
        Ssse3,
        Avx512,
    }
}

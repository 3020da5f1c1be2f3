using System;

// The BLAKE3 kernel registry of the netstandard builds: no System.Runtime.Intrinsics, so scalar
// only. Best and Require never hand out a vector kernel, and every hook answers "not done", so the
// shared dispatchers in Blake3Kernels.cs run scalar for all of it.
namespace Blake2Fast.Kernels;

internal static partial class Blake3Kernels
{
    private static partial Blake3Kernel PickBest() => Blake3Kernel.Scalar;

    private static partial bool IsVectorSupported(Blake3Kernel kernel) => false;

    private static partial bool CompressVector(Blake3Kernel kernel, Span<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags) => false;

    private static partial bool CompressToBytesVector(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output32) => false;

    private static partial bool CompressChainVector(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> blocks, uint lastLength, ulong counter, uint flags, uint firstFlags, uint lastFlags, Span<byte> output32) => false;

    private static partial bool CompressXofVector(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output64) => false;

    private static partial int HashChunksVector(Blake3Kernel kernel, ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues) => 0;

    private static partial int HashMessagesVector(Blake3Kernel kernel, ReadOnlySpan<byte> input, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs) => 0;

    private static partial int HashParentsVector(Blake3Kernel kernel, ReadOnlySpan<byte> childChainingValues, ReadOnlySpan<uint> key, uint flags, Span<byte> chainingValues) => 0;
}

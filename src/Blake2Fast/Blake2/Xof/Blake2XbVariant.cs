using System;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>BLAKE2Xb: 64-byte output blocks, each a one-block BLAKE2b hash of H0.</summary>
internal readonly struct Blake2XbVariant : IBlake2XVariant
{
    public int OutputBlockLength => 64;

    public uint UnknownLengthField => uint.MaxValue;

    public byte DefaultKernel => (byte)Blake2XbKernels.Best;

    public void WriteBlocks(byte kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination) =>
        Blake2XbKernels.WriteBlocks((Blake2XbKernel)kernel, h0, MemoryMarshal.Cast<byte, ulong>(chain)[..8], first, count, destination);

    public void WriteBlock(ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint index, int digestLength, Span<byte> destination) =>
        Blake2XbKernels.WriteBlock(h0, MemoryMarshal.Cast<byte, ulong>(chain)[..8], index, digestLength, destination);
}

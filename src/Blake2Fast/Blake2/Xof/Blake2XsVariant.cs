using System;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>BLAKE2Xs: 32-byte output blocks, each a one-block BLAKE2s hash of H0.</summary>
internal readonly struct Blake2XsVariant : IBlake2XVariant
{
    public int OutputBlockLength => 32;

    public uint UnknownLengthField => ushort.MaxValue;

    public byte DefaultKernel => (byte)Blake2XsKernels.Best;

    public void WriteBlocks(byte kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination) =>
        Blake2XsKernels.WriteBlocks((Blake2XsKernel)kernel, h0, MemoryMarshal.Cast<byte, uint>(chain)[..8], first, count, destination);

    public void WriteBlock(ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint index, int digestLength, Span<byte> destination) =>
        Blake2XsKernels.WriteBlock(h0, MemoryMarshal.Cast<byte, uint>(chain)[..8], index, digestLength, destination);
}

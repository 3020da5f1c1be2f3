using System;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// What differs between BLAKE2Xb and BLAKE2Xs once the root hash H0 is known: the output block
/// length, the "unknown length" value of the XOF length field and the output kernels.
/// </summary>
/// <remarks>Implemented by empty structs and called on <c>default(T)</c>: the JIT specialises generic
/// code for each struct type argument and inlines these calls, as it would static abstract members,
/// which the netstandard2.0 build cannot use (they need .NET 7 or later).</remarks>
internal interface IBlake2XVariant
{
    /// <summary>Bytes per output block, which is also the length of H0 (64 or 32).</summary>
    int OutputBlockLength { get; }

    /// <summary>The XOF length field that says "length not known in advance" (0xFFFFFFFF or 0xFFFF).</summary>
    uint UnknownLengthField { get; }

    /// <summary>The output kernel the dispatcher picks on this machine.</summary>
    byte DefaultKernel { get; }

    /// <summary>
    /// Writes the <paramref name="count"/> whole output blocks that start at node offset
    /// <paramref name="first"/>, each with the full digest length, into <paramref name="destination"/>.
    /// </summary>
    /// <param name="kernel">The output kernel.</param>
    /// <param name="h0">The root hash, <see cref="OutputBlockLength"/> bytes, little-endian.</param>
    /// <param name="chain">IV XOR the output parameter block for node offset 0 and the full digest length, as host-order words.</param>
    /// <param name="first">The node offset of the first block.</param>
    /// <param name="count">How many blocks; <paramref name="first"/> + <paramref name="count"/> stays within 2^32.</param>
    /// <param name="destination">Exactly <paramref name="count"/> blocks long.</param>
    void WriteBlocks(byte kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination);

    /// <summary>Writes the single output block at node offset <paramref name="index"/> with the given digest length.</summary>
    void WriteBlock(ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint index, int digestLength, Span<byte> destination);
}

/// <summary>
/// BLAKE2Xb (<typeparamref name="TWord"/> <see cref="ulong"/>: 64-byte output blocks, each a
/// one-block BLAKE2b hash of H0) or BLAKE2Xs (<see cref="uint"/>: 32-byte blocks of BLAKE2s).
/// </summary>
/// <typeparam name="TWord">The word of the underlying hash.</typeparam>
internal readonly struct Blake2XVariant<TWord> : IBlake2XVariant
    where TWord : unmanaged
{
    public int OutputBlockLength => 8 * Blake2Word<TWord>.Length;

    /// <remarks>The XOF length field is 32 bits in BLAKE2Xb's parameter block, 16 in BLAKE2Xs's.</remarks>
    public uint UnknownLengthField => Blake2Word<TWord>.Is64 ? uint.MaxValue : ushort.MaxValue;

    public byte DefaultKernel => (byte)Blake2XKernels<TWord>.Best;

    public void WriteBlocks(byte kernel, ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint first, int count, Span<byte> destination) =>
        Blake2XKernels<TWord>.WriteBlocks((Blake2XKernel)kernel, h0, MemoryMarshal.Cast<byte, TWord>(chain)[..8], first, count, destination);

    public void WriteBlock(ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, uint index, int digestLength, Span<byte> destination) =>
        Blake2XKernels<TWord>.WriteBlock(h0, MemoryMarshal.Cast<byte, TWord>(chain)[..8], index, digestLength, destination);
}

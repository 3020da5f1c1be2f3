using System;

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

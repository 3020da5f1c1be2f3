using System;

namespace Blake2Fast.Internal;

/// <summary>
/// What differs between BLAKE2bp and BLAKE2sp, as members of an empty struct so that the shared engine
/// (<see cref="Blake2ParallelCore{TParallel}"/>) is specialised for each with no virtual calls.
/// </summary>
/// <remarks>Implemented by empty structs and called on <c>default(T)</c>: the JIT specialises generic
/// code for each struct type argument and inlines these calls, as it would static abstract members,
/// which the netstandard2.0 build cannot use (they need .NET 7 or later).</remarks>
internal interface IBlake2ParallelVariant
{
    /// <summary>Number of leaves (4 or 8).</summary>
    int Degree { get; }

    /// <summary>Bytes per leaf block (128 or 64).</summary>
    int BlockLength { get; }

    /// <summary>Largest digest, and the length of each leaf's output (64 or 32).</summary>
    int MaxDigestLength { get; }

    /// <summary>Largest key (64 or 32).</summary>
    int MaxKeyLength { get; }

    /// <summary>The lane kernel the dispatcher picks on this machine.</summary>
    byte DefaultKernel { get; }

    /// <summary>
    /// Sets every lane to its leaf's initial chain value (IV XOR leaf parameter block) with zero
    /// counters and flags.
    /// </summary>
    void InitializeLanes(ref Blake2Lanes lanes, int digestLength, int keyLength);

    /// <summary>Runs <paramref name="kernel"/> over whole stripes (see <c>Blake2pKernels.Compress</c>).</summary>
    void Compress(byte kernel, ref Blake2Lanes lanes, ReadOnlySpan<byte> stripes, uint increment);

    /// <summary>Sets the f0 (final block) and f1 (last node) flags of one lane.</summary>
    void SetFlags(ref Blake2Lanes lanes, int lane, bool final, bool lastNode);

    /// <summary>Adds <paramref name="bytes"/> to one lane's counter.</summary>
    void AddToCounter(ref Blake2Lanes lanes, int lane, uint bytes);

    /// <summary>Writes one lane's whole chain value, little-endian (the leaf's output).</summary>
    void WriteLane(ref Blake2Lanes lanes, int lane, Span<byte> destination);

    /// <summary>
    /// Writes every leaf's output for an unkeyed input of at most one block (all of it in leaf 0's
    /// zero-padded <paramref name="block"/>); see <see cref="Blake2Tree{TLeaf}.HashShortInput"/>.
    /// </summary>
    void HashShortInput(ReadOnlySpan<byte> block, int length, int digestLength, Span<byte> leafOutputs);

    /// <summary>Hashes the concatenated leaf outputs with the root node's parameters.</summary>
    void HashRoot(ReadOnlySpan<byte> leafOutputs, int digestLength, int keyLength, Span<byte> destination);

    /// <summary>Sets leaf <paramref name="lane"/>'s chain value from its 8 little-endian words in <paramref name="source"/> (an exported state's).</summary>
    void ReadLane(ref Blake2Lanes lanes, int lane, ReadOnlySpan<byte> source);

    /// <summary>The bytes each leaf has compressed: all leaves take the same whole stripes until Finish.</summary>
    ulong LeafBytes(ref Blake2Lanes lanes);

    /// <summary>Sets every leaf's byte counter to <paramref name="bytes"/>.</summary>
    void SetLeafBytes(ref Blake2Lanes lanes, ulong bytes);
}

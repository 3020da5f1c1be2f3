using System;

namespace Blake2Fast.Internal;

/// <summary>
/// What differs between BLAKE2b and BLAKE2s, as members of an empty struct so that the shared engine
/// (<see cref="Blake2Core{TVariant}"/>) is specialised for each by the JIT with no virtual calls.
/// </summary>
/// <remarks>Implemented by empty structs and called on <c>default(T)</c>: the JIT specialises generic
/// code for each struct type argument and inlines these calls, as it would static abstract members,
/// which the netstandard2.0 build cannot use (they need .NET 7 or later).</remarks>
internal interface IBlake2Variant
{
    /// <summary>Bytes per message block (128 or 64).</summary>
    int BlockLength { get; }

    /// <summary>Largest digest, and size of the chain value in bytes (64 or 32).</summary>
    int MaxDigestLength { get; }

    /// <summary>Largest key (64 or 32).</summary>
    int MaxKeyLength { get; }

    /// <summary>The kernel the dispatcher picks on this machine.</summary>
    byte DefaultKernel { get; }

    /// <summary>Writes IV XOR parameter block into <paramref name="chain"/>.</summary>
    void InitializeChain(Span<byte> chain, scoped in Blake2Settings settings);

    /// <summary>
    /// Compresses every whole block of <paramref name="blocks"/> in order. Before each block the
    /// byte counter grows by <paramref name="increment"/>; <paramref name="final"/> sets f0 and
    /// <paramref name="lastNode"/> sets f1 (both apply to every block of the call, so callers pass
    /// a single block when either is set).
    /// </summary>
    void Compress(byte kernel, Span<byte> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, bool final, bool lastNode);

    /// <summary>Writes the first <c>destination.Length</c> bytes of the chain value, little-endian.</summary>
    void WriteDigest(ReadOnlySpan<byte> chain, Span<byte> destination);
}

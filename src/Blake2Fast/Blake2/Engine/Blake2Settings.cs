using System;

namespace Blake2Fast.Internal;

/// <summary>
/// Validated inputs of one BLAKE2 parameter block. A <see langword="ref"/> struct so that the
/// span-based one-shots can describe a hash without allocating.
/// </summary>
/// <remarks>
/// <see cref="NodeOffset"/> is the raw content of the node-offset bytes of the parameter block
/// (bytes 8..15 for BLAKE2b, 8..13 for BLAKE2s), which is where BLAKE2X puts its XOF length.
/// </remarks>
internal readonly ref struct Blake2Settings
{
    public required int DigestLength { get; init; }
    public ReadOnlySpan<byte> Key { get; init; }
    public ReadOnlySpan<byte> Salt { get; init; }
    public ReadOnlySpan<byte> Personalization { get; init; }
    public byte FanOut { get; init; }
    public byte MaxDepth { get; init; }
    public uint LeafLength { get; init; }
    public ulong NodeOffset { get; init; }
    public byte NodeDepth { get; init; }
    public byte InnerLength { get; init; }
    public bool IsLastNode { get; init; }

    /// <summary>Sequential (non-tree) hashing: fanout 1, depth 1.</summary>
    public static Blake2Settings Sequential(int digestLength, ReadOnlySpan<byte> key) =>
        new() { DigestLength = digestLength, Key = key, FanOut = 1, MaxDepth = 1 };
}

using System.Runtime.CompilerServices;

namespace Blake2Fast.Internal;

/// <summary>64 bytes stored inline: a chain value, an initial chain value or a key.</summary>
[InlineArray(64)]
internal struct Bytes64
{
    private byte _element;
}

/// <summary>128 bytes stored inline: one BLAKE2b block, or a BLAKE2s block with room to spare.</summary>
[InlineArray(128)]
internal struct Bytes128
{
    private byte _element;
}

using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Internal;

// Buffers stored inline in the hash states, as inline arrays (.NET 8 and later). The netstandard2.0
// build has its own versions of these types, with the same names and AsSpan methods, in
// Shared/Polyfills/FixedBuffers.cs; shared code reaches their bytes only through AsSpan.

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

/// <summary>The 8 chain rows of <see cref="Blake2Lanes"/>.</summary>
[InlineArray(8 * Blake2Lanes.RowLength)]
internal struct LaneChains
{
    private byte _element;
}

/// <summary>Two rows of <see cref="Blake2Lanes"/> (t0 and t1, or f0 and f1).</summary>
[InlineArray(2 * Blake2Lanes.RowLength)]
internal struct LaneRows2
{
    private byte _element;
}

/// <summary>Room for one stripe plus the blocks held back after it (at most 512 + 448 bytes), and the zero padding of a final stripe.</summary>
[InlineArray(1024)]
internal struct StripeBuffer
{
    private byte _element;
}

/// <summary>BLAKE3's stack of chaining values: one of 32 bytes per tree level, 54 levels.</summary>
[InlineArray(54 * 32)]
internal struct Blake3CvStack
{
    private byte _element;
}

/// <summary>The bytes of the inline buffers and of whole states.</summary>
/// <remarks>
/// Callers keep the state in place (a <c>fixed</c> statement on one of its fields) while they use these spans:
/// needless here, where spans track the memory they point into, but required by the
/// netstandard2.0 versions, which build spans from pointers.
/// </remarks>
internal static class FixedBufferSpans
{
    public static Span<byte> AsSpan(ref this Bytes64 buffer) => buffer;

    public static Span<byte> AsSpan(ref this Bytes128 buffer) => buffer;

    public static Span<byte> AsSpan(ref this LaneChains buffer) => buffer;

    public static Span<byte> AsSpan(ref this LaneRows2 buffer) => buffer;

    public static Span<byte> AsSpan(ref this StripeBuffer buffer) => buffer;

    public static Span<byte> AsSpan(ref this Blake3CvStack buffer) => buffer;

    /// <summary>The bytes of an unmanaged struct, for erasing it in place.</summary>
    public static Span<byte> BytesOf<T>(ref T value) where T : unmanaged =>
        System.Runtime.InteropServices.MemoryMarshal.AsBytes(new Span<T>(ref value));
}

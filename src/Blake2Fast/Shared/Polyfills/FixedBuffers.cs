using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Internal;

// The netstandard2.0 versions of the inline buffers in Shared/Modern/FixedBuffers.cs: fixed-size
// buffers, since inline arrays need .NET 8. System.Memory's spans cannot point into the middle of
// an object without a pointer, so AsSpan builds its span from the buffer's address. That address
// is stable only while the state stays put: every engine method that calls AsSpan or BytesOf does
// so inside a fixed statement on one of the state's fields, which pins the object holding the state
// (a no-op for states on the stack, as in the one-shots).

/// <summary>64 bytes stored inline: a chain value, an initial chain value or a key.</summary>
internal unsafe struct Bytes64
{
    private fixed byte _bytes[64];
}

/// <summary>128 bytes stored inline: one BLAKE2b block, or a BLAKE2s block with room to spare.</summary>
internal unsafe struct Bytes128
{
    private fixed byte _bytes[128];
}

/// <summary>The 8 chain rows of <see cref="Blake2Lanes"/>.</summary>
internal unsafe struct LaneChains
{
    private fixed byte _bytes[8 * Blake2Lanes.RowLength];
}

/// <summary>Two rows of <see cref="Blake2Lanes"/> (t0 and t1, or f0 and f1).</summary>
internal unsafe struct LaneRows2
{
    private fixed byte _bytes[2 * Blake2Lanes.RowLength];
}

/// <summary>Room for one stripe plus the blocks held back after it, and the zero padding of a final stripe.</summary>
internal unsafe struct StripeBuffer
{
    private fixed byte _bytes[1024];
}

/// <summary>BLAKE3's stack of chaining values: one of 32 bytes per tree level, 54 levels.</summary>
internal unsafe struct Blake3CvStack
{
    private fixed byte _bytes[54 * 32];
}

/// <summary>The bytes of the fixed buffers and of whole states; valid only while the state is pinned.</summary>
internal static unsafe class FixedBufferSpans
{
    public static Span<byte> AsSpan(ref this Bytes64 buffer) => new(Unsafe.AsPointer(ref buffer), sizeof(Bytes64));

    public static Span<byte> AsSpan(ref this Bytes128 buffer) => new(Unsafe.AsPointer(ref buffer), sizeof(Bytes128));

    public static Span<byte> AsSpan(ref this LaneChains buffer) => new(Unsafe.AsPointer(ref buffer), sizeof(LaneChains));

    public static Span<byte> AsSpan(ref this LaneRows2 buffer) => new(Unsafe.AsPointer(ref buffer), sizeof(LaneRows2));

    public static Span<byte> AsSpan(ref this StripeBuffer buffer) => new(Unsafe.AsPointer(ref buffer), sizeof(StripeBuffer));

    public static Span<byte> AsSpan(ref this Blake3CvStack buffer) => new(Unsafe.AsPointer(ref buffer), sizeof(Blake3CvStack));

    /// <summary>The bytes of an unmanaged struct, for erasing it in place.</summary>
    public static Span<byte> BytesOf<T>(ref T value) where T : unmanaged => new(Unsafe.AsPointer(ref value), sizeof(T));
}

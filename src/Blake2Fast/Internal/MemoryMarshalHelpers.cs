using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Internal;

internal static class MemoryMarshalHelpers
{
    /// <summary>The bytes of an unmanaged struct, for erasing it in place.</summary>
    public static Span<byte> AsBytes<T>(ref T value) where T : unmanaged =>
        MemoryMarshal.AsBytes(new Span<T>(ref value));
}

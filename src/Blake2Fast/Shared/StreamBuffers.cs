using System;
using System.Buffers;

namespace Blake2Fast.Internal;

/// <summary>The pooled read buffers of the stream one-shots (BLAKE2 and BLAKE3).</summary>
internal static class StreamBuffers
{
    /// <summary>Erases the <paramref name="used"/> bytes read into <paramref name="buffer"/> and returns it to the shared pool.</summary>
    public static void Return(byte[] buffer, int used)
    {
        // The stream's bytes may be secret; the next renter must not see them.
        SecretBytes.Erase(buffer.AsSpan(0, used));
        ArrayPool<byte>.Shared.Return(buffer);
    }
}

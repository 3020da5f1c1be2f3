using System;

namespace Blake2Fast.Internal;

/// <summary>Zeroes native memory of any size through <see cref="SecretBytes.Erase"/> (whose writes are never dropped), 1 GiB at a time.</summary>
internal static unsafe class Argon2MemoryWipe
{
    public static void Erase(byte* start, nuint length)
    {
        const int Chunk = 1 << 30;
        while (length > 0)
        {
            int count = length > Chunk ? Chunk : (int)length;
            SecretBytes.Erase(new Span<byte>(start, count));
            start += count;
            length -= (nuint)count;
        }
    }
}

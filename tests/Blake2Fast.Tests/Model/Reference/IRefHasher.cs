using System;

namespace Blake2Fast.Tests;

/// <summary>A reference hasher as the model tests drive it: feed, fork, finish.</summary>
internal interface IRefHasher
{
    void Update(ReadOnlySpan<byte> data);

    /// <summary>The digest (for BLAKE3, the 32-byte hash); the hasher is not used afterwards.</summary>
    byte[] Finish();

    /// <summary>An independent copy, as copying a library hash state forks it.</summary>
    IRefHasher Clone();
}

internal static class RefHasherExtensions
{
    /// <summary>Feeds <paramref name="message"/> to a new hasher and finishes it: a one-shot hash.</summary>
    public static byte[] HashOnce(this IRefHasher hasher, ReadOnlySpan<byte> message)
    {
        hasher.Update(message);
        return hasher.Finish();
    }
}

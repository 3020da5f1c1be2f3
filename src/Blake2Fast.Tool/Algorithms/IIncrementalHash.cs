using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>
/// The one shape the tool needs from a hash: absorb data, then write the digest. Every algorithm
/// is reached through it, so the reading and checking code does not change when one is added.
/// </summary>
/// <remarks>Dispose erases the key and any buffered input of a hash that is abandoned.</remarks>
internal interface IIncrementalHash : IDisposable
{
    /// <summary>Absorbs <paramref name="data"/>.</summary>
    void Update(ReadOnlySpan<byte> data);

    /// <summary>Writes the digest, exactly <c>destination.Length</c> bytes (the requested length).</summary>
    void Finish(Span<byte> destination);

    /// <summary>
    /// Ends the hash and returns its output of <paramref name="length"/> bytes, to be read in pieces:
    /// an extendable output is computed as it is read, never held whole; a fixed-length digest is
    /// computed at once.
    /// </summary>
    DigestOutput FinishOutput(long length)
    {
        byte[] digest = new byte[length];
        Finish(digest);
        return new DigestOutput(digest);
    }
}

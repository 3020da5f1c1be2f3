using System;

namespace Blake2Fast.Tests;

/// <summary>
/// Reference BLAKE2Xb/BLAKE2Xs output (the BLAKE2X note): H0, the root hash of the message with
/// the XOF length field set, then output block i = BLAKE2 of H0 with node offset i. Any byte of
/// the output can be read directly.
/// </summary>
internal sealed class RefBlake2X
{
    private readonly RefBlake2Spec _spec;
    private readonly byte[] _h0;
    private readonly RefBlake2Params _node;
    private readonly long _length;
    private long _cachedIndex = -1;
    private byte[] _cached = [];

    /// <param name="spec">BLAKE2b for BLAKE2Xb, BLAKE2s for BLAKE2Xs.</param>
    /// <param name="h0">The root hash, <see cref="RefBlake2Spec.MaxDigest"/> bytes (see <see cref="Root"/>).</param>
    /// <param name="salt">The salt of the root hash; output blocks carry it too.</param>
    /// <param name="personalization">The personalization, carried likewise.</param>
    /// <param name="xofLength">The XOF length field: the declared length, or all ones for an unknown one.</param>
    /// <param name="length">The output length, which cuts the last block short.</param>
    public RefBlake2X(RefBlake2Spec spec, byte[] h0, byte[] salt, byte[] personalization, uint xofLength, long length)
    {
        _spec = spec;
        _h0 = h0;
        _length = length;
        _node = new RefBlake2Params(
            spec.MaxDigest, null, salt, personalization, FanOut: 0, MaxDepth: 0, LeafLength: (uint)spec.MaxDigest,
            XofLength: xofLength, InnerLength: spec.MaxDigest);
    }

    public long Length => _length;

    /// <summary>All ones in the XOF length field: 0xFFFFFFFF for BLAKE2Xb, 0xFFFF for BLAKE2Xs.</summary>
    public static uint UnknownLength(RefBlake2Spec spec) => spec.WordBytes == 8 ? uint.MaxValue : ushort.MaxValue;

    /// <summary>The hasher of H0: a sequential BLAKE2 with the largest digest and the XOF length field.</summary>
    public static RefBlake2 Root(RefBlake2Spec spec, byte[] key, byte[] salt, byte[] personalization, uint xofLength) =>
        new(spec, new RefBlake2Params(spec.MaxDigest, key, salt, personalization, XofLength: xofLength));

    /// <summary>The output of a message, from byte 0: what the one-shot computes.</summary>
    public static byte[] Hash(RefBlake2Spec spec, byte[] key, byte[] salt, byte[] personalization, uint xofLength, int length, ReadOnlySpan<byte> message)
    {
        RefBlake2 root = Root(spec, key, salt, personalization, xofLength);
        root.Update(message);
        byte[] output = new byte[length];
        new RefBlake2X(spec, root.Finish(), salt, personalization, xofLength, length).Read(0, output);
        return output;
    }

    /// <summary>Output bytes from <paramref name="position"/> on; the caller keeps within <see cref="Length"/>.</summary>
    public void Read(long position, Span<byte> destination)
    {
        for (int i = 0; i < destination.Length; i++)
        {
            long p = position + i;
            destination[i] = Block(p / _spec.MaxDigest)[(int)(p % _spec.MaxDigest)];
        }
    }

    private byte[] Block(long index)
    {
        if (index != _cachedIndex)
        {
            int digestLength = (int)Math.Min(_spec.MaxDigest, _length - (index * _spec.MaxDigest));
            _cached = RefBlake2.Hash(_spec, _node with { DigestLength = digestLength, NodeOffset = (ulong)index }, _h0);
            _cachedIndex = index;
        }

        return _cached;
    }
}

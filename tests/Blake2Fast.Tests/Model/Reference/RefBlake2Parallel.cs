using System;

namespace Blake2Fast.Tests;

/// <summary>
/// Reference BLAKE2bp (4 leaves of BLAKE2b) and BLAKE2sp (8 leaves of BLAKE2s), from the BLAKE2
/// paper section 2.9: whole blocks dealt round-robin to keyed leaves, whose full chain values a
/// root hashes in leaf order. One byte at a time.
/// </summary>
internal sealed class RefBlake2Parallel : IRefHasher
{
    private readonly RefBlake2Spec _spec;
    private readonly RefBlake2[] _leaves;
    private readonly RefBlake2 _root;
    private long _length;

    public RefBlake2Parallel(RefBlake2Spec spec, int digestLength, byte[] key)
    {
        _spec = spec;
        int degree = Degree(spec);
        var node = new RefBlake2Params(digestLength, FanOut: degree, MaxDepth: 2, InnerLength: spec.MaxDigest);
        _leaves = new RefBlake2[degree];
        for (int i = 0; i < degree; i++)
        {
            _leaves[i] = new RefBlake2(spec, node with
            {
                Key = key,
                NodeOffset = (ulong)i,
                LastNode = i == degree - 1,
                OutputLength = spec.MaxDigest,
            });
        }

        // The root states the key length but is not fed the key block.
        _root = new RefBlake2(spec, node with { KeyLengthField = key.Length, NodeDepth = 1, LastNode = true });
    }

    private RefBlake2Parallel(RefBlake2Parallel other)
    {
        _spec = other._spec;
        _leaves = Array.ConvertAll(other._leaves, leaf => leaf.Clone());
        _root = other._root.Clone();
        _length = other._length;
    }

    /// <summary>4 for BLAKE2bp, 8 for BLAKE2sp.</summary>
    public static int Degree(RefBlake2Spec spec) => spec.WordBytes == 8 ? 4 : 8;

    public static byte[] Hash(RefBlake2Spec spec, int digestLength, byte[] key, ReadOnlySpan<byte> message) =>
        new RefBlake2Parallel(spec, digestLength, key).HashOnce(message);

    public RefBlake2Parallel Clone() => new(this);

    IRefHasher IRefHasher.Clone() => Clone();

    public void Update(ReadOnlySpan<byte> data)
    {
        foreach (byte b in data)
        {
            _leaves[_length / _spec.BlockBytes % _leaves.Length].Update(b);
            _length++;
        }
    }

    public byte[] Finish()
    {
        foreach (RefBlake2 leaf in _leaves)
        {
            _root.Update(leaf.Finish());
        }

        return _root.Finish();
    }
}

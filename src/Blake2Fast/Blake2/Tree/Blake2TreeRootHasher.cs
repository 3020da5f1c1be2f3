using System;
using Blake2Fast.Internal;

namespace Blake2Fast;

/// <summary>
/// The root of a BLAKE2b or BLAKE2s tree with unlimited fanout (the tree of
/// <see cref="Blake2b.HashTree(ReadOnlySpan{byte}, int, Span{byte}, int)"/>), fed with the leaves'
/// digests as they arrive, in leaf order: from <see cref="Blake2b.CreateTreeRootHasher"/> or
/// <see cref="Blake2s.CreateTreeRootHasher"/>. The leaves themselves come from
/// <see cref="Blake2b.HashTreeLeaf"/> (or <see cref="Blake2s.HashTreeLeaf"/>), anywhere.
/// </summary>
/// <remarks>
/// Memory does not grow with the tree: each digest is absorbed as it is appended. Not
/// thread-safe: append from one thread at a time, in order. <see cref="Finish(Span{byte})"/> and
/// <see cref="Dispose"/> erase the state.
/// </remarks>
public sealed class Blake2TreeRootHasher : IDisposable
{
    private readonly IBlake2Engine _root;
    private bool _finished;

    internal Blake2TreeRootHasher(IBlake2Engine root, int leafLength, int digestLength)
    {
        _root = root;
        LeafLength = leafLength;
        DigestLength = digestLength;
    }

    /// <summary>Erases the state; the hasher cannot be used afterwards (a second call does nothing more).</summary>
    public void Dispose()
    {
        _finished = true;
        _root.Erase();
    }

    /// <summary>The tree's leaf length in bytes.</summary>
    public int LeafLength { get; }

    /// <summary>The digest length of every node: each leaf digest's length, and the root's.</summary>
    public int DigestLength { get; }

    /// <summary>How many leaf digests have been appended.</summary>
    public long LeafCount { get; private set; }

    /// <summary>Appends the digest of the next leaf (leaf <see cref="LeafCount"/>).</summary>
    /// <param name="leafDigest">The leaf's digest: exactly <see cref="DigestLength"/> bytes.</param>
    /// <exception cref="ArgumentException"><paramref name="leafDigest"/> is not <see cref="DigestLength"/> bytes long; nothing was appended.</exception>
    /// <exception cref="ObjectDisposedException">The hasher has been finished or disposed.</exception>
    public void AppendLeafDigest(ReadOnlySpan<byte> leafDigest)
    {
        if (leafDigest.Length != DigestLength)
        {
            throw new ArgumentException($"A leaf digest of this tree is exactly {DigestLength} bytes; this one is {leafDigest.Length} bytes. Nothing was appended.", nameof(leafDigest));
        }

        AppendLeafDigests(leafDigest);
    }

    /// <summary>Appends the digests of the next leaves, back to back, in leaf order.</summary>
    /// <param name="leafDigests">The digests: a multiple of <see cref="DigestLength"/> bytes (none is allowed).</param>
    /// <exception cref="ArgumentException"><paramref name="leafDigests"/> is not a multiple of <see cref="DigestLength"/> bytes long; nothing was appended.</exception>
    /// <exception cref="ObjectDisposedException">The hasher has been finished or disposed.</exception>
    public void AppendLeafDigests(ReadOnlySpan<byte> leafDigests)
    {
        if (leafDigests.Length % DigestLength != 0)
        {
            throw new ArgumentException($"Leaf digests of this tree are {DigestLength} bytes each; {leafDigests.Length} bytes is not a whole number of them. Nothing was appended.", nameof(leafDigests));
        }

        ObjectDisposedException.ThrowIf(_finished, this);
        _root.Update(leafDigests);
        LeafCount += leafDigests.Length / DigestLength;
    }

    /// <summary>Writes the tree's digest (<see cref="DigestLength"/> bytes) and erases the state.</summary>
    /// <param name="destination">Receives the digest: at least <see cref="DigestLength"/> bytes; the bytes after it are not written.</param>
    /// <returns>The number of bytes written: <see cref="DigestLength"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than <see cref="DigestLength"/>; nothing was written and the state is unchanged.</exception>
    /// <exception cref="InvalidOperationException">No leaf digest has been appended (every tree has a leaf; an empty input's is the digest of an empty leaf 0); the state is unchanged.</exception>
    /// <exception cref="ObjectDisposedException">The hasher has been finished or disposed.</exception>
    public int Finish(Span<byte> destination)
    {
        Guard.Destination(destination.Length, DigestLength, nameof(destination));
        ObjectDisposedException.ThrowIf(_finished, this);
        if (LeafCount == 0)
        {
            throw new InvalidOperationException("No leaf digest was appended: every tree has at least one leaf (an empty input's is the digest of the empty leaf 0). Nothing was written.");
        }

        _root.Finish(destination);
        _finished = true;
        return DigestLength;
    }

    /// <summary>Returns the tree's digest and erases the state.</summary>
    /// <returns>The digest, <see cref="DigestLength"/> bytes.</returns>
    /// <exception cref="InvalidOperationException">No leaf digest has been appended.</exception>
    /// <exception cref="ObjectDisposedException">The hasher has been finished or disposed.</exception>
    public byte[] Finish()
    {
        byte[] digest = new byte[DigestLength];
        Finish(digest);
        return digest;
    }
}

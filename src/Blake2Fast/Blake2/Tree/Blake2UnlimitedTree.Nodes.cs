using System;

namespace Blake2Fast.Internal;

// The tree's nodes one at a time, for trees whose leaves are hashed apart (other threads, other
// machines, data that arrives leaf by leaf): HashTreeLeaf, HashTreeRoot and the root hasher.
internal static partial class Blake2UnlimitedTree<TVariant>
{
    /// <summary>
    /// Leaf <paramref name="leafIndex"/> of a tree with <paramref name="leafLength"/>-byte leaves,
    /// its digest as long as <paramref name="destination"/>; checks every argument first.
    /// </summary>
    public static int HashLeaf(ReadOnlySpan<byte> leaf, long leafIndex, int leafLength, bool isLastLeaf, Span<byte> destination)
    {
        TVariant variant = default;
        Guard.LeafLength(leafLength, nameof(leafLength));
        if (leafIndex < 0 || (ulong)leafIndex > variant.MaxNodeOffset)
        {
            throw new ArgumentOutOfRangeException(nameof(leafIndex), leafIndex, $"The leaf index is the node offset: 0 to {variant.MaxNodeOffset}. Nothing was written.");
        }

        if (leaf.Length > leafLength || (!isLastLeaf && leaf.Length != leafLength))
        {
            throw new ArgumentException(
                $"Every leaf holds exactly the leaf length ({leafLength} bytes) but the last, which holds 1 to {leafLength}; this {(isLastLeaf ? "last " : "")}leaf is {leaf.Length} bytes. Nothing was written.",
                nameof(leaf));
        }

        if (leaf.IsEmpty && leafIndex != 0)
        {
            throw new ArgumentException($"Only an empty input has an empty leaf, and it is that input's only leaf (index 0, the last); this one has index {leafIndex}. Nothing was written.", nameof(leaf));
        }

        Guard.DestinationAsDigest(destination.Length, variant.MaxDigestLength, nameof(destination));
        Blake2Settings settings = LeafSettings(destination.Length, leafLength) with { NodeOffset = (ulong)leafIndex, IsLastNode = isLastLeaf };
        return Blake2OneShot<Blake2Core<TVariant>>.Hash(settings, leaf, destination);
    }

    /// <summary>The root over <paramref name="leafDigests"/>, its digest as long as <paramref name="destination"/>; checks every argument first.</summary>
    public static int HashRoot(ReadOnlySpan<byte> leafDigests, int leafLength, Span<byte> destination)
    {
        Guard.LeafLength(leafLength, nameof(leafLength));
        Guard.DestinationAsDigest(destination.Length, default(TVariant).MaxDigestLength, nameof(destination));
        CheckLeafDigests(leafDigests.Length, destination.Length, nameof(leafDigests));
        return Blake2OneShot<Blake2Core<TVariant>>.Hash(RootSettings(destination.Length, leafLength), leafDigests, destination);
    }

    /// <summary>A root hasher for leaf digests that arrive in order; checks every argument first.</summary>
    public static Blake2TreeRootHasher CreateRootHasher(int leafLength, int digestLength)
    {
        Guard.LeafLength(leafLength, nameof(leafLength));
        Guard.DigestLength(digestLength, default(TVariant).MaxDigestLength);
        Blake2Core<TVariant> root = default;
        root.Initialize(RootSettings(digestLength, leafLength));

        // Boxed once: the hasher calls the box's methods, which change the box itself.
        return new Blake2TreeRootHasher(root, leafLength, digestLength);
    }

    /// <summary>Leaf digests: at least one, each <paramref name="digestLength"/> bytes.</summary>
    public static void CheckLeafDigests(int length, int digestLength, string paramName)
    {
        if (length == 0 || length % digestLength != 0)
        {
            throw new ArgumentException(
                $"The leaf digests are {digestLength} bytes each (the digest length), at least one of them: a multiple of {digestLength} bytes, not 0; they are {length} bytes. Nothing was written.",
                paramName);
        }
    }
}

using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;
using Tree = Blake2Fast.Internal.Blake2UnlimitedTree<Blake2Fast.Internal.Blake2bVariant>;

namespace Blake2Fast;

// Tree hashing with unlimited fanout (s3git, bt2sum): leaves in the HashMany lanes, on every core.
public static partial class Blake2b
{
    /// <summary>
    /// Computes the BLAKE2b tree hash with unlimited fanout of <paramref name="source"/>, as s3git and
    /// bt2sum do: leaves of <paramref name="leafLength"/> bytes hashed in parallel, on up to
    /// <paramref name="maxDegreeOfParallelism"/> threads, and a root over their digests.
    /// </summary>
    /// <remarks>
    /// Every node has fanout 0, depth 2, leaf length <paramref name="leafLength"/> and inner length
    /// = the digest length; leaf i hashes bytes <c>[i * leafLength, (i + 1) * leafLength)</c> at node
    /// offset i (the last leaf with the last-node flag; an empty input is one empty leaf), and the
    /// root hashes the leaves' digests in order. The calling thread is one of the threads; small
    /// inputs are hashed on it alone. Nothing is allocated when one thread hashes at most
    /// 1024 bytes of leaf digests.
    /// </remarks>
    /// <param name="source">The data to hash.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="destination">Receives the digest; its length (1 to 64 bytes) is the digest length of every node.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for the calling thread only; any other number is used as given, even above the processor count (fewer where the input is small).</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 64 bytes; nothing was written.</exception>
    public static int HashTree(ReadOnlySpan<byte> source, int leafLength, Span<byte> destination, int maxDegreeOfParallelism = -1)
    {
        CheckTree(leafLength, destination.Length, maxDegreeOfParallelism);
        Tree.Hash(source, leafLength, destination, maxDegreeOfParallelism, Kernels.Blake2bManyKernels.Best);
        return destination.Length;
    }

    /// <summary>Computes the BLAKE2b tree hash with unlimited fanout of <paramref name="source"/> (see <see cref="HashTree(ReadOnlySpan{byte}, int, Span{byte}, int)"/>).</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="digestLength">The digest length of every node, 1 to 64 bytes.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for the calling thread only; any other number is used as given (fewer where the input is small).</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, <paramref name="digestLength"/> is outside 1..64, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    public static byte[] HashTree(ReadOnlySpan<byte> source, int leafLength, int digestLength = DefaultDigestLength, int maxDegreeOfParallelism = -1)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        byte[] digest = new byte[digestLength];
        HashTree(source, leafLength, digest, maxDegreeOfParallelism);
        return digest;
    }

    /// <summary>
    /// Computes the BLAKE2b tree hash with unlimited fanout of the rest of <paramref name="source"/>
    /// (see <see cref="HashTree(ReadOnlySpan{byte}, int, Span{byte}, int)"/>).
    /// </summary>
    /// <remarks>
    /// A seekable <see cref="FileStream"/> is read in parallel at explicit offsets on .NET 8 and
    /// later (each thread reads its own leaves) and is left positioned at its end; any other
    /// stream, a pipe of unknown length included, is read in order, a batch per thread at a time.
    /// Memory use is bounded whatever the input: at most 16 MiB of input buffered per thread, one
    /// more leaf (at most 16 MiB) for a stream read in order, plus 1 MiB of leaf digests.
    /// </remarks>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="destination">Receives the digest; its length (1 to 64 bytes) is the digest length of every node.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for the calling thread only; any other number is used as given (fewer where the input is small).</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1; nothing was read or written.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading, or <paramref name="destination"/> is empty or longer than 64 bytes; nothing was read or written.</exception>
    /// <exception cref="IOException">A read failed (every thread stops; nothing was written).</exception>
    public static int HashTree(Stream source, int leafLength, Span<byte> destination, int maxDegreeOfParallelism = -1)
    {
        CheckTree(leafLength, destination.Length, maxDegreeOfParallelism);
        Tree.CheckStream(source);
        Tree.Hash(source, leafLength, destination, maxDegreeOfParallelism, Kernels.Blake2bManyKernels.Best);
        return destination.Length;
    }

    /// <summary>Computes the BLAKE2b tree hash with unlimited fanout of the rest of <paramref name="source"/> (see <see cref="HashTree(Stream, int, Span{byte}, int)"/>).</summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="digestLength">The digest length of every node, 1 to 64 bytes.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for the calling thread only; any other number is used as given (fewer where the input is small).</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, <paramref name="digestLength"/> is outside 1..64, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading.</exception>
    /// <exception cref="IOException">A read failed (every thread stops).</exception>
    public static byte[] HashTree(Stream source, int leafLength, int digestLength = DefaultDigestLength, int maxDegreeOfParallelism = -1)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        byte[] digest = new byte[digestLength];
        HashTree(source, leafLength, digest, maxDegreeOfParallelism);
        return digest;
    }

    /// <summary>
    /// Asynchronously computes the BLAKE2b tree hash with unlimited fanout of the rest of
    /// <paramref name="source"/> (see <see cref="HashTree(Stream, int, Span{byte}, int)"/>).
    /// </summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="destination">Receives the digest; its length (1 to 64 bytes) is the digest length of every node.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for one thread at a time; any other number is used as given (fewer where the input is small).</param>
    /// <param name="cancellationToken">Cancels the reads and the hashing between batches.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1 (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading, or <paramref name="destination"/> is empty or longer than 64 bytes (thrown before any read).</exception>
    public static ValueTask<int> HashTreeAsync(Stream source, int leafLength, Memory<byte> destination, int maxDegreeOfParallelism = -1, CancellationToken cancellationToken = default)
    {
        CheckTree(leafLength, destination.Length, maxDegreeOfParallelism);
        Tree.CheckStream(source);
        return Tree.HashAsync(source, leafLength, destination, maxDegreeOfParallelism, Kernels.Blake2bManyKernels.Best, cancellationToken);
    }

    /// <summary>
    /// Asynchronously computes the BLAKE2b tree hash with unlimited fanout of the rest of
    /// <paramref name="source"/> (see <see cref="HashTree(Stream, int, Span{byte}, int)"/>).
    /// </summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="digestLength">The digest length of every node, 1 to 64 bytes.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for one thread at a time; any other number is used as given (fewer where the input is small).</param>
    /// <param name="cancellationToken">Cancels the reads and the hashing between batches.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, <paramref name="digestLength"/> is outside 1..64, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1 (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading (thrown before any read).</exception>
    public static ValueTask<byte[]> HashTreeAsync(Stream source, int leafLength, int digestLength = DefaultDigestLength, int maxDegreeOfParallelism = -1, CancellationToken cancellationToken = default)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        byte[] digest = new byte[digestLength];
        return AsyncResults.Then(HashTreeAsync(source, leafLength, digest, maxDegreeOfParallelism, cancellationToken), digest);
    }

    /// <summary>
    /// Computes the digest of one leaf of the BLAKE2b tree with unlimited fanout that
    /// <see cref="HashTree(ReadOnlySpan{byte}, int, Span{byte}, int)"/> builds: leaf
    /// <paramref name="leafIndex"/>, bytes <c>[leafIndex * leafLength, (leafIndex + 1) * leafLength)</c>
    /// of the whole input, hashed apart from the others (on another thread or machine, or as it arrives).
    /// </summary>
    /// <remarks>
    /// The leaf's digests, in order, go to <see cref="HashTreeRoot"/> or a
    /// <see cref="CreateTreeRootHasher"/> for the tree's digest, which equals <c>HashTree</c>'s. Every
    /// leaf holds exactly <paramref name="leafLength"/> bytes but the last, which holds 1 to
    /// <paramref name="leafLength"/>; an empty input has one leaf, empty, index 0 and last.
    /// </remarks>
    /// <param name="leaf">The leaf's bytes.</param>
    /// <param name="leafIndex">The leaf's number from 0 (its node offset).</param>
    /// <param name="leafLength">The tree's leaf length in bytes, at least 1.</param>
    /// <param name="isLastLeaf">Whether this is the input's last leaf (it sets the last-node flag).</param>
    /// <param name="destination">Receives the digest; its length (1 to 64 bytes) is the digest length of every node of the tree.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="leafIndex"/> is negative; nothing was written.</exception>
    /// <exception cref="ArgumentException">
    /// <paramref name="leaf"/> is longer than <paramref name="leafLength"/>, shorter than it but not
    /// the last leaf, or empty but not leaf 0; or <paramref name="destination"/> is empty or longer
    /// than 64 bytes. Nothing was written.
    /// </exception>
    public static int HashTreeLeaf(ReadOnlySpan<byte> leaf, long leafIndex, int leafLength, bool isLastLeaf, Span<byte> destination) =>
        Tree.HashLeaf(leaf, leafIndex, leafLength, isLastLeaf, destination);

    /// <summary>
    /// Computes the digest of the BLAKE2b tree with unlimited fanout from its leaves' digests
    /// (<see cref="HashTreeLeaf"/>), in leaf order: what <see cref="HashTree(ReadOnlySpan{byte}, int, Span{byte}, int)"/> gives for the whole input.
    /// </summary>
    /// <param name="leafDigests">Every leaf's digest, back to back in leaf order: a non-zero multiple of <c>destination.Length</c> bytes.</param>
    /// <param name="leafLength">The tree's leaf length in bytes, at least 1 (it is in every node's parameters).</param>
    /// <param name="destination">Receives the digest; its length (1 to 64 bytes) is the digest length of every node.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 64 bytes, or <paramref name="leafDigests"/> is empty or not a multiple of its length; nothing was written.</exception>
    public static int HashTreeRoot(ReadOnlySpan<byte> leafDigests, int leafLength, Span<byte> destination) =>
        Tree.HashRoot(leafDigests, leafLength, destination);

    /// <summary>
    /// Creates a hasher of the BLAKE2b tree's root for leaf digests (<see cref="HashTreeLeaf"/>)
    /// that arrive one at a time, in leaf order; its digest equals <see cref="HashTree(ReadOnlySpan{byte}, int, Span{byte}, int)"/>'s.
    /// </summary>
    /// <param name="leafLength">The tree's leaf length in bytes, at least 1.</param>
    /// <param name="digestLength">The digest length of every node, 1 to 64 bytes.</param>
    /// <returns>A new root hasher; dispose it if it is not finished.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="digestLength"/> is outside 1..64.</exception>
    public static Blake2TreeRootHasher CreateTreeRootHasher(int leafLength, int digestLength = DefaultDigestLength) =>
        Tree.CreateRootHasher(leafLength, digestLength);

    private static void CheckTree(int leafLength, int destinationLength, int maxDegreeOfParallelism)
    {
        Guard.TreeShape(leafLength, maxDegreeOfParallelism, nameof(leafLength), nameof(maxDegreeOfParallelism));
        Guard.DestinationAsDigest(destinationLength, MaxDigestLength, "destination");
    }
}

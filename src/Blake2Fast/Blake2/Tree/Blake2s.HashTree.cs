using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;
using Tree = Blake2Fast.Internal.Blake2UnlimitedTree<Blake2Fast.Internal.Blake2sVariant>;

namespace Blake2Fast;

// Tree hashing with unlimited fanout (s3git, bt2sum): leaves in the HashMany lanes, on every core.
public static partial class Blake2s
{
    /// <summary>
    /// Computes the BLAKE2s tree hash with unlimited fanout of <paramref name="source"/>, as s3git and
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
    /// <param name="destination">Receives the digest; its length (1 to 32 bytes) is the digest length of every node.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for the calling thread only; any other number is used as given, even above the processor count (fewer where the input is small).</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 32 bytes; nothing was written.</exception>
    public static int HashTree(ReadOnlySpan<byte> source, int leafLength, Span<byte> destination, int maxDegreeOfParallelism = -1)
    {
        CheckTree(leafLength, destination.Length, maxDegreeOfParallelism);
        Tree.Hash(source, leafLength, destination, maxDegreeOfParallelism, Kernels.Blake2sManyKernels.Best);
        return destination.Length;
    }

    /// <summary>Computes the BLAKE2s tree hash with unlimited fanout of <paramref name="source"/> (see <see cref="HashTree(ReadOnlySpan{byte}, int, Span{byte}, int)"/>).</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="digestLength">The digest length of every node, 1 to 32 bytes.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for the calling thread only; any other number is used as given (fewer where the input is small).</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, <paramref name="digestLength"/> is outside 1..32, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
    public static byte[] HashTree(ReadOnlySpan<byte> source, int leafLength, int digestLength = DefaultDigestLength, int maxDegreeOfParallelism = -1)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        byte[] digest = new byte[digestLength];
        HashTree(source, leafLength, digest, maxDegreeOfParallelism);
        return digest;
    }

    /// <summary>
    /// Computes the BLAKE2s tree hash with unlimited fanout of the rest of <paramref name="source"/>
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
    /// <param name="destination">Receives the digest; its length (1 to 32 bytes) is the digest length of every node.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for the calling thread only; any other number is used as given (fewer where the input is small).</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1; nothing was read or written.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading, or <paramref name="destination"/> is empty or longer than 32 bytes; nothing was read or written.</exception>
    /// <exception cref="IOException">A read failed (every thread stops; nothing was written).</exception>
    public static int HashTree(Stream source, int leafLength, Span<byte> destination, int maxDegreeOfParallelism = -1)
    {
        CheckTree(leafLength, destination.Length, maxDegreeOfParallelism);
        Tree.CheckStream(source);
        Tree.Hash(source, leafLength, destination, maxDegreeOfParallelism, Kernels.Blake2sManyKernels.Best);
        return destination.Length;
    }

    /// <summary>Computes the BLAKE2s tree hash with unlimited fanout of the rest of <paramref name="source"/> (see <see cref="HashTree(Stream, int, Span{byte}, int)"/>).</summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="digestLength">The digest length of every node, 1 to 32 bytes.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for the calling thread only; any other number is used as given (fewer where the input is small).</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, <paramref name="digestLength"/> is outside 1..32, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1.</exception>
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
    /// Asynchronously computes the BLAKE2s tree hash with unlimited fanout of the rest of
    /// <paramref name="source"/> (see <see cref="HashTree(Stream, int, Span{byte}, int)"/>).
    /// </summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="destination">Receives the digest; its length (1 to 32 bytes) is the digest length of every node.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for one thread at a time; any other number is used as given (fewer where the input is small).</param>
    /// <param name="cancellationToken">Cancels the reads and the hashing between batches.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1 (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading, or <paramref name="destination"/> is empty or longer than 32 bytes (thrown before any read).</exception>
    public static ValueTask<int> HashTreeAsync(Stream source, int leafLength, Memory<byte> destination, int maxDegreeOfParallelism = -1, CancellationToken cancellationToken = default)
    {
        CheckTree(leafLength, destination.Length, maxDegreeOfParallelism);
        Tree.CheckStream(source);
        return Tree.HashAsync(source, leafLength, destination, maxDegreeOfParallelism, Kernels.Blake2sManyKernels.Best, cancellationToken);
    }

    /// <summary>
    /// Asynchronously computes the BLAKE2s tree hash with unlimited fanout of the rest of
    /// <paramref name="source"/> (see <see cref="HashTree(Stream, int, Span{byte}, int)"/>).
    /// </summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="leafLength">The leaf length in bytes, at least 1.</param>
    /// <param name="digestLength">The digest length of every node, 1 to 32 bytes.</param>
    /// <param name="maxDegreeOfParallelism">The most threads to use: -1 for one per processor, 1 for one thread at a time; any other number is used as given (fewer where the input is small).</param>
    /// <param name="cancellationToken">Cancels the reads and the hashing between batches.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, <paramref name="digestLength"/> is outside 1..32, or <paramref name="maxDegreeOfParallelism"/> is 0 or less than -1 (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading (thrown before any read).</exception>
    public static ValueTask<byte[]> HashTreeAsync(Stream source, int leafLength, int digestLength = DefaultDigestLength, int maxDegreeOfParallelism = -1, CancellationToken cancellationToken = default)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        byte[] digest = new byte[digestLength];
        return AsyncResults.Then(HashTreeAsync(source, leafLength, digest, maxDegreeOfParallelism, cancellationToken), digest);
    }

    /// <summary>A hasher of the BLAKE2s tree's root for leaf digests that arrive in leaf order, as <see cref="Blake2b.CreateTreeRootHasher"/> makes for BLAKE2b.</summary>
    /// <param name="leafLength">The tree's leaf length in bytes, at least 1.</param>
    /// <param name="digestLength">Every node's digest length, 1 to 32 bytes.</param>
    /// <returns>A new root hasher; dispose it if it is not finished.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="digestLength"/> is outside 1..32.</exception>
    public static Blake2TreeRootHasher CreateTreeRootHasher(int leafLength, int digestLength = DefaultDigestLength) =>
        Tree.CreateRootHasher(leafLength, digestLength);

    /// <summary>
    /// Computes the digest of leaf <paramref name="leafIndex"/> of the BLAKE2s tree with unlimited
    /// fanout, as <see cref="Blake2b.HashTreeLeaf"/> does for BLAKE2b (see there for the rules): its
    /// digests, in leaf order, give <see cref="HashTreeRoot"/> the digest <see cref="HashTree(ReadOnlySpan{byte}, int, Span{byte}, int)"/> computes.
    /// </summary>
    /// <param name="leaf">The leaf's bytes: exactly <paramref name="leafLength"/>, or 1 to <paramref name="leafLength"/> for the last leaf (none for the only leaf of an empty input).</param>
    /// <param name="leafIndex">The leaf's number from 0, its node offset: at most 2^48 - 1 in BLAKE2s.</param>
    /// <param name="leafLength">The tree's leaf length in bytes, at least 1.</param>
    /// <param name="isLastLeaf">Whether this is the input's last leaf.</param>
    /// <param name="destination">Receives the digest; its length (1 to 32 bytes) is every node's digest length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1, or <paramref name="leafIndex"/> is outside 0..2^48 - 1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="leaf"/> breaks the rules above, or <paramref name="destination"/> is empty or longer than 32 bytes; nothing was written.</exception>
    public static int HashTreeLeaf(ReadOnlySpan<byte> leaf, long leafIndex, int leafLength, bool isLastLeaf, Span<byte> destination) =>
        Tree.HashLeaf(leaf, leafIndex, leafLength, isLastLeaf, destination);

    /// <summary>The BLAKE2s tree's digest from its leaves' digests in leaf order, as <see cref="Blake2b.HashTreeRoot"/> computes BLAKE2b's.</summary>
    /// <param name="leafDigests">Every leaf's digest (<see cref="HashTreeLeaf"/>), back to back: a non-zero multiple of <c>destination.Length</c> bytes.</param>
    /// <param name="leafLength">The tree's leaf length in bytes, at least 1.</param>
    /// <param name="destination">Receives the digest; its length (1 to 32 bytes) is every node's digest length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="leafLength"/> is less than 1; nothing was written.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 32 bytes, or <paramref name="leafDigests"/> is empty or not a multiple of its length; nothing was written.</exception>
    public static int HashTreeRoot(ReadOnlySpan<byte> leafDigests, int leafLength, Span<byte> destination) =>
        Tree.HashRoot(leafDigests, leafLength, destination);

    private static void CheckTree(int leafLength, int destinationLength, int maxDegreeOfParallelism)
    {
        Guard.TreeShape(leafLength, maxDegreeOfParallelism, nameof(leafLength), nameof(maxDegreeOfParallelism));
        Guard.DestinationAsDigest(destinationLength, MaxDigestLength, "destination");
    }
}

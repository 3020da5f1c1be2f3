using System;
using System.ComponentModel;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;
using OneShot = Blake2Fast.Internal.Blake2OneShot<Blake2Fast.Internal.Blake2ParallelCore<Blake2Fast.Internal.Blake2pVariant<Blake2Fast.Internal.Blake2sVariant, uint>>>;

namespace Blake2Fast;

/// <summary>
/// BLAKE2sp: the parallel mode of BLAKE2s - 8 BLAKE2s leaves, each hashing every 8th
/// 64-byte block of the input, and a root hashing their outputs. Digests of 1 to 32 bytes, an
/// optional key of up to 32 bytes. It is a different function from BLAKE2s (different digests),
/// and, with AVX2 or AVX-512, several times faster on large inputs: the leaves are hashed side by
/// side in SIMD lanes.
/// </summary>
/// <remarks>
/// <para>The <c>HashData</c> / <c>TryHashData</c> / <c>HashDataAsync</c> methods follow the
/// conventions of <c>SHA256.HashData(source)</c> and
/// <c>HMACSHA256.HashData(key, source)</c>: source before
/// destination, key first. Where a destination span stands alone, its length is the digest length.</para>
/// <para>Salt, personalization and tree parameters are not offered: the mode fixes the tree.</para>
/// <para>Every method is thread-safe; the span methods allocate nothing.</para>
/// </remarks>
public static class Blake2sp
{
    /// <summary>The digest length used when none is given: 32 bytes (BLAKE2sp-256).</summary>
    public const int DefaultDigestLength = 32;

    /// <summary>The largest digest length: 32 bytes.</summary>
    public const int MaxDigestLength = 32;

    /// <summary>The largest key length: 32 bytes.</summary>
    public const int MaxKeyLength = 32;

    /// <summary>The number of leaves: 8.</summary>
    public const int Degree = 8;

    /// <summary>The block length of each leaf: 64 bytes.</summary>
    public const int BlockLength = 64;

    /// <summary>Computes the 32-byte BLAKE2sp digest of <paramref name="source"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static byte[] HashData(byte[] source)
    {
        ArgumentNullException.ThrowIfNull(source);
        return HashData(new ReadOnlySpan<byte>(source));
    }

    /// <summary>Computes the 32-byte BLAKE2sp digest of <paramref name="source"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <returns>The digest.</returns>
    public static byte[] HashData(ReadOnlySpan<byte> source) =>
        OneShot.Hash(Settings(DefaultDigestLength, default), source);

    /// <summary>Computes the BLAKE2sp digest of <paramref name="source"/> with the given length.</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="digestLength">The digest length in bytes, 1 to 32.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..32.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> source, int digestLength) =>
        OneShot.Hash(Settings(digestLength, default), source);

    /// <summary>
    /// Not callable from C#: with two arrays it is unclear whether the first is a key (keyed hash,
    /// <c>HashData(key, source)</c>) or the source of a hash written into the second
    /// (<c>HashData(source, destination)</c>), and C# would silently pick the keyed form. Name the
    /// arguments (<c>HashData(key: k, source: data)</c>) or pass the destination as a span
    /// (<c>HashData(data, digest.AsSpan())</c>).
    /// </summary>
    /// <param name="keyOrSource">Ambiguous.</param>
    /// <param name="sourceOrDestination">Ambiguous.</param>
    /// <returns>Never returns.</returns>
    /// <exception cref="NotSupportedException">Always (for callers in languages that ignore the error).</exception>
    [Obsolete(ApiMessages.AmbiguousArrays, error: true)]
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static byte[] HashData(byte[] keyOrSource, byte[] sourceOrDestination) => throw new NotSupportedException(ApiMessages.AmbiguousArrays);

    /// <summary>Computes the 32-byte keyed BLAKE2sp digest (a MAC) of <paramref name="source"/>.</summary>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source) =>
        OneShot.Hash(Settings(DefaultDigestLength, key), source);

    /// <summary>Computes the keyed BLAKE2sp digest (a MAC) of <paramref name="source"/> with the given length.</summary>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="digestLength">The digest length in bytes, 1 to 32.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..32.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int digestLength) =>
        OneShot.Hash(Settings(digestLength, key), source);

    /// <summary>
    /// Computes the BLAKE2sp digest of <paramref name="source"/> into <paramref name="destination"/>,
    /// whose length (1 to 32 bytes) is the digest length.
    /// </summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest; its length is the digest length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 32 bytes; nothing was written.</exception>
    public static int HashData(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Guard.DestinationAsDigest(destination.Length, MaxDigestLength, nameof(destination));
        return OneShot.Hash(Settings(destination.Length, default), source, destination);
    }

    /// <summary>
    /// Computes the keyed BLAKE2sp digest (a MAC) of <paramref name="source"/> into
    /// <paramref name="destination"/>, whose length (1 to 32 bytes) is the digest length.
    /// </summary>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest; its length is the digest length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes, or <paramref name="destination"/> is empty or longer than 32 bytes; nothing was written.</exception>
    public static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Guard.DestinationAsDigest(destination.Length, MaxDigestLength, nameof(destination));
        return OneShot.Hash(Settings(destination.Length, key), source, destination);
    }

    /// <summary>
    /// Computes the 32-byte BLAKE2sp digest of <paramref name="source"/> into
    /// <paramref name="destination"/> if it has room; bytes past the digest are not touched.
    /// </summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest.</param>
    /// <param name="bytesWritten">32, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns><see langword="false"/> if <paramref name="destination"/> is shorter than 32 bytes; nothing was written then.</returns>
    public static bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) =>
        TryHash(Settings(DefaultDigestLength, default), source, destination, out bytesWritten);

    /// <summary>
    /// Computes the 32-byte keyed BLAKE2sp digest of <paramref name="source"/> into
    /// <paramref name="destination"/> if it has room; bytes past the digest are not touched.
    /// </summary>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest.</param>
    /// <param name="bytesWritten">32, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns><see langword="false"/> if <paramref name="destination"/> is shorter than 32 bytes; nothing was written then.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    public static bool TryHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) =>
        TryHash(Settings(DefaultDigestLength, key), source, destination, out bytesWritten);

    /// <summary>Computes the 32-byte BLAKE2sp digest of the rest of <paramref name="source"/>.</summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading.</exception>
    public static byte[] HashData(Stream source) =>
        OneShot.Hash(Settings(DefaultDigestLength, default), source);

    /// <summary>
    /// Computes the BLAKE2sp digest of the rest of <paramref name="source"/> into
    /// <paramref name="destination"/>, whose length (1 to 32 bytes) is the digest length.
    /// </summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="destination">Receives the digest; its length is the digest length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading, or <paramref name="destination"/> is empty or longer than 32 bytes.</exception>
    public static int HashData(Stream source, Span<byte> destination)
    {
        Guard.DestinationAsDigest(destination.Length, MaxDigestLength, nameof(destination));
        return OneShot.Hash(Settings(destination.Length, default), source, destination);
    }

    /// <summary>Computes the 32-byte keyed BLAKE2sp digest (a MAC) of the rest of <paramref name="source"/>.</summary>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <param name="source">The stream to read to its end.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes, or <paramref name="source"/> does not support reading.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> key, Stream source) =>
        OneShot.Hash(Settings(DefaultDigestLength, key), source);

    /// <summary>Asynchronously computes the 32-byte BLAKE2sp digest of the rest of <paramref name="source"/>.</summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading (thrown before any read).</exception>
    public static ValueTask<byte[]> HashDataAsync(Stream source, CancellationToken cancellationToken = default) =>
        OneShot.HashAsync(Settings(DefaultDigestLength, default), source, cancellationToken);

    /// <summary>
    /// Asynchronously computes the BLAKE2sp digest of the rest of <paramref name="source"/> into
    /// <paramref name="destination"/>, whose length (1 to 32 bytes) is the digest length.
    /// </summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="destination">Receives the digest; its length is the digest length.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading, or <paramref name="destination"/> is empty or longer than 32 bytes (thrown before any read).</exception>
    public static ValueTask<int> HashDataAsync(Stream source, Memory<byte> destination, CancellationToken cancellationToken = default)
    {
        Guard.DestinationAsDigest(destination.Length, MaxDigestLength, nameof(destination));
        return OneShot.HashAsync(Settings(destination.Length, default), source, destination, cancellationToken);
    }

    /// <summary>Asynchronously computes the 32-byte keyed BLAKE2sp digest (a MAC) of the rest of <paramref name="source"/>.</summary>
    /// <param name="key">The key, 0 to 32 bytes; it is copied before this method returns.</param>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes, or <paramref name="source"/> does not support reading (thrown before any read).</exception>
    public static ValueTask<byte[]> HashDataAsync(ReadOnlyMemory<byte> key, Stream source, CancellationToken cancellationToken = default) =>
        OneShot.HashAsync(Settings(DefaultDigestLength, key.Span), source, cancellationToken);

    /// <summary>Creates an incremental hasher with a 32-byte digest.</summary>
    /// <returns>A hash state; see <see cref="Blake2spHashState"/> for how to hold it.</returns>
    public static Blake2spHashState CreateIncrementalHasher() =>
        new(Settings(DefaultDigestLength, default), Kernels.Blake2pKernels<uint>.Best);

    /// <summary>Creates an incremental hasher with the given digest length.</summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 32.</param>
    /// <returns>A hash state; see <see cref="Blake2spHashState"/> for how to hold it.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..32.</exception>
    public static Blake2spHashState CreateIncrementalHasher(int digestLength) =>
        new(Settings(digestLength, default), Kernels.Blake2pKernels<uint>.Best);

    /// <summary>Creates a keyed incremental hasher with a 32-byte digest. The key is copied.</summary>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <returns>A hash state; see <see cref="Blake2spHashState"/> for how to hold it.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    public static Blake2spHashState CreateIncrementalHasher(ReadOnlySpan<byte> key) =>
        new(Settings(DefaultDigestLength, key), Kernels.Blake2pKernels<uint>.Best);

    /// <summary>Creates a keyed incremental hasher with the given digest length. The key is copied.</summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 32.</param>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <returns>A hash state; see <see cref="Blake2spHashState"/> for how to hold it.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..32.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    public static Blake2spHashState CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key) =>
        new(Settings(digestLength, key), Kernels.Blake2pKernels<uint>.Best);

    /// <summary>
    /// Resumes a hash from bytes written by <see cref="Blake2spHashState.ExportState"/> or
    /// <see cref="Blake2spHashState.TryExportState"/> (in any process, on any machine, by this version of the
    /// library or an earlier one): the returned state continues exactly where the exported one stood.
    /// </summary>
    /// <remarks>
    /// The export's checksum catches damaged or cut-short bytes, not an attacker (who can recompute
    /// it): keep a stored state as safe as the data it stands for, and as secret as the key when it
    /// holds one. Format: docs/resumable-hashing.md.
    /// </remarks>
    /// <param name="exportedState">The exported state, exactly as written.</param>
    /// <returns>A hash state, ready for more <c>Update</c> calls and <c>Finish</c>.</returns>
    /// <exception cref="CryptographicException"><paramref name="exportedState"/> is not a whole, unchanged BLAKE2sp export in a format version this library reads, or describes a state no hash can reach.</exception>
    public static Blake2spHashState ImportState(ReadOnlySpan<byte> exportedState) => Blake2spHashState.Import(exportedState);

    /// <summary>
    /// Creates a <see cref="HashAlgorithm"/> computing unkeyed BLAKE2sp, for
    /// <see cref="CryptoStream"/> and other APIs that take one.
    /// </summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 32.</param>
    /// <returns>A new instance; dispose it when done.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..32.</exception>
    public static HashAlgorithm CreateHashAlgorithm(int digestLength = DefaultDigestLength)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        return new Blake2Hmac<Blake2ParallelCore<Blake2pVariant<Blake2sVariant, uint>>>(digestLength, default);
    }

    /// <summary>
    /// Creates an <see cref="HMAC"/>-derived object computing <b>keyed BLAKE2sp</b> with a 32-byte
    /// digest, for APIs that take an <see cref="HMAC"/> or <see cref="HashAlgorithm"/>.
    /// </summary>
    /// <remarks>
    /// This is keyed BLAKE2sp (the key block is the first block of every leaf), not the RFC 2104
    /// HMAC construction: its output differs from an "HMAC-BLAKE2sp" built with ipad/opad. It is
    /// the MAC that BLAKE2 recommends. The key is copied and erased when the object is disposed.
    /// </remarks>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <returns>A new instance; dispose it when done.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    public static HMAC CreateHMAC(ReadOnlySpan<byte> key) => CreateHMAC(DefaultDigestLength, key);

    /// <summary>
    /// Creates an <see cref="HMAC"/>-derived object computing <b>keyed BLAKE2sp</b> with the given
    /// digest length.
    /// </summary>
    /// <remarks>
    /// This is keyed BLAKE2sp (the key block is the first block of every leaf), not the RFC 2104
    /// HMAC construction: its output differs from an "HMAC-BLAKE2sp" built with ipad/opad. It is
    /// the MAC that BLAKE2 recommends. The key is copied and erased when the object is disposed.
    /// </remarks>
    /// <param name="digestLength">The digest length in bytes, 1 to 32.</param>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <returns>A new instance; dispose it when done.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..32.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    public static HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        return new Blake2Hmac<Blake2ParallelCore<Blake2pVariant<Blake2sVariant, uint>>>(digestLength, key);
    }

    /// <remarks>The parallel engine reads only the digest length and the key; the tree fields are fixed by the mode.</remarks>
    private static Blake2Settings Settings(int digestLength, ReadOnlySpan<byte> key)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        return new Blake2Settings { DigestLength = digestLength, Key = key };
    }

    private static bool TryHash(scoped in Blake2Settings settings, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < settings.DigestLength)
        {
            bytesWritten = 0;
            return false;
        }

        bytesWritten = OneShot.Hash(settings, source, destination);
        return true;
    }
}

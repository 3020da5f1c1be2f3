using System;
using System.ComponentModel;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;
using OneShot = Blake2Fast.Internal.Blake2OneShot<Blake2Fast.Internal.Blake2Core<Blake2Fast.Internal.Blake2bVariant>>;

namespace Blake2Fast;

/// <summary>
/// BLAKE2b (RFC 7693): a cryptographic hash with 1- to 64-byte digests and an optional key of up
/// to 64 bytes, optimized for 64-bit platforms.
/// </summary>
/// <remarks>
/// <para>The <c>HashData</c> / <c>TryHashData</c> / <c>HashDataAsync</c> methods follow the
/// conventions of <c>SHA256.HashData(source)</c> and
/// <c>HMACSHA256.HashData(key, source)</c>: source before
/// destination, key first. Where a destination span stands alone, its length is the digest length.</para>
/// <para>The <c>ComputeHash</c>, <c>ComputeAndWriteHash</c>, <c>CreateIncrementalHasher</c>,
/// <c>CreateHashAlgorithm</c> and <c>CreateHMAC</c> methods keep the API of Blake2Fast 2.x.</para>
/// <para>Every method is thread-safe; the span methods allocate nothing.</para>
/// </remarks>
public static partial class Blake2b
{
    /// <summary>The digest length used when none is given: 64 bytes (BLAKE2b-512).</summary>
    public const int DefaultDigestLength = 64;

    /// <summary>The largest digest length: 64 bytes.</summary>
    public const int MaxDigestLength = 64;

    /// <summary>The largest key length: 64 bytes.</summary>
    public const int MaxKeyLength = 64;

    /// <summary>The block length: 128 bytes.</summary>
    public const int BlockLength = 128;

    /// <summary>The salt length: 16 bytes (a shorter salt is padded with zeros).</summary>
    public const int SaltLength = 16;

    /// <summary>The personalization length: 16 bytes (a shorter one is padded with zeros).</summary>
    public const int PersonalizationLength = 16;

    /// <summary>Computes the 64-byte BLAKE2b digest of <paramref name="source"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    public static byte[] HashData(byte[] source)
    {
        ArgumentNullException.ThrowIfNull(source);
        return HashData(new ReadOnlySpan<byte>(source));
    }

    /// <summary>Computes the 64-byte BLAKE2b digest of <paramref name="source"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <returns>The digest.</returns>
    public static byte[] HashData(ReadOnlySpan<byte> source) =>
        OneShot.Hash(Blake2Settings.Sequential(DefaultDigestLength, default), source);

    /// <summary>Computes the BLAKE2b digest of <paramref name="source"/> with the given length.</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
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

    /// <summary>Computes the 64-byte keyed BLAKE2b digest (a MAC) of <paramref name="source"/>.</summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source) =>
        OneShot.Hash(Settings(DefaultDigestLength, key), source);

    /// <summary>Computes the keyed BLAKE2b digest (a MAC) of <paramref name="source"/> with the given length.</summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int digestLength) =>
        OneShot.Hash(Settings(digestLength, key), source);

    /// <summary>
    /// Computes the BLAKE2b digest of <paramref name="source"/> into <paramref name="destination"/>,
    /// whose length (1 to 64 bytes) is the digest length.
    /// </summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest; its length is the digest length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty or longer than 64 bytes; nothing was written.</exception>
    public static int HashData(ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Guard.DestinationAsDigest(destination.Length, MaxDigestLength, nameof(destination));
        return OneShot.Hash(Blake2Settings.Sequential(destination.Length, default), source, destination);
    }

    /// <summary>
    /// Computes the keyed BLAKE2b digest (a MAC) of <paramref name="source"/> into
    /// <paramref name="destination"/>, whose length (1 to 64 bytes) is the digest length.
    /// </summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest; its length is the digest length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes, or <paramref name="destination"/> is empty or longer than 64 bytes; nothing was written.</exception>
    public static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Guard.DestinationAsDigest(destination.Length, MaxDigestLength, nameof(destination));
        return OneShot.Hash(Settings(destination.Length, key), source, destination);
    }

    /// <summary>Computes the BLAKE2b digest of <paramref name="source"/> as <paramref name="parameters"/> describe it.</summary>
    /// <param name="parameters">Digest length, key, salt, personalization and tree fields.</param>
    /// <param name="source">The data to hash.</param>
    /// <returns>The digest, <see cref="Blake2bParameters.DigestLength"/> bytes.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    public static byte[] HashData(Blake2bParameters parameters, ReadOnlySpan<byte> source)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        return OneShot.Hash(parameters.ToSettings(), source);
    }

    /// <summary>
    /// Computes the BLAKE2b digest of <paramref name="source"/> as <paramref name="parameters"/>
    /// describe it, into the first <see cref="Blake2bParameters.DigestLength"/> bytes of
    /// <paramref name="destination"/>; bytes past the digest are not touched.
    /// </summary>
    /// <param name="parameters">Digest length, key, salt, personalization and tree fields.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest; at least <see cref="Blake2bParameters.DigestLength"/> bytes.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short; nothing was written.</exception>
    public static int HashData(Blake2bParameters parameters, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        Guard.Destination(destination.Length, parameters.DigestLength, nameof(destination));
        return OneShot.Hash(parameters.ToSettings(), source, destination);
    }

    /// <summary>
    /// Computes the 64-byte BLAKE2b digest of <paramref name="source"/> into
    /// <paramref name="destination"/> if it has room; bytes past the digest are not touched.
    /// </summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest.</param>
    /// <param name="bytesWritten">64, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns><see langword="false"/> if <paramref name="destination"/> is shorter than 64 bytes; nothing was written then.</returns>
    public static bool TryHashData(ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) =>
        TryHash(Blake2Settings.Sequential(DefaultDigestLength, default), source, destination, out bytesWritten);

    /// <summary>
    /// Computes the 64-byte keyed BLAKE2b digest of <paramref name="source"/> into
    /// <paramref name="destination"/> if it has room; bytes past the digest are not touched.
    /// </summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest.</param>
    /// <param name="bytesWritten">64, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns><see langword="false"/> if <paramref name="destination"/> is shorter than 64 bytes; nothing was written then.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static bool TryHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) =>
        TryHash(Settings(DefaultDigestLength, key), source, destination, out bytesWritten);

    /// <summary>
    /// Computes the BLAKE2b digest of <paramref name="source"/> as <paramref name="parameters"/>
    /// describe it into <paramref name="destination"/> if it has room.
    /// </summary>
    /// <param name="parameters">Digest length, key, salt, personalization and tree fields.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the digest.</param>
    /// <param name="bytesWritten">The digest length, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns><see langword="false"/> if <paramref name="destination"/> is too short; nothing was written then.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    public static bool TryHashData(Blake2bParameters parameters, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        return TryHash(parameters.ToSettings(), source, destination, out bytesWritten);
    }

    /// <summary>Computes the 64-byte BLAKE2b digest of the rest of <paramref name="source"/>.</summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading.</exception>
    public static byte[] HashData(Stream source) =>
        OneShot.Hash(Blake2Settings.Sequential(DefaultDigestLength, default), source);

    /// <summary>
    /// Computes the BLAKE2b digest of the rest of <paramref name="source"/> into
    /// <paramref name="destination"/>, whose length (1 to 64 bytes) is the digest length.
    /// </summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="destination">Receives the digest; its length is the digest length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading, or <paramref name="destination"/> is empty or longer than 64 bytes.</exception>
    public static int HashData(Stream source, Span<byte> destination)
    {
        Guard.DestinationAsDigest(destination.Length, MaxDigestLength, nameof(destination));
        return OneShot.Hash(Blake2Settings.Sequential(destination.Length, default), source, destination);
    }

    /// <summary>Computes the 64-byte keyed BLAKE2b digest (a MAC) of the rest of <paramref name="source"/>.</summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="source">The stream to read to its end.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes, or <paramref name="source"/> does not support reading.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> key, Stream source) =>
        OneShot.Hash(Settings(DefaultDigestLength, key), source);

    /// <summary>Computes the BLAKE2b digest of the rest of <paramref name="source"/> as <paramref name="parameters"/> describe it.</summary>
    /// <param name="parameters">Digest length, key, salt, personalization and tree fields.</param>
    /// <param name="source">The stream to read to its end.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> or <paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading.</exception>
    public static byte[] HashData(Blake2bParameters parameters, Stream source)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        return OneShot.Hash(parameters.ToSettings(), source);
    }

    /// <summary>Asynchronously computes the 64-byte BLAKE2b digest of the rest of <paramref name="source"/>.</summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading (thrown before any read).</exception>
    public static ValueTask<byte[]> HashDataAsync(Stream source, CancellationToken cancellationToken = default) =>
        OneShot.HashAsync(Blake2Settings.Sequential(DefaultDigestLength, default), source, cancellationToken);

    /// <summary>
    /// Asynchronously computes the BLAKE2b digest of the rest of <paramref name="source"/> into
    /// <paramref name="destination"/>, whose length (1 to 64 bytes) is the digest length.
    /// </summary>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="destination">Receives the digest; its length is the digest length.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The number of bytes written.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading, or <paramref name="destination"/> is empty or longer than 64 bytes (thrown before any read).</exception>
    public static ValueTask<int> HashDataAsync(Stream source, Memory<byte> destination, CancellationToken cancellationToken = default)
    {
        Guard.DestinationAsDigest(destination.Length, MaxDigestLength, nameof(destination));
        return OneShot.HashAsync(Blake2Settings.Sequential(destination.Length, default), source, destination, cancellationToken);
    }

    /// <summary>Asynchronously computes the 64-byte keyed BLAKE2b digest (a MAC) of the rest of <paramref name="source"/>.</summary>
    /// <param name="key">The key, 0 to 64 bytes; it is copied before this method returns.</param>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes, or <paramref name="source"/> does not support reading (thrown before any read).</exception>
    public static ValueTask<byte[]> HashDataAsync(ReadOnlyMemory<byte> key, Stream source, CancellationToken cancellationToken = default) =>
        OneShot.HashAsync(Settings(DefaultDigestLength, key.Span), source, cancellationToken);

    /// <summary>Asynchronously computes the BLAKE2b digest of the rest of <paramref name="source"/> as <paramref name="parameters"/> describe it.</summary>
    /// <param name="parameters">Digest length, key, salt, personalization and tree fields; read before this method returns.</param>
    /// <param name="source">The stream to read to its end.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> or <paramref name="source"/> is <see langword="null"/> (thrown before any read).</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> does not support reading (thrown before any read).</exception>
    public static ValueTask<byte[]> HashDataAsync(Blake2bParameters parameters, Stream source, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        return OneShot.HashAsync(parameters.ToSettings(), source, cancellationToken);
    }

    /// <summary>Computes the 64-byte BLAKE2b digest of <paramref name="input"/> (Blake2Fast 2.x name for <see cref="HashData(ReadOnlySpan{byte})"/>).</summary>
    /// <param name="input">The data to hash.</param>
    /// <returns>The digest.</returns>
    public static byte[] ComputeHash(ReadOnlySpan<byte> input) => HashData(input);

    /// <summary>Computes the BLAKE2b digest of <paramref name="input"/> with the given length (Blake2Fast 2.x API).</summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <param name="input">The data to hash.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
    public static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> input) => HashData(input, digestLength);

    /// <summary>Computes the 64-byte keyed BLAKE2b digest of <paramref name="input"/> (Blake2Fast 2.x API).</summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="input">The data to hash.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static byte[] ComputeHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => HashData(key, input);

    /// <summary>Computes the keyed BLAKE2b digest of <paramref name="input"/> with the given length (Blake2Fast 2.x API).</summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="input">The data to hash.</param>
    /// <returns>The digest.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static byte[] ComputeHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input) => HashData(key, input, digestLength);

    /// <summary>
    /// Computes the 64-byte BLAKE2b digest of <paramref name="input"/> into the first 64 bytes of
    /// <paramref name="output"/> (Blake2Fast 2.x API). <paramref name="input"/> and
    /// <paramref name="output"/> may overlap: all input is read before any output is written.
    /// </summary>
    /// <param name="input">The data to hash.</param>
    /// <param name="output">Receives the digest; at least 64 bytes. Bytes past the digest are not touched.</param>
    /// <exception cref="ArgumentException"><paramref name="output"/> is too short; nothing was written.</exception>
    public static void ComputeAndWriteHash(ReadOnlySpan<byte> input, Span<byte> output) =>
        ComputeAndWriteHash(DefaultDigestLength, default, input, output);

    /// <summary>
    /// Computes the BLAKE2b digest of <paramref name="input"/> into the first
    /// <paramref name="digestLength"/> bytes of <paramref name="output"/> (Blake2Fast 2.x API).
    /// <paramref name="input"/> and <paramref name="output"/> may overlap.
    /// </summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <param name="input">The data to hash.</param>
    /// <param name="output">Receives the digest; at least <paramref name="digestLength"/> bytes. Bytes past the digest are not touched.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="output"/> is too short; nothing was written.</exception>
    public static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> input, Span<byte> output) =>
        ComputeAndWriteHash(digestLength, default, input, output);

    /// <summary>
    /// Computes the 64-byte keyed BLAKE2b digest of <paramref name="input"/> into the first 64
    /// bytes of <paramref name="output"/> (Blake2Fast 2.x API). <paramref name="input"/> and
    /// <paramref name="output"/> may overlap.
    /// </summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="input">The data to hash.</param>
    /// <param name="output">Receives the digest; at least 64 bytes. Bytes past the digest are not touched.</param>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes, or <paramref name="output"/> is too short; nothing was written.</exception>
    public static void ComputeAndWriteHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output) =>
        ComputeAndWriteHash(DefaultDigestLength, key, input, output);

    /// <summary>
    /// Computes the keyed BLAKE2b digest of <paramref name="input"/> into the first
    /// <paramref name="digestLength"/> bytes of <paramref name="output"/> (Blake2Fast 2.x API).
    /// <paramref name="input"/> and <paramref name="output"/> may overlap.
    /// </summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="input">The data to hash.</param>
    /// <param name="output">Receives the digest; at least <paramref name="digestLength"/> bytes. Bytes past the digest are not touched.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes, or <paramref name="output"/> is too short; nothing was written.</exception>
    public static void ComputeAndWriteHash(int digestLength, ReadOnlySpan<byte> key, ReadOnlySpan<byte> input, Span<byte> output)
    {
        Blake2Settings settings = Settings(digestLength, key);
        Guard.Destination(output.Length, digestLength, nameof(output));
        OneShot.Hash(settings, input, output);
    }

    /// <summary>Creates an incremental hasher with a 64-byte digest.</summary>
    /// <returns>A hash state; see <see cref="Blake2bHashState"/> for how to hold it.</returns>
    public static Blake2bHashState CreateIncrementalHasher() =>
        new(Blake2Settings.Sequential(DefaultDigestLength, default), Kernels.Blake2bKernels.Best);

    /// <summary>Creates an incremental hasher with the given digest length.</summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <returns>A hash state; see <see cref="Blake2bHashState"/> for how to hold it.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
    public static Blake2bHashState CreateIncrementalHasher(int digestLength) =>
        new(Settings(digestLength, default), Kernels.Blake2bKernels.Best);

    /// <summary>Creates a keyed incremental hasher with a 64-byte digest. The key is copied.</summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <returns>A hash state; see <see cref="Blake2bHashState"/> for how to hold it.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static Blake2bHashState CreateIncrementalHasher(ReadOnlySpan<byte> key) =>
        new(Settings(DefaultDigestLength, key), Kernels.Blake2bKernels.Best);

    /// <summary>Creates a keyed incremental hasher with the given digest length. The key is copied.</summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <returns>A hash state; see <see cref="Blake2bHashState"/> for how to hold it.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static Blake2bHashState CreateIncrementalHasher(int digestLength, ReadOnlySpan<byte> key) =>
        new(Settings(digestLength, key), Kernels.Blake2bKernels.Best);

    /// <summary>Creates an incremental hasher as <paramref name="parameters"/> describe it. The key, salt and personalization are copied.</summary>
    /// <param name="parameters">Digest length, key, salt, personalization and tree fields.</param>
    /// <returns>A hash state; see <see cref="Blake2bHashState"/> for how to hold it.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    public static Blake2bHashState CreateIncrementalHasher(Blake2bParameters parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        return new(parameters.ToSettings(), Kernels.Blake2bKernels.Best);
    }

    /// <summary>
    /// Resumes a hash from bytes written by <see cref="Blake2bHashState.ExportState"/> or
    /// <see cref="Blake2bHashState.TryExportState"/> (in any process, on any machine, by this version of the
    /// library or an earlier one): the returned state continues exactly where the exported one stood.
    /// </summary>
    /// <remarks>
    /// The export's checksum catches damaged or cut-short bytes, not an attacker (who can recompute
    /// it): keep a stored state as safe as the data it stands for, and as secret as the key when it
    /// holds one. Format: docs/resumable-hashing.md.
    /// </remarks>
    /// <param name="exportedState">The exported state, exactly as written.</param>
    /// <returns>A hash state, ready for more <c>Update</c> calls and <c>Finish</c>.</returns>
    /// <exception cref="CryptographicException"><paramref name="exportedState"/> is not a whole, unchanged BLAKE2b export in a format version this library reads, or describes a state no hash can reach.</exception>
    public static Blake2bHashState ImportState(ReadOnlySpan<byte> exportedState) => Blake2bHashState.Import(exportedState);

    /// <summary>
    /// Creates a <see cref="HashAlgorithm"/> computing unkeyed BLAKE2b, for
    /// <see cref="CryptoStream"/> and other APIs that take one.
    /// </summary>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <returns>A new instance; dispose it when done.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
    public static HashAlgorithm CreateHashAlgorithm(int digestLength = DefaultDigestLength)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        return new Blake2Hmac<Blake2Core<Blake2bVariant>>(digestLength, default);
    }

    /// <summary>
    /// Creates an <see cref="HMAC"/>-derived object computing <b>keyed BLAKE2b</b> with a 64-byte
    /// digest, for APIs that take an <see cref="HMAC"/> or <see cref="HashAlgorithm"/>.
    /// </summary>
    /// <remarks>
    /// This is BLAKE2b's built-in keyed mode (RFC 7693 section 2.5), not the RFC 2104 HMAC
    /// construction: its output differs from an "HMAC-BLAKE2b" built with ipad/opad. It is the
    /// MAC that BLAKE2 recommends. The key is copied and erased when the object is disposed.
    /// </remarks>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <returns>A new instance; dispose it when done.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static HMAC CreateHMAC(ReadOnlySpan<byte> key) => CreateHMAC(DefaultDigestLength, key);

    /// <summary>
    /// Creates an <see cref="HMAC"/>-derived object computing <b>keyed BLAKE2b</b> with the given
    /// digest length.
    /// </summary>
    /// <remarks>
    /// This is BLAKE2b's built-in keyed mode (RFC 7693 section 2.5), not the RFC 2104 HMAC
    /// construction: its output differs from an "HMAC-BLAKE2b" built with ipad/opad. It is the
    /// MAC that BLAKE2 recommends. The key is copied and erased when the object is disposed.
    /// </remarks>
    /// <param name="digestLength">The digest length in bytes, 1 to 64.</param>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <returns>A new instance; dispose it when done.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="digestLength"/> is outside 1..64.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static HMAC CreateHMAC(int digestLength, ReadOnlySpan<byte> key)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        return new Blake2Hmac<Blake2Core<Blake2bVariant>>(digestLength, key);
    }

    private static Blake2Settings Settings(int digestLength, ReadOnlySpan<byte> key)
    {
        Guard.DigestLength(digestLength, MaxDigestLength);
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        return Blake2Settings.Sequential(digestLength, key);
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

using System;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;
using OneShot = Blake2Fast.Internal.Blake2XOneShot<Blake2Fast.Internal.Blake2XVariant<ulong>, Blake2Fast.Internal.Blake2bVariant>;

namespace Blake2Fast;

/// <summary>
/// BLAKE2Xb: the extendable-output function (XOF) built on BLAKE2b. It turns a message (and an
/// optional key, salt and personalization) into as many output bytes as asked for, from 1 to
/// 2^32-1 bytes when the length is declared up front, or a stream of up
/// to 256 GiB when it is not: for key derivation and deterministic random generation.
/// </summary>
/// <remarks>
/// <para>The output length is part of the computation: outputs of different lengths for the same
/// input are unrelated, and none is a prefix of another. When the length is not known when hashing
/// starts, use <see cref="CreateIncrementalHasherForUnknownLength()"/>.</para>
/// <para>The output is produced in 64-byte blocks that are independent of each other; long outputs
/// are computed four blocks at a time with AVX2 or AVX-512 where the machine has them.</para>
/// <para>Every method is thread-safe; the span methods allocate nothing.</para>
/// </remarks>
/// <example>
/// <code>
/// byte[] okm = Blake2Xb.HashData(key: masterKey, source: "session 42"u8, outputLength: 96);
///
/// var hasher = Blake2Xb.CreateIncrementalHasher(outputLength: 1 &lt;&lt; 20);
/// hasher.Update(seed);
/// using Blake2XbReader reader = hasher.Finish();
/// reader.Read(buffer.AsSpan(0, 4096));
/// </code>
/// </example>
public static class Blake2Xb
{
    /// <summary>The largest output length that can be declared: 2^32-1 bytes.</summary>
    /// <remarks>Declaring it writes the same XOF length field (0xFFFFFFFF) as an unknown length, as the reference implementation does; the output is the same as that of <see cref="CreateIncrementalHasherForUnknownLength()"/> finished with this length.</remarks>
    public const long MaxOutputLength = uint.MaxValue;

    /// <summary>
    /// The most bytes a hash of unknown length can produce: 2^32 blocks of 64 bytes (256 GiB), the
    /// limit of the 32-bit node offset.
    /// </summary>
    public const long MaxUnknownOutputLength = 64L << 32;

    /// <summary>The length of H0 and of each output block: 64 bytes.</summary>
    public const int OutputBlockLength = 64;

    /// <summary>The largest key length: 64 bytes.</summary>
    public const int MaxKeyLength = 64;

    /// <summary>The salt length: 16 bytes (a shorter salt is padded with zeros).</summary>
    public const int SaltLength = 16;

    /// <summary>The personalization length: 16 bytes (a shorter one is padded with zeros).</summary>
    public const int PersonalizationLength = 16;

    /// <summary>
    /// Computes the BLAKE2Xb output of <paramref name="source"/> into <paramref name="destination"/>,
    /// whose length is the output length.
    /// </summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the output; its length (at least 1) is the output length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is empty.</exception>
    public static int HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(ReadOnlySpan<byte>.Empty, source, destination);

    /// <summary>Computes <paramref name="outputLength"/> bytes of BLAKE2Xb output of <paramref name="source"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="outputLength">The output length in bytes, 1 to 2,147,483,591 (the longest array, <c>Array.MaxLength</c>; use the incremental hasher for more).</param>
    /// <returns>The output.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..2,147,483,591.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> source, int outputLength) =>
        HashData(ReadOnlySpan<byte>.Empty, source, outputLength);

    /// <summary>
    /// Computes the keyed BLAKE2Xb output of <paramref name="source"/> into
    /// <paramref name="destination"/>, whose length is the output length.
    /// </summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the output; its length (at least 1) is the output length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is empty.</exception>
    public static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        Blake2XGuard.OutputLength(destination.Length, MaxOutputLength, nameof(destination));
        return OneShot.Hash(key, default, default, source, destination, (byte)Blake2XKernels<ulong>.Best);
    }

    /// <summary>Computes <paramref name="outputLength"/> bytes of keyed BLAKE2Xb output of <paramref name="source"/>.</summary>
    /// <param name="key">The key, 0 to 64 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="outputLength">The output length in bytes, 1 to 2,147,483,591 (the longest array).</param>
    /// <returns>The output.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..2,147,483,591.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int outputLength)
    {
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        Blake2XGuard.OutputLength(outputLength, Guard.MaxArrayLength, nameof(outputLength));
        byte[] output = new byte[outputLength];
        OneShot.Hash(key, default, default, source, output, (byte)Blake2XKernels<ulong>.Best);
        return output;
    }

    /// <summary>
    /// Computes the BLAKE2Xb output of <paramref name="source"/> with the key, salt and
    /// personalization of <paramref name="parameters"/> into <paramref name="destination"/>,
    /// whose length is the output length.
    /// </summary>
    /// <param name="parameters">Key, salt and personalization; every other property must keep its default (see <see cref="CreateIncrementalHasher(long, Blake2bParameters)"/>).</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the output; its length (at least 1) is the output length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> sets a digest length or tree field.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is empty.</exception>
    public static int HashData(Blake2bParameters parameters, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        CheckParameters(parameters);
        Blake2XGuard.OutputLength(destination.Length, MaxOutputLength, nameof(destination));
        return OneShot.Hash(parameters.Key.Span, parameters.Salt.Span, parameters.Personalization.Span, source, destination, (byte)Blake2XKernels<ulong>.Best);
    }

    /// <summary>
    /// Computes <paramref name="outputLength"/> bytes of BLAKE2Xb output of <paramref name="source"/>
    /// with the key, salt and personalization of <paramref name="parameters"/>.
    /// </summary>
    /// <param name="parameters">Key, salt and personalization; every other property must keep its default.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="outputLength">The output length in bytes, 1 to 2,147,483,591 (the longest array).</param>
    /// <returns>The output.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> sets a digest length or tree field.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..2,147,483,591.</exception>
    public static byte[] HashData(Blake2bParameters parameters, ReadOnlySpan<byte> source, int outputLength)
    {
        CheckParameters(parameters);
        Blake2XGuard.OutputLength(outputLength, Guard.MaxArrayLength, nameof(outputLength));
        byte[] output = new byte[outputLength];
        OneShot.Hash(parameters.Key.Span, parameters.Salt.Span, parameters.Personalization.Span, source, output, (byte)Blake2XKernels<ulong>.Best);
        return output;
    }

    /// <summary>Creates an incremental BLAKE2Xb hasher for an output of <paramref name="outputLength"/> bytes.</summary>
    /// <param name="outputLength">The output length in bytes, 1 to 2^32-1.</param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XbHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..2^32-1.</exception>
    public static Blake2XbHashState CreateIncrementalHasher(long outputLength) =>
        CreateIncrementalHasher(outputLength, ReadOnlySpan<byte>.Empty);

    /// <summary>Creates an incremental keyed BLAKE2Xb hasher for an output of <paramref name="outputLength"/> bytes.</summary>
    /// <param name="outputLength">The output length in bytes, 1 to 2^32-1.</param>
    /// <param name="key">The key, 0 to 64 bytes; the hasher keeps a copy until it is finished or cleared.</param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XbHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..2^32-1.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static Blake2XbHashState CreateIncrementalHasher(long outputLength, ReadOnlySpan<byte> key)
    {
        Blake2XGuard.OutputLength(outputLength, MaxOutputLength, nameof(outputLength));
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        return new(key, default, default, (ulong)outputLength, Blake2XKernels<ulong>.Best);
    }

    /// <summary>
    /// Creates an incremental BLAKE2Xb hasher for an output of <paramref name="outputLength"/> bytes
    /// with the key, salt and personalization of <paramref name="parameters"/>.
    /// </summary>
    /// <param name="outputLength">The output length in bytes, 1 to 2^32-1.</param>
    /// <param name="parameters">
    /// Key, salt and personalization. BLAKE2Xb sets the digest length and every tree field of both
    /// of its parameter blocks itself, so <see cref="Blake2bParameters.DigestLength"/> must stay 64
    /// and <see cref="Blake2bParameters.FanOut"/>, <see cref="Blake2bParameters.MaxDepth"/>,
    /// <see cref="Blake2bParameters.LeafLength"/>, <see cref="Blake2bParameters.NodeOffset"/>,
    /// <see cref="Blake2bParameters.NodeDepth"/>, <see cref="Blake2bParameters.InnerLength"/> and
    /// <see cref="Blake2bParameters.IsLastNode"/> must keep their defaults; anything else is refused.
    /// </param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XbHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..2^32-1.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> sets a digest length or tree field.</exception>
    public static Blake2XbHashState CreateIncrementalHasher(long outputLength, Blake2bParameters parameters)
    {
        Blake2XGuard.OutputLength(outputLength, MaxOutputLength, nameof(outputLength));
        CheckParameters(parameters);
        return new(parameters.Key.Span, parameters.Salt.Span, parameters.Personalization.Span, (ulong)outputLength, Blake2XKernels<ulong>.Best);
    }

    /// <summary>
    /// Creates an incremental BLAKE2Xb hasher whose output length is not known in advance (the XOF
    /// length field is 0xFFFFFFFF). Its reader streams up to <see cref="MaxUnknownOutputLength"/>
    /// bytes, or use <see cref="Blake2XbHashState.Finish(long)"/> to fix the length when hashing ends.
    /// </summary>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XbHashState.Finish()"/>.</returns>
    public static Blake2XbHashState CreateIncrementalHasherForUnknownLength() =>
        CreateIncrementalHasherForUnknownLength(ReadOnlySpan<byte>.Empty);

    /// <summary>Creates an incremental keyed BLAKE2Xb hasher whose output length is not known in advance.</summary>
    /// <param name="key">The key, 0 to 64 bytes; the hasher keeps a copy until it is finished or cleared.</param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XbHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 64 bytes.</exception>
    public static Blake2XbHashState CreateIncrementalHasherForUnknownLength(ReadOnlySpan<byte> key)
    {
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        return new(key, default, default, 0, Blake2XKernels<ulong>.Best);
    }

    /// <summary>
    /// Creates an incremental BLAKE2Xb hasher whose output length is not known in advance, with the
    /// key, salt and personalization of <paramref name="parameters"/>.
    /// </summary>
    /// <param name="parameters">Key, salt and personalization; every other property must keep its default.</param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XbHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> sets a digest length or tree field.</exception>
    public static Blake2XbHashState CreateIncrementalHasherForUnknownLength(Blake2bParameters parameters)
    {
        CheckParameters(parameters);
        return new(parameters.Key.Span, parameters.Salt.Span, parameters.Personalization.Span, 0, Blake2XKernels<ulong>.Best);
    }

    /// <summary>
    /// Resumes a hash from bytes written by <see cref="Blake2XbHashState.ExportState"/> or
    /// <see cref="Blake2XbHashState.TryExportState"/> (in any process, on any machine, by this version of the
    /// library or an earlier one): the returned state continues exactly where the exported one stood.
    /// </summary>
    /// <remarks>
    /// The export's checksum catches damaged or cut-short bytes, not an attacker (who can recompute
    /// it): keep a stored state as safe as the data it stands for, and as secret as the key when it
    /// holds one. Format: docs/resumable-hashing.md.
    /// </remarks>
    /// <param name="exportedState">The exported state, exactly as written.</param>
    /// <returns>A hash state, ready for more <c>Update</c> calls and <c>Finish</c>, with the output length it was created for.</returns>
    /// <exception cref="System.Security.Cryptography.CryptographicException"><paramref name="exportedState"/> is not a whole, unchanged BLAKE2Xb export in a format version this library reads, or describes a state no hash can reach.</exception>
    public static Blake2XbHashState ImportState(ReadOnlySpan<byte> exportedState) => Blake2XbHashState.Import(exportedState);

    /// <summary>The one-shot with a forced output kernel, for tests and benchmarks.</summary>
    internal static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, Blake2XKernel kernel)
    {
        Blake2XGuard.OutputLength(destination.Length, MaxOutputLength, nameof(destination));
        return OneShot.Hash(key, default, default, source, destination, (byte)Blake2XKernels<ulong>.Require(kernel));
    }

    private static void CheckParameters(Blake2bParameters parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        Blake2XGuard.OnlyKeySaltPersonalization(
            parameters.DigestLength, Blake2b.MaxDigestLength, parameters.FanOut, parameters.MaxDepth, parameters.LeafLength,
            parameters.NodeOffset, parameters.NodeDepth, parameters.InnerLength, parameters.IsLastNode, "BLAKE2Xb", nameof(parameters));
    }
}

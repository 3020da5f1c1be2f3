using System;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;
using OneShot = Blake2Fast.Internal.Blake2XOneShot<Blake2Fast.Internal.Blake2XVariant<uint>, Blake2Fast.Internal.Blake2sVariant>;

namespace Blake2Fast;

/// <summary>
/// BLAKE2Xs: the extendable-output function (XOF) built on BLAKE2s. It turns a message (and an
/// optional key, salt and personalization) into as many output bytes as asked for, from 1 to
/// 65535 bytes when the length is declared up front, or a stream of up
/// to 128 GiB when it is not: for key derivation and deterministic random generation.
/// </summary>
/// <remarks>
/// <para>The output length is part of the computation: outputs of different lengths for the same
/// input are unrelated, and none is a prefix of another. When the length is not known when hashing
/// starts, use <see cref="CreateIncrementalHasherForUnknownLength()"/>.</para>
/// <para>The output is produced in 32-byte blocks that are independent of each other; long outputs
/// are computed eight blocks at a time with AVX2 or AVX-512 where the machine has them.</para>
/// <para>Every method is thread-safe; the span methods allocate nothing.</para>
/// </remarks>
/// <example>
/// <code>
/// byte[] okm = Blake2Xs.HashData(key: masterKey, source: "session 42"u8, outputLength: 96);
///
/// var hasher = Blake2Xs.CreateIncrementalHasher(outputLength: 4096);
/// hasher.Update(seed);
/// using Blake2XsReader reader = hasher.Finish();
/// reader.Read(buffer.AsSpan(0, 4096));
/// </code>
/// </example>
public static class Blake2Xs
{
    /// <summary>The largest output length that can be declared: 65535 bytes.</summary>
    /// <remarks>Declaring it writes the same XOF length field (0xFFFF) as an unknown length, as the reference implementation does; the output is the same as that of <see cref="CreateIncrementalHasherForUnknownLength()"/> finished with this length.</remarks>
    public const int MaxOutputLength = ushort.MaxValue;

    /// <summary>
    /// The most bytes a hash of unknown length can produce: 2^32 blocks of 32 bytes (128 GiB), the
    /// limit of the 32-bit node offset.
    /// </summary>
    public const long MaxUnknownOutputLength = 32L << 32;

    /// <summary>The length of H0 and of each output block: 32 bytes.</summary>
    public const int OutputBlockLength = 32;

    /// <summary>The largest key length: 32 bytes.</summary>
    public const int MaxKeyLength = 32;

    /// <summary>The salt length: 8 bytes (a shorter salt is padded with zeros).</summary>
    public const int SaltLength = 8;

    /// <summary>The personalization length: 8 bytes (a shorter one is padded with zeros).</summary>
    public const int PersonalizationLength = 8;

    /// <summary>
    /// Computes the BLAKE2Xs output of <paramref name="source"/> into <paramref name="destination"/>,
    /// whose length is the output length.
    /// </summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the output; its length (1 to 65535) is the output length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is empty or longer than 65535 bytes; nothing was written.</exception>
    public static int HashData(ReadOnlySpan<byte> source, Span<byte> destination) =>
        HashData(ReadOnlySpan<byte>.Empty, source, destination);

    /// <summary>Computes <paramref name="outputLength"/> bytes of BLAKE2Xs output of <paramref name="source"/>.</summary>
    /// <param name="source">The data to hash.</param>
    /// <param name="outputLength">The output length in bytes, 1 to 65535.</param>
    /// <returns>The output.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..65535.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> source, int outputLength) =>
        HashData(ReadOnlySpan<byte>.Empty, source, outputLength);

    /// <summary>
    /// Computes the keyed BLAKE2Xs output of <paramref name="source"/> into
    /// <paramref name="destination"/>, whose length is the output length.
    /// </summary>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the output; its length (1 to 65535) is the output length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is empty or longer than 65535 bytes; nothing was written.</exception>
    public static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        Blake2XGuard.OutputLength(destination.Length, MaxOutputLength, nameof(destination));
        return OneShot.Hash(key, default, default, source, destination, (byte)Blake2XKernels<uint>.Best);
    }

    /// <summary>Computes <paramref name="outputLength"/> bytes of keyed BLAKE2Xs output of <paramref name="source"/>.</summary>
    /// <param name="key">The key, 0 to 32 bytes.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="outputLength">The output length in bytes, 1 to 65535.</param>
    /// <returns>The output.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..65535.</exception>
    public static byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int outputLength)
    {
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        Blake2XGuard.OutputLength(outputLength, MaxOutputLength, nameof(outputLength));
        byte[] output = new byte[outputLength];
        OneShot.Hash(key, default, default, source, output, (byte)Blake2XKernels<uint>.Best);
        return output;
    }

    /// <summary>
    /// Computes the BLAKE2Xs output of <paramref name="source"/> with the key, salt and
    /// personalization of <paramref name="parameters"/> into <paramref name="destination"/>,
    /// whose length is the output length.
    /// </summary>
    /// <param name="parameters">Key, salt and personalization; every other property must keep its default (see <see cref="CreateIncrementalHasher(int, Blake2sParameters)"/>).</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="destination">Receives the output; its length (1 to 65535) is the output length.</param>
    /// <returns>The number of bytes written: <c>destination.Length</c>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> sets a digest length or tree field.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="destination"/> is empty or longer than 65535 bytes; nothing was written.</exception>
    public static int HashData(Blake2sParameters parameters, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        CheckParameters(parameters);
        Blake2XGuard.OutputLength(destination.Length, MaxOutputLength, nameof(destination));
        return OneShot.Hash(parameters.Key.Span, parameters.Salt.Span, parameters.Personalization.Span, source, destination, (byte)Blake2XKernels<uint>.Best);
    }

    /// <summary>
    /// Computes <paramref name="outputLength"/> bytes of BLAKE2Xs output of <paramref name="source"/>
    /// with the key, salt and personalization of <paramref name="parameters"/>.
    /// </summary>
    /// <param name="parameters">Key, salt and personalization; every other property must keep its default.</param>
    /// <param name="source">The data to hash.</param>
    /// <param name="outputLength">The output length in bytes, 1 to 65535.</param>
    /// <returns>The output.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> sets a digest length or tree field.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..65535.</exception>
    public static byte[] HashData(Blake2sParameters parameters, ReadOnlySpan<byte> source, int outputLength)
    {
        CheckParameters(parameters);
        Blake2XGuard.OutputLength(outputLength, MaxOutputLength, nameof(outputLength));
        byte[] output = new byte[outputLength];
        OneShot.Hash(parameters.Key.Span, parameters.Salt.Span, parameters.Personalization.Span, source, output, (byte)Blake2XKernels<uint>.Best);
        return output;
    }

    /// <summary>Creates an incremental BLAKE2Xs hasher for an output of <paramref name="outputLength"/> bytes.</summary>
    /// <param name="outputLength">The output length in bytes, 1 to 65535.</param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XsHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..65535.</exception>
    public static Blake2XsHashState CreateIncrementalHasher(int outputLength) =>
        CreateIncrementalHasher(outputLength, ReadOnlySpan<byte>.Empty);

    /// <summary>Creates an incremental keyed BLAKE2Xs hasher for an output of <paramref name="outputLength"/> bytes.</summary>
    /// <param name="outputLength">The output length in bytes, 1 to 65535.</param>
    /// <param name="key">The key, 0 to 32 bytes; the hasher keeps a copy until it is finished or cleared.</param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XsHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..65535.</exception>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    public static Blake2XsHashState CreateIncrementalHasher(int outputLength, ReadOnlySpan<byte> key)
    {
        Blake2XGuard.OutputLength(outputLength, MaxOutputLength, nameof(outputLength));
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        return new(key, default, default, (ulong)outputLength, Blake2XKernels<uint>.Best);
    }

    /// <summary>
    /// Creates an incremental BLAKE2Xs hasher for an output of <paramref name="outputLength"/> bytes
    /// with the key, salt and personalization of <paramref name="parameters"/>.
    /// </summary>
    /// <param name="outputLength">The output length in bytes, 1 to 65535.</param>
    /// <param name="parameters">
    /// Key, salt and personalization. BLAKE2Xs sets the digest length and every tree field of both
    /// of its parameter blocks itself, so <see cref="Blake2sParameters.DigestLength"/> must stay 32
    /// and <see cref="Blake2sParameters.FanOut"/>, <see cref="Blake2sParameters.MaxDepth"/>,
    /// <see cref="Blake2sParameters.LeafLength"/>, <see cref="Blake2sParameters.NodeOffset"/>,
    /// <see cref="Blake2sParameters.NodeDepth"/>, <see cref="Blake2sParameters.InnerLength"/> and
    /// <see cref="Blake2sParameters.IsLastNode"/> must keep their defaults; anything else is refused.
    /// </param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XsHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="outputLength"/> is outside 1..65535.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> sets a digest length or tree field.</exception>
    public static Blake2XsHashState CreateIncrementalHasher(int outputLength, Blake2sParameters parameters)
    {
        Blake2XGuard.OutputLength(outputLength, MaxOutputLength, nameof(outputLength));
        CheckParameters(parameters);
        return new(parameters.Key.Span, parameters.Salt.Span, parameters.Personalization.Span, (ulong)outputLength, Blake2XKernels<uint>.Best);
    }

    /// <summary>
    /// Creates an incremental BLAKE2Xs hasher whose output length is not known in advance (the XOF
    /// length field is 0xFFFF). Its reader streams up to <see cref="MaxUnknownOutputLength"/>
    /// bytes, or use <see cref="Blake2XsHashState.Finish(long)"/> to fix the length when hashing ends.
    /// </summary>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XsHashState.Finish()"/>.</returns>
    public static Blake2XsHashState CreateIncrementalHasherForUnknownLength() =>
        CreateIncrementalHasherForUnknownLength(ReadOnlySpan<byte>.Empty);

    /// <summary>Creates an incremental keyed BLAKE2Xs hasher whose output length is not known in advance.</summary>
    /// <param name="key">The key, 0 to 32 bytes; the hasher keeps a copy until it is finished or cleared.</param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XsHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is longer than 32 bytes.</exception>
    public static Blake2XsHashState CreateIncrementalHasherForUnknownLength(ReadOnlySpan<byte> key)
    {
        Guard.MaxLength(key.Length, MaxKeyLength, "key", nameof(key));
        return new(key, default, default, 0, Blake2XKernels<uint>.Best);
    }

    /// <summary>
    /// Creates an incremental BLAKE2Xs hasher whose output length is not known in advance, with the
    /// key, salt and personalization of <paramref name="parameters"/>.
    /// </summary>
    /// <param name="parameters">Key, salt and personalization; every other property must keep its default.</param>
    /// <returns>A hasher: feed it with <c>Update</c>, then read the output from <see cref="Blake2XsHashState.Finish()"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="parameters"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="parameters"/> sets a digest length or tree field.</exception>
    public static Blake2XsHashState CreateIncrementalHasherForUnknownLength(Blake2sParameters parameters)
    {
        CheckParameters(parameters);
        return new(parameters.Key.Span, parameters.Salt.Span, parameters.Personalization.Span, 0, Blake2XKernels<uint>.Best);
    }

    /// <summary>
    /// Resumes a hash from bytes written by <see cref="Blake2XsHashState.ExportState"/> or
    /// <see cref="Blake2XsHashState.TryExportState"/> (in any process, on any machine, by this version of the
    /// library or an earlier one): the returned state continues exactly where the exported one stood.
    /// </summary>
    /// <remarks>
    /// The export's checksum catches damaged or cut-short bytes, not an attacker (who can recompute
    /// it): keep a stored state as safe as the data it stands for, and as secret as the key when it
    /// holds one. Format: docs/resumable-hashing.md.
    /// </remarks>
    /// <param name="exportedState">The exported state, exactly as written.</param>
    /// <returns>A hash state, ready for more <c>Update</c> calls and <c>Finish</c>, with the output length it was created for.</returns>
    /// <exception cref="System.Security.Cryptography.CryptographicException"><paramref name="exportedState"/> is not a whole, unchanged BLAKE2Xs export in a format version this library reads, or describes a state no hash can reach.</exception>
    public static Blake2XsHashState ImportState(ReadOnlySpan<byte> exportedState) => Blake2XsHashState.Import(exportedState);

    /// <summary>The one-shot with a forced output kernel, for tests and benchmarks.</summary>
    internal static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, Blake2XKernel kernel)
    {
        Blake2XGuard.OutputLength(destination.Length, MaxOutputLength, nameof(destination));
        return OneShot.Hash(key, default, default, source, destination, (byte)Blake2XKernels<uint>.Require(kernel));
    }

    private static void CheckParameters(Blake2sParameters parameters)
    {
        ArgumentNullException.ThrowIfNull(parameters);
        Blake2XGuard.OnlyKeySaltPersonalization(
            parameters.DigestLength, Blake2s.MaxDigestLength, parameters.FanOut, parameters.MaxDepth, parameters.LeafLength,
            parameters.NodeOffset, parameters.NodeDepth, parameters.InnerLength, parameters.IsLastNode, "BLAKE2Xs", nameof(parameters));
    }
}

using System;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;
using Mac = Blake2Fast.Internal.Rfc2104Hmac<Blake2Fast.Internal.Blake2bVariant>;

namespace Blake2Fast;

/// <summary>
/// HMAC-BLAKE2b: the RFC 2104 HMAC construction over BLAKE2b-512 (block size 128 bytes, output 64
/// bytes), as the Noise protocol framework's BLAKE2b suites use it. Shaped like .NET's
/// <see cref="HMACSHA256"/>.
/// </summary>
/// <remarks>
/// <para>This is not BLAKE2's own keyed mode: <see cref="Blake2b.HashData(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/>
/// with a key (or <see cref="Blake2b.CreateHMAC(ReadOnlySpan{byte})"/>) is a faster MAC and the one
/// to choose where no protocol prescribes HMAC. The two give different outputs.</para>
/// <para>Keys of any length are accepted; a key longer than 128 bytes is hashed first, as RFC 2104
/// says. An instance runs the key schedule once per key, so each MAC of a short message costs two
/// BLAKE2b compressions. The key and the derived states are erased by <see cref="HashAlgorithm.Dispose()"/>.
/// The static methods are thread-safe and their span forms allocate nothing.</para>
/// </remarks>
public sealed partial class HMACBlake2b : HMAC
{
    /// <summary>The MAC length in bits: 512.</summary>
    public const int HashSizeInBits = 512;

    /// <summary>The MAC length in bytes: 64.</summary>
    public const int HashSizeInBytes = 64;

    private const int BlockBytes = 128;

    private Rfc2104Engine<Blake2bVariant> _engine;

    /// <summary>Creates an HMAC-BLAKE2b with a random 128-byte key.</summary>
    public HMACBlake2b()
        : this(Rfc2104Keys.Random(BlockBytes))
    {
    }

    /// <summary>Creates an HMAC-BLAKE2b with the given key (copied).</summary>
    /// <param name="key">The key, of any length.</param>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is <see langword="null"/>.</exception>
    public HMACBlake2b(byte[] key)
    {
        ArgumentNullException.ThrowIfNull(key);
        HashSizeValue = HashSizeInBits;
        BlockSizeValue = BlockBytes;
        KeyValue = (byte[])key.Clone();
        _engine.Initialize(Mac.Settings(KeyValue));
    }

    /// <summary>The key. Setting it erases the previous key and restarts the MAC.</summary>
    /// <exception cref="ArgumentNullException">The new key is <see langword="null"/>.</exception>
    /// <exception cref="ObjectDisposedException">The object has been disposed.</exception>
    public override byte[] Key
    {
        get => Rfc2104Keys.Copy(KeyValue, this);
        set
        {
            KeyValue = Rfc2104Keys.Replace(KeyValue, value, this);
            _engine.Initialize(Mac.Settings(KeyValue));
        }
    }

    /// <summary>Computes the HMAC-BLAKE2b of <paramref name="source"/>.</summary>
    /// <param name="key">The key, of any length.</param>
    /// <param name="source">The data to authenticate.</param>
    /// <returns>The 64-byte MAC.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> or <paramref name="source"/> is <see langword="null"/>.</exception>
    public static byte[] HashData(byte[] key, byte[] source)
    {
        ArgumentNullException.ThrowIfNull(key);
        ArgumentNullException.ThrowIfNull(source);
        return Mac.Hash(key, source);
    }

    /// <inheritdoc cref="HashData(byte[], byte[])"/>
    public static byte[] HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source) => Mac.Hash(key, source);

    /// <summary>Computes the HMAC-BLAKE2b of <paramref name="source"/> into <paramref name="destination"/>.</summary>
    /// <param name="key">The key, of any length.</param>
    /// <param name="source">The data to authenticate; it may overlap <paramref name="destination"/>.</param>
    /// <param name="destination">Receives the MAC in its first 64 bytes.</param>
    /// <returns>The number of bytes written: 64.</returns>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 64 bytes; nothing was written.</exception>
    public static int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) => Mac.Hash(key, source, destination);

    /// <summary>Computes the HMAC-BLAKE2b of <paramref name="source"/> into <paramref name="destination"/> if it is long enough.</summary>
    /// <param name="key">The key, of any length.</param>
    /// <param name="source">The data to authenticate.</param>
    /// <param name="destination">Receives the MAC in its first 64 bytes.</param>
    /// <param name="bytesWritten">64, or 0 when <paramref name="destination"/> is too short.</param>
    /// <returns><see langword="false"/> (and nothing written) when <paramref name="destination"/> is shorter than 64 bytes.</returns>
    public static bool TryHashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten) =>
        Mac.TryHash(key, source, destination, out bytesWritten);

    /// <summary>Computes the HMAC-BLAKE2b of the rest of <paramref name="source"/>.</summary>
    /// <param name="key">The key, of any length.</param>
    /// <param name="source">The stream, read to its end.</param>
    /// <returns>The 64-byte MAC.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> or <paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read.</exception>
    public static byte[] HashData(byte[] key, Stream source)
    {
        ArgumentNullException.ThrowIfNull(key);
        return Mac.Hash(key, source);
    }

    /// <inheritdoc cref="HashData(byte[], Stream)"/>
    public static byte[] HashData(ReadOnlySpan<byte> key, Stream source) => Mac.Hash(key, source);

    /// <summary>Computes the HMAC-BLAKE2b of the rest of <paramref name="source"/> into <paramref name="destination"/>.</summary>
    /// <param name="key">The key, of any length.</param>
    /// <param name="source">The stream, read to its end.</param>
    /// <param name="destination">Receives the MAC in its first 64 bytes.</param>
    /// <returns>The number of bytes written: 64.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 64 bytes, or <paramref name="source"/> cannot be read; nothing was read or written.</exception>
    public static int HashData(ReadOnlySpan<byte> key, Stream source, Span<byte> destination) => Mac.Hash(key, source, destination);

    /// <summary>Computes the HMAC-BLAKE2b of the rest of <paramref name="source"/>, reading it asynchronously.</summary>
    /// <param name="key">The key, of any length.</param>
    /// <param name="source">The stream, read to its end.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The 64-byte MAC.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> or <paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="source"/> cannot be read.</exception>
    public static ValueTask<byte[]> HashDataAsync(byte[] key, Stream source, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(key);
        return Mac.HashAsync(key, source, cancellationToken);
    }

    /// <inheritdoc cref="HashDataAsync(byte[], Stream, CancellationToken)"/>
    public static ValueTask<byte[]> HashDataAsync(ReadOnlyMemory<byte> key, Stream source, CancellationToken cancellationToken = default) =>
        Mac.HashAsync(key.Span, source, cancellationToken);

    /// <summary>Computes the HMAC-BLAKE2b of the rest of <paramref name="source"/> into <paramref name="destination"/>, reading it asynchronously.</summary>
    /// <param name="key">The key, of any length.</param>
    /// <param name="source">The stream, read to its end.</param>
    /// <param name="destination">Receives the MAC in its first 64 bytes.</param>
    /// <param name="cancellationToken">Cancels the reads.</param>
    /// <returns>The number of bytes written: 64.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is <see langword="null"/>.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is shorter than 64 bytes, or <paramref name="source"/> cannot be read; nothing was read or written.</exception>
    public static ValueTask<int> HashDataAsync(ReadOnlyMemory<byte> key, Stream source, Memory<byte> destination, CancellationToken cancellationToken = default) =>
        Mac.HashAsync(key.Span, source, destination, cancellationToken);

    /// <summary>Starts a new MAC under the current key.</summary>
    /// <exception cref="ObjectDisposedException">The object has been disposed.</exception>
    public override void Initialize()
    {
        ObjectDisposedException.ThrowIf(KeyValue is null, this);
        _engine.Restart();
    }

    /// <inheritdoc/>
    protected override void HashCore(byte[] rgb, int ib, int cb) => _engine.Update(rgb.AsSpan(ib, cb));

    /// <inheritdoc/>
    protected override byte[] HashFinal()
    {
        byte[] mac = new byte[HashSizeInBytes];
        _engine.Finish(mac);
        return mac;
    }

    /// <inheritdoc/>
    protected override void Dispose(bool disposing)
    {
        _engine.Erase();
        KeyValue = Rfc2104Keys.Erase(KeyValue);
        base.Dispose(disposing);
    }
}

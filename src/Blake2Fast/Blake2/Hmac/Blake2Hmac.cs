using System;
using System.Security.Cryptography;

namespace Blake2Fast.Internal;

/// <summary>
/// Any BLAKE2-family engine (BLAKE2b/s, BLAKE2bp/sp) behind the <see cref="HMAC"/> /
/// <see cref="HashAlgorithm"/> contract, for <see cref="CryptoStream"/> and other APIs that take one. The key goes into BLAKE2's own keyed
/// mode (the key block), which is not the RFC 2104 HMAC construction.
/// </summary>
/// <remarks>The span overrides, which .NET Standard 2.0's <see cref="HashAlgorithm"/> lacks, are in Blake2Hmac.Spans.cs.</remarks>
internal sealed partial class Blake2Hmac<TEngine> : HMAC where TEngine : struct, IBlake2Engine
{
    private readonly int _digestLength;
    private TEngine _core;

    public Blake2Hmac(int digestLength, ReadOnlySpan<byte> key)
    {
        _digestLength = digestLength;
        HashSizeValue = digestLength * 8;
        BlockSizeValue = default(TEngine).BlockLength;
        KeyValue = key.ToArray();

        // Mutated only through its methods; the compiler cannot see that for a generic struct.
        _core = default;
        Initialize();
    }

    /// <summary>
    /// The BLAKE2 key (0 to the variant's maximum key length). Setting it restarts the hash; the
    /// previous key is erased.
    /// </summary>
    public override byte[] Key
    {
        get
        {
            ObjectDisposedException.ThrowIf(KeyValue is null, this);
            return (byte[])KeyValue.Clone();
        }

        set
        {
            // After Dispose a new key must not bring the object back to life (and hold a secret nobody erases).
            ObjectDisposedException.ThrowIf(KeyValue is null, this);
            ArgumentNullException.ThrowIfNull(value);
            Guard.MaxLength(value.Length, default(TEngine).MaxKeyLength, "key", nameof(Key));
            SecretBytes.Erase(KeyValue);
            KeyValue = (byte[])value.Clone();
            Initialize();
        }
    }

    public override void Initialize()
    {
        ObjectDisposedException.ThrowIf(KeyValue is null, this);
        // Sequential settings; the parallel engines read only the digest length and the key from them.
        _core.Initialize(Blake2Settings.Sequential(_digestLength, KeyValue));
    }

    protected override void HashCore(byte[] array, int ibStart, int cbSize) => _core.Update(array.AsSpan(ibStart, cbSize));

    protected override byte[] HashFinal()
    {
        byte[] digest = new byte[_digestLength];
        _core.Finish(digest);
        return digest;
    }

    protected override void Dispose(bool disposing)
    {
        _core.Erase();
        if (KeyValue is not null)
        {
            SecretBytes.Erase(KeyValue);
            KeyValue = null!;
        }

        base.Dispose(disposing);
    }
}

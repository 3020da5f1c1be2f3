using System;
using System.Collections.Generic;

namespace Blake2Fast.Tests;

/// <summary>
/// Reference HMAC (RFC 2104) over sequential BLAKE2b-512 / BLAKE2s-256: H((K ^ opad) || H((K ^ ipad) || m)),
/// with a key longer than a block hashed first and a shorter one zero-padded to a block.
/// </summary>
internal sealed class RefHmac : IRefHasher
{
    private readonly RefBlake2Spec _spec;
    private readonly byte[] _paddedKey;
    private readonly RefBlake2 _inner;

    public RefHmac(RefBlake2Spec spec, ReadOnlySpan<byte> key)
    {
        _spec = spec;
        _paddedKey = new byte[spec.BlockBytes];
        byte[] shortKey = key.Length > spec.BlockBytes ? RefBlake2.Hash(spec, Plain(spec), key) : key.ToArray();
        shortKey.CopyTo(_paddedKey, 0);
        _inner = new RefBlake2(spec, Plain(spec));
        _inner.Update(Xor(_paddedKey, 0x36));
    }

    private RefHmac(RefHmac other)
    {
        _spec = other._spec;
        _paddedKey = other._paddedKey;
        _inner = other._inner.Clone();
    }

    public static byte[] Mac(RefBlake2Spec spec, ReadOnlySpan<byte> key, ReadOnlySpan<byte> message) =>
        new RefHmac(spec, key).HashOnce(message);

    public RefHmac Clone() => new(this);

    IRefHasher IRefHasher.Clone() => Clone();

    public void Update(ReadOnlySpan<byte> data) => _inner.Update(data);

    public byte[] Finish()
    {
        byte[] innerDigest = _inner.Finish();
        var outer = new RefBlake2(_spec, Plain(_spec));
        outer.Update(Xor(_paddedKey, 0x5c));
        outer.Update(innerDigest);
        return outer.Finish();
    }

    private static RefBlake2Params Plain(RefBlake2Spec spec) => new(spec.MaxDigest);

    private static byte[] Xor(byte[] key, byte pad) => Array.ConvertAll(key, b => (byte)(b ^ pad));
}

/// <summary>Reference HKDF (RFC 5869) over <see cref="RefHmac"/>.</summary>
internal static class RefHkdf
{
    /// <summary>PRK = HMAC(salt, IKM); an empty salt is a hash length of zero bytes.</summary>
    public static byte[] Extract(RefBlake2Spec spec, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> ikm) =>
        RefHmac.Mac(spec, salt.IsEmpty ? new byte[spec.MaxDigest] : salt, ikm);

    /// <summary>T(1) || T(2) || ..., T(i) = HMAC(PRK, T(i-1) || info || i), cut to <paramref name="length"/>.</summary>
    public static byte[] Expand(RefBlake2Spec spec, ReadOnlySpan<byte> prk, ReadOnlySpan<byte> info, int length)
    {
        var output = new List<byte>();
        byte[] previous = [];
        var keyed = new RefHmac(spec, prk);
        for (int i = 1; output.Count < length; i++)
        {
            RefHmac hmac = keyed.Clone();
            hmac.Update(previous);
            hmac.Update(info);
            hmac.Update([(byte)i]);
            previous = hmac.Finish();
            output.AddRange(previous);
        }

        return output.GetRange(0, length).ToArray();
    }
}

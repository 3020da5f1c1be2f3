using System;

namespace Blake2Fast.Internal;

/// <summary>
/// RFC 2104 HMAC over sequential BLAKE2b-512 or BLAKE2s-256, as an <see cref="IBlake2Engine"/>, so
/// that the one-shot span, stream and async helpers (<see cref="Blake2OneShot{TEngine}"/>) serve it
/// unchanged: HMAC(K, m) = H((K' xor opad) || H((K' xor ipad) || m)), where K' is the key zero-padded
/// to one block, or the hash of the key when the key is longer than a block.
/// </summary>
/// <remarks>
/// <para>The key schedule runs once per key (<see cref="Initialize"/>): the inner and outer hashes are
/// started from their padded-key blocks, already compressed, and kept. Each message then costs its
/// own blocks plus one block of the outer hash: two compressions for a message of 1 to one block of
/// bytes. An empty message is the exception: its inner hash has the padded key as its final block,
/// so that block cannot have been compressed ahead; a third state keeps it buffered for that case.</para>
/// <para>The settings' key is the HMAC key, of any length; every other setting is ignored (the
/// construction fixes the hash: unkeyed, sequential, the largest digest).</para>
/// </remarks>
internal struct Rfc2104Engine<TVariant> : IBlake2Engine where TVariant : struct, IBlake2Variant
{
    private const byte InnerPad = 0x36;
    private const byte OuterPad = 0x5c;

    private Blake2Core<TVariant> _inner;
    private Blake2Core<TVariant> _innerStart;
    private Blake2Core<TVariant> _innerPadOnly;
    private Blake2Core<TVariant> _outerStart;
    private bool _hasInput;

    /// <inheritdoc/>
    public readonly int BlockLength => default(TVariant).BlockLength;

    /// <inheritdoc/>
    /// <remarks>RFC 2104 takes keys of any length.</remarks>
    public readonly int MaxKeyLength => int.MaxValue;

    /// <inheritdoc/>
    public readonly int DigestLength => default(TVariant).MaxDigestLength;

    /// <summary>Runs the key schedule for <c>settings.Key</c> and starts a MAC.</summary>
    public void Initialize(scoped in Blake2Settings settings)
    {
        Span<byte> pad = stackalloc byte[128];
        pad = pad[..BlockLength];
        PadKey(settings.Key, pad, InnerPad);
        _innerStart.InitializeAfterBlock(Unkeyed, pad);
        _innerPadOnly.Initialize(Unkeyed);
        _innerPadOnly.Update(pad);
        XorAll(pad, InnerPad ^ OuterPad);
        _outerStart.InitializeAfterBlock(Unkeyed, pad);
        SecretBytes.Erase(pad);
        Restart();
    }

    /// <summary>Starts a new MAC under the same key (the key schedule is not run again).</summary>
    public void Restart()
    {
        _inner = _innerStart;
        _hasInput = false;
    }

    /// <inheritdoc/>
    public void Update(ReadOnlySpan<byte> input)
    {
        _inner.Update(input);
        _hasInput |= !input.IsEmpty;
    }

    /// <summary>
    /// Writes the MAC into the first <see cref="DigestLength"/> bytes of <paramref name="destination"/>
    /// (checked by the caller). The key schedule is kept: <see cref="Restart"/> starts the next MAC.
    /// </summary>
    public void Finish(Span<byte> destination)
    {
        Span<byte> innerHash = stackalloc byte[64];
        innerHash = innerHash[..DigestLength];
        if (_hasInput)
        {
            _inner.Finish(innerHash);
        }
        else
        {
            _inner.Erase();
            Blake2Core<TVariant> padOnly = _innerPadOnly;
            padOnly.Finish(innerHash);
        }

        Blake2Core<TVariant> outer = _outerStart;
        outer.Update(innerHash);
        outer.Finish(destination);
        SecretBytes.Erase(innerHash);
    }

    /// <inheritdoc/>
    public void Erase()
    {
        _inner.Erase();
        _innerStart.Erase();
        _innerPadOnly.Erase();
        _outerStart.Erase();
    }

    /// <inheritdoc/>
    /// <remarks>Uses none of this state: the padded key lives on the stack and is erased.</remarks>
    public readonly int HashMessage(scoped in Blake2Settings settings, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Span<byte> pad = stackalloc byte[128];
        pad = pad[..BlockLength];
        Span<byte> innerHash = stackalloc byte[64];
        innerHash = innerHash[..DigestLength];
        PadKey(settings.Key, pad, InnerPad);
        Blake2Message<TVariant>.HashAfterBlock(pad, source, innerHash);
        XorAll(pad, InnerPad ^ OuterPad);
        Blake2Message<TVariant>.HashAfterBlock(pad, innerHash, destination);
        SecretBytes.Erase(pad);
        SecretBytes.Erase(innerHash);
        return DigestLength;
    }

    private static Blake2Settings Unkeyed => Blake2Settings.Sequential(default(TVariant).MaxDigestLength, default);

    /// <summary>K' xor <paramref name="padByte"/> into the whole block <paramref name="pad"/>.</summary>
    private static void PadKey(ReadOnlySpan<byte> key, Span<byte> pad, byte padByte)
    {
        pad.Clear();
        if (key.Length > pad.Length)
        {
            Blake2Message<TVariant>.Hash(Unkeyed, key, pad);
        }
        else
        {
            key.CopyTo(pad);
        }

        XorAll(pad, padByte);
    }

    private static void XorAll(Span<byte> block, int value)
    {
        for (int i = 0; i < block.Length; i++)
        {
            block[i] ^= (byte)value;
        }
    }
}

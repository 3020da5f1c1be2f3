using System;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast;

/// <summary>
/// Which BLAKE3 function a tree belongs to: plain hashing, keyed hashing (a MAC) or key derivation.
/// Every subtree and every merge of one tree must use the same mode (see <see cref="Blake3Subtree"/>).
/// </summary>
/// <remarks>
/// <para><see langword="default"/>(<see cref="Blake3Mode"/>) is <see cref="Hash"/>: plain hashing
/// needs no key, and the default value holds none.</para>
/// <para>A keyed mode holds a copy of its 32-byte key inside the value, and a key derivation mode
/// the 32-byte context key (the hash of the context string, which is public). A value type cannot
/// be erased reliably (every assignment or argument is another copy), so the library does not try:
/// keep a keyed mode no longer than the key itself, in a local where you can.</para>
/// <para>A key derivation mode hashes its context string once, when it is created: create it once
/// and reuse it for every subtree and merge of the tree.</para>
/// </remarks>
public readonly struct Blake3Mode
{
    private readonly uint _k0, _k1, _k2, _k3, _k4, _k5, _k6, _k7;

    /// <summary>0 (plain hashing), KEYED_HASH or DERIVE_KEY_MATERIAL.</summary>
    private readonly uint _flags;

    private Blake3Mode(ReadOnlySpan<uint> key, uint flags)
    {
        _k0 = key[0];
        _k1 = key[1];
        _k2 = key[2];
        _k3 = key[3];
        _k4 = key[4];
        _k5 = key[5];
        _k6 = key[6];
        _k7 = key[7];
        _flags = flags;
    }

    /// <summary>Plain hashing, as <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/>; the same as <see langword="default"/>.</summary>
    public static Blake3Mode Hash => default;

    /// <summary>Whether this is keyed hashing.</summary>
    public bool IsKeyed => _flags == Kernels.Blake3Constants.KeyedHash;

    /// <summary>Whether this is key derivation.</summary>
    public bool IsDeriveKey => _flags == Kernels.Blake3Constants.DeriveKeyMaterial;

    /// <summary>Keyed hashing with <paramref name="key"/>, as <see cref="Blake3.HashData(ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/>.</summary>
    /// <param name="key">The key: exactly 32 bytes, copied into the returned value (which is not erased; see the remarks on <see cref="Blake3Mode"/>).</param>
    /// <returns>The keyed mode.</returns>
    /// <exception cref="ArgumentException"><paramref name="key"/> is not 32 bytes.</exception>
    public static Blake3Mode Keyed(ReadOnlySpan<byte> key)
    {
        Blake3.CheckKey(key);
        Span<uint> words = stackalloc uint[8];
        Blake3.KeyWords(key, words);
        return Holding(words, Kernels.Blake3Constants.KeyedHash);
    }

    /// <summary>
    /// Key derivation with <paramref name="context"/>, as <see cref="Blake3.DeriveKey(string, ReadOnlySpan{byte}, Span{byte})"/>:
    /// the tree's input is the key material.
    /// </summary>
    /// <param name="context">The context string, hashed as UTF-8; the empty string is a legal context.</param>
    /// <returns>The key derivation mode, holding the context key.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="context"/> is <see langword="null"/>.</exception>
    public static Blake3Mode DeriveKey(string context)
    {
        ArgumentNullException.ThrowIfNull(context);
        Span<uint> words = stackalloc uint[8];
        Blake3.ContextKey(context, words);
        return Holding(words, Kernels.Blake3Constants.DeriveKeyMaterial);
    }

    /// <summary>A mode holding a copy of <paramref name="words"/>, which are then erased.</summary>
    private static Blake3Mode Holding(Span<uint> words, uint flags)
    {
        var mode = new Blake3Mode(words, flags);
        SecretBytes.Erase(MemoryMarshal.AsBytes(words));
        return mode;
    }

    /// <summary>The mode's flag: 0, KEYED_HASH or DERIVE_KEY_MATERIAL.</summary>
    internal uint Flags => _flags;

    /// <summary>Writes the 8 key words of this mode (the IV for plain hashing) to <paramref name="words"/>.</summary>
    internal void KeyWords(Span<uint> words)
    {
        if (_flags == 0)
        {
            Blake3.Iv.CopyTo(words);
            return;
        }

        words[0] = _k0;
        words[1] = _k1;
        words[2] = _k2;
        words[3] = _k3;
        words[4] = _k4;
        words[5] = _k5;
        words[6] = _k6;
        words[7] = _k7;
    }

    /// <summary>"Hash", "Keyed" or "DeriveKey"; never the key.</summary>
    /// <returns>The mode's name.</returns>
    public override string ToString() => IsKeyed ? "Keyed" : IsDeriveKey ? "DeriveKey" : "Hash";
}

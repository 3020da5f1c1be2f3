using System;
using System.Collections.Generic;
using System.Security.Cryptography;

namespace Blake2Fast.Tests;

/// <summary>
/// One public way of computing a whole digest: (key, input, digest length) → digest.
/// <see cref="TakesKey"/> / <see cref="TakesLength"/> say whether the surface can express a key
/// or a digest length other than the default; callers only give it what it can express.
/// </summary>
public sealed record OneShotSurface(string Name, bool TakesKey, bool TakesLength, Func<byte[], byte[], int, byte[]> Hash)
{
    public override string ToString() => Name;

    public bool Accepts(Api api, byte[] key, int digestLength) =>
        (TakesKey || key.Length == 0) && (TakesLength || digestLength == api.DefaultDigestLength);
}

/// <summary>
/// Everything the tests need from one algorithm (BLAKE2b or BLAKE2s), so that each test is
/// written once and run against both facades. The two implementations list every public overload.
/// </summary>
public abstract class Api
{
    public static readonly Api B = new Blake2bApi();
    public static readonly Api S = new Blake2sApi();

    public static TheoryData<string> Names => new() { "blake2b", "blake2s" };

    public static Api Get(string name) => name switch
    {
        "blake2b" => B,
        "blake2s" => S,
        _ => throw new ArgumentOutOfRangeException(nameof(name), name, null),
    };

    public abstract string Name { get; }
    public abstract int DefaultDigestLength { get; }
    public abstract int MaxDigestLength { get; }
    public abstract int MaxKeyLength { get; }
    public abstract int BlockLength { get; }
    public abstract int SaltLength { get; }
    public abstract int PersonalizationLength { get; }

    /// <summary>Every whole-message API: span and array one-shots, streams, async, 2.x names, hashers, HashAlgorithm.</summary>
    public abstract IReadOnlyList<OneShotSurface> OneShots { get; }

    /// <summary>Every overload that writes into a caller's span.</summary>
    public abstract System.Collections.Generic.IReadOnlyList<DestinationWriter> Writers { get; }

    /// <summary>Every public method taking a digest length (as "digestLength"), called with the given length.</summary>
    public abstract System.Collections.Generic.IReadOnlyList<(string Name, Action<int> Call)> DigestLengthTakers { get; }

    /// <summary>Every public method taking a key (as "key"), called with the given key.</summary>
    public abstract System.Collections.Generic.IReadOnlyList<(string Name, Action<byte[]> Call)> KeyTakers { get; }

    /// <summary>Every public method reading a stream, with the given stream and key; returns what it returns (a pending task for async forms).</summary>
    public abstract System.Collections.Generic.IReadOnlyList<(string Name, bool IsAsync, Func<System.IO.Stream, byte[], object> Call)> StreamReaders { get; }

    /// <summary>The operations promised to allocate nothing, as (name, (source, destination, key) => work).</summary>
    public abstract System.Collections.Generic.IReadOnlyList<(string Name, Action<byte[], byte[], byte[]> Run)> NonAllocating { get; }

    /// <summary>Every CreateIncrementalHasher overload able to express (key, digest length).</summary>
    public abstract IReadOnlyList<(string Name, Func<byte[], int, IHasher?> Create)> HasherFactories { get; }

    /// <summary>CreateIncrementalHasher(digestLength, key).</summary>
    public abstract IHasher CreateHasher(byte[] key, int digestLength);

    /// <summary>CreateIncrementalHasher(parameters) built from every field of <paramref name="c"/>.</summary>
    public abstract IHasher CreateHasher(ParamCase c);

    /// <summary>HashData(parameters, source) with every field of <paramref name="c"/>.</summary>
    public abstract byte[] HashWithParameters(ParamCase c, byte[] input);

    /// <summary>The default, uninitialized hash state.</summary>
    public abstract IHasher DefaultHasher();

    public abstract HashAlgorithm CreateHashAlgorithm(int digestLength);

    public abstract HMAC CreateHMAC(int digestLength, byte[] key);

    public override string ToString() => Name;
}

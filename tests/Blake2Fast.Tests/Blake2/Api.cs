using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

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

    /// <summary>Checks the digest of each case this surface can express; returns how many it checked.</summary>
    public int CheckAccepted(Api api, IEnumerable<(byte[] Key, byte[] Input, byte[] Expected, object Case)> cases)
    {
        int checkedCases = 0;
        foreach ((byte[] key, byte[] input, byte[] expected, object c) in cases)
        {
            if (Accepts(api, key, expected.Length))
            {
                Check.Digest(expected, Hash(key, input, expected.Length), $"{Name}: {c}");
                checkedCases++;
            }
        }

        return checkedCases;
    }
}

/// <summary>
/// Everything the tests need from one algorithm (BLAKE2b or BLAKE2s), so that each test is
/// written once and run against both facades. <see cref="Blake2Api{TState, TParameters}"/> lists every public overload.
/// </summary>
public abstract class Api
{
    public static readonly Api B = new Blake2Api<Blake2bHashState, Blake2bParameters>(
        "blake2b", typeof(Blake2b), new KernelSet(typeof(Blake2bKernel), typeof(Blake2bKernels)),
        (k, m) => Blake2b.HashData(key: k, source: m), (scoped in Blake2Settings s, byte kernel) => new Blake2bHashState(s, (Blake2bKernel)kernel));

    public static readonly Api S = new Blake2Api<Blake2sHashState, Blake2sParameters>(
        "blake2s", typeof(Blake2s), new KernelSet(typeof(Blake2sKernel), typeof(Blake2sKernels)),
        (k, m) => Blake2s.HashData(key: k, source: m), (scoped in Blake2Settings s, byte kernel) => new Blake2sHashState(s, (Blake2sKernel)kernel));

    public static TheoryData<string> Names => new() { "blake2b", "blake2s" };

    /// <summary>Theory rows (algorithm, name): each algorithm with every name <paramref name="names"/> gives for it.</summary>
    public static TheoryData<string, string> Rows(Func<Api, IEnumerable<string>> names) =>
        new(from api in new[] { B, S } from name in names(api) select (api.Name, name));

    public static Api Get(string name) => name switch
    {
        "blake2b" => B,
        "blake2s" => S,
        _ => throw new ArgumentOutOfRangeException(nameof(name), name, null),
    };

    /// <summary>Reads the constants from the public static class <paramref name="type"/>.</summary>
    private protected Api(string name, Facade type, KernelSet kernels)
    {
        Name = name;
        Type = type;
        Kernels = kernels;
        DefaultDigestLength = type.Value<int>(nameof(DefaultDigestLength));
        MaxDigestLength = type.Value<int>(nameof(MaxDigestLength));
        MaxKeyLength = type.Value<int>(nameof(MaxKeyLength));
        BlockLength = type.Value<int>(nameof(BlockLength));
        SaltLength = type.Value<int>(nameof(SaltLength));
        PersonalizationLength = type.Value<int>(nameof(PersonalizationLength));
    }

    public string Name { get; }

    /// <summary>The public static class (Blake2b or Blake2s), for what only some tests call.</summary>
    public Facade Type { get; }

    /// <summary>The compress kernels and their dispatcher.</summary>
    public KernelSet Kernels { get; }

    public int DefaultDigestLength { get; }
    public int MaxDigestLength { get; }
    public int MaxKeyLength { get; }
    public int BlockLength { get; }
    public int SaltLength { get; }
    public int PersonalizationLength { get; }

    /// <summary>Every whole-message API: span and array one-shots, streams, async, 2.x names, hashers, HashAlgorithm.</summary>
    public IReadOnlyList<OneShotSurface> OneShots { get; private protected init; } = [];

    /// <summary>Every overload that writes into a caller's span.</summary>
    public IReadOnlyList<DestinationWriter> Writers { get; private protected init; } = [];

    /// <summary>Every public method taking a digest length (as "digestLength"), called with the given length.</summary>
    public IReadOnlyList<(string Name, Action<int> Call)> DigestLengthTakers { get; private protected init; } = [];

    /// <summary>Every public method taking a key (as "key"), called with the given key.</summary>
    public IReadOnlyList<(string Name, Action<byte[]> Call)> KeyTakers { get; private protected init; } = [];

    /// <summary>Every public method reading a stream, with the given stream and key; returns what it returns (a pending task for async forms).</summary>
    public IReadOnlyList<(string Name, bool IsAsync, Func<Stream, byte[], object> Call)> StreamReaders { get; private protected init; } = [];

    /// <summary>The operations promised to allocate nothing, as (name, (source, destination, key) => work).</summary>
    public IReadOnlyList<(string Name, Action<byte[], byte[], byte[]> Run)> NonAllocating { get; private protected init; } = [];

    /// <summary>Every CreateIncrementalHasher overload able to express (key, digest length).</summary>
    public IReadOnlyList<(string Name, Func<byte[], int, IHasher?> Create)> HasherFactories { get; private protected init; } = [];

    /// <summary>CreateIncrementalHasher(digestLength, key).</summary>
    public abstract IHasher CreateHasher(byte[] key, int digestLength);

    /// <summary>CreateIncrementalHasher(parameters) built from every field of <paramref name="c"/>.</summary>
    public abstract IHasher CreateHasher(ParamCase c);

    /// <summary>HashData(parameters, source) with every field of <paramref name="c"/>.</summary>
    public abstract byte[] HashWithParameters(ParamCase c, byte[] input);

    /// <summary>A hash state on <paramref name="kernel"/> (the internal constructor), with the raw settings.</summary>
    internal abstract IHasher CreateHasher(scoped in Blake2Settings settings, byte kernel);

    /// <summary>The public parameters class (Blake2bParameters or Blake2sParameters) with a key and a digest length.</summary>
    public abstract object Parameters(byte[] key, int digestLength);

    /// <summary>The engine's settings from every field of <paramref name="c"/>, through the parameters class (<c>ToSettings</c>).</summary>
    internal abstract Blake2Settings Settings(ParamCase c);

    /// <summary>The default, uninitialized hash state.</summary>
    public abstract IHasher DefaultHasher();

    public abstract HashAlgorithm CreateHashAlgorithm(int digestLength);

    public abstract HMAC CreateHMAC(int digestLength, byte[] key);

    public override string ToString() => Name;
}

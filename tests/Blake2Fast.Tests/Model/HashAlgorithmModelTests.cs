using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Security.Cryptography;
using CsCheck;

namespace Blake2Fast.Tests;

/// <summary>
/// Model-based tests of the <see cref="HashAlgorithm"/> objects: <c>CreateHashAlgorithm</c> and
/// <c>CreateHMAC</c> of BLAKE2b, BLAKE2s, BLAKE2bp and BLAKE2sp, BLAKE3's <c>CreateHashAlgorithm</c>
/// (plain and keyed), and <see cref="HMACBlake2b"/> / <see cref="HMACBlake2s"/>. Random sequences of
/// TransformBlock (with and without an output buffer), TransformFinalBlock, ComputeHash (array,
/// segment, stream), TryComputeHash (destinations too short refused with nothing changed),
/// Initialize, Key get and set (too long refused where there is a limit) and Dispose (everything
/// after it refused), each compared with the reference.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class HashAlgorithmModelTests
{
    [Fact]
    public void Every_HashAlgorithm_follows_the_model()
    {
        Gen<int> length = ModelData.Length(1100, 64, 128, 512, 1024);
        Gen<int> seed = Gen.Int[0, 255];
        Gen<IModelOp<HashAlgorithmModel>> operation = ModelOps.OneOf(new (int, Gen<IModelOp<HashAlgorithmModel>>)[]
        {
            (30, Gen.Select(length, seed, Gen.Int[0, 5], Gen.Int[0, 2], (n, p, o, w) => (IModelOp<HashAlgorithmModel>)new HashAlgorithmModel.TransformBlockOp(n, p, o, w))),
            (8, Gen.Select(length, seed, Gen.Int[0, 5], (n, p, o) => (IModelOp<HashAlgorithmModel>)new HashAlgorithmModel.TransformFinalBlockOp(n, p, o))),
            (10, Gen.Select(length, seed, Gen.Int[0, 3], Gen.Int[-2, 2], (n, p, w, d) => (IModelOp<HashAlgorithmModel>)new HashAlgorithmModel.ComputeHashOp(n, p, w, d))),
            (3, Gen.Const((IModelOp<HashAlgorithmModel>)new HashAlgorithmModel.InitializeOp())),
            (3, Gen.Select(Gen.Int[0, 140], seed, (n, p) => (IModelOp<HashAlgorithmModel>)new HashAlgorithmModel.SetKeyOp(n, p))),
            (2, Gen.Const((IModelOp<HashAlgorithmModel>)new HashAlgorithmModel.GetKeyOp())),
            (1, Gen.Const((IModelOp<HashAlgorithmModel>)new HashAlgorithmModel.DisposeOp())),
        });
        Gen<HashAlgorithmConfig> config = Gen.Select(Gen.Int[0, HashAlgorithmConfig.Kinds.Length - 1], Gen.Int[1, 64], Gen.Int[0, 140], seed,
            (kind, digest, keyLength, keySeed) => HashAlgorithmConfig.Make(kind, digest, keyLength, keySeed));
        ModelRunner.Run("HashAlgorithm objects", 10000, config, operation, 40, c => new HashAlgorithmModel(c), (m, o) => m.Run(o));
    }
}

/// <summary>
/// One kind of <see cref="HashAlgorithm"/> and its reference: <see cref="Kinds"/> names the factory;
/// <see cref="DigestLength"/> and <see cref="Key"/> hold only what that factory takes (the key cut to
/// the most it accepts), so that the printed configuration is what the object computes.
/// </summary>
internal sealed record HashAlgorithmConfig(int Kind, int DigestLength, byte[] Key)
{
    /// <summary>
    /// Name, the BLAKE2 facade whose CreateHashAlgorithm or CreateHMAC makes it (null: others), BLAKE2
    /// variant (null: BLAKE3), parallel, key settable, RFC 2104 HMAC, largest key (-1: any).
    /// </summary>
    public static readonly (string Name, Type? Facade, RefBlake2Spec? Spec, bool Parallel, bool Keyed, bool Rfc2104, int MaxKey)[] Kinds =
    [
        ("Blake2b.CreateHashAlgorithm", typeof(Blake2b), RefBlake2Spec.B, false, false, false, 0),
        ("Blake2b.CreateHMAC", typeof(Blake2b), RefBlake2Spec.B, false, true, false, 64),
        ("Blake2s.CreateHashAlgorithm", typeof(Blake2s), RefBlake2Spec.S, false, false, false, 0),
        ("Blake2s.CreateHMAC", typeof(Blake2s), RefBlake2Spec.S, false, true, false, 32),
        ("Blake2bp.CreateHashAlgorithm", typeof(Blake2bp), RefBlake2Spec.B, true, false, false, 0),
        ("Blake2bp.CreateHMAC", typeof(Blake2bp), RefBlake2Spec.B, true, true, false, 64),
        ("Blake2sp.CreateHashAlgorithm", typeof(Blake2sp), RefBlake2Spec.S, true, false, false, 0),
        ("Blake2sp.CreateHMAC", typeof(Blake2sp), RefBlake2Spec.S, true, true, false, 32),
        ("Blake3.CreateHashAlgorithm", null, null, false, false, false, 0),
        ("Blake3.CreateHashAlgorithm(key)", null, null, false, false, false, 32),
        ("new HMACBlake2b", null, RefBlake2Spec.B, false, true, true, -1),
        ("new HMACBlake2s", null, RefBlake2Spec.S, false, true, true, -1),
        ("new HMACBlake2b() (a random key, read back)", null, RefBlake2Spec.B, false, true, true, -1),
        ("new HMACBlake2s() (a random key, read back)", null, RefBlake2Spec.S, false, true, true, -1),
    ];

    public (string Name, Type? Facade, RefBlake2Spec? Spec, bool Parallel, bool Keyed, bool Rfc2104, int MaxKey) Info => Kinds[Kind];

    public static HashAlgorithmConfig Make(int kind, int digest, int keyLength, int keySeed)
    {
        var info = Kinds[kind];
        int maxDigest = info.Spec?.MaxDigest ?? 32;
        // BLAKE3's key is 32 bytes exactly; the others take up to their limit (the random keys are the block length).
        int length = kind >= 12 ? 0 : info is { Spec: null, MaxKey: 32 } ? 32 : info.MaxKey < 0 ? keyLength : Math.Min(keyLength, info.MaxKey);
        return new HashAlgorithmConfig(kind, info.Facade is null ? maxDigest : Math.Min(digest, maxDigest), ModelData.Bytes(length, keySeed));
    }

    /// <summary>The object; a BLAKE2 facade's CreateHMAC without a digest length makes the largest.</summary>
    public HashAlgorithm Create()
    {
        if (Info.Facade is { } facade)
        {
            MethodInfo[] methods = facade.GetMethods(BindingFlags.Public | BindingFlags.Static);
            MethodInfo With(string name, params Type[] types) => methods.Single(m => m.Name == name && m.GetParameters().Select(p => p.ParameterType).SequenceEqual(types));
            return (Info.Keyed, DigestLength == Info.Spec!.MaxDigest) switch
            {
                (false, _) => (HashAlgorithm)With("CreateHashAlgorithm", typeof(int)).Invoke(null, [DigestLength])!,
                (true, true) => Reflect.Open<KeyCreate<HMAC>>(With("CreateHMAC", typeof(ReadOnlySpan<byte>)))(Key),
                _ => Reflect.Open<LengthKeyCreate<HMAC, int>>(With("CreateHMAC", typeof(int), typeof(ReadOnlySpan<byte>)))(DigestLength, Key),
            };
        }

        return Kind switch
        {
            8 => Blake3.CreateHashAlgorithm(),
            9 => Blake3.CreateHashAlgorithm(Key),
            10 => new HMACBlake2b(Key),
            11 => new HMACBlake2s(Key),
            12 => new HMACBlake2b(),
            _ => new HMACBlake2s(),
        };
    }

    /// <summary>The reference for the key <paramref name="key"/>.</summary>
    public IRefHasher Model(byte[] key) => Info switch
    {
        { Spec: null } => key.Length == 0 ? RefBlake3.Hash() : RefBlake3.Keyed(key),
        { Rfc2104: true, Spec: var spec } => new RefHmac(spec!, key),
        { Parallel: true, Spec: var spec } => new RefBlake2Parallel(spec!, DigestLength, key),
        { Spec: var spec } => new RefBlake2(spec!, new RefBlake2Params(DigestLength, key)),
    };

    public override string ToString() => $"{Info.Name}: digest {DigestLength}, key {ModelData.Hex(Key)}";
}

/// <summary>A <see cref="HashAlgorithm"/> beside its reference: the message so far, the key, whether disposed.</summary>
internal sealed class HashAlgorithmModel
{
    private readonly HashAlgorithmConfig _config;
    private readonly HashAlgorithm _algorithm;
    private byte[] _key;
    private IRefHasher _hash;
    private bool _disposed;

    private HashAlgorithmModel(HashAlgorithmConfig config, HashAlgorithm algorithm)
        : this(config, algorithm, config.Kind >= 12 ? ((HMAC)algorithm).Key : config.Key)
    {
    }

    private HashAlgorithmModel(HashAlgorithmConfig config, HashAlgorithm algorithm, byte[] key)
    {
        _config = config;
        _algorithm = algorithm;
        _key = key;
        _hash = config.Model(key);
    }

    public HashAlgorithmModel(HashAlgorithmConfig config)
        : this(config, config.Create())
    {
    }

    public int Run(IModelOp<HashAlgorithmModel>[] operations)
    {
        try
        {
            ModelCheck.Equal(_config.DigestLength * 8, _algorithm.HashSize, "HashSize");
            if (_config.Kind >= 12)
            {
                ModelCheck.Equal(_config.Info.Spec!.BlockBytes, _key.Length, "length of the random key");
            }

            return ModelOps.Run(this, operations, () => { });
        }
        finally
        {
            _algorithm.Dispose();
        }
    }

    /// <summary>The input of an operation inside a larger array, at <paramref name="offset"/>.</summary>
    private static byte[] Framed(byte[] data, int offset) => [.. ModelCheck.Sentinel(offset), .. data, 0x5A];

    /// <summary>After Dispose every operation must throw <see cref="ObjectDisposedException"/>.</summary>
    private bool RefusedWhenDisposed(Action action)
    {
        if (_disposed)
        {
            ModelCheck.Throws<ObjectDisposedException>(action);
        }

        return _disposed;
    }

    private byte[] FinishModel(byte[] data)
    {
        _hash.Update(data);
        byte[] digest = _hash.Finish();
        _hash = _config.Model(_key);
        return digest;
    }

    public sealed record TransformBlockOp(int Length, int Seed, int Offset, int Output) : IModelOp<HashAlgorithmModel>
    {
        public void Run(HashAlgorithmModel m)
        {
            byte[] data = ModelData.Bytes(Length, Seed);
            byte[] input = Framed(data, Offset);
            byte[]? output = Output switch { 0 => null, 1 => ModelCheck.Sentinel(input.Length + 3), _ => input };
            int outputOffset = Output == 1 ? Offset + 3 : Offset;
            int returned = 0;
            if (!m.RefusedWhenDisposed(() => returned = m._algorithm.TransformBlock(input, Offset, Length, output, outputOffset)))
            {
                returned = m._algorithm.TransformBlock(input, Offset, Length, output, outputOffset);
                ModelCheck.Equal(Length, returned, "TransformBlock's result");
                if (output is not null)
                {
                    ModelCheck.Bytes(data, output.AsSpan(outputOffset, Length), "TransformBlock's copy of its input");
                }

                m._hash.Update(data);
            }
        }

        public override string ToString() => $"TransformBlock({Length} bytes (pattern {Seed}) at offset {Offset}, output {Output switch { 0 => "null", 1 => "another array", _ => "the input array" }})";
    }

    public sealed record TransformFinalBlockOp(int Length, int Seed, int Offset) : IModelOp<HashAlgorithmModel>
    {
        public void Run(HashAlgorithmModel m)
        {
            byte[] data = ModelData.Bytes(Length, Seed);
            byte[] input = Framed(data, Offset);
            if (!m.RefusedWhenDisposed(() => m._algorithm.TransformFinalBlock(input, Offset, Length)))
            {
                ModelCheck.Bytes(data, m._algorithm.TransformFinalBlock(input, Offset, Length), "TransformFinalBlock's copy of its input");
                ModelCheck.Bytes(m.FinishModel(data), m._algorithm.Hash, "Hash after TransformFinalBlock");
            }
        }

        public override string ToString() => $"TransformFinalBlock({Length} bytes (pattern {Seed}) at offset {Offset}) and Hash";
    }

    /// <summary>ComputeHash(byte[]), (byte[], int, int), (Stream), or TryComputeHash into the digest length + <see cref="Delta"/> bytes.</summary>
    public sealed record ComputeHashOp(int Length, int Seed, int Way, int Delta) : IModelOp<HashAlgorithmModel>
    {
        public void Run(HashAlgorithmModel m)
        {
            byte[] data = ModelData.Bytes(Length, Seed);
            byte[] destination = ModelCheck.Sentinel(Math.Max(0, m._config.DigestLength + Delta));
            int written = 0;
            Func<byte[]?> call = Way switch
            {
                0 => () => m._algorithm.ComputeHash(data),
                1 => () => m._algorithm.ComputeHash(Framed(data, 2), 2, Length),
                2 => () => m._algorithm.ComputeHash(new MemoryStream(data)),
                _ => () => m._algorithm.TryComputeHash(data, destination, out written) ? destination : null,
            };
            if (m.RefusedWhenDisposed(() => call()))
            {
                return;
            }

            if (Way == 3 && !LibraryBuild.OverridesHashAlgorithmSpans && m._algorithm is HMAC && destination.Length >= m._config.DigestLength)
            {
                // The netstandard2.0 build cannot override HMAC's span methods, which throw on .NET Core (LibraryBuild).
                ModelCheck.Throws<PlatformNotSupportedException>(() => call());
                return;
            }

            if (Way == 3 && destination.Length < m._config.DigestLength)
            {
                ModelCheck.Equal((null, 0), (call(), written), "TryComputeHash into a short destination (result, bytesWritten)");
                ModelCheck.Untouched(destination, 0, "short destination");
                return;
            }

            byte[] expected = m.FinishModel(data);
            byte[]? result = call();
            ModelCheck.Bytes(expected, result.AsSpan(0, expected.Length), Way == 3 ? "TryComputeHash" : "ComputeHash");
            // (Hash is not read here: after a TransformBlock, HashAlgorithm refuses it until TransformFinalBlock.)
            if (Way == 3)
            {
                ModelCheck.Equal(expected.Length, written, "bytesWritten");
                ModelCheck.Untouched(destination, expected.Length, "bytes past the digest");
            }
        }

        public override string ToString() =>
            $"{Way switch { 0 => "ComputeHash(byte[])", 1 => "ComputeHash(byte[], int, int)", 2 => "ComputeHash(Stream)", _ => $"TryComputeHash into digest length {Delta:+0;-0;+0} bytes" }} of {Length} bytes (pattern {Seed})";
    }

    public sealed record InitializeOp : IModelOp<HashAlgorithmModel>
    {
        public void Run(HashAlgorithmModel m)
        {
            if (m._disposed && m._config.Info.Spec is null)
            {
                // BLAKE3's Initialize after Dispose restarts a cleared state; what matters is that nothing works afterwards.
                try
                {
                    m._algorithm.Initialize();
                }
                catch (ObjectDisposedException)
                {
                }

                return;
            }

            if (!m.RefusedWhenDisposed(m._algorithm.Initialize))
            {
                m._algorithm.Initialize();
                m._hash = m._config.Model(m._key);
            }
        }

        public override string ToString() => "Initialize()";
    }

    /// <summary>Key = <see cref="Length"/> bytes, where the kind has a settable key: restarts the hash; longer than the kind allows refused, nothing changed.</summary>
    public sealed record SetKeyOp(int Length, int Seed) : IModelOp<HashAlgorithmModel>
    {
        public void Run(HashAlgorithmModel m)
        {
            if (!m._config.Info.Keyed || m._algorithm is not HMAC hmac)
            {
                return;
            }

            byte[] key = ModelData.Bytes(Length, Seed);
            if (m.RefusedWhenDisposed(() => hmac.Key = key))
            {
                return;
            }

            if (m._config.Info.MaxKey >= 0 && Length > m._config.Info.MaxKey)
            {
                ModelCheck.Throws<ArgumentException>(() => hmac.Key = key, "Key");
                return;
            }

            hmac.Key = key;
            // The object keeps its own copy.
            key.AsSpan().Fill(0x77);
            m._key = ModelData.Bytes(Length, Seed);
            m._hash = m._config.Model(m._key);
        }

        public override string ToString() => $"Key = {Length} bytes (pattern {Seed}), then changed by the caller";
    }

    public sealed record GetKeyOp : IModelOp<HashAlgorithmModel>
    {
        public void Run(HashAlgorithmModel m)
        {
            if (!m._config.Info.Keyed || m._algorithm is not HMAC hmac || m.RefusedWhenDisposed(() => _ = hmac.Key))
            {
                return;
            }

            byte[] key = hmac.Key;
            ModelCheck.Bytes(m._key, key, "Key");
            // A copy: changing it changes nothing.
            key.AsSpan().Fill(0x77);
        }

        public override string ToString() => "Key (get, then changed by the caller)";
    }

    public sealed record DisposeOp : IModelOp<HashAlgorithmModel>
    {
        public void Run(HashAlgorithmModel m)
        {
            m._algorithm.Dispose();
            m._disposed = true;
        }

        public override string ToString() => "Dispose()";
    }
}

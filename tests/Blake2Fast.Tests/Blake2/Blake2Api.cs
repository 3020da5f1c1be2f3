using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>A hash state that runs one kernel (the internal constructor a family's own code calls).</summary>
internal delegate TState ForcedState<TState>(scoped in Blake2Settings settings, byte kernel);

/// <summary>
/// The <see cref="Api"/> of <see cref="Blake2b"/> or <see cref="Blake2s"/>: one entry per public
/// overload. Each entry is written once and calls the overload of the same name and signature on
/// the family's type (<see cref="Facade"/>); only what the compiler alone resolves (named array
/// arguments) and what reflection cannot call (the internal constructor) come from the family.
/// </summary>
internal sealed class Blake2Api<TState, TParameters> : Api
    where TState : struct, IBlake2Incremental
    where TParameters : class, new()
{
    private readonly Facade _parameters = new(typeof(TParameters));
    private readonly ForcedState<TState> _forced;

    /// <param name="name">The algorithm's name in the vector files: blake2b or blake2s.</param>
    /// <param name="api">The public static class, Blake2b or Blake2s.</param>
    /// <param name="kernels">The family's kernels.</param>
    /// <param name="namedArrays"><c>HashData(key: k, source: m)</c> with two arrays, as a caller writes it.</param>
    /// <param name="forced">A state on a given kernel, through the internal constructor.</param>
    public Blake2Api(string name, Type api, KernelSet kernels, Func<byte[], byte[], byte[]> namedArrays, ForcedState<TState> forced)
        : base(name, new Facade(api), kernels)
    {
        _forced = forced;
        TParameters allocationParameters = NewParameters(new ParamCase(
            name, [], Key: [1, 2, 3], Salt: [4], Personalization: [5], DigestLength: 20, FanOut: 3, Depth: 4, LeafLength: 0, NodeOffset: 5, NodeDepth: 0, InnerLength: 0, LastNode: false, XofLength: -1, Expected: []));

        OneShots =
        [
            new("HashData(byte[])", false, false, (k, m, d) => F<Func<byte[], byte[]>>("HashData")(m)),
            new("HashData(ROS)", false, false, (k, m, d) => F<HashSpan>("HashData")(m)),
            new("HashData(ROS, int)", false, true, (k, m, d) => F<HashSpanToLength>("HashData")(m, d)),
            new("HashData(key:, source:) arrays", true, false, (k, m, d) => namedArrays(k, m)),
            new("HashData(ROS, ROS)", true, false, (k, m, d) => F<HashKeyed>("HashData")(k, m)),
            new("HashData(ROS, ROS, int)", true, true, (k, m, d) => F<HashKeyedToLength>("HashData")(k, m, d)),
            new("HashData(params, ROS)", true, true, (k, m, d) => F<HashWith<TParameters>>("HashData")(NewParameters(k, d), m)),
            new("HashData(ROS, Span)", false, true, (k, m, d) => Into(d, o => F<HashInto>("HashData")(m, o))),
            new("HashData(ROS, ROS, Span)", true, true, (k, m, d) => Into(d, o => F<HashKeyedInto>("HashData")(k, m, o))),
            new("HashData(params, ROS, Span)", true, true, (k, m, d) => Into(d, o => F<HashWithInto<TParameters>>("HashData")(NewParameters(k, d), m, o))),
            new("TryHashData(ROS, Span)", false, false, (k, m, d) => TryInto(d, o => (F<TryHashInto>("TryHashData")(m, o, out int w), w))),
            new("TryHashData(ROS, ROS, Span)", true, false, (k, m, d) => TryInto(d, o => (F<TryHashKeyedInto>("TryHashData")(k, m, o, out int w), w))),
            new("TryHashData(params, ROS, Span)", true, true, (k, m, d) => TryInto(d, o => (F<TryHashWithInto<TParameters>>("TryHashData")(NewParameters(k, d), m, o, out int w), w))),
            new("HashData(Stream)", false, false, (k, m, d) => F<Func<Stream, byte[]>>("HashData")(new MemoryStream(m))),
            new("HashData(Stream) short reads", false, false, (k, m, d) => F<Func<Stream, byte[]>>("HashData")(new ShortReadStream(m))),
            new("HashData(Stream, Span)", false, true, (k, m, d) => Into(d, o => F<HashStreamInto>("HashData")(new MemoryStream(m), o))),
            new("HashData(Stream, Span) short reads", false, true, (k, m, d) => Into(d, o => F<HashStreamInto>("HashData")(new ShortReadStream(m), o))),
            new("HashData(ROS, Stream)", true, false, (k, m, d) => F<HashKeyedRead>("HashData")(k, new ShortReadStream(m))),
            new("HashData(params, Stream)", true, true, (k, m, d) => F<Func<TParameters, Stream, byte[]>>("HashData")(NewParameters(k, d), new ShortReadStream(m))),
            new("HashDataAsync(Stream)", false, false, (k, m, d) => Wait(HashAsync(new MemoryStream(m)))),
            new("HashDataAsync(Stream) short reads", false, false, (k, m, d) => Wait(HashAsync(new ShortReadStream(m)))),
            new("HashDataAsync(Stream, Memory)", false, true, (k, m, d) => IntoAsync(d, o => HashIntoAsync(new MemoryStream(m), o))),
            new("HashDataAsync(Stream, Memory) short reads", false, true, (k, m, d) => IntoAsync(d, o => HashIntoAsync(new ShortReadStream(m), o))),
            new("HashDataAsync(ROM, Stream)", true, false, (k, m, d) => Wait(HashKeyedAsync(k, new ShortReadStream(m)))),
            new("HashDataAsync(params, Stream)", true, true, (k, m, d) => Wait(HashWithAsync(NewParameters(k, d), new ShortReadStream(m)))),
            new("ComputeHash(ROS)", false, false, (k, m, d) => F<HashSpan>("ComputeHash")(m)),
            new("ComputeHash(int, ROS)", false, true, (k, m, d) => F<ComputeToLength>("ComputeHash")(d, m)),
            new("ComputeHash(ROS, ROS)", true, false, (k, m, d) => F<HashKeyed>("ComputeHash")(k, m)),
            new("ComputeHash(int, ROS, ROS)", true, true, (k, m, d) => F<ComputeKeyedToLength>("ComputeHash")(d, k, m)),
            new("ComputeAndWriteHash(ROS, Span)", false, false, (k, m, d) => Into(d, o => F<WriteHash>("ComputeAndWriteHash")(m, o))),
            new("ComputeAndWriteHash(int, ROS, Span)", false, true, (k, m, d) => Into(d, o => F<WriteHashToLength>("ComputeAndWriteHash")(d, m, o))),
            new("ComputeAndWriteHash(ROS, ROS, Span)", true, false, (k, m, d) => Into(d, o => F<WriteKeyedHash>("ComputeAndWriteHash")(k, m, o))),
            new("ComputeAndWriteHash(int, ROS, ROS, Span)", true, true, (k, m, d) => Into(d, o => F<WriteKeyedHashToLength>("ComputeAndWriteHash")(d, k, m, o))),
            new("CreateIncrementalHasher(int, ROS).Finish()", true, true, (k, m, d) =>
            {
                TState state = F<KeyedStateToLength<TState>>("CreateIncrementalHasher")(d, k);
                state.Update(m);
                return state.Finish();
            }),
            new("CreateIncrementalHasher(params).Finish(Span)", true, true, (k, m, d) =>
            {
                TState state = F<Func<TParameters, TState>>("CreateIncrementalHasher")(NewParameters(k, d));
                state.Update(m);
                return Into(d, o => State<StateFinishInto<TState>>("Finish")(ref state, o));
            }),
            new("HashAlgorithm.ComputeHash(byte[])", false, true, (k, m, d) =>
            {
                using HashAlgorithm h = CreateHashAlgorithm(d);
                return h.ComputeHash(m);
            }),
            new("CreateHashAlgorithm().ComputeHash(Stream)", false, false, (k, m, d) =>
            {
                // The parameter's default, as a call without it gets.
                using HashAlgorithm h = CreateHashAlgorithm(DefaultDigestLength);
                return h.ComputeHash(new ShortReadStream(m));
            }),
            new("CreateHMAC(ROS).ComputeHash(byte[], int, int)", true, false, (k, m, d) =>
            {
                using HMAC h = F<KeyedHmac>("CreateHMAC")(k);
                byte[] padded = [0xEE, .. m, 0xEE];
                return h.ComputeHash(padded, 1, m.Length);
            }),
            // HashAlgorithm's span methods: absent from the netstandard2.0 build on .NET Core (see LibraryBuild).
            .. (LibraryBuild.OverridesHashAlgorithmSpans ?
            (OneShotSurface[])[
                new("CreateHMAC(int, ROS).TryComputeHash", true, true, (k, m, d) =>
                {
                    using HMAC h = CreateHMAC(d, k);
                    return TryInto(d, o => (h.TryComputeHash(m, o, out int w), w));
                }),
                ] : []),
            new("CreateHMAC TransformBlock", true, true, (k, m, d) =>
            {
                using HMAC h = CreateHMAC(d, k);
                return HashAlgorithmDriver.TransformInPieces(h, m);
            }),
            new("CryptoStream over CreateHMAC", true, true, (k, m, d) =>
            {
                using HMAC h = CreateHMAC(d, k);
                return HashAlgorithmDriver.ThroughCryptoStream(h, m);
            }),
        ];

        Writers =
        [
            new("HashData(ROS, Span)", DestinationRule.IsDigestLength, false, true, "destination", (k, d, m, o) => F<HashInto>("HashData")(m.AsSpan(), o.AsSpan())),
            new("HashData(ROS, ROS, Span)", DestinationRule.IsDigestLength, true, true, "destination", (k, d, m, o) => F<HashKeyedInto>("HashData")(k, m.AsSpan(), o.AsSpan())),
            new("HashData(Stream, Span)", DestinationRule.IsDigestLength, false, true, "destination", (k, d, m, o) => F<HashStreamInto>("HashData")(Stream(m), o.AsSpan())),
            new("HashDataAsync(Stream, Memory)", DestinationRule.IsDigestLength, false, true, "destination", (k, d, m, o) => Wait(HashIntoAsync(Stream(m), o.AsMemory()))),
            new("HashData(params, ROS, Span)", DestinationRule.AtLeastDigestOrThrow, true, true, "destination", (k, d, m, o) => F<HashWithInto<TParameters>>("HashData")(NewParameters(k, d), m.AsSpan(), o.AsSpan())),
            new("ComputeAndWriteHash(ROS, Span)", DestinationRule.AtLeastDigestOrThrow, false, false, "output", (k, d, m, o) => Written(d, () => F<WriteHash>("ComputeAndWriteHash")(m.AsSpan(), o.AsSpan()))),
            new("ComputeAndWriteHash(int, ROS, Span)", DestinationRule.AtLeastDigestOrThrow, false, true, "output", (k, d, m, o) => Written(d, () => F<WriteHashToLength>("ComputeAndWriteHash")(d, m.AsSpan(), o.AsSpan()))),
            new("ComputeAndWriteHash(ROS, ROS, Span)", DestinationRule.AtLeastDigestOrThrow, true, false, "output", (k, d, m, o) => Written(d, () => F<WriteKeyedHash>("ComputeAndWriteHash")(k, m.AsSpan(), o.AsSpan()))),
            new("ComputeAndWriteHash(int, ROS, ROS, Span)", DestinationRule.AtLeastDigestOrThrow, true, true, "output", (k, d, m, o) => Written(d, () => F<WriteKeyedHashToLength>("ComputeAndWriteHash")(d, k, m.AsSpan(), o.AsSpan()))),
            new($"{typeof(TState).Name}.Finish(Span)", DestinationRule.AtLeastDigestOrThrow, true, true, "destination", (k, d, m, o) =>
            {
                TState state = F<KeyedStateToLength<TState>>("CreateIncrementalHasher")(d, k);
                State<StateUpdate<TState>>("Update")(ref state, m.AsSpan());
                return State<StateFinishInto<TState>>("Finish")(ref state, o.AsSpan());
            }),
            new("TryHashData(ROS, Span)", DestinationRule.AtLeastDigestOrFalse, false, false, null, (k, d, m, o) => F<TryHashInto>("TryHashData")(m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w)),
            new("TryHashData(ROS, ROS, Span)", DestinationRule.AtLeastDigestOrFalse, true, false, null, (k, d, m, o) => F<TryHashKeyedInto>("TryHashData")(k, m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w)),
            new("TryHashData(params, ROS, Span)", DestinationRule.AtLeastDigestOrFalse, true, true, null, (k, d, m, o) => F<TryHashWithInto<TParameters>>("TryHashData")(NewParameters(k, d), m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w)),
            new($"{typeof(TState).Name}.TryFinish(Span)", DestinationRule.AtLeastDigestOrFalse, true, true, null, (k, d, m, o) =>
            {
                TState state = F<Func<TParameters, TState>>("CreateIncrementalHasher")(NewParameters(k, d));
                State<StateUpdate<TState>>("Update")(ref state, m.AsSpan());
                return state.TryFinish(o.AsSpan(), out int w) ? w : Failed(w);
            }),
            // HashAlgorithm's span methods: absent from the netstandard2.0 build on .NET Core (see LibraryBuild).
            .. (LibraryBuild.OverridesHashAlgorithmSpans ?
            (DestinationWriter[])[
                new("CreateHashAlgorithm(int).TryComputeHash", DestinationRule.AtLeastDigestOrFalse, false, true, null, (k, d, m, o) =>
                {
                    using HashAlgorithm h = CreateHashAlgorithm(d);
                    return h.TryComputeHash(m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w);
                }),
                new("CreateHMAC(int, ROS).TryComputeHash", DestinationRule.AtLeastDigestOrFalse, true, true, null, (k, d, m, o) =>
                {
                    using HMAC h = CreateHMAC(d, k);
                    return h.TryComputeHash(m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w);
                }),
                ] : []),
        ];

        DigestLengthTakers =
        [
            ("HashData(ROS, int)", d => F<HashSpanToLength>("HashData")([], d)),
            ("HashData(ROS, ROS, int)", d => F<HashKeyedToLength>("HashData")([], [], d)),
            ("ComputeHash(int, ROS)", d => F<ComputeToLength>("ComputeHash")(d, [])),
            ("ComputeHash(int, ROS, ROS)", d => F<ComputeKeyedToLength>("ComputeHash")(d, [], [])),
            ("ComputeAndWriteHash(int, ROS, Span)", d => F<WriteHashToLength>("ComputeAndWriteHash")(d, [], new byte[100])),
            ("ComputeAndWriteHash(int, ROS, ROS, Span)", d => F<WriteKeyedHashToLength>("ComputeAndWriteHash")(d, [], [], new byte[100])),
            ("CreateIncrementalHasher(int)", d => F<Func<int, TState>>("CreateIncrementalHasher")(d)),
            ("CreateIncrementalHasher(int, ROS)", d => F<KeyedStateToLength<TState>>("CreateIncrementalHasher")(d, [])),
            ("CreateHashAlgorithm(int)", d => CreateHashAlgorithm(d).Dispose()),
            ("CreateHMAC(int, ROS)", d => F<KeyedHmacToLength>("CreateHMAC")(d, []).Dispose()),
        ];

        KeyTakers =
        [
            ("HashData(key:, source:) arrays", k => namedArrays(k, [])),
            ("HashData(ROS, ROS)", k => F<HashKeyed>("HashData")(k, [])),
            ("HashData(ROS, ROS, int)", k => F<HashKeyedToLength>("HashData")(k, [], 10)),
            ("HashData(ROS, ROS, Span)", k => F<HashKeyedInto>("HashData")(k, [], new byte[10])),
            ("TryHashData(ROS, ROS, Span)", k => F<TryHashKeyedInto>("TryHashData")(k, [], new byte[100], out _)),
            ("HashData(ROS, Stream)", k => F<HashKeyedRead>("HashData")(k, new MemoryStream())),
            ("HashDataAsync(ROM, Stream)", k => Wait(HashKeyedAsync(k, new MemoryStream()))),
            ("ComputeHash(ROS, ROS)", k => F<HashKeyed>("ComputeHash")(k, [])),
            ("ComputeHash(int, ROS, ROS)", k => F<ComputeKeyedToLength>("ComputeHash")(10, k, [])),
            ("ComputeAndWriteHash(ROS, ROS, Span)", k => F<WriteKeyedHash>("ComputeAndWriteHash")(k, [], new byte[100])),
            ("ComputeAndWriteHash(int, ROS, ROS, Span)", k => F<WriteKeyedHashToLength>("ComputeAndWriteHash")(10, k, [], new byte[100])),
            ("CreateIncrementalHasher(ROS)", k => F<KeyedState<TState>>("CreateIncrementalHasher")(k)),
            ("CreateIncrementalHasher(int, ROS)", k => F<KeyedStateToLength<TState>>("CreateIncrementalHasher")(10, k)),
            ("CreateHMAC(ROS)", k => F<KeyedHmac>("CreateHMAC")(k).Dispose()),
            ("CreateHMAC(int, ROS)", k => CreateHMAC(10, k).Dispose()),
        ];

        StreamReaders =
        [
            ("HashData(Stream)", false, (s, k) => F<Func<Stream, byte[]>>("HashData")(s)),
            ("HashData(Stream, Span)", false, (s, k) => F<HashStreamInto>("HashData")(s, new byte[10])),
            ("HashData(ROS, Stream)", false, (s, k) => F<HashKeyedRead>("HashData")(k, s)),
            ("HashData(params, Stream)", false, (s, k) => F<Func<TParameters, Stream, byte[]>>("HashData")(NewParameters(k, 10), s)),
            ("HashDataAsync(Stream)", true, (s, k) => HashAsync(s).AsTask()),
            ("HashDataAsync(Stream, Memory)", true, (s, k) => HashIntoAsync(s, new byte[10]).AsTask()),
            ("HashDataAsync(ROM, Stream)", true, (s, k) => HashKeyedAsync(k, s).AsTask()),
            ("HashDataAsync(params, Stream)", true, (s, k) => HashWithAsync(NewParameters(k, 10), s).AsTask()),
        ];

        NonAllocating =
        [
            ("HashData(ROS, Span)", (m, o, k) => F<HashInto>("HashData")(m, o.AsSpan())),
            ("HashData(ROS, ROS, Span)", (m, o, k) => F<HashKeyedInto>("HashData")(k, m, o)),
            ("HashData(params, ROS, Span)", (m, o, k) => F<HashWithInto<TParameters>>("HashData")(allocationParameters, m, o)),
            ("TryHashData(ROS, Span)", (m, o, k) => F<TryHashInto>("TryHashData")(m, o, out _)),
            ("TryHashData(ROS, ROS, Span)", (m, o, k) => F<TryHashKeyedInto>("TryHashData")(k, m, o, out _)),
            ("TryHashData(params, ROS, Span)", (m, o, k) => F<TryHashWithInto<TParameters>>("TryHashData")(allocationParameters, m, o, out _)),
            ("ComputeAndWriteHash(ROS, Span)", (m, o, k) => F<WriteHash>("ComputeAndWriteHash")(m, o)),
            ("ComputeAndWriteHash(int, ROS, Span)", (m, o, k) => F<WriteHashToLength>("ComputeAndWriteHash")(17, m, o)),
            ("ComputeAndWriteHash(ROS, ROS, Span)", (m, o, k) => F<WriteKeyedHash>("ComputeAndWriteHash")(k, m, o)),
            ("ComputeAndWriteHash(int, ROS, ROS, Span)", (m, o, k) => F<WriteKeyedHashToLength>("ComputeAndWriteHash")(17, k, m, o)),
            ("incremental Update / Update<T> / Reset / Finish(Span)", (m, o, k) =>
            {
                TState state = F<KeyedStateToLength<TState>>("CreateIncrementalHasher")(o.Length, k);
                state.Update(m);
                State<StateAction<TState>>("Reset")(ref state);
                state.Update(m);
                state.Update(42UL);
                state.Update<int>(MemoryMarshal.Cast<byte, int>(m.AsSpan()));
                state.Update(new ArraySegment<byte>(m, 1, 3));
                State<StateUpdate<TState>>("Update")(ref state, m.AsSpan(0, 1));
                State<StateFinishInto<TState>>("Finish")(ref state, o);
            }),
            ("incremental with parameters, TryFinish", (m, o, k) =>
            {
                TState state = F<Func<TParameters, TState>>("CreateIncrementalHasher")(allocationParameters);
                state.Update(m);
                state.TryFinish(o, out _);
            }),
            ("incremental Clear", (m, o, k) =>
            {
                TState state = F<KeyedState<TState>>("CreateIncrementalHasher")(k);
                state.Update(m);
                State<StateAction<TState>>("Clear")(ref state);
            }),
        ];

        HasherFactories =
        [
            ("CreateIncrementalHasher()", (k, d) => k.Length == 0 && d == DefaultDigestLength ? Wrap(F<Func<TState>>("CreateIncrementalHasher")()) : null),
            ("CreateIncrementalHasher(int)", (k, d) => k.Length == 0 ? Wrap(F<Func<int, TState>>("CreateIncrementalHasher")(d)) : null),
            ("CreateIncrementalHasher(ROS)", (k, d) => d == DefaultDigestLength ? Wrap(F<KeyedState<TState>>("CreateIncrementalHasher")(k)) : null),
            ("CreateIncrementalHasher(int, ROS)", (k, d) => Wrap(F<KeyedStateToLength<TState>>("CreateIncrementalHasher")(d, k))),
            ("CreateIncrementalHasher(params)", (k, d) => Wrap(F<Func<TParameters, TState>>("CreateIncrementalHasher")(NewParameters(k, d)))),
        ];
    }

    public override IHasher CreateHasher(byte[] key, int digestLength) => Wrap(F<KeyedStateToLength<TState>>("CreateIncrementalHasher")(digestLength, key));

    public override IHasher CreateHasher(ParamCase c) => Wrap(F<Func<TParameters, TState>>("CreateIncrementalHasher")(NewParameters(c)));

    internal override IHasher CreateHasher(scoped in Blake2Settings settings, byte kernel) => Wrap(_forced(settings, kernel));

    public override byte[] HashWithParameters(ParamCase c, byte[] input) => F<HashWith<TParameters>>("HashData")(NewParameters(c), input);

    public override IHasher DefaultHasher() => Wrap(default);

    public override HashAlgorithm CreateHashAlgorithm(int digestLength) => F<Func<int, HashAlgorithm>>("CreateHashAlgorithm")(digestLength);

    public override HMAC CreateHMAC(int digestLength, byte[] key) => F<KeyedHmacToLength>("CreateHMAC")(digestLength, key);

    public override object Parameters(byte[] key, int digestLength) => NewParameters(key, digestLength);

    internal override Blake2Settings Settings(ParamCase c) => _parameters.Method<SettingsOf>("ToSettings")(NewParameters(c));

    private static IHasher Wrap(TState state) => new StateHasher<TState>(state);

    private static MemoryStream Stream(ArraySegment<byte> m) => new(m.Array!, m.Offset, m.Count, writable: false);

    private static T Wait<T>(ValueTask<T> pending) => pending.AsTask().GetAwaiter().GetResult();

    private static int Written(int digestLength, Action write)
    {
        write();
        return digestLength;
    }

    private static int Failed(int written)
    {
        Assert.Equal(0, written);
        return -1;
    }

    private delegate Blake2Settings SettingsOf(TParameters parameters);

    private delegate void Writer(Span<byte> destination);

    private delegate (bool Ok, int Written) TryWriter(Span<byte> destination);

    private static byte[] Into(int digestLength, Writer write)
    {
        byte[] output = new byte[digestLength];
        write(output);
        return output;
    }

    private static byte[] TryInto(int digestLength, TryWriter write)
    {
        byte[] output = new byte[digestLength];
        (bool ok, int written) = write(output);
        Assert.True(ok);
        Assert.Equal(digestLength, written);
        return output;
    }

    private static byte[] IntoAsync(int digestLength, Func<Memory<byte>, ValueTask<int>> write)
    {
        byte[] output = new byte[digestLength];
        Assert.Equal(digestLength, Wait(write(output)));
        return output;
    }

    /// <summary>The family's static method <paramref name="name"/> of the signature <typeparamref name="T"/>.</summary>
    private T F<T>(string name) where T : Delegate => Type.Method<T>(name);

    /// <summary>The hash state's own method <paramref name="name"/>, taking the state by reference.</summary>
    private static T State<T>(string name) where T : Delegate => StateHasher<TState>.Methods.Method<T>(name);

    private ValueTask<byte[]> HashAsync(Stream source) =>
        F<Func<Stream, CancellationToken, ValueTask<byte[]>>>("HashDataAsync")(source, default);

    private ValueTask<int> HashIntoAsync(Stream source, Memory<byte> destination) =>
        F<Func<Stream, Memory<byte>, CancellationToken, ValueTask<int>>>("HashDataAsync")(source, destination, default);

    private ValueTask<byte[]> HashKeyedAsync(ReadOnlyMemory<byte> key, Stream source) =>
        F<Func<ReadOnlyMemory<byte>, Stream, CancellationToken, ValueTask<byte[]>>>("HashDataAsync")(key, source, default);

    private ValueTask<byte[]> HashWithAsync(TParameters parameters, Stream source) =>
        F<Func<TParameters, Stream, CancellationToken, ValueTask<byte[]>>>("HashDataAsync")(parameters, source, default);

    private TParameters NewParameters(byte[] key, int digestLength, ParamCase? c)
    {
        var parameters = new TParameters();
        Set(parameters, "DigestLength", digestLength);
        Set(parameters, "Key", (ReadOnlyMemory<byte>)key);
        if (c is not null)
        {
            Set(parameters, "Salt", (ReadOnlyMemory<byte>)c.Salt);
            Set(parameters, "Personalization", (ReadOnlyMemory<byte>)c.Personalization);
            Set(parameters, "FanOut", c.FanOut);
            Set(parameters, "MaxDepth", c.Depth);
            Set(parameters, "LeafLength", c.LeafLength);
            Set(parameters, "NodeOffset", c.NodeOffset);
            Set(parameters, "NodeDepth", c.NodeDepth);
            Set(parameters, "InnerLength", c.InnerLength);
            Set(parameters, "IsLastNode", c.LastNode);
        }

        return parameters;
    }

    private TParameters NewParameters(byte[] key, int digestLength) => NewParameters(key, digestLength, null);

    private TParameters NewParameters(ParamCase c) => NewParameters(c.Key, c.DigestLength, c);

    /// <summary>Sets an init-only property of the parameters class, as an object initializer does (its checks throw as they are).</summary>
    private void Set<TValue>(TParameters parameters, string property, TValue value) =>
        _parameters.Method<Action<TParameters, TValue>>("set_" + property)(parameters, value);
}

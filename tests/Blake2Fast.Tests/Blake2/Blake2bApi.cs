using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using System.Security.Cryptography;

namespace Blake2Fast.Tests;

/// <summary>The <see cref="Api"/> of <see cref="Blake2b"/>: one entry per public overload.</summary>
public sealed class Blake2bApi : Api
{
    public override string Name => "blake2b";
    public override int DefaultDigestLength => Blake2b.DefaultDigestLength;
    public override int MaxDigestLength => Blake2b.MaxDigestLength;
    public override int MaxKeyLength => Blake2b.MaxKeyLength;
    public override int BlockLength => Blake2b.BlockLength;
    public override int SaltLength => Blake2b.SaltLength;
    public override int PersonalizationLength => Blake2b.PersonalizationLength;

    public static Blake2bParameters Parameters(byte[] key, int digestLength) => new() { DigestLength = digestLength, Key = key };

    public static Blake2bParameters Parameters(ParamCase c) => new()
    {
        DigestLength = c.DigestLength,
        Key = c.Key,
        Salt = c.Salt,
        Personalization = c.Personalization,
        FanOut = c.FanOut,
        MaxDepth = c.Depth,
        LeafLength = c.LeafLength,
        NodeOffset = c.NodeOffset,
        NodeDepth = c.NodeDepth,
        InnerLength = c.InnerLength,
        IsLastNode = c.LastNode,
    };

    public override IReadOnlyList<OneShotSurface> OneShots { get; } =
    [
        new("HashData(byte[])", false, false, (k, m, d) => Blake2b.HashData(m)),
        new("HashData(ROS)", false, false, (k, m, d) => Blake2b.HashData((ReadOnlySpan<byte>)m)),
        new("HashData(ROS, int)", false, true, (k, m, d) => Blake2b.HashData(m, d)),
        new("HashData(key:, source:) arrays", true, false, (k, m, d) => Blake2b.HashData(key: k, source: m)),
        new("HashData(ROS, ROS)", true, false, (k, m, d) => Blake2b.HashData((ReadOnlySpan<byte>)k, (ReadOnlySpan<byte>)m)),
        new("HashData(ROS, ROS, int)", true, true, (k, m, d) => Blake2b.HashData(k, m, d)),
        new("HashData(params, ROS)", true, true, (k, m, d) => Blake2b.HashData(Parameters(k, d), m)),
        new("HashData(ROS, Span)", false, true, (k, m, d) => Into(d, o => Blake2b.HashData(m, o))),
        new("HashData(ROS, ROS, Span)", true, true, (k, m, d) => Into(d, o => Blake2b.HashData(k, m, o))),
        new("HashData(params, ROS, Span)", true, true, (k, m, d) => Into(d, o => Blake2b.HashData(Parameters(k, d), m, o))),
        new("TryHashData(ROS, Span)", false, false, (k, m, d) => TryInto(d, o => (Blake2b.TryHashData(m, o, out int w), w))),
        new("TryHashData(ROS, ROS, Span)", true, false, (k, m, d) => TryInto(d, o => (Blake2b.TryHashData(k, m, o, out int w), w))),
        new("TryHashData(params, ROS, Span)", true, true, (k, m, d) => TryInto(d, o => (Blake2b.TryHashData(Parameters(k, d), m, o, out int w), w))),
        new("HashData(Stream)", false, false, (k, m, d) => Blake2b.HashData(new MemoryStream(m))),
        new("HashData(Stream) short reads", false, false, (k, m, d) => Blake2b.HashData(new ShortReadStream(m))),
        new("HashData(Stream, Span)", false, true, (k, m, d) => Into(d, o => Blake2b.HashData(new MemoryStream(m), o))),
        new("HashData(Stream, Span) short reads", false, true, (k, m, d) => Into(d, o => Blake2b.HashData(new ShortReadStream(m), o))),
        new("HashData(ROS, Stream)", true, false, (k, m, d) => Blake2b.HashData(k, new ShortReadStream(m))),
        new("HashData(params, Stream)", true, true, (k, m, d) => Blake2b.HashData(Parameters(k, d), new ShortReadStream(m))),
        new("HashDataAsync(Stream)", false, false, (k, m, d) => Blake2b.HashDataAsync(new MemoryStream(m)).AsTask().GetAwaiter().GetResult()),
        new("HashDataAsync(Stream) short reads", false, false, (k, m, d) => Blake2b.HashDataAsync(new ShortReadStream(m)).AsTask().GetAwaiter().GetResult()),
        new("HashDataAsync(Stream, Memory)", false, true, (k, m, d) => IntoAsync(d, o => Blake2b.HashDataAsync(new MemoryStream(m), o))),
        new("HashDataAsync(Stream, Memory) short reads", false, true, (k, m, d) => IntoAsync(d, o => Blake2b.HashDataAsync(new ShortReadStream(m), o))),
        new("HashDataAsync(ROM, Stream)", true, false, (k, m, d) => Blake2b.HashDataAsync(k, new ShortReadStream(m)).AsTask().GetAwaiter().GetResult()),
        new("HashDataAsync(params, Stream)", true, true, (k, m, d) => Blake2b.HashDataAsync(Parameters(k, d), new ShortReadStream(m)).AsTask().GetAwaiter().GetResult()),
        new("ComputeHash(ROS)", false, false, (k, m, d) => Blake2b.ComputeHash(m)),
        new("ComputeHash(int, ROS)", false, true, (k, m, d) => Blake2b.ComputeHash(d, m)),
        new("ComputeHash(ROS, ROS)", true, false, (k, m, d) => Blake2b.ComputeHash(k, m)),
        new("ComputeHash(int, ROS, ROS)", true, true, (k, m, d) => Blake2b.ComputeHash(d, k, m)),
        new("ComputeAndWriteHash(ROS, Span)", false, false, (k, m, d) => Into(d, o => Blake2b.ComputeAndWriteHash(m, o))),
        new("ComputeAndWriteHash(int, ROS, Span)", false, true, (k, m, d) => Into(d, o => Blake2b.ComputeAndWriteHash(d, m, o))),
        new("ComputeAndWriteHash(ROS, ROS, Span)", true, false, (k, m, d) => Into(d, o => Blake2b.ComputeAndWriteHash(k, m, o))),
        new("ComputeAndWriteHash(int, ROS, ROS, Span)", true, true, (k, m, d) => Into(d, o => Blake2b.ComputeAndWriteHash(d, k, m, o))),
        new("CreateIncrementalHasher(int, ROS).Finish()", true, true, (k, m, d) =>
        {
            Blake2bHashState state = Blake2b.CreateIncrementalHasher(d, k);
            state.Update(m);
            return state.Finish();
        }),
        new("CreateIncrementalHasher(params).Finish(Span)", true, true, (k, m, d) =>
        {
            Blake2bHashState state = Blake2b.CreateIncrementalHasher(Parameters(k, d));
            state.Update(m);
            return Into(d, o => state.Finish(o));
        }),
        new("HashAlgorithm.ComputeHash(byte[])", false, true, (k, m, d) =>
        {
            using HashAlgorithm h = Blake2b.CreateHashAlgorithm(d);
            return h.ComputeHash(m);
        }),
        new("CreateHashAlgorithm().ComputeHash(Stream)", false, false, (k, m, d) =>
        {
            using HashAlgorithm h = Blake2b.CreateHashAlgorithm();
            return h.ComputeHash(new ShortReadStream(m));
        }),
        new("CreateHMAC(ROS).ComputeHash(byte[], int, int)", true, false, (k, m, d) =>
        {
            using HMAC h = Blake2b.CreateHMAC(k);
            byte[] padded = [0xEE, .. m, 0xEE];
            return h.ComputeHash(padded, 1, m.Length);
        }),
        // HashAlgorithm's span methods: absent from the netstandard2.0 build on .NET Core (see LibraryBuild).
        .. (LibraryBuild.OverridesHashAlgorithmSpans ?
        (OneShotSurface[])[
            new("CreateHMAC(int, ROS).TryComputeHash", true, true, (k, m, d) =>
            {
                using HMAC h = Blake2b.CreateHMAC(d, k);
                return TryInto(d, o => (h.TryComputeHash(m, o, out int w), w));
            }),
            ] : []),
        new("CreateHMAC TransformBlock", true, true, (k, m, d) =>
        {
            using HMAC h = Blake2b.CreateHMAC(d, k);
            return HashAlgorithmDriver.TransformInPieces(h, m);
        }),
        new("CryptoStream over CreateHMAC", true, true, (k, m, d) =>
        {
            using HMAC h = Blake2b.CreateHMAC(d, k);
            return HashAlgorithmDriver.ThroughCryptoStream(h, m);
        }),
    ];

    public override IReadOnlyList<DestinationWriter> Writers { get; } =
    [
        new("HashData(ROS, Span)", DestinationRule.IsDigestLength, false, true, "destination", (k, d, m, o) => Blake2b.HashData(m.AsSpan(), o.AsSpan())),
        new("HashData(ROS, ROS, Span)", DestinationRule.IsDigestLength, true, true, "destination", (k, d, m, o) => Blake2b.HashData(k, m.AsSpan(), o.AsSpan())),
        new("HashData(Stream, Span)", DestinationRule.IsDigestLength, false, true, "destination", (k, d, m, o) => Blake2b.HashData(Stream(m), o.AsSpan())),
        new("HashDataAsync(Stream, Memory)", DestinationRule.IsDigestLength, false, true, "destination", (k, d, m, o) => Blake2b.HashDataAsync(Stream(m), o.AsMemory()).AsTask().GetAwaiter().GetResult()),
        new("HashData(params, ROS, Span)", DestinationRule.AtLeastDigestOrThrow, true, true, "destination", (k, d, m, o) => Blake2b.HashData(Parameters(k, d), m.AsSpan(), o.AsSpan())),
        new("ComputeAndWriteHash(ROS, Span)", DestinationRule.AtLeastDigestOrThrow, false, false, "output", (k, d, m, o) => Written(d, () => Blake2b.ComputeAndWriteHash(m.AsSpan(), o.AsSpan()))),
        new("ComputeAndWriteHash(int, ROS, Span)", DestinationRule.AtLeastDigestOrThrow, false, true, "output", (k, d, m, o) => Written(d, () => Blake2b.ComputeAndWriteHash(d, m.AsSpan(), o.AsSpan()))),
        new("ComputeAndWriteHash(ROS, ROS, Span)", DestinationRule.AtLeastDigestOrThrow, true, false, "output", (k, d, m, o) => Written(d, () => Blake2b.ComputeAndWriteHash(k, m.AsSpan(), o.AsSpan()))),
        new("ComputeAndWriteHash(int, ROS, ROS, Span)", DestinationRule.AtLeastDigestOrThrow, true, true, "output", (k, d, m, o) => Written(d, () => Blake2b.ComputeAndWriteHash(d, k, m.AsSpan(), o.AsSpan()))),
        new("Blake2bHashState.Finish(Span)", DestinationRule.AtLeastDigestOrThrow, true, true, "destination", (k, d, m, o) =>
        {
            Blake2bHashState state = Blake2b.CreateIncrementalHasher(d, k);
            state.Update(m.AsSpan());
            return state.Finish(o.AsSpan());
        }),
        new("TryHashData(ROS, Span)", DestinationRule.AtLeastDigestOrFalse, false, false, null, (k, d, m, o) => Blake2b.TryHashData(m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w)),
        new("TryHashData(ROS, ROS, Span)", DestinationRule.AtLeastDigestOrFalse, true, false, null, (k, d, m, o) => Blake2b.TryHashData(k, m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w)),
        new("TryHashData(params, ROS, Span)", DestinationRule.AtLeastDigestOrFalse, true, true, null, (k, d, m, o) => Blake2b.TryHashData(Parameters(k, d), m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w)),
        new("Blake2bHashState.TryFinish(Span)", DestinationRule.AtLeastDigestOrFalse, true, true, null, (k, d, m, o) =>
        {
            Blake2bHashState state = Blake2b.CreateIncrementalHasher(Parameters(k, d));
            state.Update(m.AsSpan());
            return state.TryFinish(o.AsSpan(), out int w) ? w : Failed(w);
        }),
        // HashAlgorithm's span methods: absent from the netstandard2.0 build on .NET Core (see LibraryBuild).
        .. (LibraryBuild.OverridesHashAlgorithmSpans ?
        (DestinationWriter[])[
            new("CreateHashAlgorithm(int).TryComputeHash", DestinationRule.AtLeastDigestOrFalse, false, true, null, (k, d, m, o) =>
            {
                using HashAlgorithm h = Blake2b.CreateHashAlgorithm(d);
                return h.TryComputeHash(m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w);
            }),
            new("CreateHMAC(int, ROS).TryComputeHash", DestinationRule.AtLeastDigestOrFalse, true, true, null, (k, d, m, o) =>
            {
                using HMAC h = Blake2b.CreateHMAC(d, k);
                return h.TryComputeHash(m.AsSpan(), o.AsSpan(), out int w) ? w : Failed(w);
            }),
            ] : []),
    ];

    public override IReadOnlyList<(string Name, Action<int> Call)> DigestLengthTakers { get; } =
    [
        ("HashData(ROS, int)", d => Blake2b.HashData([], d)),
        ("HashData(ROS, ROS, int)", d => Blake2b.HashData([], [], d)),
        ("ComputeHash(int, ROS)", d => Blake2b.ComputeHash(d, [])),
        ("ComputeHash(int, ROS, ROS)", d => Blake2b.ComputeHash(d, [], [])),
        ("ComputeAndWriteHash(int, ROS, Span)", d => Blake2b.ComputeAndWriteHash(d, [], new byte[100])),
        ("ComputeAndWriteHash(int, ROS, ROS, Span)", d => Blake2b.ComputeAndWriteHash(d, [], [], new byte[100])),
        ("CreateIncrementalHasher(int)", d => Blake2b.CreateIncrementalHasher(d)),
        ("CreateIncrementalHasher(int, ROS)", d => Blake2b.CreateIncrementalHasher(d, [])),
        ("CreateHashAlgorithm(int)", d => Blake2b.CreateHashAlgorithm(d).Dispose()),
        ("CreateHMAC(int, ROS)", d => Blake2b.CreateHMAC(d, []).Dispose()),
    ];

    public override IReadOnlyList<(string Name, Action<byte[]> Call)> KeyTakers { get; } =
    [
        ("HashData(key:, source:) arrays", k => Blake2b.HashData(key: k, source: Array.Empty<byte>())),
        ("HashData(ROS, ROS)", k => Blake2b.HashData((ReadOnlySpan<byte>)k, [])),
        ("HashData(ROS, ROS, int)", k => Blake2b.HashData(k, [], 10)),
        ("HashData(ROS, ROS, Span)", k => Blake2b.HashData(k, [], new byte[10])),
        ("TryHashData(ROS, ROS, Span)", k => Blake2b.TryHashData(k, [], new byte[100], out _)),
        ("HashData(ROS, Stream)", k => Blake2b.HashData(k, new MemoryStream())),
        ("HashDataAsync(ROM, Stream)", k => Blake2b.HashDataAsync(k, new MemoryStream()).AsTask().GetAwaiter().GetResult()),
        ("ComputeHash(ROS, ROS)", k => Blake2b.ComputeHash(k, [])),
        ("ComputeHash(int, ROS, ROS)", k => Blake2b.ComputeHash(10, k, [])),
        ("ComputeAndWriteHash(ROS, ROS, Span)", k => Blake2b.ComputeAndWriteHash(k, [], new byte[100])),
        ("ComputeAndWriteHash(int, ROS, ROS, Span)", k => Blake2b.ComputeAndWriteHash(10, k, [], new byte[100])),
        ("CreateIncrementalHasher(ROS)", k => Blake2b.CreateIncrementalHasher(k)),
        ("CreateIncrementalHasher(int, ROS)", k => Blake2b.CreateIncrementalHasher(10, k)),
        ("CreateHMAC(ROS)", k => Blake2b.CreateHMAC(k).Dispose()),
        ("CreateHMAC(int, ROS)", k => Blake2b.CreateHMAC(10, k).Dispose()),
    ];

    public override IReadOnlyList<(string Name, bool IsAsync, Func<Stream, byte[], object> Call)> StreamReaders { get; } =
    [
        ("HashData(Stream)", false, (s, k) => Blake2b.HashData(s)),
        ("HashData(Stream, Span)", false, (s, k) => Blake2b.HashData(s, new byte[10])),
        ("HashData(ROS, Stream)", false, (s, k) => Blake2b.HashData(k, s)),
        ("HashData(params, Stream)", false, (s, k) => Blake2b.HashData(Parameters(k, 10), s)),
        ("HashDataAsync(Stream)", true, (s, k) => Blake2b.HashDataAsync(s).AsTask()),
        ("HashDataAsync(Stream, Memory)", true, (s, k) => Blake2b.HashDataAsync(s, new byte[10]).AsTask()),
        ("HashDataAsync(ROM, Stream)", true, (s, k) => Blake2b.HashDataAsync(k, s).AsTask()),
        ("HashDataAsync(params, Stream)", true, (s, k) => Blake2b.HashDataAsync(Parameters(k, 10), s).AsTask()),
    ];

    private static readonly Blake2bParameters AllocationParameters = new()
    {
        DigestLength = 20, Key = new byte[] { 1, 2, 3 }, Salt = new byte[] { 4 }, Personalization = new byte[] { 5 }, FanOut = 3, MaxDepth = 4, NodeOffset = 5,
    };

    public override IReadOnlyList<(string Name, Action<byte[], byte[], byte[]> Run)> NonAllocating { get; } =
    [
        ("HashData(ROS, Span)", (m, o, k) => Blake2b.HashData(m, o.AsSpan())),
        ("HashData(ROS, ROS, Span)", (m, o, k) => Blake2b.HashData(k, m, o)),
        ("HashData(params, ROS, Span)", (m, o, k) => Blake2b.HashData(AllocationParameters, m, o)),
        ("TryHashData(ROS, Span)", (m, o, k) => Blake2b.TryHashData(m, o, out _)),
        ("TryHashData(ROS, ROS, Span)", (m, o, k) => Blake2b.TryHashData(k, m, o, out _)),
        ("TryHashData(params, ROS, Span)", (m, o, k) => Blake2b.TryHashData(AllocationParameters, m, o, out _)),
        ("ComputeAndWriteHash(ROS, Span)", (m, o, k) => Blake2b.ComputeAndWriteHash(m, o)),
        ("ComputeAndWriteHash(int, ROS, Span)", (m, o, k) => Blake2b.ComputeAndWriteHash(17, m, o)),
        ("ComputeAndWriteHash(ROS, ROS, Span)", (m, o, k) => Blake2b.ComputeAndWriteHash(k, m, o)),
        ("ComputeAndWriteHash(int, ROS, ROS, Span)", (m, o, k) => Blake2b.ComputeAndWriteHash(17, k, m, o)),
        ("incremental Update / Update<T> / Reset / Finish(Span)", (m, o, k) =>
        {
            Blake2bHashState state = Blake2b.CreateIncrementalHasher(o.Length, k);
            state.Update(m);
            state.Reset();
            state.Update(m);
            state.Update(42UL);
            state.Update<int>(MemoryMarshal.Cast<byte, int>(m.AsSpan()));
            state.Update(new ArraySegment<byte>(m, 1, 3));
            state.Update(m.AsSpan(0, 1));
            state.Finish(o);
        }),
        ("incremental with parameters, TryFinish", (m, o, k) =>
        {
            Blake2bHashState state = Blake2b.CreateIncrementalHasher(AllocationParameters);
            state.Update(m);
            state.TryFinish(o, out _);
        }),
        ("incremental Clear", (m, o, k) =>
        {
            Blake2bHashState state = Blake2b.CreateIncrementalHasher(k);
            state.Update(m);
            state.Clear();
        }),
    ];

    public override IReadOnlyList<(string Name, Func<byte[], int, IHasher?> Create)> HasherFactories { get; } =
    [
        ("CreateIncrementalHasher()", (k, d) => k.Length == 0 && d == Blake2b.DefaultDigestLength ? new Hasher(Blake2b.CreateIncrementalHasher()) : null),
        ("CreateIncrementalHasher(int)", (k, d) => k.Length == 0 ? new Hasher(Blake2b.CreateIncrementalHasher(d)) : null),
        ("CreateIncrementalHasher(ROS)", (k, d) => d == Blake2b.DefaultDigestLength ? new Hasher(Blake2b.CreateIncrementalHasher(k)) : null),
        ("CreateIncrementalHasher(int, ROS)", (k, d) => new Hasher(Blake2b.CreateIncrementalHasher(d, k))),
        ("CreateIncrementalHasher(params)", (k, d) => new Hasher(Blake2b.CreateIncrementalHasher(Parameters(k, d)))),
    ];

    public override IHasher CreateHasher(byte[] key, int digestLength) => new Hasher(Blake2b.CreateIncrementalHasher(digestLength, key));

    public override IHasher CreateHasher(ParamCase c) => new Hasher(Blake2b.CreateIncrementalHasher(Parameters(c)));

    public override byte[] HashWithParameters(ParamCase c, byte[] input) => Blake2b.HashData(Parameters(c), input);

    public override IHasher DefaultHasher() => new Hasher(default);

    /// <summary>Wraps a state made elsewhere (for example with a forced kernel).</summary>
    internal static IHasher Wrap(Blake2bHashState state) => new Hasher(state);

    public override HashAlgorithm CreateHashAlgorithm(int digestLength) => Blake2b.CreateHashAlgorithm(digestLength);

    public override HMAC CreateHMAC(int digestLength, byte[] key) => Blake2b.CreateHMAC(digestLength, key);

    private static MemoryStream Stream(ArraySegment<byte> m) => new(m.Array!, m.Offset, m.Count, writable: false);

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

    private static byte[] IntoAsync(int digestLength, Func<Memory<byte>, System.Threading.Tasks.ValueTask<int>> write)
    {
        byte[] output = new byte[digestLength];
        Assert.Equal(digestLength, write(output).AsTask().GetAwaiter().GetResult());
        return output;
    }

    private sealed class Hasher(Blake2bHashState state) : IHasher
    {
        private Blake2bHashState _state = state;

        public int DigestLength => _state.DigestLength;
        public void Update(ReadOnlySpan<byte> input) => _state.Update(input);
        public void UpdateSpan<T>(ReadOnlySpan<T> input) where T : unmanaged => _state.Update(input);
        public void UpdateArray<T>(T[] input) where T : unmanaged => _state.Update(input);
        public void UpdateSegment<T>(ArraySegment<T> input) where T : unmanaged => _state.Update(input);
        public void UpdateValue<T>(T input) where T : unmanaged => _state.Update(input);
        public byte[] Finish() => _state.Finish();
        public int Finish(Span<byte> destination) => _state.Finish(destination);
        public bool TryFinish(Span<byte> destination, out int bytesWritten) => _state.TryFinish(destination, out bytesWritten);
        public void Reset() => _state.Reset();
        public void Clear() => _state.Clear();
        public IHasher Fork() => new Hasher(_state);
        public byte[] RawBytes() => MemoryMarshal.AsBytes(new Span<Blake2bHashState>(ref _state)).ToArray();
    }
}

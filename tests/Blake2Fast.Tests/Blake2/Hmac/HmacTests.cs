using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// RFC 2104 HMAC-BLAKE2b/-BLAKE2s and RFC 5869 HKDF: every overload against the vectors that
/// Python's hmac and hashlib computed (Vectors/make-hmac-vectors.py), bad input, erasure and
/// allocation.
/// </summary>
[Trait("Legs", "Kernel")]
public sealed class HmacTests
{
    /// <summary>One algorithm's surface, so that every test runs for both.</summary>
    public sealed record Surface(
        string Name, int MacLength, int BlockLength, Func<byte[], HMAC> Create, Func<HMAC> CreateRandom,
        Func<byte[], byte[], byte[]> ArrayHash, Func<byte[], byte[], byte[]> SpanToArray, SpanHash SpanHash, TryHash TryHash,
        Func<byte[], Stream, byte[]> ArrayKeyStream, Func<byte[], Stream, byte[]> SpanKeyStream, StreamHash StreamHash,
        Func<byte[], Stream, ValueTask<byte[]>> ArrayKeyAsync, Func<byte[], Stream, ValueTask<byte[]>> MemoryKeyAsync,
        Func<byte[], Stream, byte[], ValueTask<int>> DestinationAsync,
        Extract Extract, Func<byte[], byte[]?, byte[]> ExtractArray, Expand Expand, Func<byte[], int, byte[]?, byte[]> ExpandArray,
        DeriveKey DeriveKey, Func<byte[], int, byte[]?, byte[]?, byte[]> DeriveKeyArray)
    {
        public override string ToString() => Name;

        /// <summary>
        /// The surface of HMAC class <paramref name="hmac"/> and HKDF class <paramref name="hkdf"/>: each
        /// member the overload of that name and signature (<see cref="Facade"/>), as the other family's.
        /// </summary>
        public static Surface Of(string name, int macLength, int blockLength, Type hmac, Type hkdf)
        {
            Facade h = new(hmac);
            Facade d = new(hkdf);
            HashKeyed spanToArray = h.Method<HashKeyed>("HashData");
            HashKeyedRead spanKeyStream = h.Method<HashKeyedRead>("HashData");
            var arrayKeyAsync = h.Method<Func<byte[], Stream, CancellationToken, ValueTask<byte[]>>>("HashDataAsync");
            var memoryKeyAsync = h.Method<Func<ReadOnlyMemory<byte>, Stream, CancellationToken, ValueTask<byte[]>>>("HashDataAsync");
            var destinationAsync = h.Method<Func<ReadOnlyMemory<byte>, Stream, Memory<byte>, CancellationToken, ValueTask<int>>>("HashDataAsync");
            return new(
                name, macLength, blockLength, key => New(hmac, [typeof(byte[])], [key]), () => New(hmac, [], []),
                h.Method<Func<byte[], byte[], byte[]>>("HashData"), (k, m) => spanToArray(k, m), h.Method<SpanHash>("HashData"), h.Method<TryHash>("TryHashData"),
                h.Method<Func<byte[], Stream, byte[]>>("HashData"), (k, s) => spanKeyStream(k, s), h.Method<StreamHash>("HashData"),
                (k, s) => arrayKeyAsync(k, s, default), (k, s) => memoryKeyAsync(k, s, default), (k, s, o) => destinationAsync(k, s, o, default),
                d.Method<Extract>("Extract"), d.Method<Func<byte[], byte[]?, byte[]>>("Extract"), d.Method<Expand>("Expand"), d.Method<Func<byte[], int, byte[]?, byte[]>>("Expand"),
                d.Method<DeriveKey>("DeriveKey"), d.Method<Func<byte[], int, byte[]?, byte[]?, byte[]>>("DeriveKey"));
        }

        /// <summary>The HMAC class's constructor of <paramref name="signature"/>; what it throws reaches the caller as thrown.</summary>
        private static HMAC New(Type hmac, Type[] signature, object?[] arguments) =>
            (HMAC)hmac.GetConstructor(signature)!.Invoke(BindingFlags.DoNotWrapExceptions, null, arguments, null);
    }

    public delegate int SpanHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination);
    public delegate bool TryHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten);
    public delegate int StreamHash(ReadOnlySpan<byte> key, Stream source, Span<byte> destination);
    public delegate int Extract(ReadOnlySpan<byte> ikm, ReadOnlySpan<byte> salt, Span<byte> prk);
    public delegate void Expand(ReadOnlySpan<byte> prk, Span<byte> output, ReadOnlySpan<byte> info);
    public delegate void DeriveKey(ReadOnlySpan<byte> ikm, Span<byte> output, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> info);

    private static readonly Surface B = Surface.Of("blake2b", 64, 128, typeof(HMACBlake2b), typeof(HkdfBlake2b));

    private static readonly Surface S = Surface.Of("blake2s", 32, 64, typeof(HMACBlake2s), typeof(HkdfBlake2s));

    internal static Surface Get(string name) => name == "blake2b" ? B : S;

    public static TheoryData<string> Names => new(["blake2b", "blake2s"]);

    private sealed record HmacCase(string Algorithm, byte[] Key, byte[] Input, byte[] Expected);

    private sealed record HkdfCase(string Algorithm, byte[] Ikm, byte[] Salt, byte[] Info, int Length, byte[] Prk, byte[] Okm);

    private static readonly Lazy<(List<HmacCase> Hmac, List<HkdfCase> Hkdf)> Vectors = new(() =>
    {
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(TestData.VectorPath("hmac-vectors.json")));
        static byte[] Hex(JsonElement e, string name) => Convert.FromHexString(e.GetProperty(name).GetString()!);
        List<HmacCase> hmac = doc.RootElement.GetProperty("hmac").EnumerateArray()
            .Select(e => new HmacCase(e.GetProperty("alg").GetString()!, Hex(e, "key"), Hex(e, "in"), Hex(e, "out"))).ToList();
        List<HkdfCase> hkdf = doc.RootElement.GetProperty("hkdf").EnumerateArray()
            .Select(e => new HkdfCase(e.GetProperty("alg").GetString()!, Hex(e, "ikm"), Hex(e, "salt"), Hex(e, "info"), e.GetProperty("length").GetInt32(), Hex(e, "prk"), Hex(e, "okm"))).ToList();
        return (hmac, hkdf);
    });

    private static List<HmacCase> HmacCases(string algorithm)
    {
        List<HmacCase> cases = Vectors.Value.Hmac.Where(c => c.Algorithm == algorithm).ToList();
        Assert.Equal(63, cases.Count);
        return cases;
    }

    private static List<HkdfCase> HkdfCases(string algorithm)
    {
        List<HkdfCase> cases = Vectors.Value.Hkdf.Where(c => c.Algorithm == algorithm).ToList();
        Assert.Equal(9, cases.Count);
        return cases;
    }

    [Theory]
    [MemberData(nameof(Names))]
    public async Task Every_static_overload_gives_the_hmac_module_answers(string algorithm)
    {
        Surface api = Get(algorithm);
        foreach (HmacCase c in HmacCases(algorithm))
        {
            string expected = Convert.ToHexString(c.Expected);
            Assert.Equal(expected, Convert.ToHexString(api.ArrayHash(c.Key, c.Input)));
            Assert.Equal(expected, Convert.ToHexString(api.SpanToArray(c.Key, c.Input)));

            byte[] destination = new byte[api.MacLength + 3];
            Assert.Equal(api.MacLength, api.SpanHash(c.Key, c.Input, destination));
            Assert.Equal(expected, Convert.ToHexString(destination, 0, api.MacLength));
            Assert.All(destination[api.MacLength..], x => Assert.Equal(0, x));

            destination = new byte[api.MacLength];
            Assert.True(api.TryHash(c.Key, c.Input, destination, out int written));
            Assert.Equal(api.MacLength, written);
            Assert.Equal(expected, Convert.ToHexString(destination));

            Assert.Equal(expected, Convert.ToHexString(api.ArrayKeyStream(c.Key, new ShortReadStream(c.Input))));
            Assert.Equal(expected, Convert.ToHexString(api.SpanKeyStream(c.Key, new MemoryStream(c.Input))));
            destination = new byte[api.MacLength];
            Assert.Equal(api.MacLength, api.StreamHash(c.Key, new ShortReadStream(c.Input), destination));
            Assert.Equal(expected, Convert.ToHexString(destination));
            Assert.Equal(expected, Convert.ToHexString(await api.ArrayKeyAsync(c.Key, new ShortReadStream(c.Input))));
            Assert.Equal(expected, Convert.ToHexString(await api.MemoryKeyAsync(c.Key, new MemoryStream(c.Input))));
            destination = new byte[api.MacLength];
            Assert.Equal(api.MacLength, await api.DestinationAsync(c.Key, new ShortReadStream(c.Input), destination));
            Assert.Equal(expected, Convert.ToHexString(destination));
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void The_source_may_overlap_the_destination(string algorithm)
    {
        Surface api = Get(algorithm);
        foreach (HmacCase c in HmacCases(algorithm).Where(c => c.Input.Length >= api.MacLength))
        {
            byte[] buffer = (byte[])c.Input.Clone();
            api.SpanHash(c.Key, buffer, buffer);
            Assert.Equal(Convert.ToHexString(c.Expected), Convert.ToHexString(buffer, 0, api.MacLength));
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void An_instance_gives_the_same_answers_through_every_surface(string algorithm)
    {
        Surface api = Get(algorithm);
        using HMAC reused = api.CreateRandom();
        Assert.Equal(api.MacLength * 8, reused.HashSize);
        foreach (HmacCase c in HmacCases(algorithm))
        {
            string expected = Convert.ToHexString(c.Expected);
            using (HMAC h = api.Create(c.Key))
            {
                Assert.Equal(c.Key, h.Key);
                Assert.Equal(expected, Convert.ToHexString(h.ComputeHash(c.Input)));

                // The same key again, without a new key schedule, in awkward pieces.
                for (int offset = 0; offset < c.Input.Length; offset += 7)
                {
                    int count = Math.Min(7, c.Input.Length - offset);
                    h.TransformBlock(c.Input, offset, count, null, 0);
                }

                h.TransformFinalBlock([], 0, 0);
                Assert.Equal(expected, Convert.ToHexString(h.Hash!));

                // The netstandard2.0 build cannot override HashAlgorithm's span methods (see LibraryBuild).
                if (LibraryBuild.OverridesHashAlgorithmSpans)
                {
                    byte[] destination = new byte[api.MacLength];
                    Assert.True(h.TryComputeHash(c.Input, destination, out int written));
                    Assert.Equal(api.MacLength, written);
                    Assert.Equal(expected, Convert.ToHexString(destination));
                    Assert.False(h.TryComputeHash(c.Input, new byte[api.MacLength - 1], out written));
                    Assert.Equal(0, written);
                }
            }

            // One object for every key: setting Key restarts the MAC under the new key.
            reused.Key = c.Key;
            Assert.Equal(expected, Convert.ToHexString(reused.ComputeHash(c.Input)));

            using HMAC forStream = api.Create(c.Key);
            using (var crypto = new CryptoStream(Stream.Null, forStream, CryptoStreamMode.Write))
            {
                crypto.Write(c.Input);
            }

            Assert.Equal(expected, Convert.ToHexString(forStream.Hash!));
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Hkdf_gives_the_rfc5869_answers_through_every_overload(string algorithm)
    {
        Surface api = Get(algorithm);
        foreach (HkdfCase c in HkdfCases(algorithm))
        {
            string prk = Convert.ToHexString(c.Prk);
            string okm = Convert.ToHexString(c.Okm);
            byte[] prkSpan = new byte[api.MacLength + 1];
            Assert.Equal(api.MacLength, api.Extract(c.Ikm, c.Salt, prkSpan));
            Assert.Equal(prk, Convert.ToHexString(prkSpan, 0, api.MacLength));
            Assert.Equal(0, prkSpan[api.MacLength]);
            Assert.Equal(prk, Convert.ToHexString(api.ExtractArray(c.Ikm, c.Salt)));
            if (c.Salt.Length == 0)
            {
                Assert.Equal(prk, Convert.ToHexString(api.ExtractArray(c.Ikm, null)));
            }

            byte[] output = new byte[c.Length];
            api.Expand(c.Prk, output, c.Info);
            Assert.Equal(okm, Convert.ToHexString(output));
            Assert.Equal(okm, Convert.ToHexString(api.ExpandArray(c.Prk, c.Length, c.Info)));

            output = new byte[c.Length];
            api.DeriveKey(c.Ikm, output, c.Salt, c.Info);
            Assert.Equal(okm, Convert.ToHexString(output));
            Assert.Equal(okm, Convert.ToHexString(api.DeriveKeyArray(c.Ikm, c.Length, c.Salt, c.Info)));
            if (c.Info.Length == 0 && c.Salt.Length == 0)
            {
                Assert.Equal(okm, Convert.ToHexString(api.DeriveKeyArray(c.Ikm, c.Length, null, null)));
            }

            // The output may overlap the info (the info is read for every block).
            if (c.Info.Length > 0 && c.Length >= c.Info.Length)
            {
                byte[] shared = new byte[c.Length];
                c.Info.CopyTo(shared, 0);
                api.Expand(c.Prk, shared, shared.AsSpan(0, c.Info.Length));
                Assert.Equal(okm, Convert.ToHexString(shared));
            }
        }
    }

    [Theory]
    [MemberData(nameof(Names))]
    public async Task Bad_input_is_refused_and_nothing_is_written(string algorithm)
    {
        Surface api = Get(algorithm);
        byte[] key = [1, 2, 3];
        Assert.Throws<ArgumentNullException>("key", () => api.ArrayHash(null!, []));
        Assert.Throws<ArgumentNullException>("source", () => api.ArrayHash(key, null!));
        Assert.Throws<ArgumentNullException>("key", () => api.ArrayKeyStream(null!, new MemoryStream()));
        Assert.Throws<ArgumentNullException>("source", () => api.SpanKeyStream(key, null!));
        Assert.Throws<ArgumentException>("source", () => api.SpanKeyStream(key, new UnreadableStream()));
        await Assert.ThrowsAsync<ArgumentNullException>("key", () => api.ArrayKeyAsync(null!, new MemoryStream()).AsTask());
        await Assert.ThrowsAsync<ArgumentNullException>("source", () => api.MemoryKeyAsync(key, null!).AsTask());
        Assert.Throws<ArgumentNullException>("key", () => api.Create(null!));

        byte[] shortDestination = Filled(api.MacLength - 1);
        Assert.Throws<ArgumentException>("destination", () => api.SpanHash(key, [1], shortDestination));
        Assert.Throws<ArgumentException>("destination", () => api.StreamHash(key, new MemoryStream([1]), shortDestination));
        await Assert.ThrowsAsync<ArgumentException>("destination", () => api.DestinationAsync(key, new MemoryStream([1]), shortDestination).AsTask());
        Assert.False(api.TryHash(key, [1], shortDestination, out int written));
        Assert.Equal(0, written);
        Assert.All(shortDestination, x => Assert.Equal(0xA5, x));

        HMAC h = api.Create(key);
        Assert.Throws<ArgumentNullException>(() => h.Key = null!);
        h.Dispose();
        Assert.Throws<ObjectDisposedException>(() => h.Key);
        Assert.Throws<ObjectDisposedException>(() => h.Key = key);
        Assert.Throws<ObjectDisposedException>(() => h.Initialize());

        int max = 255 * api.MacLength;
        byte[] prk = new byte[api.MacLength];
        byte[] output = Filled(10);
        Assert.Throws<ArgumentException>("prk", () => api.Extract(key, key, Filled(api.MacLength - 1)));
        Assert.Throws<ArgumentException>("prk", () => api.Expand(new byte[api.MacLength - 1], output, []));
        Assert.Throws<ArgumentException>("output", () => api.Expand(prk, [], []));
        Assert.Throws<ArgumentException>("output", () => api.Expand(prk, new byte[max + 1], []));
        Assert.Throws<ArgumentException>("output", () => api.DeriveKey(key, new byte[max + 1], [], []));
        Assert.Throws<ArgumentException>("output", () => api.DeriveKey(key, [], [], []));
        Assert.All(output, x => Assert.Equal(0xA5, x));
        Assert.Equal(max, api.ExpandArray(prk, max, null).Length);
        Assert.Throws<ArgumentOutOfRangeException>("outputLength", () => api.ExpandArray(prk, 0, null));
        Assert.Throws<ArgumentOutOfRangeException>("outputLength", () => api.ExpandArray(prk, max + 1, null));
        Assert.Throws<ArgumentOutOfRangeException>("outputLength", () => api.DeriveKeyArray(key, 0, null, null));
        Assert.Throws<ArgumentNullException>("prk", () => api.ExpandArray(null!, 1, null));
        Assert.Throws<ArgumentNullException>("ikm", () => api.ExtractArray(null!, null));
        Assert.Throws<ArgumentNullException>("ikm", () => api.DeriveKeyArray(null!, 1, null, null));

        static byte[] Filled(int length) => Enumerable.Repeat((byte)0xA5, length).ToArray();
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Dispose_and_a_new_key_erase_the_key_and_the_derived_states(string algorithm)
    {
        Surface api = Get(algorithm);
        byte[] key = Enumerable.Range(0, 40).Select(i => (byte)(0x80 | i)).ToArray();
        HMAC h = api.Create(key);
        _ = h.ComputeHash(new byte[300]);
        byte[] keyArray = KeyValue(h);
        byte[] live = EngineBytes(h);
        Assert.True(live.Count(x => x != 0) > 3 * api.MacLength, "the check must see the derived states in a live HMAC");

        h.Key = [9, 9, 9];
        Assert.All(keyArray, x => Assert.Equal(0, x));
        Assert.Equal(Convert.ToHexString(api.ArrayHash([9, 9, 9], [1, 2])), Convert.ToHexString(h.ComputeHash([1, 2])));

        byte[] secondKeyArray = KeyValue(h);
        h.TransformBlock(new byte[10], 0, 10, null, 0);
        h.Dispose();
        Assert.All(secondKeyArray, x => Assert.Equal(0, x));

        // Only the four states' status markers and the has-input flag may remain.
        int left = EngineBytes(h).Count(x => x != 0);
        Assert.True(left <= 5, $"{left} bytes of the engine are not zero after Dispose");
    }

    [OptimizedLibraryTheory]
    [MemberData(nameof(Names))]
    public void Span_forms_allocate_nothing(string algorithm)
    {
        Surface api = Get(algorithm);
        byte[] key = new byte[200];
        byte[] source = new byte[3 * api.BlockLength + 5];
        byte[] destination = new byte[api.MacLength];
        byte[] output = new byte[3 * api.MacLength + 1];
        using HMAC instance = api.Create(key);
        void Run()
        {
            api.SpanHash(key, source, destination);
            api.TryHash(key, source, destination, out _);
            api.Extract(source, key, destination);
            api.Expand(destination, output, key);
            api.DeriveKey(source, output, key, key);

            // An instance reused under its key: HashAlgorithm's span path (which the netstandard2.0
            // build cannot override) restarts from the kept states, with nothing allocated.
            if (LibraryBuild.OverridesHashAlgorithmSpans)
            {
                Assert.True(instance.TryComputeHash(source, destination, out _));
            }
        }

        for (int i = 0; i < 100; i++)
        {
            Run();
        }

        Assert.Equal(0, AllocationMeter.LeastAllocated(Run, 500));
    }

    [Fact]
    public void Rfc2104_is_not_blake2s_keyed_mode()
    {
        // The two MACs are different functions; a user who wants one must not get the other.
        byte[] key = [1, 2, 3, 4];
        byte[] message = [5, 6, 7];
        Assert.NotEqual(Convert.ToHexString(Blake2s.HashData(key: key, source: message)), Convert.ToHexString(HMACBlake2s.HashData(key, message)));
    }

    private static byte[] KeyValue(HMAC h) =>
        (byte[])typeof(KeyedHashAlgorithm).GetField("KeyValue", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(h)!;

    private static byte[] EngineBytes(HMAC h) => h is HMACBlake2b ? EngineBytes<Blake2bVariant>(h) : EngineBytes<Blake2sVariant>(h);

    private static byte[] EngineBytes<TVariant>(HMAC h) where TVariant : struct, IBlake2Variant
    {
        FieldInfo field = h.GetType().GetField("_engine", BindingFlags.NonPublic | BindingFlags.Instance)!;
        var engine = (Rfc2104Engine<TVariant>)field.GetValue(h)!;
        return MemoryMarshal.AsBytes(new Span<Rfc2104Engine<TVariant>>(ref engine)).ToArray();
    }
}

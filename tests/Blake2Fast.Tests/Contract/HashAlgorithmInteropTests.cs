using System;
using System.IO;
using System.Linq;
using System.Security.Cryptography;

namespace Blake2Fast.Tests;

/// <summary>CreateHashAlgorithm / CreateHMAC behind the framework's HashAlgorithm contract.</summary>
[Trait("Legs", "Build")]
public class HashAlgorithmInteropTests
{
    private static ParamCase Vector(Api api, int lengthInBlocks, bool keyed, int digestLength = 0) =>
        TestData.HashlibCases(api.Name, "regression").Single(c =>
            c.Input.Length == lengthInBlocks * api.BlockLength + 1
            && c.Key.Length == (keyed ? api.MaxKeyLength : 0)
            && c.DigestLength == (digestLength == 0 ? api.MaxDigestLength : digestLength));

    private static HashAlgorithm Create(Api api, ParamCase c) =>
        c.Key.Length == 0 ? api.CreateHashAlgorithm(c.DigestLength) : api.CreateHMAC(c.DigestLength, c.Key);

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void CryptoStream_round_trip_write_and_read(string algorithm)
    {
        Api api = Api.Get(algorithm);
        foreach (bool keyed in new[] { false, true })
        {
            ParamCase c = Vector(api, 2, keyed);
            using (HashAlgorithm h = Create(api, c))
            {
                Check.Digest(c.Expected, HashAlgorithmDriver.ThroughCryptoStream(h, c.Input), "write " + c);
            }

            using (HashAlgorithm h = Create(api, c))
            {
                using var crypto = new CryptoStream(new MemoryStream(c.Input), h, CryptoStreamMode.Read);
                using var copy = new MemoryStream();
                crypto.CopyTo(copy);
                Assert.Equal(c.Input, copy.ToArray());
                Check.Digest(c.Expected, h.Hash, "read " + c);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void ComputeHash_of_a_stream(string algorithm)
    {
        Api api = Api.Get(algorithm);
        foreach (bool keyed in new[] { false, true })
        {
            ParamCase c = Vector(api, 1, keyed, 1);
            using HashAlgorithm h = Create(api, c);
            Assert.Equal(8, h.HashSize);
            Check.Digest(c.Expected, h.ComputeHash(new ShortReadStream(c.Input)), "ShortReadStream " + c);
            Check.Digest(c.Expected, h.ComputeHash(new MemoryStream(c.Input)), "MemoryStream " + c);
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void TransformBlock_and_TransformFinalBlock(string algorithm)
    {
        Api api = Api.Get(algorithm);
        foreach (bool keyed in new[] { false, true })
        {
            ParamCase c = Vector(api, 2, keyed);
            using HashAlgorithm h = Create(api, c);
            Check.Digest(c.Expected, HashAlgorithmDriver.TransformInPieces(h, c.Input), "pieces " + c);

            // Null output buffer, then everything in the final block.
            h.TransformBlock(c.Input, 0, api.BlockLength, null, 0);
            h.TransformFinalBlock(c.Input, api.BlockLength, c.Input.Length - api.BlockLength);
            Check.Digest(c.Expected, h.Hash, "null output " + c);

            h.TransformFinalBlock(c.Input, 0, c.Input.Length);
            Check.Digest(c.Expected, h.Hash, "final block only " + c);
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Initialize_and_reuse(string algorithm)
    {
        Api api = Api.Get(algorithm);
        foreach (bool keyed in new[] { false, true })
        {
            ParamCase one = Vector(api, 1, keyed);
            ParamCase two = Vector(api, 2, keyed);
            using HashAlgorithm h = Create(api, one);
            Check.Digest(one.Expected, h.ComputeHash(one.Input), "first " + one);
            Check.Digest(two.Expected, h.ComputeHash(two.Input), "second " + two);

            // Abandon a half-done hash with Initialize.
            h.TransformBlock(new byte[1000], 0, 1000, null, 0);
            h.Initialize();
            Check.Digest(one.Expected, h.ComputeHash(one.Input), "after Initialize " + one);

            byte[] output = new byte[api.MaxDigestLength];
            if (LibraryBuild.OverridesHashAlgorithmSpans)
            {
                Assert.True(h.TryComputeHash(two.Input, output, out int written));
                Assert.Equal(output.Length, written);
                Check.Digest(two.Expected, output, "TryComputeHash " + two);
            }
        }
    }

    /// <summary>
    /// The one known gap, pinned down so that it is noticed if it changes: the netstandard2.0 build
    /// cannot override HashAlgorithm's span methods (its reference assemblies lack them), and on
    /// .NET Core HMAC's own versions throw. NuGet gives .NET Core 3.0 and later the netstandard2.1
    /// build (or net8.0/net10.0), which overrides them; on .NET Framework and Mono there is no such
    /// method to reach.
    /// </summary>
    [Theory]
    [InlineData("blake2b")]
    [InlineData("blake2s")]
    public void Span_methods_of_the_HashAlgorithm_work_where_the_build_overrides_them(string algorithm)
    {
        Api api = Api.Get(algorithm);
        ParamCase one = Vector(api, 1, keyed: true);
        using HashAlgorithm h = Create(api, one);
        byte[] output = new byte[api.MaxDigestLength];
        if (LibraryBuild.OverridesHashAlgorithmSpans)
        {
            Assert.True(h.TryComputeHash(one.Input, output, out int written));
            Assert.Equal(output.Length, written);
            Check.Digest(one.Expected, output, "TryComputeHash " + one);
        }
        else
        {
            Assert.Throws<PlatformNotSupportedException>(() => h.TryComputeHash(one.Input, output, out _));
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Hmac_key_setter(string algorithm)
    {
        Api api = Api.Get(algorithm);
        ParamCase keyed = Vector(api, 1, keyed: true);
        ParamCase unkeyed = Vector(api, 1, keyed: false);
        using HMAC h = api.CreateHMAC(api.MaxDigestLength, [1, 2, 3]);
        Assert.Equal([1, 2, 3], h.Key);

        byte[] key = (byte[])keyed.Key.Clone();
        h.Key = key;
        key[0] ^= 1; // the setter took a copy
        Check.Digest(keyed.Expected, h.ComputeHash(keyed.Input), "after Key = " + keyed);
        Assert.Equal(keyed.Key, h.Key);

        // Setting the key mid-stream restarts the hash.
        h.TransformBlock(new byte[77], 0, 77, null, 0);
        h.Key = [];
        Check.Digest(unkeyed.Expected, h.ComputeHash(unkeyed.Input), "after Key = [] " + unkeyed);

        byte[] returned = h.Key;
        returned.AsSpan().Fill(9);
        Assert.Empty(h.Key);

        var tooLong = Assert.Throws<ArgumentException>(() => h.Key = new byte[api.MaxKeyLength + 1]);
        Assert.Contains($"0 and {api.MaxKeyLength}", tooLong.Message, StringComparison.Ordinal);
        Assert.Throws<ArgumentNullException>(() => h.Key = null!);

        // A rejected key leaves the previous one in place.
        Check.Digest(unkeyed.Expected, h.ComputeHash(unkeyed.Input), "after rejected keys " + unkeyed);
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Dispose_then_use_throws(string algorithm)
    {
        Api api = Api.Get(algorithm);
        foreach (HashAlgorithm h in new HashAlgorithm[] { api.CreateHashAlgorithm(api.MaxDigestLength), api.CreateHMAC(api.MaxDigestLength, [7, 7]) })
        {
            h.TransformBlock(new byte[3], 0, 3, null, 0);
            h.Dispose();
            h.Dispose(); // idempotent
            Assert.Throws<ObjectDisposedException>(() => h.ComputeHash(new byte[3]));
            Assert.Throws<ObjectDisposedException>(() => h.ComputeHash(new MemoryStream()));
            Assert.Throws<ObjectDisposedException>(() => h.TransformBlock(new byte[3], 0, 3, null, 0));
            Assert.Throws<ObjectDisposedException>(() => h.TransformFinalBlock(new byte[3], 0, 3));
            Assert.Throws<ObjectDisposedException>(() => h.TryComputeHash(new byte[3], new byte[64], out _));
            Assert.Throws<ObjectDisposedException>(h.Initialize);
            if (h is HMAC hmac)
            {
                Assert.Throws<ObjectDisposedException>(() => hmac.Key);
                Assert.Throws<ObjectDisposedException>(() => hmac.Key = [1]);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Sizes_are_reported(string algorithm)
    {
        Api api = Api.Get(algorithm);
        using HashAlgorithm h = api.CreateHashAlgorithm(5);
        Assert.Equal(40, h.HashSize);
        using HMAC m = api.CreateHMAC(api.MaxDigestLength, []);
        Assert.Equal(api.MaxDigestLength * 8, m.HashSize);
        Assert.Equal(api.BlockLength, m.InputBlockSize == 1 ? api.BlockLength : m.InputBlockSize);
    }
}

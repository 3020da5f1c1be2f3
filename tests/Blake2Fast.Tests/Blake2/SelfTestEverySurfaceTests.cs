using System;
using System.Linq;
using System.Security.Cryptography;

namespace Blake2Fast.Tests;

/// <summary>RFC 7693 Appendix E and the RFC's "abc" answers through every API surface.</summary>
[Trait("Legs", "Kernel")]
public class SelfTestEverySurfaceTests
{
    private static readonly byte[] Abc = "abc"u8.ToArray();

    private static readonly byte[] AbcB = Convert.FromHexString(
        "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923");

    private static readonly byte[] AbcS = Convert.FromHexString("508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982");

    public static TheoryData<string, string> Surfaces() => KatEverySurfaceTests.Surfaces();

    private static (int[] Digests, int[] Inputs, byte[] Expected) SelfTestOf(Api api) => SelfTest.For(api.Name);

    [Theory]
    [MemberData(nameof(Surfaces))]
    public void Abc_through(string algorithm, string surface)
    {
        Api api = Api.Get(algorithm);
        OneShotSurface s = api.OneShots.Single(x => x.Name == surface);
        Check.Digest(api == Api.B ? AbcB : AbcS, s.Hash([], Abc, api.DefaultDigestLength), surface);
    }

    [Theory]
    [MemberData(nameof(Surfaces))]
    public void Rfc7693_self_test_through(string algorithm, string surface)
    {
        Api api = Api.Get(algorithm);
        OneShotSurface s = api.OneShots.Single(x => x.Name == surface);
        if (!s.TakesKey || !s.TakesLength)
        {
            // The self-test needs keys and several digest lengths; this surface is covered by Abc_through and the KAT.
            Assert.False(s.Accepts(api, [1], 16));
            return;
        }

        (int[] digests, int[] inputs, byte[] expected) = SelfTestOf(api);
        Check.Digest(expected, SelfTest.Run(digests, inputs, (d, k, m) => s.Hash(k, m, d)), surface);
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Abc_and_self_test_incremental_every_factory_and_feeder(string algorithm)
    {
        Api api = Api.Get(algorithm);
        (int[] digests, int[] inputs, byte[] expected) = SelfTestOf(api);
        foreach ((string feeder, var feed) in Feeders.For(api))
        {
            foreach ((string factory, var create) in api.HasherFactories)
            {
                IHasher abc = create([], api.DefaultDigestLength)!;
                feed(abc, Abc);
                Check.Digest(api == Api.B ? AbcB : AbcS, abc.Finish(), $"abc {factory} {feeder}");
            }

            byte[] actual = SelfTest.Run(digests, inputs, (d, k, m) =>
            {
                IHasher h = api.CreateHasher(k, d);
                feed(h, m);
                return h.Finish();
            });
            Check.Digest(expected, actual, $"self-test {feeder}");
        }
    }

    /// <summary>The RFC's own shape: one 256-bit context receives each digest as it is produced.</summary>
    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Self_test_with_one_accumulating_context(string algorithm)
    {
        Api api = Api.Get(algorithm);
        (int[] digests, int[] inputs, byte[] expected) = SelfTestOf(api);
        IHasher accumulator = api.CreateHasher([], 32);
        using HashAlgorithm accumulatorAlgorithm = api.CreateHashAlgorithm(32);
        foreach (int outlen in digests)
        {
            foreach (int inlen in inputs)
            {
                byte[] input = SelfTest.Sequence(inlen, (uint)inlen);
                byte[] key = SelfTest.Sequence(outlen, (uint)outlen);
                using HashAlgorithm unkeyed = api.CreateHashAlgorithm(outlen);
                using HMAC keyed = api.CreateHMAC(outlen, key);
                foreach (byte[] digest in new[] { unkeyed.ComputeHash(input), keyed.ComputeHash(input) })
                {
                    accumulator.Update(digest);
                    accumulatorAlgorithm.TransformBlock(digest, 0, digest.Length, null, 0);
                }
            }
        }

        accumulatorAlgorithm.TransformFinalBlock([], 0, 0);
        Check.Digest(expected, accumulator.Finish(), "incremental accumulator");
        Check.Digest(expected, accumulatorAlgorithm.Hash, "HashAlgorithm accumulator");
    }
}

using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>
/// Cases that have broken other BLAKE2 libraries: exact block multiples, key with no data,
/// salt and personalization together, Reset in mid-stream, copies of the state. Expected values
/// come from hashlib (hashlib-vectors.json), whose inputs are prefixes of one pattern
/// (byte i = 7i + 3), so one hasher can be checked at several lengths.
/// </summary>
[Trait("Legs", "Kernel")]
public class RegressionTests
{
    private static byte[] Pattern(int length) => Enumerable.Range(0, length).Select(i => (byte)((7 * i) + 3)).ToArray();

    private static ParamCase Vector(Api api, int length, int keyLength, int digestLength) =>
        TestData.HashlibCases(api.Name, "regression").Single(c => c.Input.Length == length && c.Key.Length == keyLength && c.DigestLength == digestLength);

    private static int[] KeyLengths(Api api) => [0, 1, api.MaxKeyLength];

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Vector_inputs_are_prefixes_of_the_pattern(string algorithm)
    {
        foreach (ParamCase c in TestData.HashlibCases(algorithm, "regression"))
        {
            Assert.Equal(Pattern(c.Input.Length), c.Input);
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Exact_block_multiples_and_key_only(string algorithm)
    {
        Api api = Api.Get(algorithm);
        int b = api.BlockLength;
        foreach (int keyLength in KeyLengths(api))
        {
            foreach (int length in new[] { 0, b, 2 * b, 4 * b })
            {
                foreach (int d in new[] { 1, api.MaxDigestLength })
                {
                    ParamCase c = Vector(api, length, keyLength, d);
                    Check.Digest(c.Expected, api.OneShots.Single(s => s.Name == "HashData(ROS, ROS, int)").Hash(c.Key, c.Input, d), c.ToString());

                    // Block-sized updates are the ones that tempt an implementation to compress too early.
                    IHasher h = api.CreateHasher(c.Key, d);
                    for (int i = 0; i < length; i += b)
                    {
                        h.Update(c.Input.AsSpan(i, b));
                    }

                    Check.Digest(c.Expected, h.Finish(), "block-sized updates " + c);
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Reset_mid_stream_gives_the_same_as_a_fresh_hasher(string algorithm)
    {
        Api api = Api.Get(algorithm);
        int b = api.BlockLength;
        foreach (int keyLength in KeyLengths(api))
        {
            ParamCase c = Vector(api, 2 * b + 1, keyLength, api.MaxDigestLength);
            foreach (int consumed in new[] { 0, 1, b, b + 1, 4 * b })
            {
                IHasher h = api.CreateHasher(c.Key, c.DigestLength);
                h.Update(Pattern(consumed).Select(x => (byte)~x).ToArray());
                h.Reset();
                h.Update(c.Input);
                Check.Digest(c.Expected, h.Finish(), $"reset after {consumed} bytes: {c}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Reset_keeps_parameters(string algorithm)
    {
        Api api = Api.Get(algorithm);
        foreach (ParamCase c in TestData.HashlibCases(algorithm, "random").Take(10))
        {
            IHasher h = api.CreateHasher(c);
            h.Update(new byte[300]);
            h.Reset();
            h.Update(c.Input);
            Check.Digest(c.Expected, h.Finish(), c.ToString());
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void A_copy_of_the_state_forks(string algorithm)
    {
        Api api = Api.Get(algorithm);
        int b = api.BlockLength;
        foreach (int keyLength in KeyLengths(api))
        {
            foreach (int prefix in new[] { 0, 1, b, b + 1 })
            {
                ParamCase shorter = Vector(api, 2 * b, keyLength, api.MaxDigestLength);
                ParamCase longer = Vector(api, 4 * b, keyLength, api.MaxDigestLength);
                IHasher original = api.CreateHasher(shorter.Key, api.MaxDigestLength);
                original.Update(Pattern(prefix));
                IHasher copy = original.Fork();
                original.Update(shorter.Input.AsSpan(prefix));
                copy.Update(longer.Input.AsSpan(prefix));
                IHasher copyOfCopy = copy.Fork();

                Check.Digest(longer.Expected, copy.Finish(), $"copy, prefix {prefix}: {longer}");
                Check.Digest(shorter.Expected, original.Finish(), $"original, prefix {prefix}: {shorter}");
                Check.Digest(longer.Expected, copyOfCopy.Finish(), $"copy of the copy, prefix {prefix}: {longer}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Salt_and_personalization_both_in_effect(string algorithm)
    {
        Api api = Api.Get(algorithm);
        var cases = TestData.HashlibCases(algorithm, "salt+person").Concat(TestData.HashlibCases(algorithm, "salt+person short")).ToList();
        Assert.Equal(8, cases.Count);
        foreach (ParamCase c in cases)
        {
            Assert.NotEmpty(c.Salt);
            Assert.NotEmpty(c.Personalization);
            Check.Digest(c.Expected, api.HashWithParameters(c, c.Input), c.ToString());

            // Each field alone must not give the answer: both are in effect.
            Assert.False(c.Expected.AsSpan().SequenceEqual(api.HashWithParameters(c with { Salt = [] }, c.Input)));
            Assert.False(c.Expected.AsSpan().SequenceEqual(api.HashWithParameters(c with { Personalization = [] }, c.Input)));
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Short_salt_and_personalization_are_zero_padded(string algorithm)
    {
        Api api = Api.Get(algorithm);
        foreach (ParamCase c in TestData.HashlibCases(algorithm, "salt+person short"))
        {
            ParamCase padded = c with
            {
                Salt = [.. c.Salt, .. new byte[api.SaltLength - c.Salt.Length]],
                Personalization = [.. c.Personalization, .. new byte[api.PersonalizationLength - c.Personalization.Length]],
            };
            Check.Digest(c.Expected, api.HashWithParameters(padded, c.Input), padded.ToString());
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void A_failed_finish_leaves_the_state_usable(string algorithm)
    {
        Api api = Api.Get(algorithm);
        ParamCase c = Vector(api, api.BlockLength + 1, api.MaxKeyLength, api.MaxDigestLength);
        IHasher h = api.CreateHasher(c.Key, c.DigestLength);
        h.Update(c.Input.AsSpan(0, 10));
        byte[] tooShort = new byte[c.DigestLength - 1];
        Assert.Throws<ArgumentException>(() => h.Finish(tooShort));
        Assert.False(h.TryFinish(tooShort, out int written));
        Assert.Equal(0, written);
        Assert.All(tooShort, x => Assert.Equal(0, x));
        h.Update(c.Input.AsSpan(10));
        Check.Digest(c.Expected, h.Finish(), c.ToString());
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Later_changes_to_parameter_arrays_do_not_affect_a_started_hash(string algorithm)
    {
        Api api = Api.Get(algorithm);
        ParamCase c = TestData.HashlibCases(algorithm, "salt+person")[1];
        byte[] key = (byte[])c.Key.Clone();
        byte[] salt = (byte[])c.Salt.Clone();
        IHasher h = api.CreateHasher(c with { Key = key, Salt = salt });
        key.AsSpan().Fill(0xFF);
        salt.AsSpan().Fill(0xFF);
        h.Update(c.Input);
        Check.Digest(c.Expected, h.Finish(), c.ToString());
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public async Task Streams_are_hashed_from_their_current_position(string algorithm)
    {
        Api api = Api.Get(algorithm);
        ParamCase c = Vector(api, 2 * api.BlockLength + 1, 0, api.DefaultDigestLength);

        byte[] withJunk = [.. new byte[] { 9, 9, 9, 9, 9 }, .. c.Input];
        using var stream = new MemoryStream(withJunk);
        stream.Position = 5;
        Check.Digest(c.Expected, api == Api.B ? Blake2b.HashData(stream) : Blake2s.HashData(stream), "sync " + c);
        Assert.Equal(withJunk.Length, stream.Position);
        stream.Position = 5;
        byte[] asyncDigest = api == Api.B ? await Blake2b.HashDataAsync(stream) : await Blake2s.HashDataAsync(stream);
        Check.Digest(c.Expected, asyncDigest, "async " + c);
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Concurrent_one_shots_do_not_interfere(string algorithm)
    {
        Api api = Api.Get(algorithm);
        var cases = TestData.HashlibCases(algorithm, "random");
        System.Threading.Tasks.Parallel.For(0, 4 * cases.Count, i =>
        {
            ParamCase c = cases[i % cases.Count];
            Check.Digest(c.Expected, api.HashWithParameters(c, c.Input), c.ToString());
        });
    }
}

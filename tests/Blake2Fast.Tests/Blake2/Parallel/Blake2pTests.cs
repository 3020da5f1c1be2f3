using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>
/// Tests shared by BLAKE2bp and BLAKE2sp, run once for each by <see cref="Blake2bpTests"/> and
/// <see cref="Blake2spTests"/>. Expected values come from the official KAT, blake2-params.json and
/// <see cref="Blake2pBoundaryVectors"/> (libb2); kernels are also compared with the scalar kernel.
/// </summary>
public abstract class Blake2pTests
{
    private protected abstract IBlake2pFacade F { get; }

    /// <summary>The family's constants as the BLAKE2 paper gives them.</summary>
    private protected abstract (int DigestLength, int Degree, int BlockLength) Expected { get; }

    private IReadOnlyList<KatCase> Kat() => KnownAnswerTests.RequireKat(F.Algorithm);

    private IEnumerable<Blake2pBoundaryVectors.Vector> Boundaries() => Blake2pBoundaryVectors.All.Where(c => c.Algorithm == F.Algorithm);

    private IReadOnlyList<ParamCase> Params()
    {
        IReadOnlyList<ParamCase> cases = TestData.ParamCases(F.Algorithm);
        Assert.Equal(20, cases.Count);
        return cases;
    }

    /// <summary>Whether <paramref name="kernel"/> runs here; if not, that asking for it is refused.</summary>
    private bool Usable(byte kernel)
    {
        if (F.IsKernelSupported(kernel))
        {
            return true;
        }

        Assert.Throws<PlatformNotSupportedException>(() => F.RequireKernel(kernel));
        return false;
    }

    private static void AssertHex(ReadOnlySpan<byte> expected, ReadOnlySpan<byte> actual, object what) =>
        Assert.True(expected.SequenceEqual(actual), $"{what}: expected {Convert.ToHexStringLower(expected)}, got {Convert.ToHexStringLower(actual)}");

    [Fact]
    public void Constants()
    {
        Assert.Equal(Expected.DigestLength, F.Type.Value<int>("DefaultDigestLength"));
        Assert.Equal(Expected.DigestLength, F.Type.Value<int>("MaxDigestLength"));
        Assert.Equal(Expected.DigestLength, F.Type.Value<int>("MaxKeyLength"));
        Assert.Equal(Expected.Degree, F.Type.Value<int>("Degree"));
        Assert.Equal(Expected.BlockLength, F.Type.Value<int>("BlockLength"));
    }

    [Fact]
    public void Kernel_selection_follows_the_machine()
    {
        string expected =
            !LibraryBuild.HasIntrinsics ? "Scalar" :
            System.Runtime.Intrinsics.X86.Avx512F.VL.IsSupported ? "Avx512" :
            System.Runtime.Intrinsics.X86.Avx2.IsSupported ? "Avx2" :
            System.Runtime.Intrinsics.Vector128.IsHardwareAccelerated ? "Vector128" :
            "Scalar";
        Assert.Equal(expected, F.Kernels.Name(F.Kernels.Best));
        Assert.Equal(expected, F.Kernels.Name(F.CreateIncrementalHasher().Kernel));
    }

    // ---- Known answers through the one-shots ----

    [Fact]
    public void Kat_one_shot()
    {
        foreach (KatCase c in Kat())
        {
            Assert.Equal(F.MaxDigestLength, c.Expected.Length);
            AssertHex(c.Expected, F.HashData(c.Key, c.Input, c.Expected.Length), c);
            AssertHex(c.Expected, F.HashData(c.Key, c.Input), c);
            AssertHex(c.Expected, F.HashData((ReadOnlySpan<byte>)c.Key, (ReadOnlySpan<byte>)c.Input), c);

            byte[] destination = new byte[c.Expected.Length];
            Assert.Equal(destination.Length, F.HashData(c.Key, c.Input, destination));
            AssertHex(c.Expected, destination, c);

            destination = new byte[c.Expected.Length + 7];
            Assert.True(F.TryHashData(c.Key, c.Input, destination, out int written));
            Assert.Equal(c.Expected.Length, written);
            AssertHex(c.Expected, destination.AsSpan(0, written), c);
            Assert.All(destination[written..], b => Assert.Equal(0, b));

            if (c.Key.Length == 0)
            {
                AssertHex(c.Expected, F.HashData(c.Input), c);
                AssertHex(c.Expected, F.HashData((ReadOnlySpan<byte>)c.Input), c);
                AssertHex(c.Expected, F.HashData(c.Input, c.Expected.Length), c);
                Assert.True(F.TryHashData(c.Input, destination, out written));
                AssertHex(c.Expected, destination.AsSpan(0, written), c);
                destination = new byte[c.Expected.Length];
                Assert.Equal(destination.Length, F.HashData((ReadOnlySpan<byte>)c.Input, (Span<byte>)destination));
                AssertHex(c.Expected, destination, c);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Blake2pTestData.Chunkings), MemberType = typeof(Blake2pTestData))]
    public void Kat_incremental(int chunking)
    {
        foreach (KatCase c in Kat())
        {
            IHasher hasher = F.CreateIncrementalHasher(c.Expected.Length, c.Key);
            Blake2pTestData.Feed(hasher, c.Input, chunking);
            AssertHex(c.Expected, hasher.Finish(), c);
        }
    }

    // ---- Multi-stripe answers (libb2) ----

    [Fact]
    public void Boundary_vectors_one_shot()
    {
        foreach (Blake2pBoundaryVectors.Vector c in Boundaries())
        {
            AssertHex(Convert.FromHexString(c.Expected), F.HashData(c.Key(), c.Input()), c);
        }
    }

    [Theory]
    [MemberData(nameof(Blake2pTestData.Chunkings), MemberType = typeof(Blake2pTestData))]
    public void Boundary_vectors_incremental(int chunking)
    {
        foreach (Blake2pBoundaryVectors.Vector c in Boundaries())
        {
            IHasher hasher = F.CreateIncrementalHasher(F.MaxDigestLength, c.Key());
            Blake2pTestData.Feed(hasher, c.Input(), chunking);
            AssertHex(Convert.FromHexString(c.Expected), hasher.Finish(), $"{c} chunking {chunking}");
        }
    }

    // ---- Odd digest lengths and keys (blake2-params.json, libb2 sweep) ----

    [Theory]
    [MemberData(nameof(Blake2pTestData.Kernels), MemberType = typeof(Blake2pTestData))]
    public void Every_digest_length_with_short_inputs(byte kernel)
    {
        if (!F.IsKernelSupported(kernel))
        {
            return;
        }

        int block = F.StripeLength / (F.MaxDigestLength == 64 ? 4 : 8);
        using var all = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);
        for (int d = 1; d <= F.MaxDigestLength; d++)
        {
            foreach (int n in new[] { 0, 1, 3, block - 1, block, block + 1, (3 * block) + 5 })
            {
                byte[] input = new Blake2pBoundaryVectors.Vector(F.Algorithm, n, 0, "").Input();
                foreach (int k in new[] { 0, 1, F.MaxKeyLength })
                {
                    byte[] key = new Blake2pBoundaryVectors.Vector(F.Algorithm, 0, k, "").Key();
                    byte[] oneShot = F.HashData(key, input, d);
                    IHasher hasher = F.CreateIncrementalHasher(d, key, kernel);
                    Blake2pTestData.Feed(hasher, input, 2);
                    Assert.Equal(oneShot, hasher.Finish());
                    all.AppendData(oneShot);
                }
            }
        }

        Assert.Equal(Blake2pBoundaryVectors.DigestSweep[F.Algorithm], Convert.ToHexStringLower(all.GetHashAndReset()));
    }

    [Fact]
    public void Parameter_vectors()
    {
        foreach (ParamCase c in Params())
        {
            Assert.Equal(c.DigestLength, c.Expected.Length);
            AssertHex(c.Expected, F.HashData(c.Key, c.Input, c.DigestLength), c);

            byte[] destination = new byte[c.DigestLength];
            Assert.Equal(c.DigestLength, F.HashData(c.Key, c.Input, destination));
            AssertHex(c.Expected, destination, c);

            foreach (int chunking in new[] { 1, 129, 513, -1 })
            {
                IHasher hasher = F.CreateIncrementalHasher(c.DigestLength, c.Key);
                Blake2pTestData.Feed(hasher, c.Input, chunking);
                AssertHex(c.Expected, hasher.Finish(), c);
            }
        }
    }

    // ---- Every kernel, forced ----

    [Fact]
    public void Best_kernel_is_supported_and_used_by_default()
    {
        Assert.True(F.IsKernelSupported(F.BestKernel));
        Assert.True(F.IsKernelSupported(0));
        F.RequireKernel(0);
        for (byte k = (byte)(F.BestKernel + 1); k < F.KernelCount; k++)
        {
            // Best is the last supported kernel of the list.
            Assert.False(F.IsKernelSupported(k));
        }

        Assert.Throws<PlatformNotSupportedException>(() => F.RequireKernel(F.KernelCount));
    }

    [Theory]
    [MemberData(nameof(Blake2pTestData.Kernels), MemberType = typeof(Blake2pTestData))]
    public void Kernel_kat(byte kernel)
    {
        if (!Usable(kernel))
        {
            return;
        }

        F.RequireKernel(kernel);
        int round = 0;
        foreach (KatCase c in Kat())
        {
            IHasher hasher = F.CreateIncrementalHasher(c.Expected.Length, c.Key, kernel);
            Blake2pTestData.Feed(hasher, c.Input, (round++ % 3) switch { 0 => -1, 1 => 1, _ => 1000 });
            AssertHex(c.Expected, hasher.Finish(), c);
        }
    }

    [Theory]
    [MemberData(nameof(Blake2pTestData.Kernels), MemberType = typeof(Blake2pTestData))]
    public void Kernel_vectors(byte kernel)
    {
        if (!Usable(kernel))
        {
            return;
        }

        foreach (ParamCase c in Params())
        {
            IHasher hasher = F.CreateIncrementalHasher(c.DigestLength, c.Key, kernel);
            Blake2pTestData.Feed(hasher, c.Input, -2);
            AssertHex(c.Expected, hasher.Finish(), c);
        }

        foreach (Blake2pBoundaryVectors.Vector c in Boundaries())
        {
            IHasher hasher = F.CreateIncrementalHasher(F.MaxDigestLength, c.Key(), kernel);
            Blake2pTestData.Feed(hasher, c.Input(), 100_000);
            AssertHex(Convert.FromHexString(c.Expected), hasher.Finish(), c);
        }
    }

    [Theory]
    [MemberData(nameof(Blake2pTestData.Kernels), MemberType = typeof(Blake2pTestData))]
    public void Kernel_matches_scalar_on_random_input(byte kernel)
    {
        if (!Usable(kernel))
        {
            return;
        }

        var random = new Random(20260 + kernel);
        for (int i = 0; i < 150; i++)
        {
            byte[] input = new byte[i < 100 ? random.Next(0, 3 * F.StripeLength) : random.Next(0, 40_000)];
            random.NextBytes(input);
            byte[] key = new byte[random.Next(0, F.MaxKeyLength + 1)];
            random.NextBytes(key);
            int digestLength = random.Next(1, F.MaxDigestLength + 1);

            IHasher scalar = F.CreateIncrementalHasher(digestLength, key, 0);
            scalar.Update(input);
            IHasher tested = F.CreateIncrementalHasher(digestLength, key, kernel);
            Blake2pTestData.Feed(tested, input, -(i + 3));
            AssertHex(scalar.Finish(), tested.Finish(), $"input {input.Length} key {key.Length} digest {digestLength}");
        }
    }

    /// <summary>
    /// The lane kernel on its own, as BLAKE2X would use it: arbitrary chain values, per-lane
    /// counters close to wrapping (the carry into t1), per-lane flags, several stripes, odd increments.
    /// </summary>
    [Theory]
    [MemberData(nameof(Blake2pTestData.Kernels), MemberType = typeof(Blake2pTestData))]
    public void Lane_kernel_matches_scalar_with_per_lane_counters_and_flags(byte kernel)
    {
        if (!Usable(kernel))
        {
            return;
        }

        int wordLength = F.MaxDigestLength / 8;
        int lanes = 32 / wordLength;
        var random = new Random(7 + kernel);
        foreach (uint increment in new uint[] { 0, 1, 77, (uint)(F.StripeLength / lanes), 1000 })
        {
            for (int stripes = 0; stripes <= 5; stripes++)
            {
                byte[] state = new byte[384];
                random.NextBytes(state);
                for (int lane = 0; lane < lanes; lane++)
                {
                    // t0 within 300 of wrapping on most lanes, so the increment carries into t1.
                    if (random.Next(4) != 0)
                    {
                        state.AsSpan(256 + (lane * wordLength) + 1, wordLength - 1).Fill(0xFF);
                    }

                    state.AsSpan(320 + (lane * wordLength), wordLength).Fill(random.Next(2) == 0 ? (byte)0 : (byte)0xFF);
                    state.AsSpan(352 + (lane * wordLength), wordLength).Fill(random.Next(2) == 0 ? (byte)0 : (byte)0xFF);
                }

                byte[] input = new byte[(stripes * F.StripeLength) + random.Next(0, F.StripeLength)];
                random.NextBytes(input);
                byte[] original = (byte[])state.Clone();
                byte[] expected = (byte[])state.Clone();
                F.CompressLanes(0, expected, input, increment);
                F.CompressLanes(kernel, state, input, increment);
                AssertHex(expected, state, $"increment {increment} stripes {stripes}");
                Assert.Equal(stripes == 0, original.AsSpan(0, 256).SequenceEqual(state.AsSpan(0, 256)));
            }
        }
    }

    // ---- Bad input ----

    [Fact]
    public void Bad_digest_length_and_key_are_rejected()
    {
        byte[] tooLongKey = new byte[F.MaxKeyLength + 1];
        foreach (int bad in new[] { 0, -1, F.MaxDigestLength + 1 })
        {
            Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => F.HashData([1, 2, 3], bad)).ParamName);
            Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => F.HashData([], [1], bad)).ParamName);
            Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => F.CreateIncrementalHasher(bad, [])).ParamName);
            Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => F.CreateHashAlgorithm(bad)).ParamName);
            Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => F.CreateHMAC(bad, [])).ParamName);
        }

        Assert.Equal("key", Assert.Throws<ArgumentException>(() => F.HashData(tooLongKey, new byte[] { 1, 2, 3 })).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => F.HashData((ReadOnlySpan<byte>)tooLongKey, [1, 2, 3], 5)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => F.CreateIncrementalHasher(5, tooLongKey)).ParamName);
        Assert.Equal("key", Assert.Throws<ArgumentException>(() => F.CreateHMAC(tooLongKey)).ParamName);
        Assert.Throws<ArgumentException>(() => F.HashData(tooLongKey, new MemoryStream([1])));
        Assert.Throws<ArgumentNullException>(() => F.HashData((byte[])null!));

        // The maximum key and digest are accepted.
        Assert.Equal(F.MaxDigestLength, F.HashData(new byte[F.MaxKeyLength], [1], F.MaxDigestLength).Length);
        Assert.Single(F.HashData([], [1], 1));
    }

    [Fact]
    public void Destination_as_digest_length_must_be_valid_and_nothing_is_written_otherwise()
    {
        byte[] source = [1, 2, 3];
        foreach (int length in new[] { 0, F.MaxDigestLength + 1 })
        {
            byte[] destination = Enumerable.Repeat((byte)0xAA, length).ToArray();
            Assert.Equal("destination", Assert.Throws<ArgumentException>(() => F.HashData((ReadOnlySpan<byte>)source, (Span<byte>)destination)).ParamName);
            Assert.Equal("destination", Assert.Throws<ArgumentException>(() => F.HashData([9], source, destination)).ParamName);
            Assert.Equal("destination", Assert.Throws<ArgumentException>(() => F.HashData(new MemoryStream(source), destination)).ParamName);
            Assert.Equal("destination", Assert.Throws<ArgumentException>(() => { _ = F.HashDataAsync(new MemoryStream(source), destination).AsTask(); }).ParamName);
            Assert.All(destination, b => Assert.Equal(0xAA, b));
        }

        // Every valid length is the digest length.
        for (int length = 1; length <= F.MaxDigestLength; length++)
        {
            byte[] destination = new byte[length];
            Assert.Equal(length, F.HashData((ReadOnlySpan<byte>)source, (Span<byte>)destination));
            Assert.Equal(F.HashData(source, length), destination);
        }
    }

    [Fact]
    public void Try_forms_write_exactly_the_digest_or_nothing()
    {
        byte[] source = Enumerable.Range(0, 700).Select(i => (byte)i).ToArray();
        byte[] key = [1, 2, 3, 4];
        byte[] short1 = Enumerable.Repeat((byte)0xAA, F.MaxDigestLength - 1).ToArray();
        Assert.False(F.TryHashData(source, short1, out int written));
        Assert.Equal(0, written);
        Assert.False(F.TryHashData(key, source, short1, out written));
        Assert.Equal(0, written);
        Assert.All(short1, b => Assert.Equal(0xAA, b));

        byte[] longer = Enumerable.Repeat((byte)0xAA, F.MaxDigestLength + 9).ToArray();
        Assert.True(F.TryHashData(key, source, longer, out written));
        Assert.Equal(F.MaxDigestLength, written);
        Assert.Equal(F.HashData(key, source), longer[..written]);
        Assert.All(longer[written..], b => Assert.Equal(0xAA, b));
    }

    // ---- HashAlgorithm / HMAC wrappers ----

    [Fact]
    public void HashAlgorithm_round_trip()
    {
        byte[] input = Enumerable.Range(0, 3000).Select(i => (byte)(i * 13)).ToArray();
        foreach (int digestLength in new[] { 1, 17, F.MaxDigestLength })
        {
            using HashAlgorithm algorithm = F.CreateHashAlgorithm(digestLength);
            Assert.Equal(digestLength * 8, algorithm.HashSize);
            byte[] expected = F.HashData(input, digestLength);
            Assert.Equal(expected, algorithm.ComputeHash(input));

            // Reusable, and chunked through TransformBlock.
            for (int offset = 0; offset < input.Length; offset += 333)
            {
                int n = Math.Min(333, input.Length - offset);
                algorithm.TransformBlock(input, offset, n, null, 0);
            }

            algorithm.TransformFinalBlock([], 0, 0);
            Assert.Equal(expected, algorithm.Hash);

            using var stream = new MemoryStream();
            using (var crypto = new CryptoStream(stream, algorithm, CryptoStreamMode.Write, leaveOpen: true))
            {
                crypto.Write(input);
            }

            Assert.Equal(expected, algorithm.Hash);
        }
    }

    [Fact]
    public void Hmac_is_keyed_mode_and_key_can_change()
    {
        byte[] input = Enumerable.Range(0, 1500).Select(i => (byte)(i * 7)).ToArray();
        byte[] key1 = Enumerable.Range(1, F.MaxKeyLength).Select(i => (byte)i).ToArray();
        byte[] key2 = [42];

        using HMAC hmac = F.CreateHMAC(key1);
        Assert.Equal(F.MaxDigestLength * 8, hmac.HashSize);
        Assert.Equal(key1, hmac.Key);
        Assert.Equal(F.HashData(key1, input), hmac.ComputeHash(input));

        hmac.Key = key2;
        Assert.Equal(F.HashData(key2, input), hmac.ComputeHash(input));
        Assert.Throws<ArgumentException>(() => hmac.Key = new byte[F.MaxKeyLength + 1]);

        using HMAC shorter = F.CreateHMAC(20, key2);
        Assert.Equal(F.HashData(key2, input, 20), shorter.ComputeHash(input));
        Span<byte> destination = stackalloc byte[19];
        Assert.False(shorter.TryComputeHash(input, destination, out int written));
        Assert.Equal(0, written);
    }

    // ---- Streams ----

    [Fact]
    public async Task Stream_and_async_one_shots()
    {
        foreach (Blake2pBoundaryVectors.Vector c in Boundaries().Where(c => c.Length >= 1000))
        {
            byte[] input = c.Input();
            byte[] key = c.Key();
            byte[] expected = Convert.FromHexString(c.Expected);

            if (key.Length == 0)
            {
                Assert.Equal(expected, F.HashData(new MemoryStream(input)));
                Assert.Equal(expected, F.HashData(new TrickleStream(input, 37)));
                Assert.Equal(expected, await F.HashDataAsync(new TrickleStream(input, 700)));
                byte[] destination = new byte[F.MaxDigestLength];
                Assert.Equal(destination.Length, F.HashData(new TrickleStream(input, 513), destination));
                Assert.Equal(expected, destination);
                destination = new byte[F.MaxDigestLength];
                Assert.Equal(destination.Length, await F.HashDataAsync(new MemoryStream(input), destination));
                Assert.Equal(expected, destination);
            }
            else
            {
                Assert.Equal(expected, F.HashData(key, new TrickleStream(input, 129)));
                Assert.Equal(expected, await F.HashDataAsync(key, new MemoryStream(input)));
            }
        }

        byte[] shortDigest = new byte[7];
        F.HashData(new MemoryStream([1, 2, 3]), shortDigest);
        Assert.Equal(F.HashData([1, 2, 3], 7), shortDigest);

        Assert.Throws<ArgumentNullException>(() => F.HashData((Stream)null!));
        Assert.Throws<ArgumentNullException>(() => { _ = F.HashDataAsync(null!).AsTask(); });
        using var unreadable = new MemoryStream();
        unreadable.Dispose();
        Assert.Equal("source", Assert.Throws<ArgumentException>(() => F.HashData(unreadable)).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentException>(() => { _ = F.HashDataAsync(unreadable).AsTask(); }).ParamName);
    }

    // ---- The hash state ----

    [Fact]
    public void Hash_state_copy_forks_and_reset_restarts()
    {
        byte[] key = [5, 6, 7];
        byte[] prefix = Enumerable.Range(0, 1234).Select(i => (byte)i).ToArray();
        byte[] a = Enumerable.Range(0, 999).Select(i => (byte)(i ^ 0x5A)).ToArray();
        byte[] b = [1, 2, 3];

        IHasher first = F.CreateIncrementalHasher(F.MaxDigestLength, key);
        first.Update(prefix);
        IHasher second = first.Fork();
        first.Update(a);
        second.Update(b);
        Assert.Equal(F.HashData(key, prefix.Concat(a).ToArray()), first.Finish());
        Assert.Equal(F.HashData(key, prefix.Concat(b).ToArray()), second.Finish());

        IHasher reset = F.CreateIncrementalHasher(9, key);
        reset.Update(prefix);
        reset.Reset();
        reset.Update(a);
        Assert.Equal(F.HashData(key, a, 9), reset.Finish());

        IHasher unkeyed = F.CreateIncrementalHasher();
        Assert.Equal(F.MaxDigestLength, unkeyed.DigestLength);
        unkeyed.Update(a);
        Assert.Equal(F.HashData(a), unkeyed.Finish());
    }

    [Fact]
    public void Hash_state_finish_forms()
    {
        byte[] input = Enumerable.Range(0, 600).Select(i => (byte)i).ToArray();
        byte[] expected = F.HashData(input, 10);

        IHasher hasher = F.CreateIncrementalHasher(10, []);
        hasher.Update(input);
        byte[] tooShort = Enumerable.Repeat((byte)0xAA, 9).ToArray();
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => hasher.Finish(tooShort)).ParamName);
        Assert.False(hasher.TryFinish(tooShort, out int written));
        Assert.Equal(0, written);
        Assert.All(tooShort, x => Assert.Equal(0xAA, x));

        // The state survived the refusals.
        byte[] longer = Enumerable.Repeat((byte)0xAA, 20).ToArray();
        Assert.Equal(10, hasher.Finish(longer));
        Assert.Equal(expected, longer[..10]);
        Assert.All(longer[10..], x => Assert.Equal(0xAA, x));

        IHasher other = F.CreateIncrementalHasher(10, []);
        other.Update(input);
        Assert.True(other.TryFinish(longer, out written));
        Assert.Equal(10, written);
        Assert.Equal(expected, longer[..10]);
    }

    [Fact]
    public void Default_finished_and_cleared_states_throw()
    {
        IHasher empty = F.CreateDefault();
        Assert.Equal(0, empty.DigestLength);
        Assert.Throws<InvalidOperationException>(() => empty.Update([1]));
        Assert.Throws<InvalidOperationException>(() => empty.Finish());
        Assert.Throws<InvalidOperationException>(() => empty.Finish(new byte[64]));
        Assert.Throws<InvalidOperationException>(() => empty.TryFinish(new byte[64], out _));
        Assert.Throws<InvalidOperationException>(() => empty.Reset());
        empty.Clear();

        IHasher finished = F.CreateIncrementalHasher(F.MaxDigestLength, [1]);
        finished.Finish();
        Assert.Throws<InvalidOperationException>(() => finished.Update([1]));
        Assert.Throws<InvalidOperationException>(() => finished.Finish());
        Assert.Throws<InvalidOperationException>(() => finished.Reset());

        IHasher cleared = F.CreateIncrementalHasher(F.MaxDigestLength, [1]);
        cleared.Update([1, 2]);
        cleared.Clear();
        Assert.Throws<InvalidOperationException>(() => cleared.Update([1]));
        Assert.All(cleared.RawBytes(), x => Assert.Equal(0, x));
    }

    [Fact]
    public void Finish_erases_the_key_and_data()
    {
        byte[] key = Enumerable.Repeat((byte)0xC3, F.MaxKeyLength).ToArray();
        IHasher hasher = F.CreateIncrementalHasher(F.MaxDigestLength, key);
        hasher.Update(Enumerable.Repeat((byte)0x3C, 2000).ToArray());
        Assert.Contains((byte)0xC3, hasher.RawBytes());
        hasher.Finish();

        // Only the "finished" status byte may remain.
        Assert.True(hasher.RawBytes().Count(x => x != 0) <= 1);
    }

    [Fact]
    public void Generic_updates_hash_the_values_bytes()
    {
        uint[] values = Enumerable.Range(0, 300).Select(i => (uint)(i * 0x01010101)).ToArray();
        byte[] bytes = MemoryMarshal.AsBytes(values.AsSpan()).ToArray();
        byte[] expected = F.HashData(bytes.Concat(bytes).Concat(bytes.AsSpan(40, 400).ToArray()).Concat(BitConverter.GetBytes(0x1234_5678_9ABC_DEF0UL)).ToArray());

        IHasher hasher = F.CreateIncrementalHasher();
        hasher.UpdateArray(values);
        hasher.UpdateSpan<uint>(values.AsSpan());
        hasher.UpdateSegment(new ArraySegment<uint>(values, 10, 100));
        hasher.UpdateValue(0x1234_5678_9ABC_DEF0UL);
        Assert.Equal(expected, hasher.Finish());
    }
}

/// <summary>The shared parallel-mode tests (<see cref="Blake2pTests"/>) for BLAKE2bp.</summary>
[Trait("Legs", "Kernel")]
public sealed class Blake2bpTests : Blake2pTests
{
    private protected override IBlake2pFacade F => Blake2pFacades.Bp;

    private protected override (int DigestLength, int Degree, int BlockLength) Expected => (64, 4, 128);
}

/// <summary>The shared parallel-mode tests (<see cref="Blake2pTests"/>) for BLAKE2sp.</summary>
[Trait("Legs", "Kernel")]
public sealed class Blake2spTests : Blake2pTests
{
    private protected override IBlake2pFacade F => Blake2pFacades.Sp;

    private protected override (int DigestLength, int Degree, int BlockLength) Expected => (32, 8, 64);
}

using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// Every BLAKE2s kernel, forced one at a time. Run this class under the DOTNET_Enable* knobs too:
/// a kernel the machine (or the knob) does not support must be refused, and every other one must
/// produce the official answers on its own.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake2sKernelTests
{
    public static TheoryData<string> Kernels => new(Enum.GetNames<Blake2sKernel>());

    /// <summary>How an input is cut into Update calls: 1-byte feeds and the sizes around the block length.</summary>
    public static TheoryData<string, string> KernelsAndChunkings
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (string kernel in Enum.GetNames<Blake2sKernel>())
            {
                foreach (string chunking in new[] { "1", "63", "64", "65", "random" })
                {
                    data.Add(kernel, chunking);
                }
            }

            return data;
        }
    }

    [Fact]
    public void Best_is_supported_and_scalar_always_is()
    {
        Assert.True(Blake2sKernels.IsSupported(Blake2sKernels.Best));
        Assert.True(Blake2sKernels.IsSupported(Blake2sKernel.Scalar));
        Assert.False(Blake2sKernels.IsSupported((Blake2sKernel)200));
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Require_accepts_exactly_the_supported_kernels(string name)
    {
        Blake2sKernel kernel = Enum.Parse<Blake2sKernel>(name);
        if (Blake2sKernels.IsSupported(kernel))
        {
            Assert.Equal(kernel, Blake2sKernels.Require(kernel));
        }
        else
        {
            PlatformNotSupportedException e = Assert.Throws<PlatformNotSupportedException>(() => Blake2sKernels.Require(kernel));
            Assert.Contains(name, e.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Official_kat(string name)
    {
        if (!Usable(name, out Blake2sKernel kernel))
        {
            return;
        }

        IReadOnlyList<KatCase> cases = KnownAnswerTests.RequireKat("blake2s");
        foreach (KatCase c in cases)
        {
            byte[] actual = Hash(kernel, Blake2Settings.Sequential(c.Expected.Length, c.Key), c.Input, WholeInput);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), $"{name}: {c}");
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Parameter_vectors(string name)
    {
        if (!Usable(name, out Blake2sKernel kernel))
        {
            return;
        }

        IReadOnlyList<ParamCase> cases = ParamCasesWithTreeFields();
        foreach (ParamCase c in cases)
        {
            byte[] actual = Hash(kernel, Settings(c), c.Input, WholeInput);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), $"{name}: {c}");
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Rfc7693_self_test(string name)
    {
        if (!Usable(name, out Blake2sKernel kernel))
        {
            return;
        }

        byte[] result = SelfTest.Run(SelfTest.Blake2sDigestLengths, SelfTest.Blake2sInputLengths,
            (digestLength, key, input) => Hash(kernel, Blake2Settings.Sequential(digestLength, key), input, WholeInput));
        Assert.Equal(SelfTest.Blake2sExpected, result);
    }

    [Theory]
    [MemberData(nameof(KernelsAndChunkings))]
    public void Incremental_feeds_match_the_vectors(string name, string chunking)
    {
        if (!Usable(name, out Blake2sKernel kernel))
        {
            return;
        }

        var random = new Random(7693);
        Func<int, int> chunks = chunking == "random" ? _ => random.Next(0, 200) : _ => int.Parse(chunking, System.Globalization.CultureInfo.InvariantCulture);

        foreach (ParamCase c in ParamCasesWithTreeFields())
        {
            byte[] actual = Hash(kernel, Settings(c), c.Input, chunks);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), $"{name} chunks of {chunking}: {c}");
        }

        // The official KAT holds every length 0..255, so every split position around the first
        // four block boundaries is exercised, keyed and unkeyed.
        foreach (KatCase c in TestData.KatCases("blake2s"))
        {
            byte[] actual = Hash(kernel, Blake2Settings.Sequential(c.Expected.Length, c.Key), c.Input, chunks);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), $"{name} chunks of {chunking}: {c}");
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Random_parameters_and_chunks_match_scalar(string name)
    {
        if (!Usable(name, out Blake2sKernel kernel))
        {
            return;
        }

        var random = new Random(20151);
        for (int i = 0; i < 400; i++)
        {
            // Every fourth length is an exact multiple of the block (0 included), the classic edge.
            int length = i % 4 == 0 ? 64 * random.Next(0, 16) : random.Next(0, 1001);
            byte[] input = Bytes(random, length);
            byte[] key = Bytes(random, random.Next(0, 3) == 0 ? 0 : random.Next(1, 33));
            byte[] salt = Bytes(random, random.Next(0, 9));
            byte[] personalization = Bytes(random, random.Next(0, 9));
            var settings = new Blake2Settings
            {
                DigestLength = random.Next(1, 33),
                Key = key,
                Salt = salt,
                Personalization = personalization,
                FanOut = (byte)random.Next(0, 256),
                MaxDepth = (byte)random.Next(1, 256),
                LeafLength = (uint)random.NextInt64(0, 1L << 32),
                NodeOffset = (ulong)random.NextInt64(0, 1L << 48),
                NodeDepth = (byte)random.Next(0, 256),
                InnerLength = (byte)random.Next(0, 33),
                IsLastNode = random.Next(0, 2) == 1,
            };

            byte[] expected = Hash(Blake2sKernel.Scalar, settings, input, WholeInput);
            int seed = random.Next();
            var chunkRandom = new Random(seed);
            byte[] actual = Hash(kernel, settings, input, _ => chunkRandom.Next(0, 150));
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{name}: case {i}, length {length}, key {key.Length}, chunk seed {seed}");
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Counter_carries_into_its_high_word_as_scalar_does(string name)
    {
        if (!Usable(name, out Blake2sKernel kernel))
        {
            return;
        }

        // Four gigabytes are too many to hash in a test, so start the kernel just below the
        // 2^32 and 2^64 boundaries: the counter must carry (or wrap) between blocks of one call.
        var random = new Random(32);
        byte[] blocks = Bytes(random, 64 * 5);
        byte[] chain = Bytes(random, 32);
        foreach (ulong start in new[] { 0xFFFF_FF00UL, 0xFFFF_FFC0UL, 0x1_FFFF_FFFFUL, ulong.MaxValue - 100 })
        {
            foreach ((bool final, bool lastNode) in new[] { (false, false), (true, false), (true, true) })
            {
                int count = final ? 64 : blocks.Length;
                uint increment = final ? 17u : 64u;
                byte[] expectedChain = (byte[])chain.Clone();
                ulong expectedCounter = start, unused = 0;
                Blake2sKernels.Compress((byte)Blake2sKernel.Scalar, expectedChain, blocks.AsSpan(0, count), ref expectedCounter, ref unused, increment, final, lastNode);

                byte[] actualChain = (byte[])chain.Clone();
                ulong actualCounter = start;
                Blake2sKernels.Compress((byte)kernel, actualChain, blocks.AsSpan(0, count), ref actualCounter, ref unused, increment, final, lastNode);

                Assert.Equal(start + ((ulong)(count / 64) * increment), actualCounter);
                Assert.Equal(expectedCounter, actualCounter);
                Assert.True(expectedChain.AsSpan().SequenceEqual(actualChain), $"{name}: start {start:x}, final {final}, last node {lastNode}");
            }
        }
    }

    private static readonly Func<int, int> WholeInput = _ => int.MaxValue;

    /// <summary>
    /// Whether <paramref name="name"/> runs here. An unsupported kernel must be refused, which is
    /// what such a test case then checks instead of silently passing.
    /// </summary>
    private static bool Usable(string name, out Blake2sKernel kernel)
    {
        kernel = Enum.Parse<Blake2sKernel>(name);
        if (Blake2sKernels.IsSupported(kernel))
        {
            Assert.Equal(kernel, Blake2sKernels.Require(kernel));
            return true;
        }

        Blake2sKernel refused = kernel;
        Assert.Throws<PlatformNotSupportedException>(() => Blake2sKernels.Require(refused));
        return false;
    }

    /// <summary>Hashes <paramref name="input"/> with <paramref name="kernel"/>, in Update calls of the sizes <paramref name="chunkSize"/> gives for each call number.</summary>
    private static byte[] Hash(Blake2sKernel kernel, scoped in Blake2Settings settings, ReadOnlySpan<byte> input, Func<int, int> chunkSize)
    {
        var state = new Blake2sHashState(settings, kernel);
        Assert.Equal(kernel, state.Kernel);
        for (int call = 0; !input.IsEmpty; call++)
        {
            int size = Math.Min(chunkSize(call), input.Length);
            state.Update(input[..size]);
            input = input[size..];
        }

        return state.Finish();
    }

    private static IReadOnlyList<ParamCase> ParamCasesWithTreeFields()
    {
        IReadOnlyList<ParamCase> cases = TestData.ParamCases("blake2s");
        Assert.NotEmpty(cases);

        // Guard against a vectors file that lost the cases this class relies on.
        Assert.Contains(cases, c => c.NodeOffset > uint.MaxValue);
        Assert.Contains(cases, c => c.LastNode);
        Assert.Contains(cases, c => c.Salt.Length != 0 && c.Personalization.Length != 0);
        Assert.Contains(cases, c => c.Input.Length > 1000);
        return cases;
    }

    private static Blake2Settings Settings(ParamCase c)
    {
        Assert.Equal(-1, c.XofLength);
        return new Blake2Settings
        {
            DigestLength = c.DigestLength,
            Key = c.Key,
            Salt = c.Salt,
            Personalization = c.Personalization,
            FanOut = (byte)c.FanOut,
            MaxDepth = (byte)c.Depth,
            LeafLength = c.LeafLength,
            NodeOffset = c.NodeOffset,
            NodeDepth = (byte)c.NodeDepth,
            InnerLength = (byte)c.InnerLength,
            IsLastNode = c.LastNode,
        };
    }

    private static byte[] Bytes(Random random, int length)
    {
        byte[] bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}

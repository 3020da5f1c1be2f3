using System;
using System.Collections.Generic;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// Runs every BLAKE2b compress kernel directly, whichever one the machine would pick. A kernel
/// the machine (or the DOTNET_Enable* settings of this run) cannot run is checked to be refused,
/// so each leg of the ISA matrix reports what it actually exercised.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake2bKernelTests
{
    public static TheoryData<string> Kernels()
    {
        TheoryData<string> data = [];
        foreach (Blake2bKernel kernel in Enum.GetValues<Blake2bKernel>())
        {
            data.Add(kernel.ToString());
        }

        return data;
    }

    [Fact]
    public void WidestSupported_is_the_most_capable_supported_kernel()
    {
        // The enum is ordered by capability: WidestSupported must be supported and nothing above it.
        Blake2bKernel widest = Blake2bKernels.WidestSupported;
        Assert.True(Blake2bKernels.IsSupported(widest));
        foreach (Blake2bKernel kernel in Enum.GetValues<Blake2bKernel>())
        {
            if (kernel > widest)
            {
                Assert.False(Blake2bKernels.IsSupported(kernel), $"{kernel} is supported but WidestSupported is {widest}.");
            }
        }

        Assert.True(Blake2bKernels.IsSupported(Blake2bKernel.Scalar));
        Assert.Equal(Blake2bKernels.Best, Blake2b.CreateIncrementalHasher().Kernel);
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Require_accepts_exactly_the_supported_kernels(string name)
    {
        Blake2bKernel kernel = Enum.Parse<Blake2bKernel>(name);
        if (Blake2bKernels.IsSupported(kernel))
        {
            Assert.Equal(kernel, Blake2bKernels.Require(kernel));
        }
        else
        {
            PlatformNotSupportedException e = Assert.Throws<PlatformNotSupportedException>(() => Blake2bKernels.Require(kernel));
            Assert.Contains(name, e.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Official_kat(string name)
    {
        if (!TryUse(name, out Blake2bKernel kernel))
        {
            return;
        }

        foreach (KatCase c in KnownAnswerTests.RequireKat("blake2b"))
        {
            byte[] actual = Hash(kernel, Blake2Settings.Sequential(c.Expected.Length, c.Key), c.Input, _ => c.Input.Length + 1);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), c.ToString());
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Official_kat_fed_in_awkward_chunks(string name)
    {
        if (!TryUse(name, out Blake2bKernel kernel))
        {
            return;
        }

        Random random = new(20251122);
        Func<int, int>[] chunkings =
        [
            _ => 1,
            _ => 127,
            _ => 128,
            _ => 129,
            i => i % 2 == 0 ? 127 : 129,
            _ => random.Next(1, 300),
        ];
        foreach (KatCase c in KnownAnswerTests.RequireKat("blake2b"))
        {
            foreach (Func<int, int> chunking in chunkings)
            {
                byte[] actual = Hash(kernel, Blake2Settings.Sequential(c.Expected.Length, c.Key), c.Input, chunking);
                Assert.True(c.Expected.AsSpan().SequenceEqual(actual), c.ToString());
            }
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Parameter_vectors(string name)
    {
        if (!TryUse(name, out Blake2bKernel kernel))
        {
            return;
        }

        IReadOnlyList<ParamCase> cases = TestData.ParamCases("blake2b");
        Assert.NotEmpty(cases);
        foreach (ParamCase c in cases)
        {
            Blake2Settings settings = new()
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
            Assert.True(c.Expected.AsSpan().SequenceEqual(Hash(kernel, settings, c.Input, _ => c.Input.Length + 1)), c.ToString());
            Assert.True(c.Expected.AsSpan().SequenceEqual(Hash(kernel, settings, c.Input, i => 1 + (i * 37 % 200))), c + " (chunked)");
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Rfc7693_self_test(string name)
    {
        if (!TryUse(name, out Blake2bKernel kernel))
        {
            return;
        }

        byte[] result = SelfTest.Run(
            SelfTest.Blake2bDigestLengths,
            SelfTest.Blake2bInputLengths,
            (digestLength, key, input) => Hash(kernel, Blake2Settings.Sequential(digestLength, key), input, _ => input.Length + 1));
        Assert.Equal(SelfTest.Blake2bExpected, result);
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Random_parameters_and_chunks_match_the_scalar_kernel(string name)
    {
        if (!TryUse(name, out Blake2bKernel kernel))
        {
            return;
        }

        // Expected values come from the scalar kernel, which the official vectors above check.
        Random random = new(7693 + (int)kernel);
        for (int i = 0; i < 400; i++)
        {
            // Every tenth length is an exact multiple of the block, where the final-block rule bites.
            int length = i % 10 == 0 ? 128 * random.Next(0, 16) : random.Next(0, 2001);
            byte[] input = Bytes(random, length);
            byte[] key = Bytes(random, random.Next(0, 3) == 0 ? 0 : random.Next(1, 65));
            byte[] salt = Bytes(random, random.Next(0, 17));
            byte[] personalization = Bytes(random, random.Next(0, 17));
            Blake2Settings settings = new()
            {
                DigestLength = random.Next(1, 65),
                Key = key,
                Salt = salt,
                Personalization = personalization,
                FanOut = (byte)random.Next(0, 256),
                MaxDepth = (byte)random.Next(1, 256),
                LeafLength = (uint)random.NextInt64(0, 1L << 32),
                NodeOffset = (ulong)random.NextInt64(),
                NodeDepth = (byte)random.Next(0, 256),
                InnerLength = (byte)random.Next(0, 65),
                IsLastNode = random.Next(0, 2) == 1,
            };
            int seed = random.Next();
            Random chunks = new(seed);
            byte[] expected = Hash(Blake2bKernel.Scalar, settings, input, _ => input.Length + 1);
            byte[] actual = Hash(kernel, settings, input, _ => chunks.Next(0, 400));
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"case {i}: length {length}, key {key.Length}, digest {settings.DigestLength}, chunk seed {seed}");
        }
    }

    /// <summary>
    /// Whether <paramref name="name"/> can run here; if not, checks that asking for it fails
    /// loudly instead of silently using another kernel.
    /// </summary>
    private static bool TryUse(string name, out Blake2bKernel kernel)
    {
        kernel = Enum.Parse<Blake2bKernel>(name);
        if (Blake2bKernels.IsSupported(kernel))
        {
            Assert.Equal(kernel, Blake2bKernels.Require(kernel));
            return true;
        }

        Blake2bKernel refused = kernel;
        Assert.Throws<PlatformNotSupportedException>(() => Blake2bKernels.Require(refused));
        return false;
    }

    /// <summary>Hashes <paramref name="input"/> with <paramref name="kernel"/>, feeding chunk i with <paramref name="chunkLength"/>(i) bytes.</summary>
    private static byte[] Hash(Blake2bKernel kernel, scoped in Blake2Settings settings, byte[] input, Func<int, int> chunkLength)
    {
        Blake2bHashState state = new(settings, Blake2bKernels.Require(kernel));
        Assert.Equal(kernel, state.Kernel);
        int offset = 0;
        for (int i = 0; offset < input.Length; i++)
        {
            int take = Math.Min(chunkLength(i), input.Length - offset);
            state.Update(input.AsSpan(offset, take));
            offset += take;
        }

        return state.Finish();
    }

    private static byte[] Bytes(Random random, int length)
    {
        byte[] bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }
}

using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// Every BLAKE2b and BLAKE2s compress kernel, forced one at a time, whichever one the machine would
/// pick.
/// A kernel the machine (or the DOTNET_Enable* settings of this run) cannot run must be refused, so
/// each leg of the ISA matrix reports what it actually exercised; every other one must produce the
/// official answers on its own, and what the scalar kernel produces for anything else.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake2KernelTests
{
    private static readonly Func<int, int> WholeInput = _ => int.MaxValue;

    /// <summary>Every kernel of each algorithm, supported here or not.</summary>
    public static TheoryData<string, string> Kernels()
    {
        var data = new TheoryData<string, string>();
        foreach (Api api in new[] { Api.B, Api.S })
        {
            foreach (string kernel in api.Kernels.Names)
            {
                data.Add(api.Name, kernel);
            }
        }

        return data;
    }

    /// <summary>Every kernel, with each way of cutting an input into Update calls: 1-byte feeds, the sizes around the block length, random.</summary>
    public static TheoryData<string, string, string> KernelsAndChunkings()
    {
        var data = new TheoryData<string, string, string>();
        foreach (Api api in new[] { Api.B, Api.S })
        {
            int b = api.BlockLength;
            foreach (string kernel in api.Kernels.Names)
            {
                foreach (string chunking in new[] { "1", $"{b - 1}", $"{b}", $"{b + 1}", "random" })
                {
                    data.Add(api.Name, kernel, chunking);
                }
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void WidestSupported_is_the_most_capable_supported_kernel(string algorithm)
    {
        Api a = Api.Get(algorithm);
        // The enum is ordered by capability: WidestSupported must be supported and nothing above it.
        // RoundLoop, last, is no rung of that ladder but the scalar kernel's shape for the browser's
        // interpreter (picked only there): the builds with intrinsics support it on every
        // little-endian machine, so that every leg can force it against the scalar kernel.
        KernelSet kernels = a.Kernels;
        byte widest = kernels.WidestSupported;
        Assert.True(kernels.IsSupported(widest));
        foreach (string name in kernels.Names)
        {
            byte kernel = kernels.Parse(name);
            if (name == "RoundLoop")
            {
                Assert.Equal(LibraryBuild.HasIntrinsics && BitConverter.IsLittleEndian, kernels.IsSupported(kernel));
            }
            else if (kernel > widest)
            {
                Assert.False(kernels.IsSupported(kernel), $"{name} is supported but WidestSupported is {kernels.Name(widest)}.");
            }
        }

        Assert.True(kernels.IsSupported(kernels.Best));
        Assert.True(kernels.IsSupported(kernels.Parse("Scalar")));
        Assert.False(kernels.IsSupported(200));
        Assert.Equal(kernels.Best, a.HasherFactories.Single(f => f.Name == "CreateIncrementalHasher()").Create([], a.DefaultDigestLength)!.Kernel);
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Require_accepts_exactly_the_supported_kernels(string algorithm, string name)
    {
        Api a = Api.Get(algorithm);
        byte kernel = a.Kernels.Parse(name);
        if (a.Kernels.IsSupported(kernel))
        {
            Assert.Equal(kernel, a.Kernels.Require(kernel));
        }
        else
        {
            PlatformNotSupportedException e = Assert.Throws<PlatformNotSupportedException>(() => a.Kernels.Require(kernel));
            Assert.Contains(name, e.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Official_kat(string algorithm, string name) => IfUsable(algorithm, name, (a, kernel) =>
    {
        CheckKat(a, kernel, KnownAnswerTests.RequireKat(a.Name), WholeInput, name);
    });

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Official_kat_fed_in_awkward_chunks(string algorithm, string name) => IfUsable(algorithm, name, (a, kernel) =>
    {
        int b = a.BlockLength;
        Random random = new(20251122);
        Func<int, int>[] chunkings =
        [
            _ => 1,
            _ => b - 1,
            _ => b,
            _ => b + 1,
            i => i % 2 == 0 ? b - 1 : b + 1,
            _ => random.Next(1, 300),
        ];
        foreach (Func<int, int> chunking in chunkings)
        {
            CheckKat(a, kernel, KnownAnswerTests.RequireKat(a.Name), chunking, name);
        }
    });

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Parameter_vectors(string algorithm, string name) => IfUsable(algorithm, name, (a, kernel) =>
    {
        CheckParameterVectors(a, kernel, WholeInput, name);
        CheckParameterVectors(a, kernel, i => 1 + (i * 37 % 200), name + " (chunked)");
    });

    [Theory]
    [MemberData(nameof(KernelsAndChunkings))]
    public void Incremental_feeds_match_the_vectors(string algorithm, string name, string chunking) => IfUsable(algorithm, name, (a, kernel) =>
    {
        var random = new Random(7693);
        Func<int, int> chunks = chunking == "random" ? _ => random.Next(0, 200) : _ => int.Parse(chunking, System.Globalization.CultureInfo.InvariantCulture);

        CheckParameterVectors(a, kernel, chunks, $"{name} chunks of {chunking}");

        // The official KAT holds every length 0..255, so every split position around the first
        // block boundaries is exercised, keyed and unkeyed.
        CheckKat(a, kernel, TestData.KatCases(a.Name), chunks, $"{name} chunks of {chunking}");
    });

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Rfc7693_self_test(string algorithm, string name) => IfUsable(algorithm, name, (a, kernel) =>
    {
        (int[] digests, int[] inputs, byte[] expected) = SelfTest.For(a.Name);
        byte[] result = SelfTest.Run(digests, inputs, (digestLength, key, input) => Hash(a, kernel, Blake2Settings.Sequential(digestLength, key), input, WholeInput));
        Assert.Equal(expected, result);
    });

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Random_parameters_and_chunks_match_the_scalar_kernel(string algorithm, string name) => IfUsable(algorithm, name, (a, kernel) =>
    {
        // Expected values come from the scalar kernel, which the official vectors above check.
        int b = a.BlockLength;
        long nodeOffsets = b == 128 ? long.MaxValue : 1L << 48; // BLAKE2s has 6 bytes for it, BLAKE2b 8.
        Random random = new(7693 + kernel);
        for (int i = 0; i < 400; i++)
        {
            // Every fourth length is an exact multiple of the block (0 included), where the final-block rule bites.
            int length = i % 4 == 0 ? b * random.Next(0, 16) : random.Next(0, 16 * b);
            byte[] input = Bytes(random, length);
            byte[] key = Bytes(random, random.Next(0, 3) == 0 ? 0 : random.Next(1, a.MaxKeyLength + 1));
            byte[] salt = Bytes(random, random.Next(0, a.SaltLength + 1));
            byte[] personalization = Bytes(random, random.Next(0, a.PersonalizationLength + 1));
            Blake2Settings settings = new()
            {
                DigestLength = random.Next(1, a.MaxDigestLength + 1),
                Key = key,
                Salt = salt,
                Personalization = personalization,
                FanOut = (byte)random.Next(0, 256),
                MaxDepth = (byte)random.Next(1, 256),
                LeafLength = (uint)random.NextInt64(0, 1L << 32),
                NodeOffset = (ulong)random.NextInt64(0, nodeOffsets),
                NodeDepth = (byte)random.Next(0, 256),
                InnerLength = (byte)random.Next(0, a.MaxDigestLength + 1),
                IsLastNode = random.Next(0, 2) == 1,
            };
            int seed = random.Next();
            Random chunks = new(seed);
            byte[] expected = Hash(a, 0, settings, input, WholeInput);
            byte[] actual = Hash(a, kernel, settings, input, _ => chunks.Next(0, 3 * b));
            Assert.True(expected.AsSpan().SequenceEqual(actual), $"{name}: case {i}, length {length}, key {key.Length}, digest {settings.DigestLength}, chunk seed {seed}");
        }
    });

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Counter_carries_into_its_high_word_as_scalar_does(string algorithm, string name) => IfUsable(algorithm, name, (a, kernel) =>
    {
        // Four gigabytes are too many to hash in a test, so start the kernel just below the
        // 2^32 and 2^64 boundaries: the counter must carry (or wrap) between blocks of one call.
        int b = a.BlockLength;
        var compress = a.Kernels.Dispatcher.Method<CompressBlocks>("Compress");
        var random = new Random(32);
        byte[] blocks = Bytes(random, b * 5);
        byte[] chain = Bytes(random, b / 2);
        foreach (ulong start in new[] { 0xFFFF_FF00UL, 0xFFFF_FFC0UL, 0x1_FFFF_FFFFUL, ulong.MaxValue - 100 })
        {
            foreach ((bool final, bool lastNode) in new[] { (false, false), (true, false), (true, true) })
            {
                int count = final ? b : blocks.Length;
                uint increment = final ? 17u : (uint)b;
                byte[] expectedChain = (byte[])chain.Clone();
                ulong expectedCounter = start, expectedHigh = 0;
                compress(0, expectedChain, blocks.AsSpan(0, count), ref expectedCounter, ref expectedHigh, increment, final, lastNode);

                byte[] actualChain = (byte[])chain.Clone();
                ulong actualCounter = start, actualHigh = 0;
                compress(kernel, actualChain, blocks.AsSpan(0, count), ref actualCounter, ref actualHigh, increment, final, lastNode);

                Assert.Equal(start + ((ulong)(count / b) * increment), actualCounter);
                Assert.Equal(expectedCounter, actualCounter);
                Assert.Equal(expectedHigh, actualHigh);
                Assert.True(expectedChain.AsSpan().SequenceEqual(actualChain), $"{name}: start {start:x}, final {final}, last node {lastNode}");
            }
        }
    });

    /// <summary>
    /// Runs <paramref name="test"/> with kernel <paramref name="name"/> of <paramref name="algorithm"/>
    /// if it can run here; if not, checks that asking for it fails loudly instead of silently using
    /// another kernel.
    /// </summary>
    private static void IfUsable(string algorithm, string name, Action<Api, byte> test)
    {
        Api a = Api.Get(algorithm);
        byte kernel = a.Kernels.Parse(name);
        if (!a.Kernels.IsSupported(kernel))
        {
            Assert.Throws<PlatformNotSupportedException>(() => a.Kernels.Require(kernel));
            return;
        }

        Assert.Equal(kernel, a.Kernels.Require(kernel));
        test(a, kernel);
    }

    /// <summary>Hashes <paramref name="input"/> with <paramref name="kernel"/>, in Update calls of the sizes <paramref name="chunkSize"/> gives for each call number.</summary>
    private static byte[] Hash(Api a, byte kernel, scoped in Blake2Settings settings, ReadOnlySpan<byte> input, Func<int, int> chunkSize)
    {
        IHasher state = a.CreateHasher(settings, kernel);
        Assert.Equal(kernel, state.Kernel);
        for (int call = 0; !input.IsEmpty; call++)
        {
            int size = Math.Min(chunkSize(call), input.Length);
            state.Update(input[..size]);
            input = input[size..];
        }

        return state.Finish();
    }

    /// <summary>The official known answers, each fed in Update calls of the sizes <paramref name="chunks"/> gives.</summary>
    private static void CheckKat(Api a, byte kernel, IEnumerable<KatCase> cases, Func<int, int> chunks, string label)
    {
        foreach (KatCase c in cases)
        {
            byte[] actual = Hash(a, kernel, Blake2Settings.Sequential(c.Expected.Length, c.Key), c.Input, chunks);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), $"{label}: {c}");
        }
    }

    /// <summary>The parameter vectors (every field of the parameter block), fed as <paramref name="chunks"/> says.</summary>
    private static void CheckParameterVectors(Api a, byte kernel, Func<int, int> chunks, string label)
    {
        foreach (ParamCase c in ParamCasesWithTreeFields(a))
        {
            byte[] actual = Hash(a, kernel, a.Settings(c), c.Input, chunks);
            Assert.True(c.Expected.AsSpan().SequenceEqual(actual), $"{label}: {c}");
        }
    }

    private static IReadOnlyList<ParamCase> ParamCasesWithTreeFields(Api a)
    {
        IReadOnlyList<ParamCase> cases = TestData.ParamCases(a.Name);

        // Guard against a vectors file that lost the cases this class relies on.
        Assert.NotEmpty(cases);
        Assert.All(cases, c => Assert.Equal(-1, c.XofLength));
        Assert.Contains(cases, c => c.NodeOffset > uint.MaxValue);
        Assert.Contains(cases, c => c.LastNode);
        Assert.Contains(cases, c => c.Salt.Length != 0 && c.Personalization.Length != 0);
        Assert.Contains(cases, c => c.Input.Length > 1000);
        return cases;
    }

    private static byte[] Bytes(Random random, int length)
    {
        byte[] bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    /// <summary>A family's <c>Compress(kernel, chain, blocks, ref t0, ref t1, increment, final, lastNode)</c>.</summary>
    private delegate void CompressBlocks(byte kernel, Span<byte> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, bool final, bool lastNode);
}

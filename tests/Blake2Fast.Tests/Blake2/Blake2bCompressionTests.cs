using System;
using System.Linq;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// BLAKE2b's compression F with a round count (EIP-152): the EIP's vectors through the public API,
/// through every kernel forced one at a time, and its malformed inputs.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake2bCompressionTests
{
    /// <summary>EIP-152's h, m and t of its vectors 4 to 8 (hex, little-endian words).</summary>
    internal const string H = "48c9bdf267e6096a3ba7ca8485ae67bb2bf894fe72f36e3cf1361d5f3af54fa5d182e6ad7f520e511f6c3e2b8c68059b6bbd41fbabd9831f79217e1319cde05b";
    internal const string M = "6162630000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000";
    internal const string T = "03000000000000000000000000000000";

    /// <summary>EIP-152's test vectors 4 to 7: rounds (hex, big-endian), flag, output (also the contract test's oracle facts).</summary>
    internal static readonly (string Rounds, string Flag, string Output)[] Eip152Vectors =
    [
        ("00000000", "01", "08c9bcf367e6096a3ba7ca8485ae67bb2bf894fe72f36e3cf1361d5f3af54fa5d282e6ad7f520e511f6c3e2b8c68059b9442be0454267ce079217e1319cde05b"),
        ("0000000c", "01", "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"),
        ("0000000c", "00", "75ab69d3190a562c51aef8d88f1c2775876944407270c42c9844252c26d2875298743e7f6d5ea2f2d3e8d226039cd31b4e426ac4f2d3d666a610c2116fde4735"),
        ("00000001", "01", "b63a380cb2897d521994a85234ee2c181b5f844d2c624c002677e9703449d2fba551b3a8333bcdf5f2f7e08993d53923de3d64fcc68c034e717b9293fed7a421"),
    ];

    public static TheoryData<string, string, string> Vectors()
    {
        var data = new TheoryData<string, string, string>();
        foreach ((string rounds, string flag, string output) in Eip152Vectors)
        {
            data.Add(rounds, flag, output);
        }

        return data;
    }

    public static TheoryData<string> KernelNames() => new(Enum.GetNames<Blake2bKernel>());

    [Theory]
    [MemberData(nameof(Vectors))]
    public void ComputeEip152_gives_the_EIP_vectors(string rounds, string flag, string expected)
    {
        byte[] input = Convert.FromHexString(rounds + H + M + T + flag);
        byte[] output = new byte[80];
        output.AsSpan().Fill(0xEE);
        Blake2bCompression.ComputeEip152(input, output);
        Assert.Equal(expected, Convert.ToHexStringLower(output.AsSpan(0, 64)));
        Assert.All(output.Skip(64), b => Assert.Equal(0xEE, b));
    }

    /// <summary>The reason <see cref="ComputeEip152_gives_vector_8_with_2_to_the_32_minus_1_rounds"/> skips in the default run (.ci/fresh-clone.sh allows exactly this one).</summary>
    public const string LongTestReason = "Long-running (about a minute): set BLAKE2FAST_LONG_TESTS=1 to run it.";

    [Fact]
    [Trait("Duration", "Long")]
    public void ComputeEip152_gives_vector_8_with_2_to_the_32_minus_1_rounds()
    {
        Assert.SkipUnless(Environment.GetEnvironmentVariable("BLAKE2FAST_LONG_TESTS") == "1", LongTestReason);
        byte[] input = Convert.FromHexString("ffffffff" + H + M + T + "01");
        byte[] output = new byte[64];
        Blake2bCompression.ComputeEip152(input, output);
        Assert.Equal("fc59093aafa9ab43daae0e914c57635c5402d8e3d2130eb9b3cc181de7f0ecf9b22bf99a7815ce16419e200e01846e6b5df8cc7703041bbceb571de6631d2615", Convert.ToHexStringLower(output));
    }

    [Fact]
    public void Twelve_rounds_is_BLAKE2b_compression_of_abc()
    {
        // BLAKE2b-512("abc") is one compression of the parameter-block state: h = IV ^ 0x01010040.
        ulong[] state = [Blake2bScalar.IV0 ^ 0x01010040, Blake2bScalar.IV1, Blake2bScalar.IV2, Blake2bScalar.IV3, Blake2bScalar.IV4, Blake2bScalar.IV5, Blake2bScalar.IV6, Blake2bScalar.IV7];
        ulong[] message = new ulong[16];
        message[0] = 0x636261;
        Blake2bCompression.Compress(12, state, message, 3, 0, true);
        Assert.Equal(Blake2b.HashData("abc"u8), MemoryMarshal.AsBytes(state.AsSpan()).ToArray());
    }

    [Theory]
    [MemberData(nameof(KernelNames))]
    public void Every_kernel_gives_the_scalar_result_for_every_round_count(string name)
    {
        Blake2bKernel kernel = Enum.Parse<Blake2bKernel>(name);
        if (!Blake2bKernels.IsSupported(kernel))
        {
            // As the other kernel tests: a kernel this leg cannot run must be refused.
            Assert.Throws<PlatformNotSupportedException>(() => Blake2bKernels.Require(kernel));
            return;
        }

        var random = new Random(152);
        ulong[] message = new ulong[16];
        ulong[] start = new ulong[8];
        foreach (uint rounds in new uint[] { 0, 1, 2, 9, 10, 11, 12, 13, 19, 20, 21, 25, 100, 1001 })
        {
            foreach (bool final in new[] { false, true })
            {
                random.NextBytes(MemoryMarshal.AsBytes(message.AsSpan()));
                random.NextBytes(MemoryMarshal.AsBytes(start.AsSpan()));
                ulong t0 = (ulong)random.NextInt64(), t1 = (ulong)random.NextInt64();
                ulong[] expected = (ulong[])start.Clone();
                ulong[] actual = (ulong[])start.Clone();
                Reference(rounds, expected, message, t0, t1, final);
                Blake2bKernels.CompressRounds(kernel, actual, message, rounds, t0, t1, final);
                Assert.True(expected.SequenceEqual(actual), $"{name}, {rounds} rounds, final {final}");
            }
        }
    }

    [Theory]
    [InlineData(212)]
    [InlineData(214)]
    [InlineData(0)]
    public void A_wrong_input_length_is_refused_and_nothing_written(int length)
    {
        byte[] input = new byte[length];
        byte[] output = new byte[64];
        output.AsSpan().Fill(0xEE);
        ArgumentException e = Assert.Throws<ArgumentException>(() => Blake2bCompression.ComputeEip152(input, output));
        Assert.Equal("input", e.ParamName);
        Assert.All(output, b => Assert.Equal(0xEE, b));
    }

    [Fact]
    public void The_EIP_malformed_inputs_are_refused()
    {
        // EIP-152's vectors 1 to 3: one byte short, one byte long, flag 2.
        string good = "0000000c" + H + M + T + "01";
        foreach (string bad in new[] { good[2..], "00" + good, good[..^2] + "02" })
        {
            byte[] output = new byte[64];
            ArgumentException e = Assert.Throws<ArgumentException>(() => Blake2bCompression.ComputeEip152(Convert.FromHexString(bad), output));
            Assert.Equal("input", e.ParamName);
            Assert.All(output, b => Assert.Equal(0, b));
        }
    }

    [Fact]
    public void A_short_destination_is_refused()
    {
        byte[] output = new byte[63];
        ArgumentException e = Assert.Throws<ArgumentException>(() => Blake2bCompression.ComputeEip152(Convert.FromHexString("0000000c" + H + M + T + "01"), output));
        Assert.Equal("destination", e.ParamName);
        Assert.All(output, b => Assert.Equal(0, b));
    }

    [Theory]
    [InlineData(7, 16, "state")]
    [InlineData(9, 16, "state")]
    [InlineData(8, 15, "message")]
    [InlineData(8, 17, "message")]
    public void Compress_refuses_wrong_lengths_and_leaves_the_state(int stateLength, int messageLength, string parameter)
    {
        ulong[] state = Enumerable.Range(1, stateLength).Select(i => (ulong)i).ToArray();
        ulong[] before = (ulong[])state.Clone();
        ArgumentException e = Assert.Throws<ArgumentException>(() => Blake2bCompression.Compress(12, state, new ulong[messageLength], 0, 0, false));
        Assert.Equal(parameter, e.ParamName);
        Assert.Equal(before, state);
    }

    /// <summary>A plain transcription of RFC 7693's F with a round count, independent of the kernels (also the model of Blake2bCompressionModelTests).</summary>
    internal static void Reference(uint rounds, ulong[] h, ulong[] m, ulong t0, ulong t1, bool final)
    {
        ReadOnlySpan<byte> sigma =
        [
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
            14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3,
            11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4,
            7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8,
            9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13,
            2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9,
            12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11,
            13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10,
            6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5,
            10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0,
        ];
        ulong[] v = new ulong[16];
        h.CopyTo(v, 0);
        v[8] = Blake2bScalar.IV0; v[9] = Blake2bScalar.IV1; v[10] = Blake2bScalar.IV2; v[11] = Blake2bScalar.IV3;
        v[12] = Blake2bScalar.IV4 ^ t0; v[13] = Blake2bScalar.IV5 ^ t1; v[14] = Blake2bScalar.IV6 ^ (final ? ulong.MaxValue : 0); v[15] = Blake2bScalar.IV7;
        for (uint r = 0; r < rounds; r++)
        {
            ReadOnlySpan<byte> s = sigma.Slice((int)(r % 10) * 16, 16);
            G(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
            G(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
            G(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
            G(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
            G(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
            G(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
            G(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
            G(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
        }

        for (int i = 0; i < 8; i++)
        {
            h[i] ^= v[i] ^ v[i + 8];
        }

        static void G(ulong[] v, int a, int b, int c, int d, ulong x, ulong y)
        {
            v[a] += v[b] + x; v[d] = ulong.RotateRight(v[d] ^ v[a], 32);
            v[c] += v[d]; v[b] = ulong.RotateRight(v[b] ^ v[c], 24);
            v[a] += v[b] + y; v[d] = ulong.RotateRight(v[d] ^ v[a], 16);
            v[c] += v[d]; v[b] = ulong.RotateRight(v[b] ^ v[c], 63);
        }
    }
}

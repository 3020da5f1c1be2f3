using System;
using System.Linq;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// Blake3.HashMany against the one-shots, and its lane kernel (Blake3Kernels.HashMessages) against
/// scalar and the official vectors: every message length 0..2100 (packed and listed, so that
/// every lane width and the one-at-a-time remainder run), mixed lists with long messages among the
/// short, outputs shorter and longer than 32 bytes, plain and keyed, with every kernel forced; bad
/// input, messages overlapping the destination, and no allocation.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake3HashManyTests
{
    private const uint KeyedHash = 16;

    /// <summary>The kernels this machine (under its DOTNET_Enable* settings) runs; the others have nothing to check.</summary>
    public static TheoryData<string> SupportedKernels => new(Enum.GetValues<Blake3Kernel>().Where(Blake3Kernels.IsSupported).Select(k => k.ToString()));

    private static readonly byte[] Key = Enumerable.Range(100, 32).Select(i => (byte)i).ToArray();

    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    private static uint[] KeyWords(bool keyed) => keyed
        ? System.Runtime.InteropServices.MemoryMarshal.Cast<byte, uint>(Key).ToArray()
        : [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19];

    /// <summary>The one-shot's output of <paramref name="message"/>: what each HashMany output must equal.</summary>
    private static byte[] OneShot(ReadOnlySpan<byte> message, int outputLength, bool keyed)
    {
        byte[] output = new byte[outputLength];
        if (keyed)
        {
            Blake3.HashData(Key, message, output);
        }
        else
        {
            Blake3.HashData(message, output);
        }

        return output;
    }

    private static byte[] Expected(ReadOnlyMemory<byte>[] messages, int outputLength, bool keyed) =>
        messages.SelectMany(m => OneShot(m.Span, outputLength, keyed)).ToArray();

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void Every_length_from_0_to_2100_matches_the_one_shot_packed_and_listed(string name)
    {
        var kernel = Enum.Parse<Blake3Kernel>(name);

        // 29 messages: 16 + 8 + 4 lanes and one left over for the one-at-a-time path.
        const int Count = 29;
        var random = new Random(2100);
        byte[] data = new byte[Count * 2100];
        random.NextBytes(data);
        for (int length = 0; length <= 2100; length++)
        {
            bool keyed = length % 3 == 1;
            int outputLength = length % 5 == 0 ? 32 : new[] { 1, 31, 32, 33, 64, 65, 100 }[length % 7];
            ReadOnlyMemory<byte>[] listed = Enumerable.Range(0, Count).Select(i => (ReadOnlyMemory<byte>)data.AsMemory(i * length, length)).ToArray();
            string expected = Hex(Expected(listed, outputLength, keyed));
            byte[] actual = new byte[Count * outputLength];
            Blake3Many.Hash(KeyWords(keyed), keyed ? KeyedHash : 0, new Blake2MessageList(listed), actual, outputLength, kernel);
            Assert.True(expected == Hex(actual), $"{name}: {Count} listed messages of {length} bytes, output {outputLength}, keyed {keyed}");
            if (length > 0)
            {
                Array.Clear(actual);
                Blake3Many.Hash(KeyWords(keyed), keyed ? KeyedHash : 0, new Blake2MessageList(data.AsSpan(0, Count * length), length), actual, outputLength, kernel);
                Assert.True(expected == Hex(actual), $"{name}: {Count} packed messages of {length} bytes, output {outputLength}, keyed {keyed}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void Mixed_lists_match_the_one_shot(string name)
    {
        var kernel = Enum.Parse<Blake3Kernel>(name);

        var random = new Random(77 + (int)kernel);
        for (int round = 0; round < 60; round++)
        {
            int count = random.Next(0, 90);
            bool keyed = round % 2 == 1;
            int outputLength = new[] { 32, 32, 1, 16, 33, 64, 65, 200 }[round % 8];
            var messages = new ReadOnlyMemory<byte>[count];
            for (int i = 0; i < count; i++)
            {
                // Mostly one chunk or less, some longer (hashed alone between the batches), some empty.
                int length = random.Next(10) switch
                {
                    0 => 0,
                    1 => random.Next(1025, 5000),
                    2 => 64 * random.Next(1, 17),
                    _ => random.Next(1, 1025),
                };
                byte[] message = new byte[length + 7];
                random.NextBytes(message);
                messages[i] = message.AsMemory(random.Next(8), length);
            }

            byte[] actual = new byte[count * outputLength];
            Blake3Many.Hash(KeyWords(keyed), keyed ? KeyedHash : 0, new Blake2MessageList(messages), actual, outputLength, kernel);
            Assert.True(Hex(Expected(messages, outputLength, keyed)) == Hex(actual), $"{name}: round {round}, {count} messages ({string.Join(",", messages.Take(10).Select(m => m.Length))}...), output {outputLength}");
        }
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void HashMessages_matches_scalar_for_1_to_40_messages_of_mixed_and_equal_lengths(string name)
    {
        var kernel = Enum.Parse<Blake3Kernel>(name);

        // Lanes of equal lengths (every lane ends at the same block), of lengths all over 0..1024
        // (lanes end at different blocks, some in their first), and of whole blocks; through the
        // last block (the root's 32 bytes) and short of it (the chaining value entering it).
        var random = new Random(9 + (int)kernel);
        for (int count = 1; count <= 40; count++)
        {
            foreach (int shape in new[] { 0, 1, 2 })
            {
                int[] lengths = new int[count];
                int equal = random.Next(0, 1025);
                for (int i = 0; i < count; i++)
                {
                    lengths[i] = shape switch { 0 => equal, 1 => random.Next(0, 1025), _ => 64 * random.Next(0, 17) };
                }

                int stride = 64 * Math.Max(1, lengths.Max(l => (l + 63) / 64));
                byte[] input = new byte[count * stride];
                random.NextBytes(input);
                for (int i = 0; i < count; i++)
                {
                    // Zero padding up to the block boundary, as the contract asks; garbage after it.
                    int end = 64 * Math.Max(1, (lengths[i] + 63) / 64);
                    input.AsSpan((i * stride) + lengths[i], end - lengths[i]).Clear();
                }

                uint[] key = Enumerable.Range(0, 8).Select(_ => (uint)random.NextInt64(1L << 32)).ToArray();
                uint flags = new uint[] { 0, KeyedHash, 32, 64 }[count % 4];
                foreach (bool through in new[] { true, false })
                {
                    byte[] expected = new byte[count * 32];
                    byte[] actual = new byte[(count * 32) + 32];
                    actual.AsSpan().Fill(0xA5);
                    Blake3Kernels.HashMessages(Blake3Kernel.Scalar, input, stride, lengths, key, flags, through, expected);
                    Blake3Kernels.HashMessages(kernel, input, stride, lengths, key, flags, through, actual.AsSpan(0, count * 32));
                    Assert.True(expected.AsSpan().SequenceEqual(actual.AsSpan(0, count * 32)), $"{name}: {count} messages ({string.Join(",", lengths.Take(8))}...), through {through}");
                    Assert.True(actual.AsSpan(count * 32).ToArray().All(b => b == 0xA5), $"{name}: wrote past {count} outputs");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(SupportedKernels))]
    public void HashMessages_gives_the_official_hashes_of_short_inputs(string name)
    {
        Blake3Kernel kernel = Enum.Parse<Blake3Kernel>(name);

        // The official vectors' inputs of one chunk or less, 17 times each (16 lanes and one left
        // over), plain: the lane kernels against the published answers, not only against scalar.
        (int Length, string Hash)[] cases =
        [
            (0, "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"),
            (1, "2d3adedff11b61f14c886e35afa036736dcd87a74d27b5c1510225d0f592e213"),
            (63, "e9bc37a594daad83be9470df7f7b3798297c3d834ce80ba85d6e207627b7db7b"),
            (64, "4eed7141ea4a5cd4b788606bd23f46e212af9cacebacdc7d1f4c6dc7f2511b98"),
            (65, "de1e5fa0be70df6d2be8fffd0e99ceaa8eb6e8c93a63f2d8d1c30ecb6b263dee"),
            (1023, "10108970eeda3eb932baac1428c7a2163b0e924c9a9e25b35bba72b28f70bd11"),
            (1024, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7"),
        ];
        uint[] iv = KeyWords(keyed: false);
        foreach ((int length, string hash) in cases)
        {
            int stride = 64 * Math.Max(1, (length + 63) / 64);
            byte[] input = new byte[17 * stride];
            for (int lane = 0; lane < 17; lane++)
            {
                for (int i = 0; i < length; i++)
                {
                    input[(lane * stride) + i] = (byte)(i % 251);
                }
            }

            byte[] output = new byte[17 * 32];
            Blake3Kernels.HashMessages(kernel, input, stride, Enumerable.Repeat(length, 17).ToArray(), iv, 0, true, output);
            for (int lane = 0; lane < 17; lane++)
            {
                Assert.Equal(hash, Convert.ToHexString(output, lane * 32, 32).ToLowerInvariant());
            }
        }
    }

    [Fact]
    public void The_public_methods_match_the_one_shot_in_every_shape()
    {
        var random = new Random(4);
        byte[] packed = new byte[40 * 100];
        random.NextBytes(packed);
        ReadOnlyMemory<byte>[] listed = Enumerable.Range(0, 40).Select(i => (ReadOnlyMemory<byte>)packed.AsMemory(i * 100, 100)).ToArray();
        foreach (int outputLength in new[] { 1, 32, 64, 131 })
        {
            foreach (bool keyed in new[] { false, true })
            {
                string expected = Hex(Expected(listed, outputLength, keyed));
                byte[] actual = new byte[40 * outputLength];
                Assert.Equal(actual.Length, keyed ? Blake3.HashMany(Key, listed, actual, outputLength) : Blake3.HashMany(listed, actual, outputLength));
                Assert.Equal(expected, Hex(actual));
                Array.Clear(actual);
                Assert.Equal(actual.Length, keyed ? Blake3.HashMany(Key, packed, 100, actual, outputLength) : Blake3.HashMany(packed, 100, actual, outputLength));
                Assert.Equal(expected, Hex(actual));
            }
        }

        Assert.Equal(0, Blake3.HashMany(ReadOnlySpan<ReadOnlyMemory<byte>>.Empty, Span<byte>.Empty, 32));
        Assert.Equal(0, Blake3.HashMany(ReadOnlySpan<byte>.Empty, 64, Span<byte>.Empty, 32));
        Assert.Equal(0, Blake3.HashMany(Key, ReadOnlySpan<byte>.Empty, 64, Span<byte>.Empty, 32));
    }

    [Fact]
    public void Messages_may_share_memory_with_the_destination()
    {
        // Packed 64-byte messages hashed into their own buffer (outputs of 32 bytes overwrite the
        // first half of it), and listed messages that are slices of the destination.
        var random = new Random(8);
        byte[] buffer = new byte[64 * 50];
        random.NextBytes(buffer);
        ReadOnlyMemory<byte>[] copies = Enumerable.Range(0, 50).Select(i => (ReadOnlyMemory<byte>)buffer.AsSpan(i * 64, 64).ToArray()).ToArray();
        string expected = Hex(Expected(copies, 32, keyed: true));
        Blake3.HashMany(Key, buffer, 64, buffer.AsSpan(0, 50 * 32), 32);
        Assert.Equal(expected, Hex(buffer.AsSpan(0, 50 * 32)));

        byte[] shared = new byte[20 * 64];
        random.NextBytes(shared);
        ReadOnlyMemory<byte>[] slices = Enumerable.Range(0, 20).Select(i => (ReadOnlyMemory<byte>)shared.AsMemory(i * 64, 64)).ToArray();
        expected = Hex(Expected(slices, 64, keyed: false));
        Blake3.HashMany(slices, shared, 64);
        Assert.Equal(expected, Hex(shared));
    }

    [Fact]
    public void Bad_input_is_refused_naming_the_argument_and_writing_nothing()
    {
        ReadOnlyMemory<byte>[] two = [new byte[5], new byte[7]];
        byte[] destination = Enumerable.Repeat((byte)0xA5, 64).ToArray();
        Assert.Throws<ArgumentOutOfRangeException>("outputLength", () => Blake3.HashMany(two, destination, 0));
        Assert.Throws<ArgumentOutOfRangeException>("outputLength", () => Blake3.HashMany(two, destination, -32));
        Assert.Throws<ArgumentException>("destination", () => Blake3.HashMany(two, destination, 31));
        Assert.Throws<ArgumentException>("destination", () => Blake3.HashMany(two, destination.AsSpan(0, 63), 32));
        Assert.Throws<ArgumentException>("key", () => Blake3.HashMany(new byte[31], two, destination, 32));
        Assert.Throws<ArgumentException>("key", () => Blake3.HashMany(ReadOnlySpan<byte>.Empty, two, destination, 32));
        Assert.Throws<ArgumentOutOfRangeException>("outputLength", () => Blake3.HashMany(Key, two, destination, 0));
        Assert.Throws<ArgumentOutOfRangeException>("messageLength", () => Blake3.HashMany(new byte[10], 0, destination, 32));
        Assert.Throws<ArgumentException>("source", () => Blake3.HashMany(new byte[10], 3, destination, 32));
        Assert.Throws<ArgumentException>("destination", () => Blake3.HashMany(new byte[10], 5, destination, 31));
        Assert.Throws<ArgumentException>("key", () => Blake3.HashMany(new byte[33], new byte[10], 5, destination, 32));
        Assert.Throws<ArgumentOutOfRangeException>("messageLength", () => Blake3.HashMany(Key, new byte[10], -1, destination, 32));
        Assert.Throws<ArgumentException>("source", () => Blake3.HashMany(Key, new byte[10], 4, destination, 32));
        Assert.Throws<ArgumentException>("destination", () => Blake3.HashMany(Key, new byte[10], 5, destination.AsSpan(0, 10), 32));
        Assert.All(destination, x => Assert.Equal(0xA5, x));
    }

    [OptimizedLibraryFact]
    public void HashMany_allocates_nothing()
    {
        byte[] packed = new byte[64 * 100];
        ReadOnlyMemory<byte>[] listed = Enumerable.Range(0, 100).Select(i => (ReadOnlyMemory<byte>)new byte[i * 20]).ToArray();
        byte[] destination = new byte[100 * 64];
        void Run()
        {
            Blake3.HashMany(listed, destination.AsSpan(0, 100 * 32), 32);
            Blake3.HashMany(Key, listed, destination, 64);
            Blake3.HashMany(packed, 64, destination.AsSpan(0, 100 * 32), 32);
            Blake3.HashMany(Key, packed, 64, destination.AsSpan(0, 100 * 33), 33);
        }

        for (int i = 0; i < 20; i++)
        {
            Run();
        }

        Assert.Equal(0, AllocationMeter.LeastAllocated(Run, 20));
    }
}

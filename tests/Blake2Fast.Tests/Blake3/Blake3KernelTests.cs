using System;
using System.Linq;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// Every BLAKE3 kernel, forced one at a time, against the scalar kernel (which the official vectors
/// check through the public API) on random inputs: HashChunks and HashParents with 1..100 lanes of
/// work (so every group width and every remainder a wide kernel hands down), counters on both
/// sides of 2^32, every mode flag, parents in place; Compress, CompressToBytes and CompressXof at
/// every block length, CompressChain over 1 to 16 blocks. Run this class under the DOTNET_Enable*
/// knobs too: a kernel the machine does not support is refused, every other one must agree with
/// scalar on its own.
/// </summary>
[Trait("Legs", "Kernel")]
public class Blake3KernelTests
{
    // BLAKE3 flags (the specification, section 2.1): mode flags a caller passes in.
    private const uint KeyedHash = 16;
    private const uint DeriveKeyContext = 32;
    private const uint DeriveKeyMaterial = 64;
    private const uint ChunkStart = 1;
    private const uint ChunkEnd = 2;
    private const uint Root = 8;

    private static readonly uint[] ModeFlags = [0, KeyedHash, DeriveKeyContext, DeriveKeyMaterial];

    public static TheoryData<string> Kernels => new(Enum.GetNames<Blake3Kernel>());

    [Fact]
    public void Best_is_supported_and_scalar_always_is()
    {
        Assert.True(Blake3Kernels.IsSupported(Blake3Kernels.Best));
        Assert.True(Blake3Kernels.IsSupported(Blake3Kernel.Scalar));
        Assert.False(Blake3Kernels.IsSupported((Blake3Kernel)200));
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Require_accepts_exactly_the_supported_kernels(string name)
    {
        Blake3Kernel kernel = Enum.Parse<Blake3Kernel>(name);
        if (Blake3Kernels.IsSupported(kernel))
        {
            Assert.Equal(kernel, Blake3Kernels.Require(kernel));
        }
        else
        {
            PlatformNotSupportedException e = Assert.Throws<PlatformNotSupportedException>(() => Blake3Kernels.Require(kernel));
            Assert.Contains(name, e.Message, StringComparison.Ordinal);
        }
    }

    /// <summary>BLAKE3's message permutation (the specification, table 2), written out here on its own.</summary>
    private static readonly int[] Permutation = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];

    /// <summary>Round r reads original word <c>row[r][i]</c> at G input i: the permutation applied r times.</summary>
    private static int[][] PermutedRows()
    {
        var rows = new int[7][];
        rows[0] = Enumerable.Range(0, 16).ToArray();
        for (int r = 1; r < 7; r++)
        {
            rows[r] = Enumerable.Range(0, 16).Select(i => rows[r - 1][Permutation[i]]).ToArray();
        }

        return rows;
    }

    [Fact]
    public void Lane_schedule_is_the_permutation_applied_round_by_round()
    {
        int[][] rows = PermutedRows();
        ReadOnlySpan<byte> scaled = Blake3LaneSchedule.Scaled;
        Assert.Equal(7 * 16, scaled.Length);
        for (int r = 0; r < 7; r++)
        {
            for (int i = 0; i < 16; i++)
            {
                Assert.Equal(16 * rows[r][i], scaled[(16 * r) + i]);
            }
        }
    }

    [Fact]
    public void Row_schedule_is_the_permutation_in_the_row_kernels_lane_order()
    {
        // Column x words (G 0..3), column y words, then diagonal x and y, lane j running diagonal G (j + 3) mod 4.
        int[] positions = [0, 2, 4, 6, 1, 3, 5, 7, 14, 8, 10, 12, 15, 9, 11, 13];
        int[][] rows = PermutedRows();
        ReadOnlySpan<byte> words = Blake3RowSchedule.Words;
        Assert.Equal(7 * 16, words.Length);
        for (int r = 0; r < 7; r++)
        {
            for (int i = 0; i < 16; i++)
            {
                Assert.Equal(rows[r][positions[i]], words[(16 * r) + i]);
            }
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void HashChunks_matches_scalar_for_1_to_100_chunks(string name)
    {
        if (!Usable(name, out Blake3Kernel kernel))
        {
            return;
        }

        var random = new Random(3 + (int)kernel);
        byte[] input = new byte[100 * 1024];
        random.NextBytes(input);
        for (int count = 1; count <= 100; count++)
        {
            uint[] key = RandomKey(random);
            uint flags = ModeFlags[count % ModeFlags.Length];

            // Counters from 0, just below 2^32 (groups straddle the carry) and far above it.
            ulong firstCounter = (count % 3) switch
            {
                0 => 0,
                1 => uint.MaxValue - (ulong)random.Next(count),
                _ => ((ulong)random.Next() << 32) | (uint)random.Next(),
            };
            ReadOnlySpan<byte> chunks = input.AsSpan(0, count * 1024);
            byte[] expected = new byte[count * 32];
            byte[] actual = new byte[(count * 32) + 32];
            actual.AsSpan().Fill(0xA5);
            Blake3Kernels.HashChunks(Blake3Kernel.Scalar, chunks, key, firstCounter, flags, expected);
            Blake3Kernels.HashChunks(kernel, chunks, key, firstCounter, flags, actual.AsSpan(0, count * 32));
            Assert.True(expected.AsSpan().SequenceEqual(actual.AsSpan(0, count * 32)), $"{name}: {count} chunks from counter {firstCounter}, flags {flags}");
            Assert.True(actual.AsSpan(count * 32).ToArray().All(b => b == 0xA5), $"{name}: wrote past {count} chaining values");
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void HashChunks_of_nothing_writes_nothing(string name)
    {
        if (!Usable(name, out Blake3Kernel kernel))
        {
            return;
        }

        byte[] destination = [0xA5];
        Blake3Kernels.HashChunks(kernel, [], RandomKey(new Random(1)), 5, 0, destination.AsSpan(0, 0));
        Blake3Kernels.HashParents(kernel, [], RandomKey(new Random(1)), 0, destination.AsSpan(0, 0));
        Assert.Equal(0xA5, destination[0]);
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void HashParents_matches_scalar_for_1_to_100_parents_in_place_and_not(string name)
    {
        if (!Usable(name, out Blake3Kernel kernel))
        {
            return;
        }

        var random = new Random(5 + (int)kernel);
        for (int count = 1; count <= 100; count++)
        {
            uint[] key = RandomKey(random);
            uint flags = ModeFlags[count % ModeFlags.Length];
            byte[] children = new byte[count * 64];
            random.NextBytes(children);
            byte[] expected = new byte[count * 32];
            Blake3Kernels.HashParents(Blake3Kernel.Scalar, children, key, flags, expected);

            byte[] separate = new byte[count * 32];
            Blake3Kernels.HashParents(kernel, children, key, flags, separate);
            Assert.True(expected.AsSpan().SequenceEqual(separate), $"{name}: {count} parents, flags {flags}");

            byte[] inPlace = (byte[])children.Clone();
            Blake3Kernels.HashParents(kernel, inPlace, key, flags, inPlace.AsSpan(0, count * 32));
            Assert.True(expected.AsSpan().SequenceEqual(inPlace.AsSpan(0, count * 32)), $"{name}: {count} parents in place, flags {flags}");
        }
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Compress_CompressToBytes_and_CompressXof_match_scalar_at_every_block_length(string name)
    {
        if (!Usable(name, out Blake3Kernel kernel))
        {
            return;
        }

        var random = new Random(7 + (int)kernel);
        uint[] flagSets = [0, ChunkStart, ChunkEnd, ChunkStart | ChunkEnd | Root, KeyedHash | ChunkEnd | Root, DeriveKeyContext | ChunkStart, DeriveKeyMaterial | Root];
        for (int length = 0; length <= 64; length++)
        {
            foreach (uint flags in flagSets)
            {
                byte[] block = new byte[64];
                random.NextBytes(block.AsSpan(0, length));
                uint[] chainingValue = RandomKey(random);
                ulong counter = (length % 2 == 0) ? (ulong)random.Next() : ((ulong)random.Next() << 32) | (uint)random.Next();

                uint[] expected = (uint[])chainingValue.Clone();
                uint[] actual = (uint[])chainingValue.Clone();
                Blake3Kernels.Compress(Blake3Kernel.Scalar, expected, block, (uint)length, counter, flags);
                Blake3Kernels.Compress(kernel, actual, block, (uint)length, counter, flags);
                Assert.True(expected.AsSpan().SequenceEqual(actual), $"{name}: Compress, length {length}, flags {flags}");

                byte[] expectedBytes = LittleEndianBytes(expected);
                byte[] actualBytes = new byte[32];

                Blake3Kernels.CompressToBytes(kernel, chainingValue, block, (uint)length, counter, flags, actualBytes);
                Assert.True(expectedBytes.AsSpan().SequenceEqual(actualBytes), $"{name}: CompressToBytes, length {length}, flags {flags}");

                byte[] expectedOutput = new byte[64];
                byte[] actualOutput = new byte[64];
                Blake3Kernels.CompressXof(Blake3Kernel.Scalar, chainingValue, block, (uint)length, counter, flags, expectedOutput);
                Blake3Kernels.CompressXof(kernel, chainingValue, block, (uint)length, counter, flags, actualOutput);
                Assert.True(expectedOutput.AsSpan().SequenceEqual(actualOutput), $"{name}: CompressXof, length {length}, flags {flags}");
            }
        }
    }

    /// <summary>
    /// CompressChain against the scalar kernel's single compressions one after another: 1 to 16
    /// blocks, every last-block length, first and last flags apart and together, and the result
    /// written over the chaining value's own words as the tree does.
    /// </summary>
    [Theory]
    [MemberData(nameof(Kernels))]
    public void CompressChain_matches_scalar_compressions_in_a_row(string name)
    {
        if (!Usable(name, out Blake3Kernel kernel))
        {
            return;
        }

        var random = new Random(11 + (int)kernel);
        (uint First, uint Last)[] flagPairs = [(0, 0), (ChunkStart, 0), (ChunkStart, ChunkEnd), (0, ChunkEnd | Root), (ChunkStart, ChunkEnd | Root)];
        for (int blocks = 1; blocks <= 16; blocks++)
        {
            for (int lastLength = 0; lastLength <= 64; lastLength += blocks == 1 ? 1 : 21)
            {
                (uint first, uint last) = flagPairs[(blocks + lastLength) % flagPairs.Length];
                uint flags = ModeFlags[lastLength % ModeFlags.Length];
                byte[] input = new byte[blocks * 64];
                random.NextBytes(input.AsSpan(0, ((blocks - 1) * 64) + lastLength));
                uint[] chainingValue = RandomKey(random);
                ulong counter = ((ulong)random.Next() << 32) | (uint)random.Next();

                uint[] expected = (uint[])chainingValue.Clone();
                for (int block = 0; block < blocks; block++)
                {
                    bool isLast = block == blocks - 1;
                    uint blockFlags = flags | (block == 0 ? first : 0) | (isLast ? last : 0);
                    Blake3Kernels.Compress(Blake3Kernel.Scalar, expected, input.AsSpan(block * 64, 64), isLast ? (uint)lastLength : 64, counter, blockFlags);
                }

                byte[] expectedBytes = LittleEndianBytes(expected);

                byte[] actual = new byte[32 + 8];
                actual.AsSpan().Fill(0xA5);
                Blake3Kernels.CompressChain(kernel, chainingValue, input, (uint)lastLength, counter, flags, first, last, actual.AsSpan(0, 32));
                string what = $"{name}: {blocks} blocks, last {lastLength} bytes, flags {flags}/{first}/{last}";
                Assert.True(expectedBytes.AsSpan().SequenceEqual(actual.AsSpan(0, 32)), what);
                Assert.True(actual.AsSpan(32).ToArray().All(b => b == 0xA5), what + ": wrote past 32 bytes");

                // In place: the result over the chaining value it started from.
                uint[] inPlace = (uint[])chainingValue.Clone();
                Blake3Kernels.CompressChain(kernel, inPlace, input, (uint)lastLength, counter, flags, first, last, System.Runtime.InteropServices.MemoryMarshal.AsBytes(inPlace.AsSpan()));
                Assert.True(expected.AsSpan().SequenceEqual(inPlace), what + ": in place");
            }
        }
    }

    /// <summary>
    /// Official BLAKE3 test vectors (blake3-test-vectors.json, CC0; input byte i = i mod 251; key
    /// "whats the Elvish word for friend"): the first 32 bytes of "hash" and "keyed_hash" for inputs
    /// of 1, 2, 4 and 8 whole chunks.
    /// </summary>
    public static TheoryData<string, int, bool, string> OfficialTrees
    {
        get
        {
            var data = new TheoryData<string, int, bool, string>();
            (int Length, string Hash, string Keyed)[] cases =
            [
                (1024, "42214739f095a406f3fc83deb889744ac00df831c10daa55189b5d121c855af7", "75c46f6f3d9eb4f55ecaaee480db732e6c2105546f1e675003687c31719c7ba4"),
                (2048, "e776b6028c7cd22a4d0ba182a8bf62205d2ef576467e838ed6f2529b85fba24a", "879cf1fa2ea0e79126cb1063617a05b6ad9d0b696d0d757cf053439f60a99dd1"),
                (4096, "015094013f57a5277b59d8475c0501042c0b642e531b0a1c8f58d2163229e969", "befc660aea2f1718884cd8deb9902811d332f4fc4a38cf7c7300d597a081bfc0"),
                (8192, "aae792484c8efe4f19e2ca7d371d8c467ffb10748d8a5a1ae579948f718a2a63", "dc9637c8845a770b4cbf76b8daec0eebf7dc2eac11498517f08d44c8fc00d58a"),
            ];
            foreach (string kernel in Enum.GetNames<Blake3Kernel>())
            {
                foreach ((int length, string hash, string keyed) in cases)
                {
                    data.Add(kernel, length, false, hash);
                    data.Add(kernel, length, true, keyed);
                }
            }

            return data;
        }
    }

    /// <summary>
    /// Whole trees of 2^k chunks built from the four contract calls alone, against the official
    /// answers: an oracle for the scalar kernel (which every other test compares with) and for each
    /// vector kernel on its own.
    /// </summary>
    [Theory]
    [MemberData(nameof(OfficialTrees))]
    public void Trees_of_whole_chunks_give_the_official_hashes(string name, int length, bool keyed, string expectedHex)
    {
        if (!Usable(name, out Blake3Kernel kernel))
        {
            return;
        }

        byte[] input = new byte[length];
        for (int i = 0; i < length; i++)
        {
            input[i] = (byte)(i % 251);
        }

        uint[] key = keyed
            ? System.Runtime.InteropServices.MemoryMarshal.Cast<byte, uint>("whats the Elvish word for friend"u8).ToArray()
            : [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19];
        uint flags = keyed ? KeyedHash : 0;
        byte[] output = new byte[64];
        int chunks = length / 1024;
        if (chunks == 1)
        {
            // One chunk is the root: blocks 0..14 chain, block 15 is compressed for output.
            uint[] chainingValue = (uint[])key.Clone();
            for (int block = 0; block < 15; block++)
            {
                Blake3Kernels.Compress(kernel, chainingValue, input.AsSpan(64 * block, 64), 64, 0, flags | (block == 0 ? ChunkStart : 0));
            }

            Blake3Kernels.CompressXof(kernel, chainingValue, input.AsSpan(960, 64), 64, 0, flags | ChunkEnd | Root, output);
        }
        else
        {
            byte[] level = new byte[chunks * 32];
            Blake3Kernels.HashChunks(kernel, input, key, 0, flags, level);
            for (int count = chunks / 2; count > 1; count /= 2)
            {
                Blake3Kernels.HashParents(kernel, level.AsSpan(0, count * 64), key, flags, level.AsSpan(0, count * 32));
            }

            Blake3Kernels.CompressXof(kernel, key, level.AsSpan(0, 64), 64, 0, flags | 4 | Root, output);
        }

        Assert.Equal(expectedHex, Convert.ToHexString(output, 0, 32).ToLowerInvariant());
    }

    /// <summary>Words as their little-endian bytes, the form the kernels write chaining values in.</summary>
    private static byte[] LittleEndianBytes(uint[] words)
    {
        byte[] bytes = new byte[4 * words.Length];
        for (int i = 0; i < words.Length; i++)
        {
            System.Buffers.Binary.BinaryPrimitives.WriteUInt32LittleEndian(bytes.AsSpan(4 * i), words[i]);
        }

        return bytes;
    }

    private static uint[] RandomKey(Random random)
    {
        uint[] key = new uint[8];
        for (int i = 0; i < key.Length; i++)
        {
            key[i] = (uint)random.Next() ^ ((uint)random.Next() << 16);
        }

        return key;
    }

    /// <summary>Parses the kernel name; false (the test has nothing to check) when this machine cannot run it.</summary>
    private static bool Usable(string name, out Blake3Kernel kernel)
    {
        kernel = Enum.Parse<Blake3Kernel>(name);
        return Blake3Kernels.IsSupported(kernel);
    }
}

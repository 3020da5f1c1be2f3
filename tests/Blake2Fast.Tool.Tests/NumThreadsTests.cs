using System;
using System.IO;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>--num-threads N</c> (b3sum's option: 0 or absent for every core) on every path that hashes
/// on several threads, mapped and read alike; the tool's piece plan for BLAKE3 files enumerated to
/// 2^63 - 1 bytes; mapped pieces populated by their own threads hash as the library does.
/// </summary>
public sealed class NumThreadsTests : IDisposable
{
    private const int MiB = 1 << 20;
    private readonly string _dir = Directory.CreateTempSubdirectory("b2fast-threads").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Theory]
    [InlineData("1")]
    [InlineData("2")]
    [InlineData("3")]
    [InlineData("16")]
    [InlineData("0")]
    public void Every_thread_count_gives_the_library_answer_mapped_or_read(string threads)
    {
        byte[] data = new byte[(9 * MiB) + 333];
        new Random(9).NextBytes(data);
        string file = Path.Combine(_dir, "data");
        File.WriteAllBytes(file, data);
        string blake3 = Convert.ToHexStringLower(Blake3.HashData(data)) + "  " + file + "\n";
        string tree = Convert.ToHexStringLower(Blake2b.HashTree(data, MiB, 64, maxDegreeOfParallelism: 1)) + "  " + file + "\n";
        string blake2b = Convert.ToHexStringLower(Blake2b.HashData(data)) + "  " + file + "\n";
        Assert.Equal(blake3.Replace(file, "-", StringComparison.Ordinal), ToolRunner.Run(data, "--num-threads=" + threads, "-a", "blake3").OutputText);
        foreach (string[] reading in new[] { Array.Empty<string>(), ["--no-mmap"] })
        {
            Assert.Equal(blake3, ToolRunner.Run([.. reading, "--num-threads", threads, "-a", "blake3", file]).OutputText);
            Assert.Equal(tree, ToolRunner.Run([.. reading, "--num-threads", threads, "--tree=1m", file]).OutputText);

            // The algorithms that hash on one core take the option and ignore it.
            Assert.Equal(blake2b, ToolRunner.Run([.. reading, "--num-threads", threads, file]).OutputText);
        }
    }

    [Theory]
    [InlineData("-1")]
    [InlineData("x")]
    [InlineData("")]
    [InlineData("1.5")]
    [InlineData(" 2")]
    [InlineData("+2")]
    [InlineData("4097")]
    [InlineData("99999999999")]
    public void Refused_thread_counts_say_why_and_exit_1(string threads)
    {
        string file = Path.Combine(_dir, "small");
        File.WriteAllBytes(file, [1, 2, 3]);
        RunResult result = ToolRunner.Run("-a", "blake3", "--num-threads=" + threads, file);
        Assert.Equal(1, result.ExitCode);
        Assert.Empty(result.Output);
        Assert.Contains("invalid number of threads", result.Error, StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_missing_thread_count_is_a_usage_error()
    {
        RunResult result = ToolRunner.Run("--num-threads");
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("requires an argument", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Pieces_are_subtrees_of_1_MiB_to_1_GiB_a_group_of_1024_at_a_time_for_every_length()
    {
        for (long length = MiB + 1; length > 0; length = length <= long.MaxValue / 2 ? (length * 2) - 1 : (length == long.MaxValue ? 0 : long.MaxValue))
        {
            foreach (long at in new[] { length - 1, length, length + 1, length + (length / 2) + 7 })
            {
                if (at <= 0 || !PositionalBlake3Hasher.Applies(at))
                {
                    continue;
                }

                long piece = PositionalBlake3Hasher.PieceLength(at);
                long pieces = ((at - 1) / piece) + 1;
                string plan = $"{at} B: {pieces} pieces of {piece}";
                Assert.True(piece >= MiB && piece <= 1L << 30 && (piece & (piece - 1)) == 0, plan);
                Assert.True(pieces >= 2, plan);

                // 1 MiB pieces up to a group of 1,024 of them; then the least length that keeps to
                // one group (more than 512 pieces: two or more for each of up to 256 threads), up
                // to the 1 GiB cap past which groups of 1,024 follow one another.
                Assert.True(pieces >= Math.Min(513, ((at - 1) / MiB) + 1), plan);
                Assert.True(piece == MiB || piece == 1L << 30 || ((at - 1) / (piece / 2)) + 1 > 1024, plan);
                Assert.True(piece == 1L << 30 || pieces <= 1024, plan);
            }
        }
    }

    [Theory]
    [InlineData((2 * MiB) + 1, 2, true)]
    [InlineData((7 * MiB) + 100, 3, true)]
    [InlineData((7 * MiB) + 100, 16, false)]
    [InlineData(33 * MiB, 1, true)]
    public void Mapped_pieces_populated_by_their_own_threads_hash_like_the_library(int length, int threads, bool populate)
    {
        byte[] data = new byte[length];
        new Random(length).NextBytes(data);
        string path = Path.Combine(_dir, "mapped");
        File.WriteAllBytes(path, data);
        using var file = new FileStream(path, FileMode.Open, FileAccess.Read);
        using MappedFile mapped = MappedFile.TryMap(file, long.MaxValue)!;
        byte[] key = new byte[32];
        new Random(1).NextBytes(key);
        var hasher = new PositionalBlake3Hasher(threads);

        byte[] plain = new byte[32];
        hasher.Hash(mapped, populate, Blake3Mode.Hash, plain, progress: null);
        Assert.Equal(Blake3.HashData(data), plain);

        byte[] keyed = new byte[77];
        hasher.Hash(mapped, populate, Blake3Mode.Keyed(key), keyed, progress: null);
        byte[] expected = new byte[77];
        Blake3.HashData(key, data, expected);
        Assert.Equal(expected, keyed);

        Assert.Equal(Blake2b.HashTree(data, MiB, 64, maxDegreeOfParallelism: 1), Blake2b.HashTree(mapped.Slice(0, length), MiB, 64, threads));
    }
}

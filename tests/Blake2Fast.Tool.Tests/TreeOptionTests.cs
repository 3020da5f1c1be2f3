using System;
using System.IO;
using System.Text;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>--tree=SIZE</c>: BLAKE2 tree hashing with unlimited fanout. The published s3git digests
/// (BLAKE3-NOTES.md section 4), agreement with the library, checking, and bad sizes refused with
/// exit status 1.
/// </summary>
public sealed class TreeOptionTests : IClassFixture<TestFiles>
{
    private const string HelloS3git = "18e622875a89cede0d7019b2c8afecf8928c21eac18ec51e38a8e6b829b82c3ef306dec34227929fa77b1c7c329b3d4e50ed9e72dc4dc885be0932d3f28d7053";
    private const string SixThousandZeros = "724b5876d9120855dcf220ee7815a697c6559575aa79d9e2b9f63f06c9f22e532fc32bf356ef1ab26ff776ea960edeb31c54769460f87489f59ae8045122705d";
    private readonly TestFiles _files;

    public TreeOptionTests(TestFiles files) => _files = files;

    [Fact]
    public void A_file_gives_the_published_digest()
    {
        string path = _files.Write("zeros-6000", new byte[6000]);
        RunResult ours = ToolRunner.Run("--tree=4096", path);
        Assert.Equal(0, ours.ExitCode);
        Assert.Equal($"{SixThousandZeros}  {path}\n", ours.OutputText);
        Assert.Empty(ours.Error);
    }

    [Fact]
    public void Standard_input_gives_the_published_digest()
    {
        RunResult ours = ToolRunner.Run(Encoding.ASCII.GetBytes("hello s3git\n"), "--tree=5m");
        Assert.Equal(0, ours.ExitCode);
        Assert.Equal($"{HelloS3git}  -\n", ours.OutputText);
    }

    [Theory]
    [InlineData("blake2b", "1m", 1 << 20, 512)]
    [InlineData("blake2s", "1m", 1 << 20, 128)]
    [InlineData("blake2b", "65", 65, 256)]
    [InlineData("blake2s", "4k", 4096, 256)]
    public void The_tool_matches_the_library_on_files_and_standard_input(string algorithm, string size, int leafLength, int bits)
    {
        byte[] data = new byte[(3 << 20) + 5];
        new Random(leafLength).NextBytes(data);
        string path = _files.Write($"tree-{algorithm}-{size}", data);
        byte[] expected = algorithm == "blake2b"
            ? Blake2b.HashTree(data.AsSpan(), leafLength, bits / 8, 1)
            : Blake2s.HashTree(data.AsSpan(), leafLength, bits / 8, 1);
        string hex = Convert.ToHexStringLower(expected);

        RunResult file = ToolRunner.Run("-a", algorithm, "-l", bits.ToString(System.Globalization.CultureInfo.InvariantCulture), "--tree=" + size, path);
        Assert.Equal($"{hex}  {path}\n", file.OutputText);
        // The file is long enough to be memory-mapped; --no-mmap reads it at explicit offsets instead.
        RunResult read = ToolRunner.Run("--no-mmap", "-a", algorithm, "-l", bits.ToString(System.Globalization.CultureInfo.InvariantCulture), "--tree=" + size, path);
        Assert.Equal($"{hex}  {path}\n", read.OutputText);
        RunResult stdin = ToolRunner.Run(data, "-a", algorithm, "-l", bits.ToString(System.Globalization.CultureInfo.InvariantCulture), "--tree", size);
        Assert.Equal($"{hex}  -\n", stdin.OutputText);
    }

    [Fact]
    public void Check_verifies_with_the_same_tree_and_fails_without_it()
    {
        string path = _files.Write("tree-check", new byte[100_000]);
        RunResult made = ToolRunner.Run("--tree=1k", path);
        string list = _files.Write("tree-check.b2", made.Output);

        RunResult same = ToolRunner.Run("-c", "--tree=1k", list);
        Assert.Equal(0, same.ExitCode);
        Assert.Equal($"{path}: OK\n", same.OutputText);

        RunResult other = ToolRunner.Run("-c", "--tree=2k", list);
        Assert.Equal(1, other.ExitCode);
        RunResult plain = ToolRunner.Run("-c", list);
        Assert.Equal(1, plain.ExitCode);
        Assert.Contains("FAILED", plain.OutputText, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--tree=0", "0")]
    [InlineData("--tree=0k", "0k")]
    [InlineData("--tree=abc", "abc")]
    [InlineData("--tree=", "")]
    [InlineData("--tree=-5", "-5")]
    [InlineData("--tree=1.5m", "1.5m")]
    [InlineData("--tree=4294967296", "4294967296")]
    [InlineData("--tree=5g", "5g")]
    [InlineData("--tree=99999999999999999999999", "99999999999999999999999")]
    public void Bad_sizes_are_refused_with_exit_status_1(string option, string size)
    {
        RunResult ours = ToolRunner.Run(option, _files.Write("tree-bad", [1, 2, 3]));
        Assert.Equal(1, ours.ExitCode);
        Assert.Empty(ours.Output);

        // The size is quoted as the locale quotes (coreutils' quote()): 'x' or ‘x’.
        Assert.StartsWith("b2fast: invalid tree leaf size: ", ours.Error, StringComparison.Ordinal);
        Assert.Contains(size + (ours.Error.Contains('’', StringComparison.Ordinal) ? "’: " : "': "), ours.Error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("blake2bp")]
    [InlineData("blake2sp")]
    [InlineData("blake2xb")]
    public void Another_algorithm_is_refused_with_exit_status_1(string algorithm)
    {
        RunResult ours = ToolRunner.Run("-a", algorithm, "--tree=1m", _files.Write("tree-alg", [1]));
        Assert.Equal(1, ours.ExitCode);
        Assert.Empty(ours.Output);
        Assert.Contains("--tree is supported only with blake2b and blake2s", ours.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_key_is_refused_with_the_tree()
    {
        RunResult ours = ToolRunner.Run("--key=00", "--tree=1m", _files.Write("tree-key", [1]));
        Assert.Equal(1, ours.ExitCode);
        Assert.Contains("--tree hashes without a key", ours.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Help_describes_the_option()
    {
        Assert.Contains("--tree=SIZE", ToolRunner.Run("--help").OutputText, StringComparison.Ordinal);
    }
}

using System;
using System.IO;
using System.Linq;
using System.Text;

namespace Blake2Fast.Tool.Tests;

/// <summary><c>-c</c>: round trips, corrupted and malformed lines, missing files and every reporting option.</summary>
public sealed class CheckTests(TestFiles files, ITestOutputHelper log) : IClassFixture<TestFiles>
{
    [Theory]
    [InlineData()]
    [InlineData("--tag")]
    [InlineData("-l", "256")]
    [InlineData("--tag", "-l", "8")]
    [InlineData("-b")]
    public void A_clean_round_trip_verifies_every_file(params string[] hashOptions)
    {
        string sums = WriteSums("clean" + string.Concat(hashOptions), hashOptions);

        RunResult ours = ToolRunner.Run("-c", sums);

        Assert.Equal(0, ours.ExitCode);
        Assert.Equal("", ours.Error);
        Assert.Equal(files.All.Count, ours.OutputText.Split('\n').Count(l => l.EndsWith(": OK", StringComparison.Ordinal)));
        OracleAssert.SameAsB2sum(ours, log, null, "-c", sums);
    }

    [Theory]
    [InlineData()]
    [InlineData("--quiet")]
    [InlineData("--status")]
    [InlineData("--strict")]
    [InlineData("-w")]
    [InlineData("--strict", "-w")]
    [InlineData("--warn", "--status")]
    [InlineData("--status", "--quiet")]
    public void A_corrupted_and_a_malformed_line_are_reported(params string[] checkOptions)
    {
        string sums = CorruptedSums();
        string[] args = [.. checkOptions, "-c", sums];

        RunResult ours = ToolRunner.Run(args);

        Assert.Equal(1, ours.ExitCode);
        bool status = checkOptions.LastOrDefault(o => o is "--status" or "--quiet" or "-w" or "--warn") == "--status";
        if (status)
        {
            Assert.Empty(ours.Output);
            Assert.Equal("", ours.Error);
        }
        else
        {
            Assert.Contains(files.PathOf("block128") + ": FAILED\n", ours.OutputText, StringComparison.Ordinal);
            Assert.Contains("b2fast: WARNING: 1 computed checksum did NOT match\n", ours.Error, StringComparison.Ordinal);
            Assert.Contains("b2fast: WARNING: 1 line is improperly formatted\n", ours.Error, StringComparison.Ordinal);
        }

        OracleAssert.SameAsB2sum(ours, log, null, args);
    }

    [Fact]
    public void Strict_alone_fails_on_a_malformed_line_even_when_all_checksums_match()
    {
        string sums = WriteSums("strict", []);
        File.AppendAllText(sums, "this is not a checksum line\n");

        RunResult lenient = ToolRunner.Run("-c", sums);
        RunResult strict = ToolRunner.Run("-c", "--strict", sums);

        Assert.Equal(0, lenient.ExitCode);
        Assert.Equal(1, strict.ExitCode);
        OracleAssert.SameAsB2sum(lenient, log, null, "-c", sums);
        OracleAssert.SameAsB2sum(strict, log, null, "-c", "--strict", sums);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(0, "--ignore-missing")]
    [InlineData(0, "--ignore-missing", "--status")]
    [InlineData(1, "--quiet")]
    public void Missing_files_are_read_failures_unless_ignored(int expectedExit, params string[] checkOptions)
    {
        string sums = WriteSums("missing", []);
        string missingLine = new string('0', 128) + "  " + files.PathOf("gone") + "\n";
        File.AppendAllText(sums, missingLine);
        string[] args = [.. checkOptions, "-c", sums];

        RunResult ours = ToolRunner.Run(args);
        bool ignore = checkOptions.Contains("--ignore-missing");

        Assert.Equal(expectedExit, ours.ExitCode);
        Assert.Equal(!ignore, ours.Error.Contains($"b2fast: {files.PathOf("gone")}: No such file or directory\n", StringComparison.Ordinal));
        OracleAssert.SameAsB2sum(ours, log, null, args);
    }

    [Fact]
    public void Ignore_missing_with_nothing_verified_says_so()
    {
        string sums = files.Write("only-missing.sums", Encoding.UTF8.GetBytes(new string('a', 128) + "  " + files.PathOf("gone") + "\n"));

        RunResult ours = ToolRunner.Run("-c", "--ignore-missing", sums);

        Assert.Equal(1, ours.ExitCode);
        Assert.Equal($"b2fast: {sums}: no file was verified\n", ours.Error);
        OracleAssert.SameAsB2sum(ours, log, null, "-c", "--ignore-missing", sums);
    }

    [Fact]
    public void Checksums_can_come_from_standard_input()
    {
        byte[] sums = ToolRunner.Run(files.PathOf("one"), files.PathOf("big")).Output;

        RunResult dash = ToolRunner.Run(sums, "-c", "-");
        RunResult none = ToolRunner.Run(sums, "-c");

        Assert.Equal(0, dash.ExitCode);
        Assert.Equal(dash.OutputText, none.OutputText);
        OracleAssert.SameAsB2sum(dash, log, sums, "-c", "-");
    }

    [Fact]
    public void A_file_without_checksum_lines_is_an_error()
    {
        string junk = files.Write("junk.sums", "# comment\n\nnot hex  name\n"u8.ToArray());

        RunResult ours = ToolRunner.Run("-c", junk);

        Assert.Equal(1, ours.ExitCode);
        Assert.Equal($"b2fast: {junk}: no properly formatted checksum lines found\n", ours.Error);
        OracleAssert.SameAsB2sum(ours, log, null, "-c", junk);
    }

    [Fact]
    public void Unusual_but_valid_lines_are_accepted()
    {
        string one = files.PathOf("one");
        string hex = Convert.ToHexStringLower(Blake2b.HashData(files.Content("one")));
        string lines =
            $"{hex.ToUpperInvariant()}  {one}\r\n" +   // upper case hex, CRLF
            $"BLAKE2b({one})= {hex}\n" +                // OpenSSL spacing
            $"BLAKE2b-256 ({one}) = {hex[..0]}{Convert.ToHexStringLower(Blake2b.HashData(files.Content("one"), 32))}\n" +
            $"  {hex[..2]}{hex[2..]} *{one}\n";         // leading blanks, binary marker
        string sums = files.Write("unusual.sums", Encoding.UTF8.GetBytes(lines));

        RunResult ours = ToolRunner.Run("-c", sums);

        Assert.Equal(0, ours.ExitCode);
        Assert.Equal(4, ours.OutputText.Split('\n').Count(l => l == one + ": OK"));
        OracleAssert.SameAsB2sum(ours, log, null, "-c", sums);
    }

    private string WriteSums(string name, string[] hashOptions)
    {
        RunResult made = ToolRunner.Run([.. hashOptions, .. files.All]);
        Assert.Equal(0, made.ExitCode);
        return files.Write(name + ".sums", made.Output);
    }

    // The sums of every file, with block128's digest altered and one line of garbage added.
    private string CorruptedSums()
    {
        string text = ToolRunner.Run(files.All.ToArray()).OutputText;
        string[] lines = text.Split('\n');
        int target = Array.FindIndex(lines, l => l.EndsWith("block128", StringComparison.Ordinal));
        char first = lines[target][0];
        lines[target] = (first == '0' ? '1' : '0') + lines[target][1..];
        string corrupted = string.Join('\n', lines) + "garbage line\n";
        return files.Write("corrupted.sums", Encoding.UTF8.GetBytes(corrupted));
    }

    [Theory]
    [InlineData("")]
    [InlineData("a\0b")]
    public void A_checksum_file_with_no_name_is_a_missing_file(string name)
    {
        // File.ReadAllBytes threw ArgumentException for these names, out of Cli.Run: the tool died with status 134.
        RunResult ours = ToolRunner.Run("-c", name);

        Assert.Equal(1, ours.ExitCode);
        Assert.EndsWith(": No such file or directory\n", ours.Error, StringComparison.Ordinal);
        if (name.Length == 0)
        {
            OracleAssert.SameAsB2sum(ours, log, null, "-c", name);
        }
    }
}

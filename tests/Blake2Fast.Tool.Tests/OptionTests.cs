using System;

namespace Blake2Fast.Tool.Tests;

/// <summary>Option syntax and usage errors: same messages and exit codes as coreutils b2sum.</summary>
public sealed class OptionTests(TestFiles files, ITestOutputHelper log) : IClassFixture<TestFiles>
{
    private const string TryHelp = "Try 'b2fast --help' for more information.\n";

    [Theory]
    [InlineData("7", "length is not a multiple of 8")]
    [InlineData("520", "maximum digest length for")]
    [InlineData("abc", "invalid length")]
    [InlineData("-8", "invalid length")]
    [InlineData("16k", "invalid length")]
    [InlineData("", "invalid length")]
    [InlineData("99999999999999999999999", "Value too large for defined data type")]
    public void Bad_lengths_fail_like_coreutils(string length, string expectedFragment)
    {
        string[] args = ["-l", length, files.PathOf("one")];
        RunResult ours = ToolRunner.Run(args);

        Assert.Equal(1, ours.ExitCode);
        Assert.Empty(ours.Output);
        Assert.StartsWith("b2fast: invalid length: ", ours.Error, StringComparison.Ordinal);
        Assert.Contains(expectedFragment, ours.Error, StringComparison.Ordinal);
        OracleAssert.SameAsB2sum(ours, log, null, args);
    }

    [Theory]
    [InlineData("--bogus")]
    [InlineData("-x")]
    [InlineData("-l")]
    [InlineData("--st")] // not "--s": b2fast's --salt makes that ambiguous three ways
    [InlineData("--check=yes")]
    [InlineData("--tag=1")]
    [InlineData("--length")]
    [InlineData("--status", "FILE")]
    [InlineData("--warn", "FILE")]
    [InlineData("--quiet", "FILE")]
    [InlineData("--strict", "FILE")]
    [InlineData("--ignore-missing", "FILE")]
    [InlineData("-z", "-c", "FILE")]
    [InlineData("--tag", "-c", "FILE")]
    [InlineData("-b", "-c", "FILE")]
    [InlineData("-t", "--check", "FILE")]
    public void Usage_errors_print_the_hint_and_exit_1(params string[] template)
    {
        string[] args = Array.ConvertAll(template, a => a == "FILE" ? files.PathOf("one") : a);
        RunResult ours = ToolRunner.Run(args);

        Assert.Equal(1, ours.ExitCode);
        Assert.Empty(ours.Output);
        Assert.StartsWith("b2fast: ", ours.Error, StringComparison.Ordinal);
        Assert.EndsWith(TryHelp, ours.Error, StringComparison.Ordinal);
        OracleAssert.SameAsB2sum(ours, log, null, args);
    }

    [Fact]
    public void Tag_with_text_mode_is_refused_but_text_then_tag_is_not()
    {
        // coreutils 9.1's rule: --tag implies binary, so only a later -t conflicts. (Not compared
        // with b2sum: later coreutils releases relaxed it.)
        RunResult refused = ToolRunner.Run("--tag", "-t", files.PathOf("one"));
        RunResult accepted = ToolRunner.Run("-t", "--tag", files.PathOf("one"));

        Assert.Equal(1, refused.ExitCode);
        Assert.Equal("b2fast: --tag does not support --text mode\n" + TryHelp, refused.Error);
        Assert.Equal(0, accepted.ExitCode);
        Assert.StartsWith("BLAKE2b (", accepted.OutputText, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(0, "-bl8", "FILE")]
    [InlineData(0, "FILE", "-l", "16")]
    [InlineData(0, "--len=24", "FILE")]
    [InlineData(0, "--le", "32", "--ta", "FILE")]
    [InlineData(0, "-l+40", "FILE")]
    [InlineData(0, "-l", " 48", "FILE")]
    [InlineData(1, "--", "-l")]
    [InlineData(1, "--bogus", "--help")]
    public void Getopt_syntax_matches(int expectedExitCode, params string[] template)
    {
        string[] args = Array.ConvertAll(template, a => a == "FILE" ? files.PathOf("one") : a);
        RunResult ours = ToolRunner.Run(args);

        Assert.Equal(expectedExitCode, ours.ExitCode);
        OracleAssert.SameAsB2sum(ours, log, null, args);
    }

    [Theory]
    [InlineData("8\n")]
    [InlineData("a\\b")]
    [InlineData("\u0001x")]
    [InlineData("8\t")]
    [InlineData("it's")]
    [InlineData("\u007f")]
    [InlineData("caf\u00e9")]
    public void Values_that_do_not_print_are_escaped_as_coreutils_escapes_them(string length)
    {
        // The value was quoted as it was: a newline in it split the message over two lines.
        string[] args = ["-l", length, files.PathOf("one")];
        RunResult ours = ToolRunner.Run(args);

        Assert.Equal(1, ours.ExitCode);
        Assert.Single(ours.Error.TrimEnd('\n').Split('\n'));
        OracleAssert.SameAsB2sum(ours, log, null, args);

        // -a, which b2sum lacks: the whole "invalid argument VALUE for --algorithm" on its first line.
        RunResult algorithm = ToolRunner.Run("-a", length, files.PathOf("one"));
        Assert.Equal(1, algorithm.ExitCode);
        Assert.Contains(" for ", algorithm.Error.Split('\n')[0], StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--key", "")]
    [InlineData("--salt", "")]
    [InlineData("--personal", "")]
    [InlineData("--key", "a\0b")]
    public void An_at_file_with_no_name_is_a_missing_file(string option, string name)
    {
        // File.ReadAllBytes threw ArgumentException for these names, out of Cli.Run: the tool died with status 134.
        RunResult ours = ToolRunner.Run(option, "@" + name, files.PathOf("one"));

        Assert.Equal(1, ours.ExitCode);
        Assert.Empty(ours.Output);
        Assert.StartsWith("b2fast: ", ours.Error, StringComparison.Ordinal);
        Assert.EndsWith(": No such file or directory\n", ours.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Help_and_version_go_to_standard_output_and_succeed()
    {
        RunResult help = ToolRunner.Run("--help", "--bogus");
        RunResult version = ToolRunner.Run("--version", "--help");

        Assert.Equal(0, help.ExitCode);
        Assert.StartsWith("Usage: b2fast [OPTION]... [FILE]...\n", help.OutputText, StringComparison.Ordinal);
        Assert.Contains("--ignore-missing", help.OutputText, StringComparison.Ordinal);
        Assert.Equal("", help.Error);
        Assert.Equal(0, version.ExitCode);
        Assert.StartsWith("b2fast (Blake2Fast) ", version.OutputText, StringComparison.Ordinal);
    }
}

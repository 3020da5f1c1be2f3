using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;

namespace Blake2Fast.Tool.Tests;

/// <summary>Hashing mode: every output format against coreutils b2sum, byte for byte.</summary>
public sealed class HashOutputTests(TestFiles files, ITestOutputHelper log) : IClassFixture<TestFiles>
{
    public static TheoryData<string[]> FormatOptions => new()
    {
        Array.Empty<string>(),
        new[] { "--tag" },
        new[] { "-l", "256" },
        new[] { "-l", "8" },
        new[] { "--tag", "-l", "160" },
        new[] { "-b" },
        new[] { "-t" },
        new[] { "-z" },
        new[] { "-z", "--tag", "-l", "64" },
        new[] { "--binary", "--length=504" },
        new[] { "-l", "512" },
        new[] { "-l", "0" },
    };

    [Theory]
    [MemberData(nameof(FormatOptions))]
    public void Every_format_matches_b2sum(string[] options)
    {
        string[] args = [.. options, .. files.All];
        RunResult ours = ToolRunner.Run(args);

        Assert.Equal(0, ours.ExitCode);
        Assert.Equal("", ours.Error);
        Assert.Equal(ExpectedFromLibrary(options, files.All), ours.OutputText);
        OracleAssert.SameAsB2sum(ours, log, null, args);
    }

    [Fact]
    public void Standard_input_is_read_for_a_dash_and_for_no_file()
    {
        byte[] input = files.Content("big");
        string expected = Convert.ToHexStringLower(Blake2b.HashData(input)) + "  -\n";

        RunResult none = ToolRunner.Run(input);
        RunResult dash = ToolRunner.Run(input, "-");
        RunResult tagged = ToolRunner.Run(input, "--tag", "-l", "128", "-");

        Assert.Equal(expected, none.OutputText);
        Assert.Equal(expected, dash.OutputText);
        Assert.Equal("BLAKE2b-128 (-) = " + Convert.ToHexStringLower(Blake2b.HashData(input, 16)) + "\n", tagged.OutputText);
        OracleAssert.SameAsB2sum(none, log, input);
        OracleAssert.SameAsB2sum(tagged, log, input, "--tag", "-l", "128", "-");
    }

    [Fact]
    public void A_missing_file_is_reported_and_the_others_are_still_hashed()
    {
        string[] args = [files.PathOf("one"), files.PathOf("missing"), files.PathOf("block128"), files.PathOf("no such\nfile"), files.Directory];
        RunResult ours = ToolRunner.Run(args);

        Assert.Equal(1, ours.ExitCode);
        Assert.Equal(2, ours.OutputText.Count(c => c == '\n'));
        Assert.Contains($"b2fast: {files.PathOf("missing")}: No such file or directory\n", ours.Error, StringComparison.Ordinal);
        Assert.Contains($"b2fast: {files.Directory}: Is a directory\n", ours.Error, StringComparison.Ordinal);
        OracleAssert.SameAsB2sum(ours, log, null, args);
    }

    [Theory]
    [InlineData("it's")]
    [InlineData("a b")]
    [InlineData("tab\there")]
    [InlineData("colon:x")]
    [InlineData("semi;$x")]
    [InlineData("~home")]
    [InlineData("in#side")]
    [InlineData("ünïcode")]
    [InlineData("a'b\n")]
    [InlineData("\u0001'b")]
    [InlineData("x'é")]
    public void Names_in_error_messages_are_quoted_like_coreutils(string name)
    {
        string path = files.PathOf(name);
        RunResult ours = ToolRunner.Run(path);

        Assert.Equal(1, ours.ExitCode);
        OracleAssert.SameAsB2sum(ours, log, null, path);
    }

    // Coreutils' format, written out independently of the tool, over digests from the library
    // (whose own tests check it against the official known answers).
    private static string ExpectedFromLibrary(string[] options, IEnumerable<string> paths)
    {
        bool tag = options.Contains("--tag");
        bool zero = options.Contains("-z");
        bool binary = options.Contains("-b") || options.Contains("--binary");
        string? lengthText = options.SkipWhile(o => o != "-l").Skip(1).FirstOrDefault()
            ?? options.FirstOrDefault(o => o.StartsWith("--length=", StringComparison.Ordinal))?["--length=".Length..];
        int bits = lengthText is null or "0" ? 512 : int.Parse(lengthText, System.Globalization.CultureInfo.InvariantCulture);

        var expected = new StringBuilder();
        foreach (string path in paths)
        {
            string hex = Convert.ToHexStringLower(Blake2b.HashData(File.ReadAllBytes(path), bits / 8));
            // On Windows a backslash is the directory separator, printed as given (FileNameEscaping).
            bool escape = !zero && ((!OperatingSystem.IsWindows() && path.Contains('\\')) || path.Contains('\n') || path.Contains('\r'));
            string name = escape ? path.Replace("\\", "\\\\").Replace("\n", "\\n").Replace("\r", "\\r") : path;
            expected.Append(escape ? "\\" : "");
            expected.Append(tag
                ? $"BLAKE2b{(bits == 512 ? "" : "-" + bits)} ({name}) = {hex}"
                : $"{hex} {(binary ? '*' : ' ')}{name}");
            expected.Append(zero ? '\0' : '\n');
        }

        return expected.ToString();
    }
}

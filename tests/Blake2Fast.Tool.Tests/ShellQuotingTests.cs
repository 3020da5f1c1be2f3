using System;
using Blake2Fast.Tool.Output;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// Name quoting in both kinds of locale. The expected strings are what coreutils 9.1 b2sum printed
/// for these names on the development machine (LANG=C.UTF-8 and LANG=C); the integration tests
/// compare live with b2sum in whatever locale they run.
/// </summary>
public sealed class ShellQuotingTests
{
    [Theory]
    [InlineData("plain-name_1.txt", "plain-name_1.txt")]
    [InlineData("a b", "'a b'")]
    [InlineData("it's", "\"it's\"")]
    [InlineData("a'b$c", "'a'\\''b$c'")]
    [InlineData("x\ty", "'x'$'\\t''y'")]
    [InlineData("a\n", "'a'$'\\n'")]
    [InlineData("\u0001y", "''$'\\001''y'")]
    [InlineData("ab'c\n", "'''ab'\\''c'$'\\n'")]
    [InlineData("'\n", "''\\'''$'\\n'")]
    [InlineData("a'b\nc", "'a'\\''b'$'\\n''c'")]
    [InlineData("~x", "'~x'")]
    [InlineData("x~", "x~")]
    [InlineData("", "''")]
    public void Names_are_quoted_like_coreutils(string name, string expected) =>
        Assert.Equal(expected, ShellQuoting.QuoteFileName(name, utf8Locale: true));

    [Theory]
    [InlineData("ünïcode", true, "ünïcode")]
    [InlineData("ünïcode", false, "''$'\\303\\274''n'$'\\303\\257''code'")]
    [InlineData("xéy", false, "'x'$'\\303\\251''y'")]
    [InlineData("é'x", false, "''$'\\303\\251'\\''x'")]
    public void Non_ascii_names_depend_on_the_locale(string name, bool utf8Locale, string expected) =>
        Assert.Equal(expected, ShellQuoting.QuoteFileName(name, utf8Locale));

    /// <summary>
    /// Backslashes and colons: shell characters that coreutils quotes (checked against b2sum 9.1
    /// on Linux), but path syntax on Windows, where a name is printed as given; in a checksum line
    /// a backslash alone escapes a name everywhere but on Windows, a newline everywhere.
    /// </summary>
    [Fact]
    public void Windows_path_syntax_is_printed_as_given_there_and_quoted_elsewhere()
    {
        bool windows = OperatingSystem.IsWindows();
        Assert.Equal(windows ? @"C:\data\a.bin" : @"'C:\data\a.bin'", ShellQuoting.QuoteFileName(@"C:\data\a.bin", utf8Locale: true));
        Assert.Equal(windows ? "\"C:\\it's\"" : @"'C:\it'\''s'", ShellQuoting.QuoteFileName(@"C:\it's", utf8Locale: true));
        Assert.Equal(!windows, FileNameEscaping.NeedsEscape(@"C:\data\a.bin"));
        Assert.True(FileNameEscaping.NeedsEscape("C:\\new\nline"));

        var line = new System.Text.StringBuilder();
        FileNameEscaping.AppendEscaped(line, "C:\\new\nline");
        Assert.Equal(@"C:\\new\nline", line.ToString());
        Assert.Equal("C:\\new\nline", FileNameEscaping.Unescape(line.ToString()));
    }
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// File names whose bytes are not UTF-8 (a Latin-1 <c>\377</c>): hashed, checked and reported
/// byte for byte like coreutils. The names go to the executable through a shell's printf, since
/// .NET's process API can only pass arguments as text.
/// </summary>
public sealed class NonUtf8NameTests : IDisposable
{
    private readonly string _directory = Directory.CreateTempSubdirectory("b2fast-bytes-").FullName;

    // .NET cannot name the files this test makes (that is the point), so the shell removes them;
    // only Linux runs the tests that make them (Windows has no /bin/sh), elsewhere .NET does.
    public void Dispose()
    {
        if (OperatingSystem.IsLinux())
        {
            Shell("rm -rf \"$1\"");
        }
        else
        {
            Directory.Delete(_directory, recursive: true);
        }
    }

    [Fact]
    public void Such_a_name_is_hashed_and_a_missing_one_reported_like_coreutils()
    {
        SkipUnlessLinux();
        Shell("printf abc > \"$(printf '%s/\\377name.bin' \"$1\")\"");
        const string Operands = "\"$(printf '%s/\\377name.bin' \"$1\")\" \"$(printf '%s/a\\377 b' \"$1\")\"";

        RunResult ours = Shell($"exec \"$2\" \"$3\" {Operands}", Host, Dll);

        byte[] expected = [.. Encoding.ASCII.GetBytes(Convert.ToHexStringLower(Blake2b.HashData("abc"u8)) + "  " + _directory + "/"), 0xFF, .. "name.bin\n"u8];
        Assert.Equal(expected, ours.Output);
        Assert.Equal(1, ours.ExitCode);
        Assert.Equal($"b2fast: '{_directory}/a'$'\\377'' b': No such file or directory\n", ours.Error);
        if (B2sumOracle.IsAvailable)
        {
            RunResult theirs = Shell($"exec \"$2\" {Operands}", B2sumOracle.ExecutablePath!);
            Assert.Equal(theirs.Output, ours.Output);
            Assert.Equal(theirs.Error.Replace(B2sumOracle.ExecutablePath!, "b2fast", StringComparison.Ordinal).Replace("b2sum:", "b2fast:", StringComparison.Ordinal), ours.Error);
        }
    }

    [Fact]
    public void A_checksum_list_naming_such_a_file_is_verified()
    {
        SkipUnlessLinux();
        Shell("printf abc > \"$(printf '%s/\\377name.bin' \"$1\")\"");
        RunResult sums = Shell("exec \"$2\" \"$3\" --tag \"$(printf '%s/\\377name.bin' \"$1\")\"", Host, Dll);
        File.WriteAllBytes(Path.Combine(_directory, "SUMS"), sums.Output);

        RunResult check = Shell("exec \"$2\" \"$3\" -c \"$1/SUMS\"", Host, Dll);

        Assert.Equal(0, check.ExitCode);
        Assert.Equal([.. Encoding.ASCII.GetBytes(_directory + "/"), 0xFF, .. "name.bin: OK\n"u8], check.Output);
    }

    [Fact]
    public void Bytes_that_are_not_utf8_survive_decoding_and_encoding()
    {
        byte[][] samples =
        [
            [0xFF],
            [(byte)'a', 0xFE, 0xFF, (byte)'b'],
            [0xC3, 0xA9, 0xFF],          // é, then a stray byte
            [0xE2, 0x82],                // a sequence cut short
            [0xF0, 0x9F, 0x92, 0x80],    // U+1F480, whose low surrogate is U+DC80: a character, not a byte
            [0xED, 0xB3, 0xBF],          // an encoded surrogate, not valid UTF-8
        ];
        foreach (byte[] bytes in samples)
        {
            string text = RawText.Decode(bytes);
            Assert.Equal(bytes, RawText.Encode(text));
        }

        Assert.Equal("\uDCFF", RawText.Decode([0xFF]));
        Assert.True(RawText.HasEscapes(RawText.Decode([0xE2, 0x82])));
        Assert.False(RawText.HasEscapes("\U0001F480 plain text"));
        Assert.Equal("é", RawText.Decode("é"u8));
    }

    private static string Dll => ProcessRunner.ToolAssembly;

    private static string Host => ProcessRunner.DotnetHost;

    /// <summary>Runs <paramref name="script"/> with $1 = the test folder, then <paramref name="more"/>.</summary>
    [Fact]
    public void Started_as_b3sum_such_a_name_is_shown_and_checked_as_b3sum_does()
    {
        SkipUnlessLinux();
        Shell("printf abc > \"$(printf '%s/\\377name.bin' \"$1\")\"");
        const string Operands = "\"$(printf '%s/\\377name.bin' \"$1\")\" \"$(printf '%s/a\\377 b' \"$1\")\"";
        RunResult ours = Shell($"B2FAST_AS=b3sum exec \"$2\" \"$3\" {Operands}", Host, Dll);

        // b3sum shows the name lossily (U+FFFD), and refuses such a name in a check line.
        byte[] expected = [.. Encoding.ASCII.GetBytes(Convert.ToHexStringLower(Blake3.HashData("abc"u8)) + "  " + _directory + "/"), .. "\uFFFDname.bin\n"u8];
        Assert.Equal(expected, ours.Output);
        Assert.Equal(1, ours.ExitCode);
        Shell($"B2FAST_AS=b3sum \"$2\" \"$3\" {Operands} > \"$1/SUMS\" 2>/dev/null", Host, Dll);
        RunResult check = Shell("B2FAST_AS=b3sum exec \"$2\" \"$3\" -c \"$1/SUMS\"", Host, Dll);
        Assert.Equal("b3sum: Unicode replacement character in path\n", check.Error);
        if (B3sumOracle.ExecutablePath is not null)
        {
            RunResult theirs = Shell($"exec \"$2\" {Operands}", B3sumOracle.ExecutablePath);
            Assert.Equal(theirs.Output, ours.Output);
            Assert.Equal(theirs.Error, ours.Error);
            Assert.Equal(theirs.ExitCode, ours.ExitCode);
            RunResult theirCheck = Shell("exec \"$2\" -c \"$1/SUMS\"", B3sumOracle.ExecutablePath);
            Assert.Equal(theirCheck.Error, check.Error);
            Assert.Equal(theirCheck.ExitCode, check.ExitCode);
        }
    }

    private RunResult Shell(string script, params string[] more)
    {
        var start = new ProcessStartInfo("/bin/sh")
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in new List<string> { "-c", script, "sh", _directory }.Concat(more))
        {
            start.ArgumentList.Add(argument);
        }

        return ProcessRunner.Run(start, null);
    }

    /// <summary>
    /// Skips on Windows and macOS, which cannot run these tests: the raw argument bytes come from
    /// Linux's /proc/self/cmdline, macOS's file systems refuse names that are not UTF-8, and
    /// Windows has no /bin/sh to pass them. On Linux they always run (/bin/sh is required there).
    /// </summary>
    private static void SkipUnlessLinux() =>
        Assert.SkipUnless(OperatingSystem.IsLinux(), "Needs Linux: raw argument bytes from /proc/self/cmdline, file names that are not UTF-8 (refused by macOS's file systems, not expressible on Windows) and /bin/sh to pass them.");
}

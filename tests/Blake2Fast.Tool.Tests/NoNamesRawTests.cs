using System;
using System.IO;
using System.Text;
using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.Tests;

/// <summary><c>--no-names</c> and <c>--raw</c> in b2fast's own command line, for every algorithm (<c>-l</c> stays bits).</summary>
public sealed class NoNamesRawTests : IDisposable
{
    private readonly string _directory = Path.Combine(Path.GetTempPath(), "no-names-raw-" + Guid.NewGuid().ToString("N"));

    public NoNamesRawTests() => Directory.CreateDirectory(_directory);

    public static TheoryData<string> Algorithms()
    {
        var data = new TheoryData<string>();
        foreach (HashAlgorithmInfo info in HashAlgorithms.All)
        {
            data.Add(info.Name);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void No_names_prints_the_digest_of_each_line_alone(string algorithm)
    {
        string plain = Write("plain", "abc");
        // A name whose line is escaped; Windows allows no such name (a backslash there separates
        // directories, a newline is forbidden), so there the second name is only another name.
        string odd = Write(OperatingSystem.IsWindows() ? "odd name here" : "odd\\name\nhere", "xyz");
        RunResult named = ToolRunner.Run("-a", algorithm, plain, odd);
        RunResult bare = ToolRunner.Run("-a", algorithm, "--no-names", plain, odd);
        Assert.Equal(0, bare.ExitCode);
        Assert.Equal(string.Empty, bare.Error);
        string[] lines = named.OutputText.Split('\n');
        string expected = lines[0].Split(' ')[0] + "\n" + lines[1].TrimStart('\\').Split(' ')[0] + "\n";
        Assert.Equal(expected, bare.OutputText);

        RunResult zero = ToolRunner.Run("-a", algorithm, "--no-names", "-z", plain);
        Assert.Equal(lines[0].Split(' ')[0] + "\0", zero.OutputText);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Raw_writes_the_digest_bytes_and_l_stays_bits(string algorithm)
    {
        string plain = Write("plain", "abc");
        RunResult hex = ToolRunner.Run("-a", algorithm, "-l", "128", "--no-names", plain);
        RunResult raw = ToolRunner.Run("-a", algorithm, "-l", "128", "--raw", plain);
        Assert.Equal(0, raw.ExitCode);
        Assert.Equal(16, raw.Output.Length);
        Assert.Equal(hex.OutputText.TrimEnd('\n'), Convert.ToHexStringLower(raw.Output));

        RunResult stdin = ToolRunner.Run(Encoding.UTF8.GetBytes("abc"), "-a", algorithm, "--raw");
        Assert.Equal(ToolRunner.Run("-a", algorithm, "--raw", plain).Output, stdin.Output);
    }

    [Theory]
    [InlineData("b2fast: --raw writes the digest of one input only\n", "--raw", "@", "@")]
    [InlineData("b2fast: the --no-names and --raw options are meaningless when verifying checksums\nTry 'b2fast --help' for more information.\n", "-c", "--no-names", "@")]
    [InlineData("b2fast: the --no-names and --raw options are meaningless when verifying checksums\nTry 'b2fast --help' for more information.\n", "--raw", "-c", "@")]
    [InlineData("b2fast: --tag cannot be combined with --no-names or --raw\nTry 'b2fast --help' for more information.\n", "--tag", "--no-names", "@")]
    public void Combinations_that_mean_nothing_are_refused(string message, params string[] args)
    {
        string plain = Write("plain", "abc");
        RunResult run = ToolRunner.Run(Array.ConvertAll(args, arg => arg == "@" ? plain : arg));
        Assert.Equal(1, run.ExitCode);
        Assert.Empty(run.Output);
        Assert.Equal(message, run.Error);
    }

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private string Write(string name, string content)
    {
        string path = Path.Combine(_directory, name);
        File.WriteAllText(path, content);
        return path;
    }
}

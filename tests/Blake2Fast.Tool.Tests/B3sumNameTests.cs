using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The tool started as <c>b3sum</c> against Debian's b3sum, byte for byte: every flag, names that
/// need escaping, standard input, missing files, empty and malformed check files, usage errors.
/// </summary>
public sealed class B3sumNameTests
{
    private const string Hash = "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85";
    private static readonly string Directory = CreateFiles();
    private readonly ITestOutputHelper _log;

    public B3sumNameTests(ITestOutputHelper log) => _log = log;

    /// <summary>Each case: the name of the standard input file (or empty for none), then the arguments; <c>@name</c> is that file's full path.</summary>
    public static TheoryData<string, string[]> Cases()
    {
        var data = new TheoryData<string, string[]>();
        void Add(string stdin, params string[] args) => data.Add(stdin, args);

        // Hashing: plain, several files, escaped names, standard input, missing files, directories.
        Add("", "@abc");
        Add("", "@abc", "@empty", "@big", "@back\\slash", "@new\nline", "@both\\\n");
        Add("abc");
        Add("abc", "-");
        Add("abc", "-", "@abc");
        Add("", "@abc", "@missing", "@big");
        Add("", "@missing");
        Add("", "@");
        Add("", "--", "-l");
        Add("", "@carriage\rreturn");

        // -l/--length in bytes, --no-names, --raw, --num-threads, --no-mmap.
        foreach (string length in new[] { "0", "1", "8", "31", "32", "33", "64", "100", "1000" })
        {
            Add("", "-l", length, "@abc", "@big");
            Add("", "--length=" + length, "--no-names", "@abc", "@back\\slash");
            Add("", "--raw", "-l", length, "@big");
        }

        Add("", "-l8", "@abc");
        Add("", "-l", "x", "@abc", "@big");
        Add("", "-l", "-1", "@abc");
        Add("", "--derive-key", "-x", "@abc");
        Add("", "--derive-key", "-", "@abc");
        Add("", "-l", "--", "@abc");
        Add("", "--num-threads", "-2", "@abc");
        Add("key32", "--keyed", "-");
        Add("", "--no-names", "--raw", "@abc");
        Add("", "-lx", "@abc");
        Add("", "-cl8", "@sums");
        Add("", "--length", "8", "--length", "4", "@abc");
        Add("", "--check=x", "@sums");
        Add("", "-c", "-c", "@sums");
        Add("", "--keyed", "--keyed", "@abc");
        Add("", "--no-names", "--no-names", "@abc");
        Add("", "--num-threads", "1", "--num-threads", "2", "@abc");
        Add("", "-ccl8", "@sums");
        Add("", "-l8c", "@abc");
        Add("", "--check=", "@sums");
        Add("", "--noo", "@abc");
        Add("", "-cx", "@sums");
        Add("", "--no-names", "--bogus", "@abc");
        Add("", "-", "-");
        Add("", "--no-names", "@abc", "@new\nline", "@missing");
        Add("", "--raw", "@abc");
        Add("abc", "--raw");
        Add("", "--raw", "@abc", "@big");
        Add("", "--raw", "@missing");
        Add("", "--num-threads", "1", "@big");
        Add("", "--num-threads", "0", "@big");
        Add("", "--num-threads=3", "--no-mmap", "@big", "@abc");
        Add("", "--num-threads", "x", "@abc");
        Add("", "--no-mmap", "@big");

        // --keyed (32 key bytes on standard input) and --derive-key.
        Add("key32", "--keyed", "@abc", "@big");
        Add("key32", "--keyed", "--no-names", "-l", "50", "@abc");
        Add("abc", "--keyed", "@abc");
        Add("key40", "--keyed", "@abc");
        Add("empty", "--keyed", "@abc");
        Add("", "--derive-key", "example.com 2026 test", "@abc", "@big");
        Add("", "--derive-key", "", "@abc");
        Add("", "--derive-key", "ctx", "--keyed", "@abc");

        // Checking.
        Add("", "-c", "@sums");
        Add("", "--check", "@sums.escaped");
        Add("", "-c", "--quiet", "@sums");
        Add("", "--quiet", "-c", "@wrong");
        Add("", "-c", "@wrong", "@sums");
        Add("", "-c", "@empty");
        Add("", "-c", "@empty", "@sums");
        Add("", "-c", "@missing");
        Add("", "-c", "@missing.line");
        Add("", "-c", "@missing.escaped");
        Add("sums", "-c");
        Add("sums", "-c", "-");
        foreach (string bad in new[] { "bad.short", "bad.space", "bad.hex", "bad.upper", "bad.blank", "bad.escape", "bad.after", "bad.nonewline", "bad.crlf", "bad.escapedplain" })
        {
            Add("", "-c", "@" + bad);
        }

        Add("", "-c", "@bad.short", "@sums");
        foreach (string bad in new[] { "bad.euro", "bad.euro.escaped", "bad.euro.name", "bad.nul", "bad.utf8", "bad.utf8.late", "bad.comment", "bad.cr.escaped", "bad.long" })
        {
            Add("", "-c", "@" + bad);
        }

        Add("key32", "--keyed", "-c", "@sums.stdin");
        Add("", "--derive-key", "x", "-c", "@sums");
        Add("", "-c", "--num-threads", "2", "--no-names", "--no-mmap", "@sums");
        Add("key32", "--keyed", "-c", "--quiet", "@sums");
        Add("key32", "--keyed", "--derive-key", "x", "--no-mmap", "@sums");
        Add("", "-c", "--no-names", "--raw", "@sums");
        Add("sums.stdin", "-c");

        // Long outputs (written in pieces), lengths past 32 bits and odd thread counts.
        Add("", "-l", "1000000", "@abc");
        Add("", "--raw", "-l", "300000", "@big");
        Add("", "-l", "+8", "@abc");
        Add("", "-l", "18446744073709551616", "@abc");
        Add("", "--num-threads", "99999999999999999999", "@abc");
        Add("", "--num-threads", "+4", "@big");
        Add("", "--num-threads", "", "@abc");

        // Usage errors.
        Add("", "--bogus");
        Add("", "-x", "@abc");
        Add("", "-l");
        Add("", "--derive-key");
        Add("", "--num-threads");
        Add("", "--quiet", "@abc");
        Add("", "-c", "--no-names", "@sums");
        Add("", "--raw", "-c", "@sums");
        Add("", "-c", "-l", "3", "@sums");
        Add("", "--version");
        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Prints_what_b3sum_prints(string stdin, string[] args)
    {
        string[] resolved = args.Select(arg => arg.StartsWith('@') ? Path.Combine(Directory, arg[1..]) : arg).ToArray();
        byte[]? input = stdin.Length == 0 ? null : File.ReadAllBytes(Path.Combine(Directory, stdin));
        OracleAssert.SameAsB3sum(_log, input, resolved);
    }

    [Fact]
    public void Known_lines_without_the_oracle()
    {
        string abc = Path.Combine(Directory, "abc");
        Assert.Equal($"{Hash}  {abc}\n", ToolRunner.RunAsB3sum(null, abc).OutputText);
        Assert.Equal($"{Hash[..16]}\n", ToolRunner.RunAsB3sum(null, "-l", "8", "--no-names", abc).OutputText);
        if (!OperatingSystem.IsWindows())
        {
            // A backslash in a name escapes its line; on Windows it separates directories, and the
            // line for abc above, whose path is full of them, shows it printed as given.
            string back = Path.Combine(Directory, "back\\slash");
            Assert.StartsWith("\\", ToolRunner.RunAsB3sum(null, back).OutputText, StringComparison.Ordinal);
        }

        RunResult empty = ToolRunner.RunAsB3sum(null, "-c", Path.Combine(Directory, "empty"));
        Assert.Equal((0, string.Empty, string.Empty), (empty.ExitCode, empty.OutputText, empty.Error));
    }

    /// <summary>
    /// What Debian's b3sum 1.2.0 answered (recorded here, so that this runs without it): a check
    /// line of 23 euro signs once raised IndexOutOfRangeException (the length was measured in bytes,
    /// the line indexed in characters); a NUL in a name is refused; a line that is not UTF-8 ends the run.
    /// </summary>
    [Theory]
    [InlineData("bad.euro", "b3sum: Non-ASCII prefix\n", "")]
    [InlineData("bad.euro.escaped", "b3sum: Non-ASCII prefix\n", "")]
    [InlineData("bad.nul", "b3sum: Null character in path\n", "@abc: OK\n")]
    [InlineData("bad.utf8", "Error: stream did not contain valid UTF-8\n", "@abc: OK\n")]
    public void Known_check_refusals_without_the_oracle(string checkFile, string error, string output)
    {
        RunResult run = ToolRunner.RunAsB3sum(null, "-c", Path.Combine(Directory, checkFile));
        Assert.Equal((1, error, output.Replace("@abc", Path.Combine(Directory, "abc"), StringComparison.Ordinal)), (run.ExitCode, run.Error, run.OutputText));
    }

    [Fact]
    public void A_length_of_a_million_bytes_is_the_librarys_output_in_hex()
    {
        string abc = Path.Combine(Directory, "abc");
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update("abc"u8);
        using Blake3OutputReader reader = state.CreateOutputReader();
        string expected = Convert.ToHexStringLower(reader.Read(1_000_000)) + "  " + abc + "\n";
        Assert.Equal(expected, ToolRunner.RunAsB3sum(null, "-l", "1000000", abc).OutputText);
        Assert.Equal(expected, ToolRunner.Run("-a", "blake3", "-l", "8000000", abc).OutputText);
    }

    [Theory]
    [InlineData("b3sum", true)]
    [InlineData("/usr/local/bin/b3sum", true)]
    [InlineData("./b3sum", true)]
    [InlineData("b3sum.exe", true)]
    [InlineData("b2fast", false)]
    [InlineData("/usr/bin/dotnet", false)]
    [InlineData("b3sum-x86-64-v3", false)]
    [InlineData("", false)]
    public void The_b3sum_name_is_recognised(string path, bool expected) => Assert.Equal(expected, B3sumCli.IsB3sumName(path));

    [Fact]
    public void The_environment_variable_selects_b3sum_for_dotnet_b2fast_dll()
    {
        string abc = Path.Combine(Directory, "abc");
        RunResult run = ProcessRunner.RunTool(null, new Dictionary<string, string> { [B3sumCli.PersonalityVariable] = "b3sum" }, "-l", "8", abc);
        Assert.Equal($"{Hash[..16]}  {abc}\n", run.OutputText);
        RunResult own = ProcessRunner.RunTool(null, new Dictionary<string, string> { [B3sumCli.PersonalityVariable] = "b2fast" }, "-a", "blake3", "-l", "64", abc);
        Assert.Equal($"{Hash[..16]}  {abc}\n", own.OutputText);
    }

    private static string CreateFiles()
    {
        string directory = Path.Combine(Path.GetTempPath(), "b3sum-name-" + Guid.NewGuid().ToString("N"));
        System.IO.Directory.CreateDirectory(directory);
        // Names Windows forbids are not made there (TestFiles.IsLegalName); the cases naming them find them missing.
        void Write(string name, byte[] content)
        {
            if (TestFiles.IsLegalName(name))
            {
                File.WriteAllBytes(Path.Combine(directory, name), content);
            }
        }

        void Text(string name, string content) => Write(name, Encoding.UTF8.GetBytes(content));
        string abc = Path.Combine(directory, "abc");
        var random = new Random(48);
        byte[] big = new byte[3 * 1048576 + 777];
        random.NextBytes(big);
        byte[] key = new byte[40];
        random.NextBytes(key);
        Text("abc", "abc");
        Text("empty", string.Empty);
        Write("big", big);
        Text("back\\slash", "x");
        Text("new\nline", "y");
        Text("both\\\n", "z");
        Text("carriage\rreturn", "w");
        Write("key32", key[..32]);
        Write("key40", key);
        string escapedBack = Path.Combine(directory, "back\\\\slash");
        string escapedNew = Path.Combine(directory, "new\\nline");
        Text("sums", $"{Hash}  {abc}\n");
        Text("sums.escaped", $"{Hash}  {abc}\n\\3ae7d805f6789a6402acb70ad4096a85a56bf6804eaf25c0493ac697548d30b5  {escapedBack}\n\\08112a9e334ce73042b531c25668cf5cb12a1ee040a4326afeac065461079a06  {escapedNew}\n");
        Text("wrong", $"{new string('0', 64)}  {abc}\n");
        Text("missing.line", $"{Hash}  {Path.Combine(directory, "missing")}\n{Hash}  {abc}\n");
        Text("missing.escaped", $"\\{Hash}  {Path.Combine(directory, "gone\\\\name\\nhere")}\n");
        Text("bad.short", $"{Hash[..16]}  {abc}\n");
        Text("bad.space", $"{Hash}xx{abc}\n");
        Text("bad.hex", $"zz{Hash[2..]}  {abc}\n");
        Text("bad.upper", $"{Hash.ToUpperInvariant()}  {abc}\n");
        Text("bad.blank", $"{Hash}  {abc}\n\n");
        Text("bad.escape", $"\\{Hash}  {abc}\\q\n");
        Text("bad.after", $"{Hash}  {abc}\ngarbage\n{Hash}  {abc}\n");
        Text("bad.nonewline", $"{Hash}  {abc}");
        Text("bad.crlf", $"{Hash}  {abc}\r\n");
        Text("bad.escapedplain", $"\\{Hash}  {abc}\n");
        Text("bad.euro", new string('\u20AC', 23) + "  " + abc + "\n");
        Text("bad.euro.escaped", "\\" + new string('\u20AC', 23) + "  x\n");
        Text("bad.euro.name", $"{Hash}  {abc}\u20AC\n{Hash}  {abc}\n");
        Text("bad.nul", $"{Hash}  {abc}\0x\n{Hash}  {abc}\n");
        Write("bad.utf8", [.. Encoding.UTF8.GetBytes($"{Hash}  {abc}\n{Hash}  "), 0xFF, .. "x\n"u8]);
        Write("bad.utf8.late", [.. Encoding.UTF8.GetBytes($"{Hash}  {abc}\n\n"), 0xC3, 0x28]);
        Text("bad.comment", $"# a comment\n{Hash}  {abc}\n");
        Text("bad.cr.escaped", $"\\{Hash}  {abc}\\r\n");
        Text("bad.long", $"{Hash}  {abc}{new string('a', 70000)}\n{new string('f', 100000)}\n");
        Text("sums.stdin", $"{Hash}  -\n{Hash}  {abc}\n");
        return directory;
    }
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.CommandLine;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The tool never dies: every option of its option table (read by reflection, so a new option is
/// covered without anyone listing it), in every way it can be written, with empty, odd and huge
/// values, alone and in pairs, with every algorithm, and odd operands and checksum files. Each run
/// must end with status 0 or 1 and say what went wrong in coreutils' style ("b2fast: ..." on
/// standard error), never with a stack trace or an exception out of <see cref="Cli.Run(string[], ToolConsole)"/>.
/// </summary>
public sealed class RobustnessTests : IClassFixture<TestFiles>
{
    private readonly TestFiles _files;
    private readonly ITestOutputHelper _log;

    public RobustnessTests(TestFiles files, ITestOutputHelper log)
    {
        _files = files;
        _log = log;
    }

    /// <summary>The tool's option table, as the parser reads it.</summary>
    private static IReadOnlyList<OptionSpec> Specs { get; } =
        (OptionSpec[])typeof(Cli).GetField("Specs", BindingFlags.NonPublic | BindingFlags.Static)!.GetValue(null)!;

    /// <summary>What every option that takes a value is given: empty, odd, huge, unicode, paths that are not files.</summary>
    private IEnumerable<(string Label, string Value)> OddValues()
    {
        string directory = _files.Directory;
        string missing = _files.PathOf("no such file");
        return
        [
            ("empty", ""),
            ("dash", "-"),
            ("0", "0"),
            ("-1", "-1"),
            ("8", "8"),
            ("huge", "99999999999999999999"),
            ("huge with a suffix", "99999999999999999999g"),
            ("1 GiB suffix", "1g"),
            ("4 GiB suffix", "4g"),
            ("blank before", " 8"),
            ("newline after", "8\n"),
            ("non-hex", "zz"),
            ("odd-length hex", "abc"),
            ("4 hex bytes", "00112233"),
            ("32 hex bytes", new string('a', 64)),
            ("64 hex bytes", new string('b', 128)),
            ("65 hex bytes", new string('c', 130)),
            ("unicode", "é☃\U0001F600"),
            ("a lone surrogate", "\uD800"),
            ("NUL", "a\0b"),
            ("a directory", directory),
            ("a missing file", missing),
            ("@", "@"),
            ("@ a directory", "@" + directory),
            ("@ a missing file", "@" + missing),
            ("@ an empty file", "@" + _files.PathOf("empty")),
            ("@ a 1000-byte file", "@" + _files.PathOf("odd-1000")),
            ("@ NUL", "@a\0b"),
            ("an algorithm's name", "blake3"),
        ];
    }

    /// <summary>Every way of writing option <paramref name="spec"/> with <paramref name="value"/> (null: a flag).</summary>
    private static IEnumerable<(string Label, string[] Args)> Forms(OptionSpec spec, string? value)
    {
        string shortestPrefix = Enumerable.Range(1, spec.LongName.Length).Select(n => spec.LongName[..n])
            .First(p => p == spec.LongName || Specs.Count(s => s.LongName.StartsWith(p, StringComparison.Ordinal)) == 1);
        if (value is null)
        {
            yield return ($"--{spec.LongName}", [$"--{spec.LongName}"]);
            yield return ($"--{shortestPrefix}", [$"--{shortestPrefix}"]);
            yield return ($"--{spec.LongName}=x", [$"--{spec.LongName}=x"]);
            yield return ($"--{spec.LongName} twice", [$"--{spec.LongName}", $"--{spec.LongName}"]);
            if (spec.ShortName != '\0')
            {
                yield return ($"-{spec.ShortName}", [$"-{spec.ShortName}"]);
                yield return ($"-{spec.ShortName}{spec.ShortName}", [$"-{spec.ShortName}{spec.ShortName}"]);
            }

            yield break;
        }

        yield return ($"--{spec.LongName}=VALUE", [$"--{spec.LongName}={value}"]);
        yield return ($"--{spec.LongName} VALUE", [$"--{spec.LongName}", value]);
        yield return ($"--{shortestPrefix} VALUE", [$"--{shortestPrefix}", value]);
        yield return ($"--{spec.LongName} twice", [$"--{spec.LongName}={value}", $"--{spec.LongName}={value}"]);
        if (spec.ShortName != '\0')
        {
            yield return ($"-{spec.ShortName}VALUE", [$"-{spec.ShortName}{value}"]);
            yield return ($"-{spec.ShortName} VALUE", [$"-{spec.ShortName}", value]);
        }
    }

    /// <summary>An option that takes a value, given none: the last argument.</summary>
    private static IEnumerable<(string Label, string[] Args)> MissingValue(OptionSpec spec)
    {
        yield return ($"--{spec.LongName} without its value", [$"--{spec.LongName}"]);
        if (spec.ShortName != '\0')
        {
            yield return ($"-{spec.ShortName} without its value", [$"-{spec.ShortName}"]);
        }
    }

    private static IEnumerable<string[]> Algorithms() =>
        HashAlgorithms.All.Select(a => new[] { "-a", a.Name }).Prepend([]);

    [Fact]
    public void Every_option_alone_with_odd_values_and_every_algorithm()
    {
        var runs = new List<(string Label, string[] Args)>();
        string input = _files.PathOf("one");
        foreach (OptionSpec spec in Specs)
        {
            IEnumerable<(string Label, string[] Args)> forms = spec.TakesValue
                ? OddValues().SelectMany(v => Forms(spec, v.Value).Select(f => ($"{f.Label} = {v.Label}", f.Args))).Concat(MissingValue(spec))
                : Forms(spec, null);
            foreach ((string label, string[] args) in forms)
            {
                foreach (string[] algorithm in Algorithms())
                {
                    bool missingValue = label.EndsWith("without its value", StringComparison.Ordinal);
                    runs.Add(($"{string.Join(' ', algorithm)} {label}", missingValue ? [input, .. algorithm, .. args] : [.. algorithm, .. args, input]));
                }
            }
        }

        AssertNeverDies(runs);
    }

    [Fact]
    public void Every_pair_of_options_with_every_algorithm()
    {
        var runs = new List<(string Label, string[] Args)>();
        string input = _files.PathOf("odd-1000");
        foreach (OptionSpec first in Specs)
        {
            foreach (OptionSpec second in Specs.Where(s => s != first))
            {
                foreach (string value in new[] { "8", "0011" })
                {
                    string[] args = [.. Written(first, value), .. Written(second, value)];
                    foreach (string[] algorithm in Algorithms())
                    {
                        runs.Add(($"{string.Join(' ', algorithm)} {string.Join(' ', args)}", [.. algorithm, .. args, input]));
                    }
                }
            }
        }

        AssertNeverDies(runs);

        static string[] Written(OptionSpec spec, string value) => spec.TakesValue ? [$"--{spec.LongName}={value}"] : [$"--{spec.LongName}"];
    }

    /// <summary>Operands that are not regular files, "-" and "--" in odd places, and checksum files that are not what they claim.</summary>
    [Fact]
    public void Odd_operands_and_checksum_files_with_every_algorithm()
    {
        string directory = _files.Directory;
        string missing = _files.PathOf("no such file");
        string[][] operandLists =
        [
            [directory],
            [missing],
            [""],
            ["-"],
            ["-", "-"],
            ["--", "-l"],
            ["--", "--"],
            ["--", "-"],
            [_files.PathOf("new\nline"), _files.PathOf("back\\slash")],
            ["a\0b"],
            ["\uD800"],
            ["/dev/null"],
        ];

        var runs = new List<(string Label, string[] Args)>();
        foreach (string[] algorithm in Algorithms())
        {
            foreach (string[] operands in operandLists)
            {
                runs.Add(($"{string.Join(' ', algorithm)} {string.Join(' ', operands)}", [.. algorithm, .. operands]));
                runs.Add(($"{string.Join(' ', algorithm)} --tree=1k {string.Join(' ', operands)}", [.. algorithm, "--tree=1k", .. operands]));
                runs.Add(($"{string.Join(' ', algorithm)} -c {string.Join(' ', operands)}", [.. algorithm, "-c", .. operands]));
            }

            foreach ((string label, string path) in ChecksumFiles())
            {
                foreach (string[] mode in new[] { new[] { "-c" }, ["-c", "--strict", "--warn"], ["-c", "--quiet", "--ignore-missing"], ["-c", "--status"] })
                {
                    runs.Add(($"{string.Join(' ', algorithm)} {string.Join(' ', mode)} {label}", [.. algorithm, .. mode, path]));
                }
            }
        }

        AssertNeverDies(runs);
    }

    /// <summary>Checksum files whose lines are malformed in every way a line can be: lengths, hex, names, tags.</summary>
    private IEnumerable<(string Label, string Path)> ChecksumFiles()
    {
        string one = _files.PathOf("one");
        string hex64 = new('a', 128);
        string[] tags = HashAlgorithms.All.Select(a => a.TagName).ToArray();
        var lines = new List<string>
        {
            "",
            "   ",
            "\\",
            "\\\\",
            new string('a', 100_000),
            $"{hex64}  {one}",
            $"{hex64} {one}",
            $"{hex64[..63]}  {one}",
            $"zz  {one}",
            $"{hex64}  {_files.Directory}",
            $"{hex64}  {_files.PathOf("no such file")}",
            $"{hex64}  ",
            $"\\{hex64}  \\n\\\\\\q",
        };
        foreach (string tag in tags)
        {
            lines.AddRange(
            [
                $"{tag} ({one}) = {hex64}",
                $"{tag}-99999999999999999999 ({one}) = {hex64}",
                $"{tag}-0 ({one}) = ",
                $"{tag}-7 ({one}) = aa",
                $"{tag}-8 ({one}) = zz",
                $"{tag}-8 ({one}) = a",
                $"{tag}-4294967296 ({one}) = aa",
                $"{tag}-536870912 ({one}) = aa",
                $"{tag}-536870920 ({one}) = aa",
                $"{tag}--8 ({one}) = aa",
                $"{tag}-8 {one}) = aa",
                $"{tag}-8 ({one} = aa",
                $"{tag}-8 () = aa",
                $"{tag}",
                $"{tag}-",
                $"{tag} (",
            ]);
        }

        yield return ("every malformed line", _files.Write("malformed.sum", Encoding.UTF8.GetBytes(string.Join("\n", lines) + "\n")));
        yield return ("no final newline", _files.Write("unterminated.sum", Encoding.UTF8.GetBytes($"{hex64}  {one}")));
        yield return ("NUL line endings", _files.Write("zero.sum", Encoding.UTF8.GetBytes(string.Join("\0", lines))));
        yield return ("bytes that are not UTF-8", _files.Write("binary.sum", [0xff, 0xfe, 0x80, 0x0a, 0xc3, 0x28, 0x0a]));
        yield return ("an empty file", _files.PathOf("empty"));
        yield return ("a directory", _files.Directory);
        yield return ("a missing file", _files.PathOf("no such file"));
    }

    /// <summary>
    /// The largest -l of each algorithm and one past it, on empty input. The largest of BLAKE2Xb
    /// (2^32 - 1 bytes) and BLAKE3 (2^59 bytes) are far too long to write in a test: for those, one
    /// past it only (LongOutputTests prints long outputs).
    /// </summary>
    [Fact]
    public void The_largest_length_of_every_algorithm_and_one_past_it()
    {
        var runs = new List<(string Label, string[] Args)>();
        foreach (HashAlgorithmInfo algorithm in HashAlgorithms.All)
        {
            foreach (long bits in algorithm.MaxBits <= 8L << 20 ? [algorithm.MaxBits, algorithm.MaxBits + 8] : new[] { algorithm.MaxBits + 8 })
            {
                runs.Add(($"-a {algorithm.Name} -l {bits}", ["-a", algorithm.Name, "-l", bits.ToString(System.Globalization.CultureInfo.InvariantCulture), _files.PathOf("empty")]));
            }
        }

        AssertNeverDies(runs);
    }

    /// <summary>A handful of the runs above through a real process of the built tool: real exit status (never 134), real standard error.</summary>
    [Theory]
    [InlineData("--key", "@")]
    [InlineData("--key", "@a\0b")]
    [InlineData("--salt", "zz")]
    [InlineData("-l", "99999999999999999999")]
    [InlineData("--tree", "99999999999999999999g")]
    [InlineData("-a", "")]
    [InlineData("--derive-key", "")]
    [InlineData("--bogus", null)]
    [InlineData("-l", null)]
    public void The_executable_never_dies(string option, string? value)
    {
        foreach (string algorithm in new[] { "blake2b", "blake3" })
        {
            string[] args = value is null ? ["-a", algorithm, _files.PathOf("one"), option] : ["-a", algorithm, option, value, _files.PathOf("one"), _files.Directory];
            RunResult result = ProcessRunner.RunTool([], new Dictionary<string, string>(), args);
            string problem = Problem(result);
            Assert.True(problem.Length == 0, $"{string.Join(' ', args)}: {problem}\n{result}");
        }
    }

    private void AssertNeverDies(List<(string Label, string[] Args)> runs)
    {
        var failures = new List<string>();
        foreach ((string label, string[] args) in runs)
        {
            RunResult result;
            try
            {
                result = ToolRunner.Run([], args);
            }
            catch (Exception e)
            {
                failures.Add($"{label}: {e.GetType().Name} escaped Cli.Run: {e.Message}\n    {e.StackTrace?.Split('\n').FirstOrDefault()?.Trim()}");
                continue;
            }

            string problem = Problem(result);
            if (problem.Length != 0)
            {
                failures.Add($"{label}: {problem}");
            }
        }

        _log.WriteLine($"{runs.Count} runs of the tool, {failures.Count} broke the rules.");
        foreach (string failure in failures.Take(100))
        {
            _log.WriteLine(failure);
        }

        Assert.True(failures.Count == 0, $"{failures.Count} of {runs.Count} runs died or broke coreutils' error style:\n{string.Join("\n", failures.Take(40))}");
    }

    /// <summary>What is wrong with a run: a status other than 0 or 1, a stack trace, or a line on standard error not in coreutils' style.</summary>
    private static string Problem(RunResult result)
    {
        if (result.ExitCode is not (0 or 1))
        {
            return $"exit status {result.ExitCode}";
        }

        if (result.Error.Contains("   at ", StringComparison.Ordinal) || result.Error.Contains("Unhandled exception", StringComparison.Ordinal))
        {
            return "a stack trace on standard error: " + result.Error.Split('\n').FirstOrDefault();
        }

        foreach (string line in result.Error.Split('\n'))
        {
            if (line.Length != 0 && !line.StartsWith("b2fast: ", StringComparison.Ordinal) && !line.StartsWith("Try 'b2fast --help'", StringComparison.Ordinal)
                && !line.StartsWith("Valid arguments are:", StringComparison.Ordinal) && !line.StartsWith("  - ", StringComparison.Ordinal))
            {
                return "standard error has a line not in coreutils' style: " + line;
            }
        }

        return "";
    }
}

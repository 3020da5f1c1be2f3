using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Text;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.Checking;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool;

/// <summary>
/// The tool started under the name <c>b3sum</c>: b3sum 1.x's own command line (<c>-l</c> in bytes,
/// <c>--keyed</c> with the key on standard input, <c>--derive-key</c>, <c>--no-names</c>,
/// <c>--raw</c>, <c>--num-threads</c>, <c>--no-mmap</c>, <c>-c</c>, <c>--quiet</c>) and its output,
/// messages and exit codes, as Debian's b3sum 1.2.0 prints them.
/// </summary>
/// <remarks>
/// Only the option table, clap's way of reading it (its usage errors, exit status 1 as b3sum 1.2
/// has it) and b3sum's message texts are here. The options become <see cref="ToolSettings"/> for
/// BLAKE3, and the run is b2fast's own: <see cref="HashCommand"/> and <see cref="CheckCommand"/>
/// under <see cref="Dialect.B3sum"/>, the same input path, thread limit, streamed output and name
/// escaping as <c>b2fast -a blake3</c>. <c>--no-mmap</c> asks for what is the default anyway: files
/// are read at their offsets, on every core.
/// </remarks>
internal static class B3sumCli
{
    public const string ProgramName = "b3sum";

    /// <summary>The environment variable that selects b3sum's command line whatever the program is called.</summary>
    public const string PersonalityVariable = "B2FAST_AS";

    private const int KeyLength = 32;

    /// <summary>
    /// b3sum's options, with the name clap's messages give each (its long form and its value's
    /// placeholder). <see cref="OptionId.Key"/> stands for <c>--keyed</c>: the key is read from standard input.
    /// </summary>
    private static readonly (OptionSpec Spec, string Usage)[] Options =
    [
        (new(OptionId.Length, 'l', "length", TakesValue: true), "--length <LEN>"),
        (new(OptionId.Key, '\0', "keyed", TakesValue: false), "--keyed"),
        (new(OptionId.DeriveKey, '\0', "derive-key", TakesValue: true), "--derive-key <CONTEXT>"),
        (new(OptionId.NoNames, '\0', "no-names", TakesValue: false), "--no-names"),
        (new(OptionId.Raw, '\0', "raw", TakesValue: false), "--raw"),
        (new(OptionId.Check, 'c', "check", TakesValue: false), "--check"),
        (new(OptionId.Quiet, '\0', "quiet", TakesValue: false), "--quiet"),
        (new(OptionId.NoMmap, '\0', "no-mmap", TakesValue: false), "--no-mmap"),
        (new(OptionId.NumThreads, '\0', "num-threads", TakesValue: true), "--num-threads <NUM>"),
        (new(OptionId.Help, 'h', "help", TakesValue: false), "--help"),
        (new(OptionId.Version, 'V', "version", TakesValue: false), "--version"),
    ];

    /// <summary>
    /// Whether this process was started as <c>b3sum</c>: <see cref="PersonalityVariable"/> says
    /// <c>b3sum</c>, or the name it was started under (the first argument the kernel holds, which a
    /// link keeps and the hand-over to another build passes on) is <c>b3sum</c>.
    /// </summary>
    /// <remarks>
    /// Off Linux there is no /proc/self/cmdline. Native AOT's first command-line argument is then
    /// the name it was started under, but a framework-dependent build's is its <c>b2fast.dll</c>,
    /// whatever the executable is called; so the executable's own path counts too: a copy named
    /// <c>b3sum.exe</c> (Windows) or <c>b3sum</c> is recognised. A symbolic link to a
    /// framework-dependent build may not be (the path the runtime reports can be the link's
    /// target); <see cref="PersonalityVariable"/> always works.
    /// </remarks>
    public static bool StartedAsB3sum()
    {
        string? chosen = Environment.GetEnvironmentVariable(PersonalityVariable);
        if (!string.IsNullOrEmpty(chosen))
        {
            return chosen == ProgramName;
        }

        if (KernelCommandLine.Read() is { } read && read.Arguments.Count > 0)
        {
            return IsB3sumName(Encoding.UTF8.GetString(read.Bytes.AsSpan(read.Arguments[0])));
        }

        string[] args = Environment.GetCommandLineArgs();
        return IsB3sumName(args.Length > 0 ? args[0] : null) || IsB3sumName(Environment.ProcessPath);
    }

    /// <summary>Whether <paramref name="path"/> names a program called <c>b3sum</c> (with or without <c>.exe</c>).</summary>
    public static bool IsB3sumName(string? path)
    {
        if (string.IsNullOrEmpty(path))
        {
            return false;
        }

        string name = Path.GetFileName(path);
        return name == ProgramName || name.Equals(ProgramName + ".exe", StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>Runs b3sum's command line: its options, then the tool's own run (<see cref="Cli.Run(string[], ToolConsole, ToolSettings, Cli.OptionReader)"/>).</summary>
    /// <returns>The exit status: 0 success, 1 failure (usage errors too, as clap 2 exits).</returns>
    public static int Run(string[] args, ToolConsole console)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(console);
        return Cli.Run(args, console.As(Dialect.B3sum), new ToolSettings { Algorithm = HashAlgorithms.Blake3 }, ReadOptions);
    }

    /// <summary>
    /// Reads b3sum's options into <paramref name="settings"/> as clap 2 reads them, and makes the
    /// checks b3sum makes before it opens an input (reading the <c>--keyed</c> key among them, and
    /// the length, which b3sum refuses once for each input); the fuzz targets call it alone.
    /// </summary>
    /// <returns>The exit status when the run ends here (an error, <c>--help</c>, <c>--version</c>); otherwise null.</returns>
    internal static int? ReadOptions(string[] args, ToolConsole console, ToolSettings settings, out List<string> files)
    {
        files = [];
        bool onlyFiles = false;
        bool keyed = false;

        // The options given so far, as clap names them in the usage line of its messages.
        var used = new List<string>();
        for (int i = 0; i < args.Length; i++)
        {
            string arg = args[i];
            if (onlyFiles || arg == "-" || !arg.StartsWith('-'))
            {
                files.Add(arg);
                continue;
            }

            if (arg == "--")
            {
                onlyFiles = true;
                continue;
            }

            if (arg.StartsWith("--", StringComparison.Ordinal))
            {
                int equals = arg.IndexOf('=', StringComparison.Ordinal);
                string name = equals < 0 ? arg : arg[..equals];
                if (Find(name) is not { } option)
                {
                    return Unexpected(console, name, used);
                }

                // clap 2 lets a flag be written --flag=VALUE and ignores the value.
                string? value = equals >= 0 && option.Spec.TakesValue ? arg[(equals + 1)..] : null;
                if (Apply(option, value, ref i) is int status)
                {
                    return status;
                }

                continue;
            }

            // A cluster of short options: -c, -h, -V, and -l with its value joined or next. A
            // flag repeated within one cluster counts once (clap 2 lets -cc through, not -c -c).
            string cluster = string.Empty;
            for (int j = 1; j < arg.Length; j++)
            {
                string name = "-" + arg[j];
                if (Find(name) is not { } option)
                {
                    return Unexpected(console, name, used);
                }

                if (cluster.Contains(arg[j], StringComparison.Ordinal))
                {
                    continue;
                }

                cluster += arg[j];
                string? value = option.Spec.TakesValue && j + 1 < arg.Length ? arg[(j + 1)..] : null;
                if (Apply(option, value, ref i) is int status)
                {
                    return status;
                }

                if (option.Spec.TakesValue)
                {
                    break;
                }
            }
        }

        if (Validate(console, settings, keyed, files, used) is int refused)
        {
            return refused;
        }

        // b3sum reads standard input when no file is given.
        if (files.Count == 0)
        {
            files.Add("-");
        }

        if (!settings.Check && !TryReadLength(settings))
        {
            // b3sum parses the length for each input, and fails each one.
            foreach (string file in files)
            {
                console.Error($"{file}: Failed to parse length.");
            }

            return 1;
        }

        return null;

        int? Apply((OptionSpec Spec, string Usage) option, string? value, ref int i)
        {
            string shown = option.Usage;
            if (used.Contains(shown))
            {
                console.StandardError.Write($"error: The argument '{shown}' was provided more than once, but cannot be used multiple times\n\nUSAGE:\n    b3sum {(shown == "--keyed" ? "<FILE>... --keyed" : shown)}\n\nFor more information try --help\n");
                return 1;
            }

            if (option.Spec.TakesValue && value is null)
            {
                if (i + 1 >= args.Length || args[i + 1] == "--")
                {
                    console.StandardError.Write($"error: The argument '{shown}' requires a value but none was supplied\n\nUSAGE:\n    b3sum {shown}\n\nFor more information try --help\n");
                    return 1;
                }

                if (args[i + 1].Length > 1 && args[i + 1][0] == '-')
                {
                    // As clap 2 reads it: a value may not look like an option.
                    return Unexpected(console, args[i + 1], [shown]);
                }

                value = args[++i];
            }

            used.Add(shown);
            switch (option.Spec.Id)
            {
                case OptionId.Length:
                    settings.LengthText = value;
                    break;
                case OptionId.Key:
                    keyed = true;
                    break;
                case OptionId.NumThreads:
                    if (ReadThreads(value!) is string problem)
                    {
                        Fail(console, "Failed to parse num threads.\n\nCaused by:\n    " + problem);
                        return 1;
                    }

                    settings.Threads = (int)Math.Min(ulong.Parse(value!.TrimStart('+'), NumberStyles.None, CultureInfo.InvariantCulture), Cli.MaxThreads);
                    break;
                case OptionId.Help:
                    Write(console, Help);
                    return 0;
                case OptionId.Version:
                    Write(console, "b3sum 1.2.0\n");
                    return 0;
                default:
                    settings.Set(option.Spec.Id, value);
                    break;
            }

            return null;
        }
    }

    private static (OptionSpec Spec, string Usage)? Find(string name)
    {
        foreach ((OptionSpec spec, string usage) in Options)
        {
            if (name == "--" + spec.LongName || (spec.ShortName != '\0' && name.Length == 2 && name[1] == spec.ShortName))
            {
                return (spec, usage);
            }
        }

        return null;
    }

    /// <summary>
    /// Why Rust's <c>usize::from_str</c> refuses <paramref name="text"/>, in its words, or
    /// <see langword="null"/> when it takes it (an optional <c>+</c>, then decimal digits that fit 64 bits).
    /// </summary>
    private static string? ReadThreads(string text)
    {
        string digits = text.StartsWith('+') ? text[1..] : text;
        return text.Length == 0 ? "cannot parse integer from empty string"
            : digits.Length == 0 || !digits.All(char.IsAsciiDigit) ? "invalid digit found in string"
            : !ulong.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out _) ? "number too large to fit in target type"
            : null;
    }

    /// <summary>
    /// Sets the output length from <c>-l</c> (bytes; 32 when not given). b3sum takes any 64-bit
    /// count; the tool takes up to 2^59 bytes (BLAKE3's <see cref="HashAlgorithmInfo.MaxBits"/>,
    /// more output than any disk holds) and refuses longer as b3sum refuses what it cannot parse.
    /// </summary>
    private static bool TryReadLength(ToolSettings settings)
    {
        if (settings.LengthText is not string text)
        {
            return true;
        }

        string digits = text.StartsWith('+') ? text[1..] : text;
        if (digits.Length == 0 || !digits.All(char.IsAsciiDigit)
            || !ulong.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out ulong bytes)
            || bytes > (ulong)HashAlgorithms.Blake3.MaxBits / 8)
        {
            return false;
        }

        settings.LengthBits = bytes * 8;
        return true;
    }

    private static int? Validate(ToolConsole console, ToolSettings settings, bool keyed, List<string> files, List<string> used)
    {
        // clap's usage line after a conflict: every option given, in alphabetical order, after the
        // files that --keyed requires.
        string usage = (keyed ? "<FILE>... " : string.Empty) + string.Join(' ', used.Order(StringComparer.Ordinal));
        if (settings.Check)
        {
            // Which of several conflicting options clap names first is its own (hash) order; one is named here.
            foreach ((bool set, string flag) in new[] { (settings.Raw, "--raw"), (settings.DeriveKeyContext is not null, "--derive-key <CONTEXT>"), (keyed, "--keyed"), (settings.NoNames, "--no-names"), (settings.LengthText is not null, "--length <LEN>") })
            {
                if (set)
                {
                    return Conflict(console, flag, "--check", usage);
                }
            }
        }
        else if (keyed && settings.DeriveKeyContext is not null)
        {
            return Conflict(console, "--keyed", "--derive-key <CONTEXT>", usage);
        }
        else if (settings.Quiet)
        {
            console.StandardError.Write("error: The following required arguments were not provided:\n    --check\n\nUSAGE:\n    b3sum --check --quiet\n\nFor more information try --help\n");
            return 1;
        }

        if (keyed)
        {
            byte[] key = RawFile.ReadToEnd(console.StandardInput);
            if (key.Length != KeyLength)
            {
                Fail(console, key.Length > KeyLength
                    ? $"read more than {KeyLength} key bytes from stdin"
                    : $"expected {KeyLength} key bytes from stdin, found {key.Length}");
                CryptographicOperations.ZeroMemory(key);
                return 1;
            }

            settings.Key = key;
            settings.KeyFromStandardInput = true;
        }

        if (settings.Raw && files.Count > 1)
        {
            Fail(console, "Only one filename can be provided when using --raw");
            return 1;
        }

        return null;
    }

    /// <summary>
    /// A failure to open or read as Rust's <c>std::io::Error</c> shows it: the C library's text
    /// <paramref name="reason"/> and its errno, <c>No such file or directory (os error 2)</c>; a
    /// reason that is no C library text (a file that shrank while it was read) as it is.
    /// </summary>
    public static string OsError(string reason)
    {
        for (int errno = 1; errno < 134; errno++)
        {
            if (Marshal.GetPInvokeErrorMessage(errno) == reason)
            {
                return $"{reason} (os error {errno})";
            }
        }

        return reason;
    }

    private static void Write(ToolConsole console, string text) => console.StandardOutput.Write(Encoding.UTF8.GetBytes(text));

    /// <summary>A failure that ends the run, as b3sum's main prints it: <c>Error: MESSAGE</c>.</summary>
    public static void Fail(ToolConsole console, string message)
    {
        console.StandardOutput.Flush();
        console.StandardError.Write("Error: " + message + "\n");
        console.StandardError.Flush();
    }

    private static int Unexpected(ToolConsole console, string arg, List<string> used)
    {
        string usage = used.Count == 0 ? "[FLAGS] [OPTIONS] [FILE]..." : string.Join(' ', used);
        console.StandardError.Write($"error: Found argument '{arg}' which wasn't expected, or isn't valid in this context\n\nUSAGE:\n    b3sum {usage}\n\nFor more information try --help\n");
        return 1;
    }

    private static int Conflict(ToolConsole console, string flag, string other, string usage)
    {
        console.StandardError.Write($"error: The argument '{flag}' cannot be used with '{other}'\n\nUSAGE:\n    b3sum {usage}\n\nFor more information try --help\n");
        return 1;
    }

    private const string Help =
        "b3sum (Blake2Fast's b2fast started as b3sum)\n" +
        "Prints the BLAKE3 hashes of FILEs, with b3sum 1.x's options and output.\n\n" +
        "USAGE:\n    b3sum [FLAGS] [OPTIONS] [FILE]...\n\n" +
        "FLAGS:\n" +
        "    -c, --check      Reads BLAKE3 sums from the FILEs and checks them\n" +
        "    -h, --help       Prints help information\n" +
        "        --keyed      Uses the keyed mode; the 32-byte key is read from standard input\n" +
        "        --no-mmap    Accepted: files are read by default (b2fast --mmap maps them)\n" +
        "        --no-names   Omits file names in the output\n" +
        "        --quiet      Skips printing OK for each successfully verified file (with --check)\n" +
        "        --raw        Writes the raw output bytes to standard output (one input only)\n" +
        "    -V, --version    Prints version information\n\n" +
        "OPTIONS:\n" +
        "        --derive-key <CONTEXT>    Uses the key derivation mode, with the given context string\n" +
        "    -l, --length <LEN>            The number of output bytes, before hex encoding [default: 32]\n" +
        "        --num-threads <NUM>       The maximum number of threads to use (0: one per processor)\n\n" +
        "ARGS:\n    <FILE>...    Files to hash, or checkfiles to check. When no file is given,\n" +
        "                 or when - is given, read standard input.\n";
}

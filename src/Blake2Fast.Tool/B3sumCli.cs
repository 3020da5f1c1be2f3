using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool;

/// <summary>
/// The tool started under the name <c>b3sum</c>: b3sum 1.x's own command line (<c>-l</c> in bytes,
/// <c>--keyed</c> with the key on standard input, <c>--derive-key</c>, <c>--no-names</c>,
/// <c>--raw</c>, <c>--num-threads</c>, <c>--no-mmap</c>, <c>-c</c>, <c>--quiet</c>) and its output,
/// messages and exit codes, as Debian's b3sum 1.2.0 prints them.
/// </summary>
internal static class B3sumCli
{
    public const string ProgramName = "b3sum";

    /// <summary>The environment variable that selects b3sum's command line whatever the program is called.</summary>
    public const string PersonalityVariable = "B2FAST_AS";

    private const int DefaultLength = 32;
    private const int KeyLength = 32;
    private const int HexLength = 2 * DefaultLength;

    private sealed class Settings
    {
        public string? LengthText;
        public bool Keyed;
        public string? DeriveKeyContext;
        public bool NoNames;
        public bool Raw;
        public bool Check;
        public bool Quiet;
        public int Threads = Environment.ProcessorCount;
        public byte[] Key = [];
    }

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

    /// <summary>Runs b3sum's command line.</summary>
    /// <returns>The exit status: 0 success, 1 failure.</returns>
    public static int Run(string[] args, ToolConsole console)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(console);
        var settings = new Settings();
        try
        {
            if (ReadOptions(args, console, settings, out List<string> files) is int early)
            {
                return early;
            }

            if (files.Count == 0)
            {
                files.Add("-");
            }

            return settings.Check ? CheckAll(files, settings, console) : HashAll(files, settings, console);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(settings.Key);
            console.StandardOutput.Flush();
            console.StandardError.Flush();
        }
    }

    private static int? ReadOptions(string[] args, ToolConsole console, Settings settings, out List<string> files)
    {
        files = [];
        bool onlyFiles = false;

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
                if (!IsKnown(name))
                {
                    return Unexpected(console, name, used);
                }

                // clap 2 lets a flag be written --flag=VALUE and ignores the value.
                string? value = equals >= 0 && TakesValue(name) ? arg[(equals + 1)..] : null;
                if (Apply(name, value, ref i) is int status)
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
                if (!IsKnown(name))
                {
                    return Unexpected(console, name, used);
                }

                if (cluster.Contains(arg[j], StringComparison.Ordinal))
                {
                    continue;
                }

                cluster += arg[j];

                string? value = name == "-l" && j + 1 < arg.Length ? arg[(j + 1)..] : null;
                if (Apply(name, value, ref i) is int status)
                {
                    return status;
                }

                if (name == "-l")
                {
                    break;
                }
            }
        }

        return Validate(console, settings, files);


        int? Apply(string name, string? value, ref int i)
        {
            string shown = Canonical(name);
            if (used.Contains(shown))
            {
                console.StandardError.Write($"error: The argument '{shown}' was provided more than once, but cannot be used multiple times\n\nUSAGE:\n    b3sum {(shown == "--keyed" ? "<FILE>... --keyed" : shown)}\n\nFor more information try --help\n");
                return 1;
            }

            if (TakesValue(name) && value is null)
            {
                if (i + 1 >= args.Length || args[i + 1] == "--")
                {
                    return MissingValue(console, name);
                }

                if (args[i + 1].Length > 1 && args[i + 1][0] == '-')
                {
                    // As clap 2 reads it: a value may not look like an option.
                    return Unexpected(console, args[i + 1], [shown]);
                }

                value = args[++i];
            }

            used.Add(shown);
            switch (shown)
            {
                case "--length <LEN>":
                    settings.LengthText = value;
                    break;
                case "--keyed":
                    settings.Keyed = true;
                    break;
                case "--derive-key <CONTEXT>":
                    settings.DeriveKeyContext = value;
                    break;
                case "--no-names":
                    settings.NoNames = true;
                    break;
                case "--raw":
                    settings.Raw = true;
                    break;
                case "--check":
                    settings.Check = true;
                    break;
                case "--quiet":
                    settings.Quiet = true;
                    break;
                case "--num-threads <NUM>":
                    if (!int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out int threads))
                    {
                        Fail(console, "Failed to parse num threads.\n\nCaused by:\n    " + (value!.Length == 0 ? "cannot parse integer from empty string" : "invalid digit found in string"));
                        return 1;
                    }

                    settings.Threads = threads == 0 ? Environment.ProcessorCount : Math.Min(threads, 1024);
                    break;
                case "--help":
                    Write(console, Help);
                    return 0;
                case "--version":
                    Write(console, "b3sum 1.2.0\n");
                    return 0;
            }

            return null;
        }
    }

    private static readonly string[] LongOptions = ["--length", "--keyed", "--derive-key", "--no-names", "--raw", "--check", "--quiet", "--no-mmap", "--num-threads", "--help", "--version"];

    private static bool IsKnown(string name) => name is "-l" or "-c" or "-h" or "-V" || Array.IndexOf(LongOptions, name) >= 0;

    private static bool TakesValue(string name) => name is "-l" or "--length" or "--derive-key" or "--num-threads";

    /// <summary>The option as clap's messages name it: its long form, with its value's placeholder.</summary>
    private static string Canonical(string name) => name switch
    {
        "-l" or "--length" => "--length <LEN>",
        "--derive-key" => "--derive-key <CONTEXT>",
        "--num-threads" => "--num-threads <NUM>",
        "-c" => "--check",
        "-h" => "--help",
        "-V" => "--version",
        _ => name,
    };

    private static int? Validate(ToolConsole console, Settings settings, List<string> files)
    {
        if (settings.Keyed && settings.DeriveKeyContext is not null)
        {
            return Conflict(console, "--keyed", "--derive-key <CONTEXT>", "<FILE>... --derive-key <CONTEXT> --keyed");
        }

        if (settings.Check)
        {
            foreach ((bool set, string flag) in new[] { (settings.NoNames, "--no-names"), (settings.Raw, "--raw"), (settings.LengthText is not null, "--length <LEN>") })
            {
                if (set)
                {
                    return Conflict(console, flag, "--check", "--check " + flag);
                }
            }
        }
        else if (settings.Quiet)
        {
            console.StandardError.Write("error: The following required arguments were not provided:\n    --check\n\nUSAGE:\n    b3sum --check --quiet\n\nFor more information try --help\n");
            return 1;
        }

        if (settings.Keyed)
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
        }

        if (settings.Raw && files.Count > 1)
        {
            Fail(console, "Only one filename can be provided when using --raw");
            return 1;
        }

        return null;
    }

    private static int HashAll(List<string> files, Settings settings, ToolConsole console)
    {
        bool ok = true;
        foreach (string file in files)
        {
            int length = DefaultLength;
            if (settings.LengthText is string text && !int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out length))
            {
                Report(console, file, "Failed to parse length.");
                ok = false;
                continue;
            }

            if (settings.Keyed && file == "-")
            {
                // Standard input held the key.
                Report(console, file, "Cannot open `-` in keyed mode");
                ok = false;
                continue;
            }

            byte[] output = new byte[length];
            if (!TryHash(file, settings, console, output, out string? error))
            {
                Report(console, file, error!);
                ok = false;
                continue;
            }

            if (settings.Raw)
            {
                console.StandardOutput.Write(output);
                continue;
            }

            // b3sum shows a name that is not UTF-8 lossily: U+FFFD for each bad sequence.
            string shownName = Encoding.UTF8.GetString(Io.RawText.Encode(file));
            var line = new StringBuilder();
            bool escape = !settings.NoNames && NeedsEscape(shownName);
            if (escape)
            {
                line.Append('\\');
            }

            line.Append(Convert.ToHexStringLower(output));
            if (!settings.NoNames)
            {
                line.Append("  ").Append(escape ? Escape(shownName) : shownName);
            }

            line.Append('\n');
            console.StandardOutput.Write(Io.RawText.Encode(line.ToString()));
        }

        return ok ? 0 : 1;
    }

    private static int CheckAll(List<string> checkFiles, Settings settings, ToolConsole console)
    {
        bool ok = true;
        foreach (string checkFile in checkFiles)
        {
            byte[] content;
            try
            {
                content = checkFile == "-" ? RawFile.ReadToEnd(console.StandardInput) : RawFile.ReadAllBytes(checkFile);
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                Fail(console, OsError(ex, checkFile));
                return 1;
            }

            string text = Io.RawText.Decode(content);
            string[] lines = text.Split('\n');
            int count = text.Length == 0 ? 0 : text.EndsWith('\n') ? lines.Length - 1 : lines.Length;
            for (int i = 0; i < count; i++)
            {
                if (!CheckLine(lines[i], settings, console, out string? parseError, out bool matched))
                {
                    // b3sum reports the line and goes on with the next one.
                    Report(console, null, parseError!);
                    ok = false;
                    continue;
                }

                ok &= matched;
            }
        }

        return ok ? 0 : 1;
    }

    /// <returns>False when the line cannot be read (<paramref name="parseError"/> says why).</returns>
    private static bool CheckLine(string line, Settings settings, ToolConsole console, out string? parseError, out bool matched)
    {
        matched = false;
        parseError = null;
        if (line.Length == 0)
        {
            parseError = "Empty line";
            return false;
        }

        bool escaped = line[0] == '\\';
        if (escaped)
        {
            line = line[1..];
        }

        if (Io.RawText.Encode(line).Length < HexLength + 3)
        {
            parseError = "Short line";
            return false;
        }

        if (line[HexLength] != ' ' || line[HexLength + 1] != ' ')
        {
            parseError = "Invalid space";
            return false;
        }

        string hex = line[..HexLength];
        foreach (char c in hex)
        {
            if (c is not ((>= '0' and <= '9') or (>= 'a' and <= 'f')))
            {
                parseError = "Invalid hex";
                return false;
            }
        }

        string name = line[(HexLength + 2)..];
        if (escaped)
        {
            if (Unescape(name) is not string plain)
            {
                parseError = "Invalid backslash escape";
                return false;
            }

            name = plain;
        }

        if (name.Contains('\uFFFD', StringComparison.Ordinal))
        {
            // A name b3sum printed lossily cannot name the file it came from.
            parseError = "Unicode replacement character in path";
            return false;
        }

        byte[] expected = Convert.FromHexString(hex);
        byte[] actual = new byte[DefaultLength];
        string shown = (escaped ? "\\" + Escape(name) : name);
        if (!TryHash(name, settings, console, actual, out string? error))
        {
            WriteOut(console, $"{shown}: FAILED ({error})\n");
            return true;
        }

        matched = CryptographicOperations.FixedTimeEquals(expected, actual);
        if (!matched)
        {
            WriteOut(console, $"{shown}: FAILED\n");
        }
        else if (!settings.Quiet)
        {
            WriteOut(console, $"{shown}: OK\n");
        }

        return true;
    }

    private static bool TryHash(string file, Settings settings, ToolConsole console, Span<byte> output, out string? error)
    {
        error = null;
        Blake3HashState state = settings.DeriveKeyContext is string context ? Blake3.CreateDeriveKeyHasher(context)
            : settings.Keyed ? Blake3.CreateIncrementalHasher(settings.Key)
            : Blake3.CreateIncrementalHasher();
        try
        {
            Stream? opened = null;
            try
            {
                Stream input = file == "-" ? console.StandardInput : (opened = RawFile.OpenInput(file));
                byte[] buffer = new byte[1 << 20];
                int read;
                while ((read = input.Read(buffer)) > 0)
                {
                    state.Update(buffer.AsSpan(0, read), settings.Threads);
                }
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                error = OsError(ex, file);
                return false;
            }
            finally
            {
                opened?.Dispose();
            }

            if (!output.IsEmpty)
            {
                state.Finish(output);
            }

            return true;
        }
        finally
        {
            state.Clear();
        }
    }

    /// <summary>The text Rust's <c>std::io::Error</c> shows: the C library's message and the errno.</summary>
    private static string OsError(Exception ex, string path)
    {
        string message = InputError.Describe(ex, path);
        int errno = message switch
        {
            "No such file or directory" => 2,
            "Permission denied" => 13,
            "Not a directory" => 20,
            "Is a directory" => 21,
            "File name too long" => 36,
            _ => ex.HResult is > 0 and < 4096 ? ex.HResult : 0,
        };
        return errno == 0 ? message : $"{message} (os error {errno})";
    }

    /// <summary>
    /// Whether a name is escaped: it holds a backslash or a newline; on Windows, where the
    /// backslash separates directories, a newline only (<see cref="Output.FileNameEscaping"/>).
    /// b3sum itself writes Windows paths with <c>/</c> instead; b2fast prints the name as given.
    /// </summary>
    private static bool NeedsEscape(string name) =>
        (!OperatingSystem.IsWindows() && name.Contains('\\', StringComparison.Ordinal)) || name.Contains('\n', StringComparison.Ordinal);

    private static string Escape(string name) => name.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("\n", "\\n", StringComparison.Ordinal);

    private static string? Unescape(string escaped)
    {
        var plain = new StringBuilder(escaped.Length);
        for (int i = 0; i < escaped.Length; i++)
        {
            if (escaped[i] != '\\')
            {
                plain.Append(escaped[i]);
                continue;
            }

            if (++i >= escaped.Length)
            {
                return null;
            }

            switch (escaped[i])
            {
                case '\\':
                    plain.Append('\\');
                    break;
                case 'n':
                    plain.Append('\n');
                    break;
                default:
                    return null;
            }
        }

        return plain.ToString();
    }

    private static void WriteOut(ToolConsole console, string text) => console.StandardOutput.Write(Io.RawText.Encode(text));

    private static void Write(ToolConsole console, string text) => console.StandardOutput.Write(Encoding.UTF8.GetBytes(text));

    /// <summary>A message for one input or check line: <c>b3sum: NAME: MESSAGE</c> or <c>b3sum: MESSAGE</c>.</summary>
    private static void Report(ToolConsole console, string? file, string message)
    {
        console.StandardOutput.Flush();
        console.StandardError.Write(ProgramName + ": " + (file is null ? string.Empty : file + ": ") + message + "\n");
        console.StandardError.Flush();
    }

    /// <summary>A failure that ends the run, as b3sum's main prints it: <c>Error: MESSAGE</c>.</summary>
    private static void Fail(ToolConsole console, string message)
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

    private static string ValueUsage(string name) => name switch
    {
        "-l" or "--length" => "--length <LEN>",
        "--derive-key" => "--derive-key <CONTEXT>",
        _ => "--num-threads <NUM>",
    };

    private static int MissingValue(ToolConsole console, string name)
    {
        string shown = ValueUsage(name);
        console.StandardError.Write($"error: The argument '{shown}' requires a value but none was supplied\n\nUSAGE:\n    b3sum {shown}\n\nFor more information try --help\n");
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
        "        --no-mmap    Accepted; input is always read\n" +
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

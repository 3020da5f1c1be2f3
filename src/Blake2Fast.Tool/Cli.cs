using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.Checking;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.VerifiedStreaming;

namespace Blake2Fast.Tool;

/// <summary>
/// The whole program behind one call, so that tests can run it in-process with their own streams.
/// Reads the options the way coreutils b2sum does (same order of checks, same messages, same
/// exit codes) and hands over to hashing or checking.
/// </summary>
internal static class Cli
{
    public const string ProgramName = "b2fast";

    private static readonly OptionSpec[] Specs =
    [
        new(OptionId.Algorithm, 'a', "algorithm", TakesValue: true),
        new(OptionId.Bao, '\0', "bao", TakesValue: true),
        new(OptionId.Binary, 'b', "binary", TakesValue: false),
        new(OptionId.Check, 'c', "check", TakesValue: false),
        new(OptionId.DeriveKey, '\0', "derive-key", TakesValue: true),
        new(OptionId.IgnoreMissing, '\0', "ignore-missing", TakesValue: false),
        new(OptionId.Key, '\0', "key", TakesValue: true),
        new(OptionId.Length, 'l', "length", TakesValue: true),
        new(OptionId.Mmap, '\0', "mmap", TakesValue: false),
        new(OptionId.NoMmap, '\0', "no-mmap", TakesValue: false),
        new(OptionId.NoNames, '\0', "no-names", TakesValue: false),
        new(OptionId.NumThreads, '\0', "num-threads", TakesValue: true),
        new(OptionId.Outboard, '\0', "outboard", TakesValue: true),
        new(OptionId.Personal, '\0', "personal", TakesValue: true),
        new(OptionId.Tree, '\0', "tree", TakesValue: true),
        new(OptionId.Quiet, '\0', "quiet", TakesValue: false),
        new(OptionId.Raw, '\0', "raw", TakesValue: false),
        new(OptionId.Salt, '\0', "salt", TakesValue: true),
        new(OptionId.Status, '\0', "status", TakesValue: false),
        new(OptionId.Strict, '\0', "strict", TakesValue: false),
        new(OptionId.Tag, '\0', "tag", TakesValue: false),
        new(OptionId.Text, 't', "text", TakesValue: false),
        new(OptionId.Warn, 'w', "warn", TakesValue: false),
        new(OptionId.Zero, 'z', "zero", TakesValue: false),
        new(OptionId.Help, '\0', "help", TakesValue: false),
        new(OptionId.Version, '\0', "version", TakesValue: false),
    ];

    /// <summary>Runs the tool without a progress display, quoting as the environment's locale does.</summary>
    public static int Run(string[] args, Stream stdin, Stream stdout, TextWriter stderr) =>
        Run(args, new ToolConsole(stdin, stdout, stderr, showProgress: false, utf8Locale: ToolConsole.LocaleUsesUtf8()));

    /// <summary>Runs the tool.</summary>
    /// <returns>The exit status: 0 success, 1 failure.</returns>
    public static int Run(string[] args, ToolConsole console)
    {
        ArgumentNullException.ThrowIfNull(args);
        ArgumentNullException.ThrowIfNull(console);
        return Run(args, console, new ToolSettings(), ReadOptions);
    }

    /// <summary>Reads a command line into settings and inputs (b2fast's, or b3sum's: <see cref="B3sumCli.ReadOptions"/>).</summary>
    /// <returns>The exit status when the run ends there; otherwise null.</returns>
    internal delegate int? OptionReader(string[] args, ToolConsole console, ToolSettings settings, out List<string> files);

    /// <summary>
    /// Runs a command line of either personality: its options read by <paramref name="readOptions"/>,
    /// then one engine for both (Bao, hashing or checking), the key erased at the end.
    /// </summary>
    internal static int Run(string[] args, ToolConsole console, ToolSettings settings, OptionReader readOptions)
    {
        try
        {
            if (readOptions(args, console, settings, out List<string> files) is int early)
            {
                return early;
            }

            if (settings.BaoMode is not null)
            {
                return new BaoCommand(settings, console).Run(files);
            }

            if (files.Count == 0)
            {
                files.Add("-");
            }

            if (settings.Raw && files.Count > 1)
            {
                console.Error("--raw writes the digest of one input only");
                return 1;
            }

            bool ok = settings.Check
                ? new CheckCommand(settings, console).Run(files)
                : new HashCommand(settings, console).Run(files);
            return ok ? 0 : 1;
        }
        finally
        {
            CryptographicOperations.ZeroMemory(settings.Key);
            console.StandardOutput.Flush();
            console.StandardError.Flush();
        }
    }

    /// <summary>
    /// Reads and checks the options, everything before the first input is opened (but for a
    /// <c>--key</c>, <c>--salt</c> or <c>--personal</c> <c>@FILE</c>); the fuzz targets call it alone.
    /// </summary>
    /// <returns>The exit status when the run ends here (an error, <c>--help</c>, <c>--version</c>); otherwise null.</returns>
    internal static int? ReadOptions(string[] args, ToolConsole console, ToolSettings settings, out List<string> files)
    {
        ParsedArguments parsed = OptionParser.Parse(args, Specs);
        files = parsed.Operands;
        foreach ((OptionSpec option, string? value) in parsed.Options)
        {
            switch (option.Id)
            {
                case OptionId.Length:
                    if (!TryReadLength(value!, console, settings))
                    {
                        return 1;
                    }

                    break;
                case OptionId.Algorithm:
                    if (!TryReadAlgorithm(value!, console, settings))
                    {
                        return 1;
                    }

                    break;
                case OptionId.Key:
                    settings.KeyText = value;
                    break;
                case OptionId.Tree:
                    if (!TreeLeafSize.TryParse(value!, out long leafLength, out string? reason))
                    {
                        console.Error($"invalid tree leaf size: {console.Quote(value!)}: {reason}");
                        return 1;
                    }

                    settings.TreeLeafLength = leafLength;
                    break;
                case OptionId.NumThreads:
                    if (!TryReadThreads(value!, out int threads))
                    {
                        console.Error($"invalid number of threads: {console.Quote(value!)}: a whole number from 0 (one per processor) to {MaxThreads} is expected");
                        return 1;
                    }

                    settings.Threads = threads;
                    break;
                case OptionId.Help:
                    Write(console, HelpText.Usage);
                    return 0;
                case OptionId.Version:
                    Write(console, HelpText.Version);
                    return 0;
                default:
                    settings.Set(option.Id, value);
                    break;
            }
        }

        if (parsed.Error is not null)
        {
            console.UsageError(parsed.Error);
            return 1;
        }

        return Validate(console, settings);
    }

    /// <summary>The most threads <c>--num-threads</c> takes: far more than any machine's cores, few enough that each can have its buffer.</summary>
    public const int MaxThreads = 4096;

    /// <summary>Reads a <c>--num-threads</c> value: decimal digits only (no sign, no spaces), 0 to <see cref="MaxThreads"/>.</summary>
    internal static bool TryReadThreads(string text, out int threads)
    {
        threads = 0;
        if (text.Length == 0 || text.Length > 9 || !text.All(char.IsAsciiDigit))
        {
            return false;
        }

        threads = int.Parse(text, NumberStyles.None, CultureInfo.InvariantCulture);
        return threads <= MaxThreads;
    }

    // The checks coreutils makes once all options are known, in its order.
    private static int? Validate(ToolConsole console, ToolSettings settings)
    {
        HashAlgorithmInfo algorithm = settings.Algorithm;
        if (settings.LengthBits > (ulong)algorithm.MaxBits)
        {
            console.Error($"invalid length: {console.Quote(settings.LengthText!)}");
            console.Error($"maximum digest length for {console.Quote(algorithm.TagName)} is {algorithm.MaxBits} bits");
            return 1;
        }

        string? usageError =
            settings.Tag && settings.Binary == 0 ? "--tag does not support --text mode"
            : settings.Zero && settings.Check ? "the --zero option is not supported when verifying checksums"
            : settings.Tag && settings.Check ? "the --tag option is meaningless when verifying checksums"
            : settings.Binary >= 0 && settings.Check ? "the --binary and --text options are meaningless when verifying checksums"
            : settings.IgnoreMissing && !settings.Check ? "the --ignore-missing option is meaningful only when verifying checksums"
            : settings.Status && !settings.Check ? "the --status option is meaningful only when verifying checksums"
            : settings.Warn && !settings.Check ? "the --warn option is meaningful only when verifying checksums"
            : settings.Quiet && !settings.Check ? "the --quiet option is meaningful only when verifying checksums"
            : settings.Strict && !settings.Check ? "the --strict option is meaningful only when verifying checksums"
            : (settings.NoNames || settings.Raw) && settings.Check ? "the --no-names and --raw options are meaningless when verifying checksums"
            : (settings.NoNames || settings.Raw) && settings.Tag ? "--tag cannot be combined with --no-names or --raw"
            : (settings.NoNames || settings.Raw) && settings.BaoMode is not null ? "--bao cannot be combined with --no-names or --raw"
            : settings.BaoMode is not null && !BaoCommand.Modes.Contains(settings.BaoMode) ? $"invalid --bao mode: {console.Quote(settings.BaoMode)} (encode, decode, slice or decode-slice)"
            : settings.OutboardPath is not null && settings.BaoMode is null ? "the --outboard option is meaningful only with --bao"
            : settings.BaoMode is not null && settings.Check ? "--bao and --check cannot be combined"
            : settings.TreeLeafLength != 0 && !TreeDigester.Supports(algorithm) ? $"--tree is supported only with blake2b and blake2s, not {algorithm.Name}"
            : settings.TreeLeafLength != 0 && (settings.KeyText ?? settings.SaltText ?? settings.PersonalText) is not null ? "--tree hashes without a key, salt or personalization"
            : null;
        if (usageError is not null)
        {
            console.UsageError(usageError);
            return 1;
        }

        if (!ReadKeyMaterial(console, settings))
        {
            return 1;
        }

        // b3sum's rules: a key of exactly 32 bytes, and a context only in BLAKE3's own mode.
        string? blake3Error =
            settings.DeriveKeyContext is not null && algorithm != HashAlgorithms.Blake3 ? $"--derive-key is only supported by {HashAlgorithms.Blake3.TagName}"
            : settings.DeriveKeyContext is not null && settings.KeyText is not null ? "--derive-key cannot be used with --key"
            : algorithm == HashAlgorithms.Blake3 && settings.KeyText is not null && settings.Key.Length != 32 ? $"--key is {settings.Key.Length} bytes; {algorithm.TagName} keys are exactly 32 bytes"
            : null;
        if (blake3Error is not null)
        {
            console.Error(blake3Error);
            return 1;
        }

        return null;
    }

    private static bool ReadKeyMaterial(ToolConsole console, ToolSettings settings)
    {
        HashAlgorithmInfo algorithm = settings.Algorithm;
        return Read("key", settings.KeyText, algorithm.MaxKeyBytes, b => settings.Key = b)
            && Read("salt", settings.SaltText, algorithm.SaltBytes, b => settings.Salt = b)
            && Read("personal", settings.PersonalText, algorithm.PersonalizationBytes, b => settings.Personalization = b);

        bool Read(string option, string? text, int maxBytes, Action<byte[]> store)
        {
            if (text is null)
            {
                return true;
            }

            byte[]? bytes = KeyMaterial.TryRead(option, text, console, out string? error);
            if (bytes is null)
            {
                console.Error(error!);
                return false;
            }

            store(bytes);
            if (maxBytes == 0)
            {
                console.Error($"--{option} is not supported by {algorithm.TagName}");
                return false;
            }

            if (bytes.Length > maxBytes)
            {
                console.Error($"--{option} is {bytes.Length} bytes; {algorithm.TagName} allows at most {maxBytes}");
                return false;
            }

            return true;
        }
    }

    private static bool TryReadLength(string text, ToolConsole console, ToolSettings settings)
    {
        // coreutils reads -l with xdectoumax: optional leading blanks, an optional '+', decimal digits, nothing after.
        string trimmed = text.TrimStart(' ', '\t', '\n', '\v', '\f', '\r');
        if (trimmed.StartsWith('+'))
        {
            trimmed = trimmed[1..];
        }

        if (trimmed.Length == 0 || !trimmed.All(char.IsAsciiDigit))
        {
            console.Error($"invalid length: {console.Quote(text)}");
            return false;
        }

        if (!ulong.TryParse(trimmed, NumberStyles.None, CultureInfo.InvariantCulture, out ulong bits))
        {
            console.Error($"invalid length: {console.Quote(text)}: Value too large for defined data type");
            return false;
        }

        if (bits % 8 != 0)
        {
            console.Error($"invalid length: {console.Quote(text)}");
            console.Error("length is not a multiple of 8");
            return false;
        }

        settings.LengthBits = bits == 0 ? null : bits;
        settings.LengthText = text;
        return true;
    }

    private static bool TryReadAlgorithm(string text, ToolConsole console, ToolSettings settings)
    {
        HashAlgorithmInfo? exact = HashAlgorithms.FindByName(text);
        List<HashAlgorithmInfo> matches = exact is not null
            ? [exact]
            : HashAlgorithms.All.Where(a => text.Length > 0 && a.Name.StartsWith(text, StringComparison.Ordinal)).ToList();
        if (matches.Count == 1)
        {
            settings.Algorithm = matches[0];
            return true;
        }

        var message = new StringBuilder();
        message.Append(matches.Count == 0 ? "invalid" : "ambiguous")
            .Append(" argument ").Append(console.Quote(text)).Append(" for ").Append(console.Quote("--algorithm")).Append('\n')
            .Append("Valid arguments are:");
        foreach (HashAlgorithmInfo algorithm in HashAlgorithms.All)
        {
            message.Append("\n  - ").Append(console.Quote(algorithm.Name));
        }

        console.UsageError(message.ToString());
        return false;
    }

    private static void Write(ToolConsole console, string text)
    {
        byte[] bytes = Io.RawText.Encode(text);
        console.StandardOutput.Write(bytes);
    }
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Blake2Fast.Tool;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Fuzz;

/// <summary>
/// <c>options</c>: the input is a command line, its arguments separated by NUL bytes (bytes that
/// are not UTF-8 kept as the tool keeps them from argv). The tool reads and checks the options as
/// b2fast would, in both quoting locales. It must end in one of three ways: an error (status 1,
/// a <c>b2fast:</c> message on standard error, nothing on standard output), <c>--help</c> or
/// <c>--version</c> (status 0, text on standard output only), or settings the hashing and checking
/// code can use (lengths and key material within the algorithm's limits). When the settings hash
/// standard input only (no operand but <c>-</c>, not <c>-c</c>), the whole run follows on an
/// in-memory standard input and must print one line per input and succeed.
/// </summary>
/// <remarks>
/// No argument may name a real file: every <c>@</c> (which starts a <c>--key</c>, <c>--salt</c> or
/// <c>--personal</c> <c>@FILE</c>) is made to point into a folder that does not exist, and the
/// whole run follows only when every operand is <c>-</c>.
/// <para>
/// The same command line is then read as <c>b3sum</c> reads it (<see cref="B3sumCli.ReadOptions"/>):
/// a clap-style usage error (status 1, <c>error:</c> on standard error) or one of b3sum's refusals
/// (<c>Error:</c>, or <c>b3sum: NAME: Failed to parse length.</c>), <c>--help</c>/<c>--version</c>, or settings for BLAKE3; when only standard input
/// is hashed, the whole run follows and ends with status 0 and output, or status 1 and a
/// <c>b3sum:</c> message (a length b3sum cannot parse), never with an exception.
/// </para>
/// </remarks>
internal static class OptionTarget
{
    private const string MissingFolder = "/nonexistent-b2fast-fuzz/";

    // Digests longer than this are not computed: an XOF may ask for 64 MiB, which is slow, not wrong.
    private const long MaxHashedDigestBits = 1L << 19;

    private static readonly byte[] StandardInput = "fuzz\n"u8.ToArray();

    public static void Run(ReadOnlySpan<byte> input)
    {
        string[] args = SplitArguments(input);
        RunOnce(args, utf8Locale: true);
        RunOnce(args, utf8Locale: false);
        RunAsB3sum(args);
    }

    private static void RunAsB3sum(string[] args)
    {
        var stdout = new MemoryStream();
        var stderr = new StringWriter();
        var console = new ToolConsole(new MemoryStream(StandardInput), stdout, stderr, showProgress: false, utf8Locale: true).As(Dialect.B3sum);
        var settings = new ToolSettings { Algorithm = Blake2Fast.Tool.Algorithms.HashAlgorithms.Blake3 };
        int? status = B3sumCli.ReadOptions(args, console, settings, out List<string> operands);
        console.StandardOutput.Flush();
        string errors = stderr.ToString();
        switch (status)
        {
            case 1:
                FuzzAssert.That(
                    errors.StartsWith("error: ", StringComparison.Ordinal) || errors.StartsWith("Error: ", StringComparison.Ordinal) || errors.StartsWith(B3sumCli.ProgramName + ": ", StringComparison.Ordinal),
                    $"b3sum: a refused command line says why (got '{errors}')");
                FuzzAssert.That(stdout.Length == 0, "b3sum: a refused command line prints nothing on standard output");
                return;
            case 0:
                FuzzAssert.That(stdout.Length > 0 && errors.Length == 0, "b3sum: --help and --version print on standard output only");
                return;
            case null:
                FuzzAssert.That(errors.Length == 0 && stdout.Length == 0, "b3sum: accepted options print nothing");
                FuzzAssert.That(settings.Threads is >= 0 and <= Cli.MaxThreads, $"b3sum: the threads ({settings.Threads}) are within b2fast's limit");
                break;
            default:
                throw new FuzzPropertyException($"b3sum: reading the options ended with status {status}");
        }

        // A length is parsed when hashing starts; an output longer than MaxHashedDigestBits is slow, not wrong.
        bool shortOutput = settings.LengthText is null
            || (ulong.TryParse(settings.LengthText.TrimStart('+'), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out ulong bytes) ? bytes <= MaxHashedDigestBits / 8 : true);
        if (settings.Check || !shortOutput || !operands.TrueForAll(o => o == "-"))
        {
            return;
        }

        stdout = new MemoryStream();
        stderr = new StringWriter();
        console = new ToolConsole(new MemoryStream(StandardInput), stdout, stderr, showProgress: false, utf8Locale: true);
        int run = B3sumCli.Run(args, console);
        errors = stderr.ToString();
        FuzzAssert.That(
            (run == 0 && errors.Length == 0) || (run == 1 && errors.StartsWith(B3sumCli.ProgramName + ": ", StringComparison.Ordinal)),
            $"b3sum: hashing standard input succeeds, or fails with a message (status {run}: '{errors}')");
    }

    private static string[] SplitArguments(ReadOnlySpan<byte> input)
    {
        var args = new List<string>();
        foreach (Range range in input.Split((byte)0))
        {
            args.Add(RawText.Decode(input[range]).Replace("@", "@" + MissingFolder, StringComparison.Ordinal));
        }

        // An empty input is no argument at all, not one empty argument.
        return input.IsEmpty ? [] : [.. args];
    }

    private static void RunOnce(string[] args, bool utf8Locale)
    {
        var stdout = new MemoryStream();
        var stderr = new StringWriter();
        var console = new ToolConsole(new MemoryStream(StandardInput), stdout, stderr, showProgress: false, utf8Locale);
        var settings = new ToolSettings();
        int? status = Cli.ReadOptions(args, console, settings, out List<string> operands);
        console.StandardOutput.Flush();
        string errors = stderr.ToString();

        switch (status)
        {
            case 1:
                FuzzAssert.That(errors.StartsWith(Cli.ProgramName + ": ", StringComparison.Ordinal), $"a refused command line says why on standard error (got '{errors}')");
                FuzzAssert.That(stdout.Length == 0, "a refused command line prints nothing on standard output");
                return;
            case 0:
                FuzzAssert.That(stdout.Length > 0 && errors.Length == 0, "--help and --version print on standard output only");
                return;
            case null:
                FuzzAssert.That(errors.Length == 0 && stdout.Length == 0, "accepted options print nothing");
                CheckSettings(settings);
                break;
            default:
                throw new FuzzPropertyException($"reading the options ended with status {status}");
        }

        if (!settings.Check && settings.DigestBits <= MaxHashedDigestBits && operands.TrueForAll(o => o == "-"))
        {
            HashStandardInput(args, utf8Locale, settings, Math.Max(operands.Count, 1));
        }
    }

    private static void CheckSettings(ToolSettings settings)
    {
        var algorithm = settings.Algorithm;
        FuzzAssert.That(settings.DigestBits > 0 && settings.DigestBits % 8 == 0 && settings.DigestBits <= algorithm.MaxBits, $"an accepted length ({settings.DigestBits} bits) is one {algorithm.Name} allows");
        FuzzAssert.That(settings.Key.Length <= algorithm.MaxKeyBytes, "an accepted key fits the algorithm");
        FuzzAssert.That(settings.Salt.Length <= algorithm.SaltBytes, "an accepted salt fits the algorithm");
        FuzzAssert.That(settings.Personalization.Length <= algorithm.PersonalizationBytes, "an accepted personalization fits the algorithm");
        FuzzAssert.That(settings.TreeLeafLength is >= 0 and <= TreeLeafSize.Max, "an accepted leaf length is one the library takes");
    }

    private static void HashStandardInput(string[] args, bool utf8Locale, ToolSettings settings, int inputs)
    {
        var stdout = new MemoryStream();
        var stderr = new StringWriter();
        var console = new ToolConsole(new MemoryStream(StandardInput), stdout, stderr, showProgress: false, utf8Locale);
        int status = Cli.Run(args, console);
        if (settings.Raw && inputs > 1)
        {
            // --raw writes the digest's bytes alone, so it takes one input only: more are refused, nothing written.
            FuzzAssert.That(status == 1 && stderr.ToString().StartsWith(Cli.ProgramName + ": ", StringComparison.Ordinal), $"--raw with {inputs} inputs is refused with a message (status {status}: '{stderr}')");
            FuzzAssert.That(stdout.Length == 0, "--raw refused writes nothing on standard output");
            return;
        }

        if (settings.Raw)
        {
            // --raw writes the digest's bytes alone (one input only): no line, no name.
            FuzzAssert.That(status == 0 && stderr.ToString().Length == 0, $"hashing standard input succeeds (status {status}: '{stderr}')");
            FuzzAssert.That(stdout.Length == settings.DigestBits / 8, $"--raw writes the digest's {settings.DigestBits / 8} bytes ({stdout.Length} written)");
            return;
        }

        string output = Encoding.UTF8.GetString(stdout.ToArray());
        char end = settings.Zero ? '\0' : '\n';
        FuzzAssert.That(status == 0 && stderr.ToString().Length == 0, $"hashing standard input succeeds (status {status}: '{stderr}')");
        FuzzAssert.That(output.EndsWith(end) && output.Count(c => c == end) == inputs, $"hashing standard input prints one line per input ('{output}')");
    }
}

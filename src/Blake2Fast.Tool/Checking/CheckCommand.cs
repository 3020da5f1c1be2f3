using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Io;
using Blake2Fast.Tool.Output;

namespace Blake2Fast.Tool.Checking;

/// <summary>
/// <c>-c</c> mode: verifies every line of the checksum files, reporting per file and in a summary
/// exactly as coreutils does (same words, same plurals, same exit status rules); under b3sum's
/// <see cref="Dialect"/>, with b3sum's line format (<see cref="ChecksumLineParser.ParseB3sum"/>), its
/// per-line reports and no summary. Both read the files, hash and compare through the same code.
/// </summary>
internal sealed class CheckCommand(ToolSettings settings, ToolConsole console)
{
    private readonly ChecksumLineParser _parser = new(settings.Algorithm);
    private readonly InputDigester _digester = new(console, settings.Threads) { Map = settings.Map };
    private readonly bool _b3sum = console.Dialect.IsB3sum;

    /// <returns><see langword="true"/> when every checksum file verified cleanly.</returns>
    public bool Run(IReadOnlyList<string> checkFiles)
    {
        bool ok = true;
        foreach (string checkFile in checkFiles)
        {
            bool? verified = _b3sum ? CheckAsB3sum(checkFile) : CheckOne(checkFile);
            if (verified is null)
            {
                // b3sum stops at a check file it cannot read.
                return false;
            }

            ok &= verified.Value;
        }

        return ok;
    }

    private byte[]? ReadCheckFile(string checkFile)
    {
        try
        {
            return checkFile == "-" ? RawFile.ReadToEnd(console.StandardInput) : RawFile.ReadAllBytes(checkFile);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            if (_b3sum)
            {
                B3sumCli.Fail(console, B3sumCli.OsError(InputError.Describe(ex, checkFile)));
                return null;
            }

            // A directory opens fine in C and fails on the first read, which coreutils reports without errno.
            string reason = Directory.Exists(checkFile) ? "read error" : InputError.Describe(ex, checkFile);
            console.Error($"{console.QuoteName(checkFile)}: {reason}");
            return null;
        }
    }

    private bool CheckOne(string checkFile)
    {
        bool isStdin = checkFile == "-";
        string displayName = console.QuoteName(isStdin ? "standard input" : checkFile);
        if (ReadCheckFile(checkFile) is not byte[] content)
        {
            return false;
        }

        long misformatted = 0;
        long readFailures = 0;
        long mismatches = 0;
        bool anyProperLine = false;
        bool anyMatch = false;
        long lineNumber = 0;
        foreach (string line in SplitLines(content))
        {
            lineNumber++;
            if (line.StartsWith('#') || line.Length == 0)
            {
                continue;
            }

            ChecksumLine? parsed = _parser.Parse(line);
            if (parsed is null || (isStdin && parsed.FileName == "-"))
            {
                misformatted++;
                if (settings.Warn)
                {
                    console.Error($"{displayName}: {lineNumber}: improperly formatted {settings.Algorithm.TagName} checksum line");
                }

                continue;
            }

            anyProperLine = true;
            (Outcome outcome, string? error) = Verify(parsed);
            switch (outcome)
            {
                case Outcome.Unreadable:
                    console.Error($"{console.QuoteName(parsed.FileName)}: {error}");
                    Report(parsed.FileName, "FAILED open or read");
                    readFailures++;
                    break;
                case Outcome.Mismatch:
                    Report(parsed.FileName, "FAILED");
                    mismatches++;
                    break;
                case Outcome.Match:
                    if (!settings.Quiet)
                    {
                        Report(parsed.FileName, "OK");
                    }

                    anyMatch = true;
                    break;
            }
        }

        if (!anyProperLine)
        {
            console.Error($"{displayName}: no properly formatted checksum lines found");
        }
        else if (!settings.Status)
        {
            if (misformatted != 0)
            {
                console.Error($"WARNING: {misformatted} {Plural(misformatted, "line is", "lines are")} improperly formatted");
            }

            if (readFailures != 0)
            {
                console.Error($"WARNING: {readFailures} listed {Plural(readFailures, "file", "files")} could not be read");
            }

            if (mismatches != 0)
            {
                console.Error($"WARNING: {mismatches} computed {Plural(mismatches, "checksum", "checksums")} did NOT match");
            }

            if (settings.IgnoreMissing && !anyMatch)
            {
                console.Error($"{displayName}: no file was verified");
            }
        }

        return anyProperLine && anyMatch && mismatches == 0 && readFailures == 0
            && (!settings.Strict || misformatted == 0);
    }

    /// <summary>
    /// One check file as b3sum reads it: line by line, each refused line reported on standard error
    /// and each file on standard output (<c>NAME: OK</c>, <c>NAME: FAILED</c>, <c>NAME: FAILED (REASON)</c>),
    /// no summary. A line that is not UTF-8 ends the run, as it ends b3sum's.
    /// </summary>
    /// <returns>Whether every line verified; <see langword="null"/> when the run ends here.</returns>
    private bool? CheckAsB3sum(string checkFile)
    {
        if (ReadCheckFile(checkFile) is not byte[] content)
        {
            return null;
        }

        bool ok = true;
        foreach (ReadOnlyMemory<byte> bytes in SplitLines(content, dropCarriageReturn: false))
        {
            if (!System.Text.Unicode.Utf8.IsValid(bytes.Span))
            {
                B3sumCli.Fail(console, "stream did not contain valid UTF-8");
                return null;
            }

            ChecksumLine? parsed = ChecksumLineParser.ParseB3sum(Encoding.UTF8.GetString(bytes.Span), out string? refusal);
            if (parsed is null)
            {
                console.Error(refusal!);
                ok = false;
                continue;
            }

            // The name as the line wrote it.
            var shown = new StringBuilder();
            if (parsed.Escaped)
            {
                shown.Append('\\');
                FileNameEscaping.AppendEscaped(shown, parsed.FileName, carriageReturn: false);
            }
            else
            {
                shown.Append(parsed.FileName);
            }

            (Outcome outcome, string? error) = parsed.FileName == "-" && settings.KeyFromStandardInput
                ? (Outcome.Unreadable, "Cannot open `-` in keyed mode")
                : Verify(parsed);
            string verdict = outcome switch
            {
                Outcome.Unreadable => $": FAILED ({B3sumCli.OsError(error!)})\n",
                Outcome.Mismatch => ": FAILED\n",
                _ => settings.Quiet ? string.Empty : ": OK\n",
            };
            if (verdict.Length != 0)
            {
                console.StandardOutput.Write(RawText.Encode(shown.Append(verdict).ToString()));
            }

            ok &= outcome == Outcome.Match;
        }

        return ok;
    }

    private enum Outcome
    {
        Match,
        Mismatch,
        Unreadable,
        Skipped,
    }

    private (Outcome Outcome, string? Error) Verify(ChecksumLine line)
    {
        HashAlgorithmInfo algorithm = line.Algorithm;
        string? problem = ParameterProblem(algorithm);
        InputDigester.Result result = problem is null
            ? _digester.Digest(line.FileName, algorithm, settings.Parameters(line.DigestBits / 8))
            : new InputDigester.Result(null, problem, false);

        if (result.Digest is null)
        {
            return settings.IgnoreMissing && result.Missing ? (Outcome.Skipped, null) : (Outcome.Unreadable, result.Error);
        }

        byte[] expected = Convert.FromHexString(line.ExpectedHex);
        return (CryptographicOperations.FixedTimeEquals(expected, result.Digest) ? Outcome.Match : Outcome.Mismatch, null);
    }

    // A tagged line may name another algorithm than -a; the key and salt must still fit it.
    private string? ParameterProblem(HashAlgorithmInfo algorithm)
    {
        return settings.Key.Length > algorithm.MaxKeyBytes ? $"the key is longer than {algorithm.TagName} allows ({algorithm.MaxKeyBytes} bytes)"
            : settings.Salt.Length > algorithm.SaltBytes ? $"the salt is longer than {algorithm.TagName} allows ({algorithm.SaltBytes} bytes)"
            : settings.Personalization.Length > algorithm.PersonalizationBytes ? $"the personalization is longer than {algorithm.TagName} allows ({algorithm.PersonalizationBytes} bytes)"
            : null;
    }

    private void Report(string fileName, string verdict)
    {
        if (settings.Status)
        {
            return;
        }

        // Only a newline would break the one-line-per-file output; other names are printed raw.
        bool escape = fileName.Contains('\n', StringComparison.Ordinal);
        var text = new StringBuilder(fileName.Length + 24);
        if (escape)
        {
            text.Append('\\');
            FileNameEscaping.AppendEscaped(text, fileName);
        }
        else
        {
            text.Append(fileName);
        }

        text.Append(": ").Append(verdict).Append('\n');
        console.StandardOutput.Write(RawText.Encode(text.ToString()));
    }

    private static string Plural(long count, string one, string many) => count == 1 ? one : many;

    /// <summary>The lines of a checksum file, as the checker sees them (the fuzz targets read them the same way).</summary>
    internal static IEnumerable<string> SplitLines(byte[] content)
    {
        foreach (ReadOnlyMemory<byte> line in SplitLines(content, dropCarriageReturn: true))
        {
            yield return RawText.Decode(line.Span);
        }
    }

    /// <summary>
    /// The lines of a checksum file as bytes, without their newlines (a last line may have none); a
    /// carriage return before a newline is dropped when <paramref name="dropCarriageReturn"/>, so that
    /// files written on Windows verify (coreutils), and kept otherwise (b3sum).
    /// </summary>
    internal static IEnumerable<ReadOnlyMemory<byte>> SplitLines(byte[] content, bool dropCarriageReturn)
    {
        int start = 0;
        while (start < content.Length)
        {
            int newline = Array.IndexOf(content, (byte)'\n', start);
            int end = newline < 0 ? content.Length : newline;
            int length = end - start;
            if (dropCarriageReturn && length > 0 && content[start + length - 1] == '\r')
            {
                length--;
            }

            yield return content.AsMemory(start, length);
            start = end + 1;
        }
    }
}

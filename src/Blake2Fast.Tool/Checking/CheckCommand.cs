using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Io;
using Blake2Fast.Tool.Output;

namespace Blake2Fast.Tool.Checking;

/// <summary>
/// <c>-c</c> mode: verifies every line of the checksum files, reporting per file and in a summary
/// exactly as coreutils does (same words, same plurals, same exit status rules).
/// </summary>
internal sealed class CheckCommand(ToolSettings settings, ToolConsole console)
{
    private readonly ChecksumLineParser _parser = new(settings.Algorithm);
    private readonly InputDigester _digester = new(console, settings.Threads) { Reading = settings.NoMmap ? InputReading.Read : InputReading.Measured };

    /// <returns><see langword="true"/> when every checksum file verified cleanly.</returns>
    public bool Run(IReadOnlyList<string> checkFiles)
    {
        bool ok = true;
        foreach (string checkFile in checkFiles)
        {
            ok &= CheckOne(checkFile);
        }

        return ok;
    }

    private bool CheckOne(string checkFile)
    {
        bool isStdin = checkFile == "-";
        string displayName = console.QuoteName(isStdin ? "standard input" : checkFile);
        byte[] content;
        try
        {
            content = isStdin ? RawFile.ReadToEnd(console.StandardInput) : RawFile.ReadAllBytes(checkFile);
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            // A directory opens fine in C and fails on the first read, which coreutils reports without errno.
            string reason = Directory.Exists(checkFile) ? "read error" : InputError.Describe(ex, checkFile);
            console.Error($"{console.QuoteName(checkFile)}: {reason}");
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
            switch (Verify(parsed))
            {
                case Outcome.Unreadable:
                    readFailures++;
                    break;
                case Outcome.Mismatch:
                    mismatches++;
                    break;
                case Outcome.Match:
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

    private enum Outcome
    {
        Match,
        Mismatch,
        Unreadable,
        Skipped,
    }

    private Outcome Verify(ChecksumLine line)
    {
        HashAlgorithmInfo algorithm = line.Algorithm;
        string? problem = ParameterProblem(algorithm);
        InputDigester.Result result = problem is null
            ? _digester.Digest(line.FileName, algorithm, settings.Parameters((int)(line.DigestBits / 8)))
            : new InputDigester.Result(null, problem, false);

        if (result.Digest is null)
        {
            if (settings.IgnoreMissing && result.Missing)
            {
                return Outcome.Skipped;
            }

            console.Error($"{console.QuoteName(line.FileName)}: {result.Error}");
            Report(line.FileName, "FAILED open or read");
            return Outcome.Unreadable;
        }

        bool match = string.Equals(Convert.ToHexStringLower(result.Digest), line.ExpectedHex, StringComparison.OrdinalIgnoreCase);
        if (!match)
        {
            Report(line.FileName, "FAILED");
            return Outcome.Mismatch;
        }

        if (!settings.Quiet)
        {
            Report(line.FileName, "OK");
        }

        return Outcome.Match;
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
        int start = 0;
        while (start < content.Length)
        {
            int newline = Array.IndexOf(content, (byte)'\n', start);
            int end = newline < 0 ? content.Length : newline;
            int length = end - start;

            // A CR before the newline is dropped: checksum files written on Windows still verify.
            if (length > 0 && content[start + length - 1] == '\r')
            {
                length--;
            }

            yield return RawText.Decode(content.AsSpan(start, length));
            start = end + 1;
        }
    }
}

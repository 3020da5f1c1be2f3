using System;
using System.IO;
using System.Linq;
using Blake2Fast.Tool;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.Checking;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Hashing;

namespace Blake2Fast.Fuzz;

/// <summary>
/// <c>checksum-lines</c>: the input is a checksum file, as <c>b2fast -c</c> reads it (b2sum lines,
/// <c>--tag</c> lines, b3sum lines, escaped names). Each line goes through the tool's parser once
/// for every algorithm <c>-a</c> can name (the algorithm of untagged lines), each parser keeping
/// its state from line to line as in one run of the checker. A line is either refused (the checker
/// counts it as improperly formatted) or gives a result the checker can act on: a length the
/// algorithm allows, as many hex digits as it says, and a digest of that length when the checker
/// hashes with it (here of empty standard input, so that no named file is opened).
/// </summary>
internal static class ChecksumLineTarget
{
    // One digester for every run, as the checker has one for all its lines: it keeps a 1 MiB
    // buffer, which a new one would allocate again for every input.
    private static readonly InputDigester Digester =
        new(new ToolConsole(new MemoryStream(), Stream.Null, TextWriter.Null, showProgress: false, utf8Locale: true));

    public static void Run(ReadOnlySpan<byte> input)
    {
        var settings = new ToolSettings();
        (HashAlgorithmInfo Untagged, ChecksumLineParser Parser)[] parsers =
            HashAlgorithms.All.Select(a => (a, new ChecksumLineParser(a))).ToArray();

        foreach (string line in CheckCommand.SplitLines(input.ToArray()))
        {
            // The checker skips these before it parses.
            if (line.StartsWith('#') || line.Length == 0)
            {
                continue;
            }

            foreach ((HashAlgorithmInfo untagged, ChecksumLineParser parser) in parsers)
            {
                if (parser.Parse(line) is ChecksumLine parsed)
                {
                    CheckUsable(line, parsed, untagged, settings);
                }
            }
        }
    }

    private static void CheckUsable(string line, ChecksumLine parsed, HashAlgorithmInfo untagged, ToolSettings settings)
    {
        HashAlgorithmInfo algorithm = parsed.Algorithm;
        FuzzAssert.That(parsed.FileName is not null, "a parsed line has a file name");
        FuzzAssert.That(
            algorithm == untagged || line.Contains(algorithm.TagName, StringComparison.Ordinal),
            "a line is read as another algorithm than -a's only when it names it");
        FuzzAssert.That(
            parsed.DigestBits > 0 && parsed.DigestBits % 8 == 0 && parsed.DigestBits <= algorithm.MaxBits,
            $"a parsed line's length ({parsed.DigestBits} bits) is one {algorithm.Name} allows");
        FuzzAssert.That(
            parsed.ExpectedHex.Length == parsed.DigestBits / 4 && parsed.ExpectedHex.All(char.IsAsciiHexDigit),
            "a parsed line's digest is DigestBits / 4 hex digits");

        // What the checker does next with the line, but on standard input (empty) instead of the named file.
        InputDigester.Result result = Digester.Digest("-", algorithm, settings.Parameters((int)(parsed.DigestBits / 8)));
        FuzzAssert.That(
            result.Digest is not null && result.Digest.Length * 8L == parsed.DigestBits,
            $"hashing with a parsed line's algorithm and length gives a digest of that length ({result.Error})");
    }
}

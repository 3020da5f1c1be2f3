using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Output;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// Hashing mode: one checksum line per input, in coreutils' GNU or BSD (<c>--tag</c>) format, the
/// digest alone (<c>--no-names</c>) or its raw bytes (<c>--raw</c>). b3sum's lines are GNU lines;
/// the console's <see cref="Dialect"/> says how names are escaped and failures worded. The digest is
/// written in pieces as it is computed (<see cref="DigestWriter"/>), whatever its length.
/// </summary>
internal sealed class HashCommand(ToolSettings settings, ToolConsole console)
{
    private readonly InputDigester _digester = new(console, settings.Threads) { Map = settings.Map };

    /// <returns><see langword="true"/> when every input was hashed.</returns>
    public bool Run(IReadOnlyList<string> files)
    {
        HashAlgorithmInfo algorithm = settings.Algorithm;
        long bits = settings.DigestBits;
        var parameters = settings.Parameters(bits / 8);
        bool ok = true;
        foreach (string name in files)
        {
            if (name == "-" && settings.KeyFromStandardInput)
            {
                // b3sum --keyed: standard input held the key.
                console.Error("-: Cannot open `-` in keyed mode");
                ok = false;
                continue;
            }

            InputDigester.Streamed result = _digester.Hash(name, algorithm, parameters);
            if (result.Output is not DigestOutput output)
            {
                console.Dialect.ReportInputError(console, name, result.Error!);
                ok = false;
                continue;
            }

            using (output)
            {
                Write(algorithm, bits, name, output);
            }

            console.StandardOutput.Flush();
        }

        return ok;
    }

    private void Write(HashAlgorithmInfo algorithm, long bits, string name, DigestOutput output)
    {
        if (settings.Raw)
        {
            DigestWriter.WriteRaw(console.StandardOutput, output);
            return;
        }

        char end = settings.Zero ? '\0' : '\n';
        if (settings.NoNames)
        {
            DigestWriter.WriteHex(console.StandardOutput, output);
            console.StandardOutput.WriteByte((byte)end);
            return;
        }

        // The line around the digest: what comes before it and after it.
        string shown = console.Dialect.Shown(name);
        bool escape = !settings.Zero && FileNameEscaping.NeedsEscape(shown, console.Dialect.EscapesCarriageReturn);
        var before = new StringBuilder(shown.Length + 32);
        var after = new StringBuilder(shown.Length + 8);
        if (escape)
        {
            before.Append('\\');
        }

        if (settings.Tag)
        {
            before.Append(algorithm.TagName);
            if (algorithm.IsExtendable || bits != algorithm.MaxBits)
            {
                before.Append('-').Append(bits.ToString(CultureInfo.InvariantCulture));
            }

            before.Append(" (");
            AppendName(before, shown, escape);
            before.Append(") = ");
        }
        else
        {
            after.Append(' ').Append(settings.Binary == 1 ? '*' : ' ');
            AppendName(after, shown, escape);
        }

        after.Append(end);
        console.StandardOutput.Write(Io.RawText.Encode(before.ToString()));
        DigestWriter.WriteHex(console.StandardOutput, output);
        console.StandardOutput.Write(Io.RawText.Encode(after.ToString()));
    }

    private void AppendName(StringBuilder line, string name, bool escape)
    {
        if (escape)
        {
            FileNameEscaping.AppendEscaped(line, name, console.Dialect.EscapesCarriageReturn);
        }
        else
        {
            line.Append(name);
        }
    }
}

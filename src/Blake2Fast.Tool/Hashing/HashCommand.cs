using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.CommandLine;
using Blake2Fast.Tool.Io;
using Blake2Fast.Tool.Output;

namespace Blake2Fast.Tool.Hashing;

/// <summary>Hashing mode: one checksum line per input, in coreutils' GNU or BSD (<c>--tag</c>) format.</summary>
internal sealed class HashCommand(ToolSettings settings, ToolConsole console)
{
    private readonly InputDigester _digester = new(console, settings.Threads) { Reading = settings.NoMmap ? InputReading.Read : InputReading.Measured };

    /// <returns><see langword="true"/> when every input was hashed.</returns>
    public bool Run(IReadOnlyList<string> files)
    {
        HashAlgorithmInfo algorithm = settings.Algorithm;
        long bits = settings.DigestBits;
        var parameters = settings.Parameters((int)(bits / 8));
        bool ok = true;
        foreach (string name in files)
        {
            InputDigester.Result result = _digester.Digest(name, algorithm, parameters);
            if (result.Digest is null)
            {
                console.Error($"{console.QuoteName(name)}: {result.Error}");
                ok = false;
                continue;
            }

            if (settings.Raw)
            {
                console.StandardOutput.Write(result.Digest);
                console.StandardOutput.Flush();
                continue;
            }

            string line = settings.NoNames
                ? System.Convert.ToHexStringLower(result.Digest) + (settings.Zero ? '\0' : '\n')
                : FormatLine(algorithm, bits, name, result.Digest);
            console.StandardOutput.Write(Io.RawText.Encode(line));
            console.StandardOutput.Flush();
        }

        return ok;
    }

    private string FormatLine(HashAlgorithmInfo algorithm, long bits, string name, byte[] digest)
    {
        bool escape = !settings.Zero && FileNameEscaping.NeedsEscape(name);
        var line = new StringBuilder(digest.Length * 2 + name.Length + 32);
        if (escape)
        {
            line.Append('\\');
        }

        if (settings.Tag)
        {
            line.Append(algorithm.TagName);
            if (algorithm.IsExtendable || bits != algorithm.MaxBits)
            {
                line.Append('-').Append(bits.ToString(CultureInfo.InvariantCulture));
            }

            line.Append(" (");
            AppendName(line, name, escape);
            line.Append(") = ").Append(System.Convert.ToHexStringLower(digest));
        }
        else
        {
            line.Append(System.Convert.ToHexStringLower(digest))
                .Append(' ')
                .Append(settings.Binary == 1 ? '*' : ' ');
            AppendName(line, name, escape);
        }

        line.Append(settings.Zero ? '\0' : '\n');
        return line.ToString();
    }

    private static void AppendName(StringBuilder line, string name, bool escape)
    {
        if (escape)
        {
            FileNameEscaping.AppendEscaped(line, name);
        }
        else
        {
            line.Append(name);
        }
    }
}

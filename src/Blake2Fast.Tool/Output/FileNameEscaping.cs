using System;
using System.Text;

namespace Blake2Fast.Tool.Output;

/// <summary>
/// The escaping coreutils applies to file names in checksum lines: a name containing a backslash,
/// newline or carriage return is written with <c>\\</c>, <c>\n</c>, <c>\r</c>, and the line
/// starts with a backslash so that <c>-c</c> knows to undo it.
/// </summary>
internal static class FileNameEscaping
{
    public static bool NeedsEscape(string name) => name.AsSpan().IndexOfAny('\\', '\n', '\r') >= 0;

    public static void AppendEscaped(StringBuilder line, string name)
    {
        foreach (char c in name)
        {
            switch (c)
            {
                case '\\': line.Append("\\\\"); break;
                case '\n': line.Append("\\n"); break;
                case '\r': line.Append("\\r"); break;
                default: line.Append(c); break;
            }
        }
    }

    /// <summary>Undoes <see cref="AppendEscaped"/>; <see langword="null"/> for an escape coreutils would reject.</summary>
    public static string? Unescape(string escaped)
    {
        var name = new StringBuilder(escaped.Length);
        for (int i = 0; i < escaped.Length; i++)
        {
            char c = escaped[i];
            if (c != '\\')
            {
                name.Append(c);
                continue;
            }

            if (++i == escaped.Length)
            {
                return null;
            }

            switch (escaped[i])
            {
                case '\\': name.Append('\\'); break;
                case 'n': name.Append('\n'); break;
                case 'r': name.Append('\r'); break;
                default: return null;
            }
        }

        return name.ToString();
    }
}

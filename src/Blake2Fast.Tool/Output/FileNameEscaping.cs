using System;
using System.Text;

namespace Blake2Fast.Tool.Output;

/// <summary>
/// The escaping coreutils applies to file names in checksum lines: a name containing a backslash,
/// newline or carriage return is written with <c>\\</c>, <c>\n</c>, <c>\r</c>, and the line
/// starts with a backslash so that <c>-c</c> knows to undo it.
/// </summary>
/// <remarks>
/// On Windows a backslash is the directory separator, in nearly every path given there
/// (<c>C:\data\file</c>): a name is printed as given, and only a newline or carriage return
/// escapes it (its backslashes then doubled too, so that <c>-c</c> reads it back). A list made
/// there reads back anywhere a backslash is not a separator only as one file name, as a list made
/// on Linux with such names does on Windows.
/// <para>
/// b3sum escapes the same way but leaves a carriage return as it is (and does not read <c>\r</c>
/// back): <c>carriageReturn</c> false, as <see cref="Dialect.EscapesCarriageReturn"/> says.
/// </para>
/// </remarks>
internal static class FileNameEscaping
{
    /// <summary>Whether a checksum line must escape <paramref name="name"/>.</summary>
    public static bool NeedsEscape(string name, bool carriageReturn = true) => (OperatingSystem.IsWindows(), carriageReturn) switch
    {
        (true, true) => name.AsSpan().IndexOfAny('\n', '\r') >= 0,
        (true, false) => name.Contains('\n', StringComparison.Ordinal),
        (false, true) => name.AsSpan().IndexOfAny('\\', '\n', '\r') >= 0,
        (false, false) => name.AsSpan().IndexOfAny('\\', '\n') >= 0,
    };

    /// <summary>Appends <paramref name="name"/> with its backslashes, newlines and (when <paramref name="carriageReturn"/>) carriage returns escaped.</summary>
    public static void AppendEscaped(StringBuilder line, string name, bool carriageReturn = true)
    {
        foreach (char c in name)
        {
            switch (c)
            {
                case '\\': line.Append("\\\\"); break;
                case '\n': line.Append("\\n"); break;
                case '\r' when carriageReturn: line.Append("\\r"); break;
                default: line.Append(c); break;
            }
        }
    }

    /// <summary>
    /// Undoes <see cref="AppendEscaped"/>; <see langword="null"/> for an escape coreutils would reject
    /// (or b3sum, which knows no <c>\r</c>, when <paramref name="carriageReturn"/> is false).
    /// </summary>
    public static string? Unescape(string escaped, bool carriageReturn = true)
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
                case 'r' when carriageReturn: name.Append('\r'); break;
                default: return null;
            }
        }

        return name.ToString();
    }
}

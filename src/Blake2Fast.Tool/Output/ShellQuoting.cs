using System;
using System.Text;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Output;

/// <summary>
/// Quotes names in diagnostics the way coreutils does, so that a name with spaces, quotes or
/// control characters can be pasted back into a shell and messages stay on one line.
/// </summary>
internal static class ShellQuoting
{
    /// <summary>
    /// Shell-escape style used for file names in messages (gnulib's <c>quotef</c>): a name made of
    /// safe characters is printed as is; otherwise it is single-quoted, or double-quoted when that
    /// avoids escaping an apostrophe, and control characters become <c>$'\n'</c>-style escapes.
    /// </summary>
    /// <param name="name">The name.</param>
    /// <param name="utf8Locale">
    /// Whether the locale is UTF-8, where non-ASCII letters print as themselves; elsewhere their
    /// bytes are escaped in octal, as the C library cannot know they are printable.
    /// </param>
    public static string QuoteFileName(string name, bool utf8Locale)
    {
        if (name.Length == 0)
        {
            return "''";
        }

        bool needsQuotes = false;
        bool hasControl = false;
        bool hasApostrophe = false;
        bool hasDoubleQuoteSpecial = false;
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            if (IsControl(c) || (c >= 0x80 && !utf8Locale) || RawText.IsEscapeAt(name, i))
            {
                hasControl = true;
                needsQuotes = true;
            }
            else if (!IsSafe(c, i == 0))
            {
                needsQuotes = true;
                hasApostrophe |= c == '\'';
                hasDoubleQuoteSpecial |= c is '"' or '$' or '`' or '\\' or '!';
            }
        }

        if (!needsQuotes)
        {
            return name;
        }

        if (hasApostrophe && !hasControl && !hasDoubleQuoteSpecial)
        {
            return "\"" + name + "\"";
        }

        var quoted = new StringBuilder(name.Length + 8);

        // gnulib's output for a name with an apostrophe after its start and an escape at its end
        // begins with an extra empty pair of quotes; harmless to a shell, reproduced for fidelity.
        if (name.IndexOf('\'', 1) > 0 && (NeedsEscape(name[^1], utf8Locale) || RawText.IsEscapeAt(name, name.Length - 1)))
        {
            quoted.Append("''");
        }

        quoted.Append('\'');
        bool inEscape = false;
        Rune rune = default;
        for (int i = 0; i < name.Length; i += rune.Utf16SequenceLength)
        {
            // A byte that is not UTF-8 (see RawText) is shown in octal in every locale.
            bool rawByte = RawText.IsEscapeAt(name, i);
            Rune.DecodeFromUtf16(name.AsSpan(i), out rune, out _);
            if (rawByte || (rune.Value < 0x80 ? IsControl((char)rune.Value) : !utf8Locale))
            {
                if (!inEscape)
                {
                    quoted.Append("'$'");
                    inEscape = true;
                }

                if (rawByte)
                {
                    AppendOctal(quoted, RawText.ByteOf(name[i]));
                }
                else
                {
                    AppendEscape(quoted, rune);
                }
            }
            else if (rune.Value == '\'')
            {
                // Closes whichever quoting is open, adds the apostrophe, reopens plain quoting.
                quoted.Append("'\\''");
                inEscape = false;
            }
            else
            {
                if (inEscape)
                {
                    quoted.Append("''");
                    inEscape = false;
                }

                quoted.Append(rune.ToString());
            }
        }

        // A name ending in an escape already ends with the escape's closing quote.
        quoted.Append('\'');
        return quoted.ToString();
    }

    /// <summary>
    /// The locale quoting of coreutils' <c>quote</c>, used around option values in messages:
    /// ‘x’ in a UTF-8 locale, 'x' otherwise, with what would not print as itself escaped as gnulib
    /// escapes it (<c>\n</c>, <c>\\</c>, octal bytes), so that a message stays on one line.
    /// </summary>
    /// <param name="value">The value.</param>
    /// <param name="curlyQuotes">Whether the locale is UTF-8: curly quotes, and non-ASCII characters that print shown as they are.</param>
    public static string QuoteValue(string value, bool curlyQuotes)
    {
        var quoted = new StringBuilder(value.Length + 2);
        quoted.Append(curlyQuotes ? '\u2018' : '\'');
        Rune rune = default;
        for (int i = 0; i < value.Length; i += rune.Utf16SequenceLength)
        {
            bool rawByte = RawText.IsEscapeAt(value, i);
            Rune.DecodeFromUtf16(value.AsSpan(i), out rune, out _);
            if (rawByte)
            {
                AppendOctal(quoted, RawText.ByteOf(value[i]));
            }
            else if (rune.Value == '\\' || (rune.Value == '\'' && !curlyQuotes))
            {
                // The escape character itself, and the closing quote of the C locale.
                quoted.Append('\\').Append((char)rune.Value);
            }
            else if (rune.Value < 0x80 ? IsControl((char)rune.Value) : !curlyQuotes || Rune.IsControl(rune))
            {
                AppendEscape(quoted, rune);
            }
            else
            {
                quoted.Append(rune.ToString());
            }
        }

        return quoted.Append(curlyQuotes ? '\u2019' : '\'').ToString();
    }

    private static bool IsControl(char c) => c < 0x20 || c == 0x7F;

    private static bool NeedsEscape(char c, bool utf8Locale) => IsControl(c) || (c >= 0x80 && !utf8Locale);

    private static bool IsSafe(char c, bool first)
    {
        if (c >= 0x80)
        {
            // Printable non-ASCII text reads fine in a UTF-8 terminal.
            return !char.IsControl(c) && c != '\uFFFD';
        }

        if (char.IsAsciiLetterOrDigit(c))
        {
            return true;
        }

        return c switch
        {
            '%' or '+' or ',' or '-' or '.' or '/' or '@' or ']' or '_' or '{' or '}' => true,

            // Path syntax on Windows (C:\dir\file), printed as given there: no shell quotes them.
            '\\' or ':' => OperatingSystem.IsWindows(),
            '#' or '~' => !first,
            _ => false,
        };
    }

    private static void AppendEscape(StringBuilder quoted, Rune rune)
    {
        if (rune.Value >= 0x80)
        {
            // Outside a UTF-8 locale each byte of the character is shown in octal.
            Span<byte> bytes = stackalloc byte[4];
            int length = rune.EncodeToUtf8(bytes);
            foreach (byte b in bytes[..length])
            {
                AppendOctal(quoted, b);
            }

            return;
        }

        switch ((char)rune.Value)
        {
            case '\a': quoted.Append("\\a"); break;
            case '\b': quoted.Append("\\b"); break;
            case '\t': quoted.Append("\\t"); break;
            case '\n': quoted.Append("\\n"); break;
            case '\v': quoted.Append("\\v"); break;
            case '\f': quoted.Append("\\f"); break;
            case '\r': quoted.Append("\\r"); break;
            default: AppendOctal(quoted, rune.Value); break;
        }
    }

    private static void AppendOctal(StringBuilder quoted, int value) =>
        quoted.Append('\\').Append((char)('0' + ((value >> 6) & 7))).Append((char)('0' + ((value >> 3) & 7))).Append((char)('0' + (value & 7)));
}

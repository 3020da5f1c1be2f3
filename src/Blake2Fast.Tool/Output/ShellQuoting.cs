using System.Text;

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
    public static string QuoteFileName(string name)
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
            if (IsControl(c))
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
        quoted.Append('\'');
        bool inEscape = false;
        foreach (char c in name)
        {
            if (IsControl(c))
            {
                if (!inEscape)
                {
                    quoted.Append("'$'");
                    inEscape = true;
                }

                AppendControlEscape(quoted, c);
                continue;
            }

            if (inEscape)
            {
                quoted.Append("''");
                inEscape = false;
            }

            if (c == '\'')
            {
                quoted.Append("'\\''");
            }
            else
            {
                quoted.Append(c);
            }
        }

        // A name ending in an escape already ends with the escape's closing quote.
        quoted.Append('\'');
        return quoted.ToString();
    }

    /// <summary>
    /// The locale quoting of coreutils' <c>quote</c>, used around option values in messages:
    /// ‘x’ in a UTF-8 locale, 'x' otherwise.
    /// </summary>
    public static string QuoteValue(string value, bool curlyQuotes) =>
        curlyQuotes ? "\u2018" + value + "\u2019" : "'" + value + "'";

    private static bool IsControl(char c) => c < 0x20 || c == 0x7F;

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
            '#' or '~' => !first,
            _ => false,
        };
    }

    private static void AppendControlEscape(StringBuilder quoted, char c)
    {
        switch (c)
        {
            case '\a': quoted.Append("\\a"); break;
            case '\b': quoted.Append("\\b"); break;
            case '\t': quoted.Append("\\t"); break;
            case '\n': quoted.Append("\\n"); break;
            case '\v': quoted.Append("\\v"); break;
            case '\f': quoted.Append("\\f"); break;
            case '\r': quoted.Append("\\r"); break;
            default:
                quoted.Append('\\').Append((char)('0' + ((c >> 6) & 7))).Append((char)('0' + ((c >> 3) & 7))).Append((char)('0' + (c & 7)));
                break;
        }
    }
}

using System;
using System.Buffers;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.Output;

namespace Blake2Fast.Tool.Checking;

/// <summary>
/// Reads checksum lines with coreutils' rules: GNU lines (<c>HEX  NAME</c>, <c>HEX *NAME</c>),
/// BSD lines (<c>BLAKE2b-256 (NAME) = HEX</c>, also without the space before the parenthesis),
/// "reversed BSD" lines (<c>HEX NAME</c> with one blank), and a leading backslash announcing an
/// escaped name.
/// </summary>
/// <remarks>
/// The parser remembers whether the first GNU-looking line had one blank or two: mixing both
/// kinds is refused, so a file renamed to start with a blank cannot pass for another.
/// </remarks>
internal sealed class ChecksumLineParser
{
    private const string TagPrefix = "BLAKE2";
    private static readonly SearchValues<char> HexDigits = SearchValues.Create("0123456789abcdefABCDEF");
    private static readonly SearchValues<char> LowerHexDigits = SearchValues.Create("0123456789abcdef");
    private readonly HashAlgorithmInfo _untaggedAlgorithm;

    // -1: not decided yet; 0: two-field GNU lines seen; 1: reversed BSD lines seen.
    private int _bsdReversed = -1;

    public ChecksumLineParser(HashAlgorithmInfo untaggedAlgorithm) => _untaggedAlgorithm = untaggedAlgorithm;

    /// <summary>Parses a line without its line terminator; <see langword="null"/> when it is not a checksum line.</summary>
    public ChecksumLine? Parse(string s)
    {
        int i = 0;
        while (i < s.Length && IsSpace(s[i]))
        {
            i++;
        }

        bool escaped = false;
        if (i < s.Length && s[i] == '\\')
        {
            escaped = true;
            i++;
        }

        return s.AsSpan(i).StartsWith(TagPrefix, StringComparison.Ordinal)
            ? ParseTagged(s, i, escaped)
            : ParseUntagged(s, i, escaped);
    }

    private static ChecksumLine? ParseTagged(string s, int i, bool escaped)
    {
        int start = i;
        while (i < s.Length && !IsBlank(s[i]) && s[i] != '-' && s[i] != '(')
        {
            i++;
        }

        HashAlgorithmInfo? algorithm = HashAlgorithms.FindByTagName(s.AsSpan(start, i - start));
        if (algorithm is null || i == s.Length)
        {
            return null;
        }

        long bits = algorithm.DefaultBits;
        if (s[i] == '-')
        {
            i++;
            int digitsStart = i;
            while (i < s.Length && char.IsAsciiDigit(s[i]))
            {
                i++;
            }

            if (!long.TryParse(s.AsSpan(digitsStart, i - digitsStart), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out bits)
                || bits <= 0 || bits > algorithm.MaxBits || bits % 8 != 0)
            {
                return null;
            }
        }
        else if (s[i] != '(')
        {
            i++; // the blank after the name
        }

        if (i < s.Length && s[i] == ' ')
        {
            i++;
        }

        if (i >= s.Length || s[i] != '(')
        {
            return null;
        }

        // The name runs to the last ')' of the line, so names may contain parentheses.
        string rest = s[(i + 1)..];
        int close = rest.LastIndexOf(')');
        if (close < 0)
        {
            return null;
        }

        string? name = escaped ? FileNameEscaping.Unescape(rest[..close]) : rest[..close];
        if (name is null)
        {
            return null;
        }

        int k = close + 1;
        while (k < rest.Length && IsBlank(rest[k]))
        {
            k++;
        }

        if (k >= rest.Length || rest[k] != '=')
        {
            return null;
        }

        k++;
        while (k < rest.Length && IsBlank(rest[k]))
        {
            k++;
        }

        string hex = rest[k..];
        return hex.Length == bits / 4 && IsAllHex(hex) ? new ChecksumLine(algorithm, bits, hex, name) : null;
    }

    private ChecksumLine? ParseUntagged(string s, int i, bool escaped)
    {
        int hexStart = i;
        while (i < s.Length && char.IsAsciiHexDigit(s[i]))
        {
            i++;
        }

        int hexLength = i - hexStart;
        if (hexLength < 2 || hexLength % 2 != 0 || hexLength > _untaggedAlgorithm.MaxBits / 4)
        {
            return null;
        }

        if (i >= s.Length || !IsBlank(s[i]))
        {
            return null;
        }

        string hex = s.Substring(hexStart, hexLength);
        i++;
        if (s.Length - i == 1 || i == s.Length || (s[i] != ' ' && s[i] != '*'))
        {
            if (_bsdReversed == 0)
            {
                return null;
            }

            _bsdReversed = 1;
        }
        else if (_bsdReversed != 1)
        {
            _bsdReversed = 0;
            i++; // the mode character: ' ' text or '*' binary; the bytes hashed are the same
        }

        string? name = escaped ? FileNameEscaping.Unescape(s[i..]) : s[i..];
        return name is null ? null : new ChecksumLine(_untaggedAlgorithm, hexLength * 4L, hex, name);
    }

    /// <summary>
    /// Reads a line as b3sum 1.x reads it (<c>b3sum -c</c>): an optional backslash (the name is
    /// escaped, with <c>\\</c> and <c>\n</c> only), then exactly 64 lower-case hex digits, two
    /// spaces and a name of at least one byte; no comments, no blank lines, no other formats.
    /// </summary>
    /// <param name="line">The line without its newline (a carriage return before it is part of the name, as in b3sum).</param>
    /// <param name="error">When the line is refused, b3sum's reason, word for word.</param>
    /// <returns>The line, or <see langword="null"/> with <paramref name="error"/> set.</returns>
    public static ChecksumLine? ParseB3sum(string line, out string? error)
    {
        const int HexLength = 64;
        const int PrefixLength = HexLength + 2;
        error = null;
        if (line.Length == 0)
        {
            error = "Empty line";
            return null;
        }

        bool escaped = line[0] == '\\';
        ReadOnlySpan<char> rest = escaped ? line.AsSpan(1) : line.AsSpan();

        // b3sum measures the line in UTF-8 bytes, then looks at its first 66 characters.
        if (System.Text.Encoding.UTF8.GetByteCount(rest) <= PrefixLength)
        {
            error = "Short line";
            return null;
        }

        if (!System.Text.Ascii.IsValid(rest[..Math.Min(PrefixLength, rest.Length)]))
        {
            error = "Non-ASCII prefix";
            return null;
        }

        if (rest[HexLength] != ' ' || rest[HexLength + 1] != ' ')
        {
            error = "Invalid space";
            return null;
        }

        // b3sum reads lower-case digits only.
        ReadOnlySpan<char> hex = rest[..HexLength];
        if (hex.ContainsAnyExcept(LowerHexDigits))
        {
            error = "Invalid hex";
            return null;
        }

        string name = rest[PrefixLength..].ToString();
        if (escaped)
        {
            if (FileNameEscaping.Unescape(name, carriageReturn: false) is not string plain)
            {
                error = "Invalid backslash escape";
                return null;
            }

            name = plain;
        }

        error = name.Contains('\0', StringComparison.Ordinal) ? "Null character in path"
            : name.Contains('\uFFFD', StringComparison.Ordinal) ? "Unicode replacement character in path"
            : null;
        return error is null ? new ChecksumLine(HashAlgorithms.Blake3, 256, hex.ToString(), name) { Escaped = escaped } : null;
    }

    private static bool IsBlank(char c) => c is ' ' or '\t';

    private static bool IsSpace(char c) => c is ' ' or '\t' or '\n' or '\v' or '\f' or '\r';

    private static bool IsAllHex(string text) => text.Length > 0 && !text.AsSpan().ContainsAnyExcept(HexDigits);
}

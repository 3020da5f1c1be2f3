using System.Globalization;
using System.Linq;

namespace Blake2Fast.Tool.CommandLine;

/// <summary>
/// The <c>--tree=SIZE</c> value in bt2sum's syntax: decimal digits with an optional k, m or g
/// suffix (binary multiples: 5m is 5 MiB), the leaf length of BLAKE2's unlimited-fanout tree mode.
/// </summary>
internal static class TreeLeafSize
{
    /// <summary>
    /// The largest leaf the library's <c>HashTree</c> takes (its leaf length is an <see cref="int"/>);
    /// the tree mode itself allows up to 2^32 - 1.
    /// </summary>
    public const long Max = int.MaxValue;

    /// <summary>Reads <paramref name="text"/>; on failure gives the reason to print after "invalid tree leaf size: 'TEXT'".</summary>
    public static bool TryParse(string text, out long bytes, out string? reason)
    {
        bytes = 0;
        reason = null;
        long multiplier = 1;
        string digits = text;
        if (text.Length > 0)
        {
            multiplier = char.ToLowerInvariant(text[^1]) switch
            {
                'k' => 1L << 10,
                'm' => 1L << 20,
                'g' => 1L << 30,
                _ => 1,
            };
            if (multiplier != 1)
            {
                digits = text[..^1];
            }
        }

        if (digits.Length == 0 || !digits.All(char.IsAsciiDigit) || !long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out long count))
        {
            reason = "expected a number of bytes with an optional k, m or g suffix";
            return false;
        }

        if (count == 0)
        {
            reason = "the leaf size must be at least 1 byte";
            return false;
        }

        if (count > Max / multiplier)
        {
            reason = $"the leaf size must be at most {Max} bytes";
            return false;
        }

        bytes = count * multiplier;
        return true;
    }
}

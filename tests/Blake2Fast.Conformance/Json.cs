using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Blake2Fast.Conformance;

/// <summary>
/// Just enough JSON for the vector files (an array of flat objects whose values are strings,
/// non-negative integers up to 2^64 - 1, read as ulong, and booleans; or an object whose values are
/// such arrays, or such values), since .NET Framework has no JSON reader of its own.
/// </summary>
internal static class Json
{
    public static List<Dictionary<string, object>> ReadArrayOfObjects(string text)
    {
        int at = 0;
        return ReadArray(text, ref at);
    }

    /// <summary>An object whose every value is an array of flat objects (hmac-vectors.json: "hmac", "hkdf").</summary>
    public static Dictionary<string, List<Dictionary<string, object>>> ReadObjectOfArrays(string text)
    {
        int at = 0;
        var result = new Dictionary<string, List<Dictionary<string, object>>>(StringComparer.Ordinal);
        ReadSequence(text, ref at, '{', '}', (string t, ref int a) => result[ReadName(t, ref a)] = ReadArray(t, ref a));
        return result;
    }

    /// <summary>One object whose values are strings, numbers, booleans or arrays of flat objects (blake3-test-vectors.json: "key", "context_string", "cases").</summary>
    public static Dictionary<string, object> ReadObject(string text)
    {
        int at = 0;
        return ReadObject(text, ref at);
    }

    private static List<Dictionary<string, object>> ReadArray(string text, ref int at)
    {
        var result = new List<Dictionary<string, object>>();
        ReadSequence(text, ref at, '[', ']', (string t, ref int a) => result.Add(ReadObject(t, ref a)));
        return result;
    }

    private static Dictionary<string, object> ReadObject(string text, ref int at)
    {
        var obj = new Dictionary<string, object>(StringComparer.Ordinal);
        ReadSequence(text, ref at, '{', '}', (string t, ref int a) => obj[ReadName(t, ref a)] = ReadValue(t, ref a));
        return obj;
    }

    /// <summary>
    /// Reads <paramref name="open"/>, then items separated by commas (or none), then
    /// <paramref name="close"/>: the shape of both arrays and objects.
    /// </summary>
    private static void ReadSequence(string text, ref int at, char open, char close, ItemReader readItem)
    {
        Expect(text, ref at, open);
        SkipSpace(text, ref at);
        if (text[at] == close)
        {
            at++;
            return;
        }

        while (true)
        {
            readItem(text, ref at);
            SkipSpace(text, ref at);
            if (text[at] == close)
            {
                at++;
                return;
            }

            Expect(text, ref at, ',');
        }
    }

    private delegate void ItemReader(string text, ref int at);

    /// <summary>An object member's name and its colon, leaving <paramref name="at"/> on the value.</summary>
    private static string ReadName(string text, ref int at)
    {
        SkipSpace(text, ref at);
        string name = ReadString(text, ref at);
        Expect(text, ref at, ':');
        SkipSpace(text, ref at);
        return name;
    }

    private static object ReadValue(string text, ref int at)
    {
        char c = text[at];
        if (c == '"')
        {
            return ReadString(text, ref at);
        }

        if (c == '[')
        {
            return ReadArray(text, ref at);
        }

        if (text.Length - at >= 4 && string.CompareOrdinal(text, at, "true", 0, 4) == 0)
        {
            at += 4;
            return true;
        }

        if (text.Length - at >= 5 && string.CompareOrdinal(text, at, "false", 0, 5) == 0)
        {
            at += 5;
            return false;
        }

        int start = at;
        while (at < text.Length && char.IsDigit(text[at]))
        {
            at++;
        }

        if (start == at)
        {
            throw new FormatException($"Unexpected '{c}' at {at}.");
        }

        return ulong.Parse(text.Substring(start, at - start), CultureInfo.InvariantCulture);
    }

    private static string ReadString(string text, ref int at)
    {
        Expect(text, ref at, '"');
        var value = new StringBuilder();
        while (text[at] != '"')
        {
            if (text[at] == '\\')
            {
                throw new FormatException($"Escapes are not expected in the vector files (at {at}).");
            }

            value.Append(text[at++]);
        }

        at++;
        return value.ToString();
    }

    private static void Expect(string text, ref int at, char c)
    {
        SkipSpace(text, ref at);
        if (at >= text.Length || text[at] != c)
        {
            throw new FormatException($"Expected '{c}' at {at}.");
        }

        at++;
    }

    private static void SkipSpace(string text, ref int at)
    {
        while (at < text.Length && char.IsWhiteSpace(text[at]))
        {
            at++;
        }
    }
}

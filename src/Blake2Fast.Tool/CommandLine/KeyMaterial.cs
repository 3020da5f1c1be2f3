using System;
using System.Buffers;
using System.IO;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.CommandLine;

/// <summary>Reads <c>--key</c>, <c>--salt</c> and <c>--personal</c> values: hex digits, or <c>@file</c> for raw bytes.</summary>
internal static class KeyMaterial
{
    private static readonly SearchValues<char> HexDigits = SearchValues.Create("0123456789abcdefABCDEF");

    /// <summary>Decodes <paramref name="text"/>, or returns <see langword="null"/> with a message naming the option.</summary>
    public static byte[]? TryRead(string option, string text, ToolConsole console, out string? error)
    {
        error = null;
        if (text.StartsWith('@'))
        {
            string path = text[1..];
            try
            {
                return RawFile.ReadAllBytes(path);
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                error = $"{console.QuoteName(path)}: {InputError.Describe(ex, path)}";
                return null;
            }
        }

        if (text.Length % 2 != 0 || !IsHex(text))
        {
            error = $"--{option} must be an even number of hexadecimal digits or @FILE; got {console.QuoteName(text)}";
            return null;
        }

        return Convert.FromHexString(text);
    }

    private static bool IsHex(string text) => !text.AsSpan().ContainsAnyExcept(HexDigits);
}

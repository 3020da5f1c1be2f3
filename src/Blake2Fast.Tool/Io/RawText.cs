using System;
using System.Buffers;
using System.Collections.Generic;
using System.Text;
using System.Text.Unicode;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// File names as the kernel has them: bytes, usually UTF-8 but not always. A byte that is not
/// part of valid UTF-8 is kept in a string as the lone low surrogate U+DC80..U+DCFF (the
/// "surrogateescape" scheme), so a name survives parsing and quoting and goes back out, to
/// <c>open(2)</c> and to standard output, as the same bytes. Valid UTF-8 decodes as usual.
/// </summary>
internal static class RawText
{
    private const int EscapeBase = 0xDC00;

    /// <summary>Decodes <paramref name="bytes"/>, escaping each byte that is not valid UTF-8.</summary>
    public static string Decode(ReadOnlySpan<byte> bytes)
    {
        if (Utf8.IsValid(bytes))
        {
            return Encoding.UTF8.GetString(bytes);
        }

        var text = new StringBuilder(bytes.Length);
        Span<char> pair = stackalloc char[2];
        while (!bytes.IsEmpty)
        {
            if (Rune.DecodeFromUtf8(bytes, out Rune rune, out int consumed) == OperationStatus.Done)
            {
                text.Append(pair[..rune.EncodeToUtf16(pair)]);
            }
            else
            {
                text.Append((char)(EscapeBase + bytes[0]));
                consumed = 1;
            }

            bytes = bytes[consumed..];
        }

        return text.ToString();
    }

    /// <summary>Encodes <paramref name="text"/> as UTF-8, escaped bytes as themselves.</summary>
    public static byte[] Encode(string text)
    {
        if (!HasEscapes(text))
        {
            return Encoding.UTF8.GetBytes(text);
        }

        var bytes = new ArrayBufferWriter<byte>(text.Length + 8);
        for (int i = 0; i < text.Length; i++)
        {
            if (IsEscapeAt(text, i))
            {
                bytes.GetSpan(1)[0] = (byte)(text[i] - EscapeBase);
                bytes.Advance(1);
                continue;
            }

            Rune.DecodeFromUtf16(text.AsSpan(i), out Rune rune, out int consumed);
            bytes.Advance(rune.EncodeToUtf8(bytes.GetSpan(4)));
            i += consumed - 1;
        }

        return bytes.WrittenSpan.ToArray();
    }

    /// <summary>Whether <paramref name="text"/> holds an escaped byte.</summary>
    public static bool HasEscapes(string text)
    {
        for (int i = 0; i < text.Length; i++)
        {
            if (IsEscapeAt(text, i))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// Whether the character at <paramref name="index"/> is an escaped byte: U+DC80..U+DCFF not
    /// completing a surrogate pair (U+1F480 is D83D DC80, a character, not a byte).
    /// </summary>
    public static bool IsEscapeAt(string text, int index) =>
        text[index] is >= (char)(EscapeBase + 0x80) and <= (char)(EscapeBase + 0xFF)
        && (index == 0 || !char.IsHighSurrogate(text[index - 1]));

    /// <summary>The byte an escape stands for.</summary>
    public static byte ByteOf(char escape) => (byte)(escape - EscapeBase);

    /// <summary>
    /// The program's arguments as the kernel passed them: .NET decodes argv as UTF-8 and replaces
    /// bytes that are not, which would change such a file name. On Linux the raw bytes are in
    /// /proc/self/cmdline (after the host's own arguments when run through <c>dotnet</c>); an
    /// argument is replaced only when its raw bytes are not valid UTF-8 and decode, the .NET way,
    /// to exactly the argument received.
    /// </summary>
    public static string[] RecoverArguments(string[] args)
    {
        if (!OperatingSystem.IsLinux() || Array.TrueForAll(args, a => !a.Contains('\uFFFD', StringComparison.Ordinal)))
        {
            return args;
        }

        if (KernelCommandLine.Read() is not { } read || read.Arguments.Count < args.Length)
        {
            return args;
        }

        (byte[] commandLine, List<Range> raw) = read;

        string[] recovered = (string[])args.Clone();
        int offset = raw.Count - args.Length;
        for (int i = 0; i < args.Length; i++)
        {
            ReadOnlySpan<byte> bytes = commandLine.AsSpan(raw[offset + i]);
            if (!Utf8.IsValid(bytes) && Encoding.UTF8.GetString(bytes) == args[i])
            {
                recovered[i] = Decode(bytes);
            }
        }

        return recovered;
    }
}

using System;
using System.Collections.Generic;
using System.Linq;

namespace Blake2Fast.Fuzz;

/// <summary>
/// <c>hash-many</c>: <c>Blake2b.HashMany</c> and <c>Blake2s.HashMany</c> with fuzzed digest,
/// key, message and destination lengths. The input is a header, then the data:
/// <list type="table">
/// <item><term>byte 0</term><description>bit 0: BLAKE2s (else BLAKE2b); bit 1: the packed form (messages back to back, one length) instead of a list; bit 2: keyed</description></item>
/// <item><term>byte 1</term><description>the digest length, signed</description></item>
/// <item><term>byte 2</term><description>the key length (keyed only), taken from the start of the data</description></item>
/// <item><term>byte 3</term><description>packed: the message length, signed; list: the byte that separates the messages in the data</description></item>
/// <item><term>byte 4</term><description>0xF8 to 0xFF: the destination is this minus 0xFC bytes longer than needed (-4..3); otherwise exactly as long</description></item>
/// </list>
/// Arguments the documentation allows must give, for each message, what <c>HashData</c> gives for
/// it alone; arguments it refuses must throw <see cref="ArgumentException"/> naming one of the
/// wrong parameters, with nothing written to the destination.
/// </summary>
internal static class HashManyTarget
{
    public static void Run(ReadOnlySpan<byte> input)
    {
        const int HeaderLength = 5;

        // The destination's bytes before the call: a refusal must leave every one of them.
        const byte Untouched = 0xA5;
        if (input.Length < HeaderLength)
        {
            return;
        }

        bool small = (input[0] & 1) != 0;
        bool packed = (input[0] & 2) != 0;
        bool keyed = (input[0] & 4) != 0;
        int digestLength = (sbyte)input[1];
        int messageLength = (sbyte)input[3];
        int slack = input[4] >= 0xF8 ? input[4] - 0xFC : 0;
        ReadOnlySpan<byte> data = input[HeaderLength..];
        int keyLength = keyed ? Math.Min(input[2], data.Length) : 0;
        byte[] key = data[..keyLength].ToArray();
        data = data[keyLength..];

        int maxDigest = small ? 32 : 64; // also the longest key
        var wrong = new List<string>();
        if (digestLength < 1 || digestLength > maxDigest)
        {
            wrong.Add(nameof(digestLength));
        }

        if (key.Length > maxDigest)
        {
            wrong.Add(nameof(key));
        }

        ReadOnlyMemory<byte>[] messages;
        if (packed)
        {
            if (messageLength < 1)
            {
                wrong.Add(nameof(messageLength));
            }
            else if (data.Length % messageLength != 0)
            {
                wrong.Add("source");
            }

            byte[] source = data.ToArray();
            int count = messageLength < 1 ? 0 : source.Length / messageLength;
            messages = Enumerable.Range(0, count).Select(i => new ReadOnlyMemory<byte>(source, i * messageLength, messageLength)).ToArray();
        }
        else
        {
            messages = data.IsEmpty ? [] : Split(data.ToArray(), (byte)messageLength);
        }

        int needed = messages.Length * Math.Max(digestLength, 0);
        byte[] destination = new byte[Math.Max(needed + slack, 0)];
        if (destination.Length != needed)
        {
            wrong.Add(nameof(destination));
        }

        destination.AsSpan().Fill(Untouched);
        int written;
        try
        {
            written = Call(small, packed, keyed, key, data, messageLength, messages, destination, digestLength);
        }
        catch (ArgumentException ex) when (wrong.Count != 0)
        {
            FuzzAssert.That(ex.ParamName is not null && wrong.Contains(ex.ParamName), $"the refusal names a wrong parameter ({string.Join(", ", wrong)}), not '{ex.ParamName}'");
            FuzzAssert.That(destination.AsSpan().IndexOfAnyExcept(Untouched) < 0, "nothing is written on a refusal");
            return;
        }

        FuzzAssert.That(wrong.Count == 0, $"arguments the documentation refuses are refused ({string.Join(", ", wrong)})");
        FuzzAssert.That(written == destination.Length, "HashMany returns the destination's length");
        for (int i = 0; i < messages.Length; i++)
        {
            byte[] expected = small
                ? Blake2s.HashData(key, messages[i].Span, digestLength)
                : Blake2b.HashData(key, messages[i].Span, digestLength);
            FuzzAssert.That(destination.AsSpan(i * digestLength, digestLength).SequenceEqual(expected), $"digest {i} of {messages.Length} is HashData's");
        }
    }

    private static int Call(bool small, bool packed, bool keyed, byte[] key, ReadOnlySpan<byte> data, int messageLength, ReadOnlyMemory<byte>[] messages, byte[] destination, int digestLength) =>
        (small, packed, keyed) switch
        {
            (false, true, false) => Blake2b.HashMany(data, messageLength, destination, digestLength),
            (false, true, true) => Blake2b.HashMany(key, data, messageLength, destination, digestLength),
            (false, false, false) => Blake2b.HashMany(messages, destination, digestLength),
            (false, false, true) => Blake2b.HashMany(key, messages, destination, digestLength),
            (true, true, false) => Blake2s.HashMany(data, messageLength, destination, digestLength),
            (true, true, true) => Blake2s.HashMany(key, data, messageLength, destination, digestLength),
            (true, false, false) => Blake2s.HashMany(messages, destination, digestLength),
            (true, false, true) => Blake2s.HashMany(key, messages, destination, digestLength),
        };

    private static ReadOnlyMemory<byte>[] Split(byte[] data, byte separator)
    {
        var messages = new List<ReadOnlyMemory<byte>>();
        int start = 0;
        for (int i = 0; i <= data.Length; i++)
        {
            if (i == data.Length || data[i] == separator)
            {
                messages.Add(new ReadOnlyMemory<byte>(data, start, i - start));
                start = i + 1;
            }
        }

        return [.. messages];
    }
}

using System;
using System.IO;
using System.Security.Cryptography;

namespace Blake2Fast.Tests;

/// <summary>Feeds a <see cref="HashAlgorithm"/> the way framework code does.</summary>
public static class HashAlgorithmDriver
{
    /// <summary>TransformBlock in uneven pieces (1, 2, 3, ... bytes, straddling block boundaries), then TransformFinalBlock.</summary>
    public static byte[] TransformInPieces(HashAlgorithm h, byte[] message)
    {
        byte[] scratch = new byte[message.Length];
        int offset = 0;
        for (int piece = 1; offset < message.Length - piece; piece++)
        {
            Assert.Equal(piece, h.TransformBlock(message, offset, piece, scratch, offset));
            offset += piece;
        }

        // TransformBlock copies its input to the output buffer; nothing else may be written there.
        Assert.True(message.AsSpan(0, offset).SequenceEqual(scratch.AsSpan(0, offset)));
        byte[] tail = h.TransformFinalBlock(message, offset, message.Length - offset);
        Assert.True(message.AsSpan(offset).SequenceEqual(tail));
        return h.Hash!;
    }

    /// <summary>Writes the message through a <see cref="CryptoStream"/> in odd-sized writes.</summary>
    public static byte[] ThroughCryptoStream(HashAlgorithm h, byte[] message)
    {
        using (var sink = new MemoryStream())
        using (var crypto = new CryptoStream(sink, h, CryptoStreamMode.Write, leaveOpen: true))
        {
            for (int offset = 0; offset < message.Length; offset += 37)
            {
                crypto.Write(message, offset, Math.Min(37, message.Length - offset));
            }

            crypto.FlushFinalBlock();
            Assert.True(message.AsSpan().SequenceEqual(sink.ToArray()));
        }

        return h.Hash!;
    }
}

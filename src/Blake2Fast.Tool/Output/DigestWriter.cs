using System;
using System.IO;
using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.Output;

/// <summary>
/// Writes a hash's output, as lower-case hex or as its raw bytes, a piece at a time: however long
/// <c>-l</c> makes it (BLAKE3 allows up to 2^64 bytes), the memory used stays two buffers of
/// <see cref="PieceLength"/> bytes.
/// </summary>
internal static class DigestWriter
{
    /// <summary>The output bytes read and written at a time.</summary>
    public const int PieceLength = 32 * 1024;

    /// <summary>Writes the rest of <paramref name="output"/> to <paramref name="destination"/> as lower-case hex, two digits a byte.</summary>
    public static void WriteHex(Stream destination, DigestOutput output)
    {
        if (output.Remaining <= 64)
        {
            // A digest of the usual length: one small write, no buffers.
            Span<byte> digest = stackalloc byte[(int)output.Remaining];
            Span<byte> hex = stackalloc byte[2 * digest.Length];
            output.Read(digest);
            _ = Convert.TryToHexStringLower(digest, hex, out _);
            destination.Write(hex);
            return;
        }

        byte[] bytes = new byte[PieceLength];
        byte[] digits = new byte[2 * PieceLength];
        while (output.Remaining > 0)
        {
            Span<byte> piece = bytes.AsSpan(0, (int)Math.Min(PieceLength, output.Remaining));
            output.Read(piece);
            _ = Convert.TryToHexStringLower(piece, digits, out int written);
            destination.Write(digits, 0, written);
        }
    }

    /// <summary>Writes the rest of <paramref name="output"/> to <paramref name="destination"/> as it is (<c>--raw</c>).</summary>
    public static void WriteRaw(Stream destination, DigestOutput output)
    {
        byte[] bytes = new byte[(int)Math.Min(PieceLength, output.Remaining)];
        while (output.Remaining > 0)
        {
            Span<byte> piece = bytes.AsSpan(0, (int)Math.Min(PieceLength, output.Remaining));
            output.Read(piece);
            destination.Write(piece);
        }
    }
}

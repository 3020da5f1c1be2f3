using System;
using System.IO;

namespace Blake2Fast.Tests;

/// <summary>
/// Every C# snippet of docs/bao.md, verbatim (DocSnippetTests checks that), run and checked against
/// answers from Debian's b3sum (the hashes) and from the data itself (what decodes).
/// </summary>
[Trait("Legs", "Kernel")]
public class BaoExamples
{
    private const string FoxBlake3 = "2f1514181aadccd913abd94cfa592701a5686ab23f8df1dff1b74710febc6d4a";
    private const string ZerosMiBBlake3 = "488de202f73bd976de4e7048f4e1f39a776d86d582b7348ff53bf432b987fca8";

    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    [Fact]
    public void Encode_and_decode_in_memory()
    {
        byte[] data = "The quick brown fox jumps over the lazy dog"u8.ToArray();
        byte[] hash = new byte[Bao.HashLength];
        byte[] encoded = Bao.Encode(data, hash);        // hash: the BLAKE3 hash of data
        byte[] decoded = Bao.Decode(encoded, hash);     // verified against hash, or an exception

        Assert.Equal(FoxBlake3, Hex(hash));
        Assert.Equal(8 + 43, encoded.Length);
        Assert.Equal(data, decoded);

        byte[] large = new byte[1024 * 1024];
        byte[] largeHash = new byte[32];
        byte[] largeEncoded = Bao.Encode(large, largeHash, maxDegreeOfParallelism: -1);
        byte[] largeDecoded = Bao.Decode(largeEncoded, largeHash, maxDegreeOfParallelism: -1);

        Assert.Equal(ZerosMiBBlake3, Hex(largeHash));
        Assert.Equal(8 + (1024 * 1024) + (64 * 1023), largeEncoded.Length);
        Assert.Equal(large, largeDecoded);

        byte[] buffer = new byte[Bao.EncodedLength(large.Length)];
        int written = Bao.Encode(large, buffer, largeHash, maxDegreeOfParallelism: 1);
        int decodedLength = Bao.Decode(buffer, largeHash, large, maxDegreeOfParallelism: 1);

        Assert.Equal(largeEncoded, buffer);
        Assert.Equal(buffer.Length, written);
        Assert.Equal(large.Length, decodedLength);
        Assert.Equal(new byte[large.Length], large);

        byte[] outboard = Bao.EncodeOutboard(large, largeHash);          // 8 + 64 x 1023 bytes
        byte[] checkedCopy = Bao.DecodeOutboard(large, outboard, largeHash);

        Assert.Equal(8 + (64 * 1023), outboard.Length);
        Assert.Equal(large, checkedCopy);

        using Stream source = new MemoryStream(largeEncoded);  // a file, a socket, a pipe...
        using Stream verified = Bao.CreateDecoder(source, largeHash);
        using var copy = new MemoryStream();
        verified.CopyTo(copy);                                 // throws at the first bad chunk

        Assert.Equal(large, copy.ToArray());

        using Stream seekable = Bao.CreateDecoder(new MemoryStream(large), new MemoryStream(outboard), largeHash);
        seekable.Seek(-100, SeekOrigin.End);                   // verifies the final chunk first
        byte[] tail = new byte[100];
        seekable.ReadExactly(tail);

        Assert.Equal(large.Length, seekable.Position);
        Assert.Equal(new byte[100], tail);

        byte[] slice = Bao.ExtractSlice(largeEncoded, start: 500_000, count: 2_000);   // about 4 KiB
        byte[] range = Bao.DecodeSlice(slice, largeHash, start: 500_000, count: 2_000);

        Assert.InRange(slice.Length, 3 * 1024, 4 * 1024);
        Assert.Equal(2_000, range.Length);

        using var input = new MemoryStream(large);             // a file, a pipe: read to its end
        using var output = new MemoryStream();                 // a FileStream opened ReadWrite
        byte[] streamHash = new byte[32];
        Bao.Encode(input, output, streamHash);

        Assert.Equal(ZerosMiBBlake3, Hex(streamHash));
        Assert.Equal(largeEncoded, output.ToArray());

        byte[] damaged = (byte[])encoded.Clone();
        damaged[20] ^= 1;                                      // one flipped bit in the chunk
        bool refused = false;
        try
        {
            Bao.Decode(damaged, hash);
        }
        catch (BaoVerificationException)
        {
            refused = true;
        }

        Assert.True(refused);
    }
}

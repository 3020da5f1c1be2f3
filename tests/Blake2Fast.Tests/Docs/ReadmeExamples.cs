using System;
using System.Linq;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>The C# snippets of readme.md, verbatim, run and checked against known answers.</summary>
public class ReadmeExamples : DocExamples
{
    [Fact]
    public void Quick_start_blake2()
    {
        byte[] data = "The quick brown fox jumps over the lazy dog"u8.ToArray();

        byte[] b512 = Blake2b.HashData(data);           // BLAKE2b-512
        byte[] b256 = Blake2b.HashData(data, 32);       // BLAKE2b-256
        byte[] s256 = Blake2s.HashData(data);           // BLAKE2s-256
        byte[] mac = Blake2b.HashData(key, data, 32);   // keyed BLAKE2b-256: a MAC

        Blake2bHashState hasher = Blake2b.CreateIncrementalHasher(32);
        hasher.Update("The quick brown "u8);
        hasher.Update("fox jumps over the lazy dog"u8);
        byte[] digest = hasher.Finish();                // the same as b256

        Assert.Equal(Fox512, Hex(b512));
        Assert.Equal(Fox256, Hex(b256));
        Assert.Equal(FoxS256, Hex(s256));
        Assert.Equal(FoxKeyed256, Hex(mac));
        Assert.Equal(Fox256, Hex(digest));
        Assert.Equal("ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923", Hex(Blake2b.HashData("abc"u8)));
    }

    [Fact]
    public void Quick_start_blake3()
    {
        byte[] hash = Blake3.HashData(data);                      // 32 bytes

        Span<byte> sessionKey = stackalloc byte[32];
        Blake3.DeriveKey("example.com 2026-11-25 session keys v1", data, sessionKey);

        byte[] large = new byte[64 << 20];
        Span<byte> fileHash = stackalloc byte[32];
        Blake3.HashData(large, fileHash, maxDegreeOfParallelism: -1);   // on every core

        Assert.Equal(Blake3Fox, Hex(hash));
        Assert.Equal(Blake3FoxDerived, Hex(sessionKey));
        Assert.Equal(Blake3Zeros64MiB, Hex(fileHash));
    }

    [Fact]
    public void Quick_start_bao()
    {
        byte[] rootHash = new byte[Bao.HashLength];
        byte[] encoded = Bao.Encode(data, rootHash);        // rootHash: the BLAKE3 hash of data
        byte[] decoded = Bao.Decode(encoded, rootHash);     // verified against rootHash, or an exception

        Assert.Equal(Blake3Fox, Hex(rootHash));
        Assert.Equal(8 + data.Length, encoded.Length);
        Assert.Equal(data, decoded);
    }

    [Fact]
    public void Quick_start_hmac_hkdf()
    {
        byte[] hmac = HMACBlake2s.HashData(key, data);            // HMAC-BLAKE2s, 32 bytes
        byte[] okm = HkdfBlake2s.DeriveKey(data, outputLength: 64, salt: key);

        // Python: hmac.new(key, data, hashlib.blake2s), and RFC 5869 over it with empty info.
        Assert.Equal("9505179e0db3e06c04ee58ead5fef82418c006b6cde11128421e08788236f98a", Hex(hmac));
        Assert.Equal("55612470637c519b4b6761aaf84127f9d9be77a2bb273c635ff2cfc9a424b9c28f8efb080da8b678133d059735b4e7b9c123cbdffcb0b09e62e1c9fe769d4c6d", Hex(okm));
    }
}

using System;
using System.Linq;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>The C# snippets of docs/blake3.md, verbatim, run and checked against known answers.</summary>
public class Blake3Examples : DocExamples
{
    [Fact]
    public void Blake3_modes_and_the_reader()
    {
        byte[] key32 = "whats the Elvish word for friend"u8.ToArray();
        byte[] hash = Blake3.HashData(data);                      // 32 bytes

        Span<byte> mac = stackalloc byte[32];
        Blake3.HashData(key32, data, mac);                        // keyed: the key is exactly 32 bytes

        Span<byte> sessionKey = stackalloc byte[32];
        Blake3.DeriveKey("example.com 2026-11-25 session keys v1", data, sessionKey);

        Blake3HashState hasher = Blake3.CreateIncrementalHasher();
        hasher.Update(data);
        byte[] far16;
        using (Blake3OutputReader reader = hasher.CreateOutputReader())
        {
            reader.Position = 1_000_000;                          // seek anywhere: free
            byte[] far = reader.Read(16);
            far16 = far;
        }

        byte[] digest = hasher.Finish();                          // the same 32 bytes as HashData

        // b3sum 1.2.0 on the same input: plain, --keyed (this key), --derive-key, and -l 1000016 (its last 16 bytes).
        Assert.Equal(Blake3Fox, Hex(hash));
        Assert.Equal(Blake3FoxKeyed, Hex(mac));
        Assert.Equal(Blake3FoxDerived, Hex(sessionKey));
        Assert.Equal(Blake3FoxAt1000000, Hex(far16));
        Assert.Equal(Hex(hash), Hex(digest));
    }

    [Fact]
    public void Blake3_on_every_core()
    {
        byte[] large = new byte[64 << 20];
        Span<byte> fileHash = stackalloc byte[32];
        Blake3.HashData(large, fileHash, maxDegreeOfParallelism: -1);

        // b3sum 1.2.0 of 64 MiB of zero bytes.
        Assert.Equal(Blake3Zeros64MiB, Hex(fileHash));
    }
}

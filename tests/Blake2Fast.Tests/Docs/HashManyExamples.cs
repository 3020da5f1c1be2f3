using System;
using System.Linq;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>The C# snippets of docs/hash-many.md, verbatim, run and checked against known answers.</summary>
public class HashManyExamples : DocExamples
{
    [Fact]
    public void Many_messages()
    {
        byte[] rows = Enumerable.Range(0, 300).Select(i => (byte)(i % 251)).ToArray();

        // One BLAKE2b-256 digest per chunk, 32 bytes each, in the chunks' order.
        ReadOnlyMemory<byte>[] chunks = [data, "abc"u8.ToArray(), Array.Empty<byte>()];
        byte[] digests = new byte[chunks.Length * 32];
        Blake2b.HashMany(chunks, digests, 32);                  // digest i = Blake2b.HashData(chunks[i], 32)

        // Fixed-length records back to back (here 3 rows of 100 bytes): a keyed BLAKE2s-128 tag per row.
        Span<byte> tags = stackalloc byte[3 * 16];
        Blake2s.HashMany(key, rows, 100, tags, 16);

        Assert.Equal(Fox256 + "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319" + "0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8", Hex(digests));
        Assert.Equal("e7107631ee19f82a39c70678e20b65f8" + "a4798f9aba838c78249e5b506baaa432" + "0a73402d2968c559eeb4d496aed0458e", Hex(tags));
    }

    /// <summary>
    /// The tree-hashing snippet: the file holds "hello s3git\n", whose digest is published
    /// (BLAKE3-NOTES.md section 4); the BLAKE2s answer is from Python's hashlib, node by node.
    /// </summary>
}

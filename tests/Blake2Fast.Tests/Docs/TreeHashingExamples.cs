using System;
using System.Linq;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>The C# snippets of docs/tree-hashing.md, verbatim, run and checked against known answers.</summary>
public class TreeHashingExamples : DocExamples
{
    [Fact]
    public void Tree_hashing()
    {
        string path = Path.GetTempFileName();
        try
        {
            File.WriteAllBytes(path, "hello s3git\n"u8.ToArray());

            // s3git's and bt2sum's digest of a file: BLAKE2b-512 tree, 5 MiB leaves, read and hashed on every core.
            using FileStream file = File.OpenRead(path);
            byte[] objectName = Blake2b.HashTree(file, 5 * 1024 * 1024);

            // From memory on the calling thread only: a BLAKE2s-256 tree with 4 KiB leaves.
            Span<byte> digest = stackalloc byte[32];
            Blake2s.HashTree(data, 4096, digest, maxDegreeOfParallelism: 1);

            Assert.Equal("18e622875a89cede0d7019b2c8afecf8928c21eac18ec51e38a8e6b829b82c3ef306dec34227929fa77b1c7c329b3d4e50ed9e72dc4dc885be0932d3f28d7053", Hex(objectName));
            Assert.Equal("9d2e575ec92456dcfd25400db24eb420eafaea9c25d9cd91d34332addb59c8d9", Hex(digest.ToArray()));
        }
        finally
        {
            File.Delete(path);
        }
    }

    /// <summary>
    /// The BLAKE2X snippet, run on the official KAT's input (bytes 0..255) and key (bytes 0..63 /
    /// 0..31) so that every output has an independent known answer.
    /// </summary>
}

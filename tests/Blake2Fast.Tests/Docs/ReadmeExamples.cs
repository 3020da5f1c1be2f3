using System;
using System.Linq;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>
/// Every C# snippet of readme.md, verbatim (ReadmeSnippetTests checks that), run and checked
/// against answers from Python's hashlib / b2sum and the RFC.
/// </summary>
public class ReadmeExamples
{
    private const string Fox512 = "a8add4bdddfd93e4877d2746e62817b116364a1fa7bc148d95090bc7333b3673f82401cf7aa2e4cb1ecd90296e3f14cb5413f8ed77be73045b13914cdcd6a918";
    private const string Fox256 = "01718cec35cd3d796dd00020e0bfecb473ad23457d063b75eff29c0ffa2e58a9";
    private const string FoxS256 = "606beeec743ccbeff6cbcdf5d5302aa855c256c29b88c8ed331ea1a6bf3c8812";
    private const string Blake3Fox = "2f1514181aadccd913abd94cfa592701a5686ab23f8df1dff1b74710febc6d4a";
    private const string Blake3FoxKeyed = "8243fa46b05dbbf045844c186bed1d591853b046f4f272d1c5d4ca5881d5e99c";
    private const string Blake3FoxDerived = "a2b536e9a04d5cc06e3db70b942f68b4c3a60e18b18ee99e4b8f173f45f8cdcb";
    private const string Blake3FoxAt1000000 = "37165de3544af67d46a4def51b9703cd";
    private const string Blake3Zeros64MiB = "ea7b156fc9a810c181984f9e2da433feeeb2bf88ffa4d1f0dc1a92154b5bdc8b";
    private const string FoxKeyed256 = "157e3fa0aa92c8e88af23b0a302aaf271f28198ac5daafc1aca6933229f711a0";

    private static readonly byte[] data = "The quick brown fox jumps over the lazy dog"u8.ToArray();
    private static readonly byte[] key = "my secret key"u8.ToArray();

    private static string Hex(ReadOnlySpan<byte> bytes) => Convert.ToHexStringLower(bytes);

    [Fact]
    public void Quick_start()
    {
        byte[] data = "The quick brown fox jumps over the lazy dog"u8.ToArray();

        byte[] b512 = Blake2b.HashData(data);           // BLAKE2b-512
        byte[] b256 = Blake2b.HashData(data, 32);       // BLAKE2b-256
        byte[] s256 = Blake2s.HashData(data);           // BLAKE2s-256

        Assert.Equal(Fox512, Hex(b512));
        Assert.Equal(Fox256, Hex(b256));
        Assert.Equal(FoxS256, Hex(s256));
        Assert.Equal("ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923", Hex(Blake2b.HashData("abc"u8)));
    }

    [Fact]
    public void Keyed()
    {
        byte[] key = "my secret key"u8.ToArray();       // 0 to 64 bytes (BLAKE2s: 0 to 32)
        byte[] mac = Blake2b.HashData(key, data, 32);   // keyed BLAKE2b-256: a MAC

        Assert.Equal(FoxKeyed256, Hex(mac));
    }

    [Fact]
    public void Into_a_span()
    {
        Span<byte> digest = stackalloc byte[32];
        Blake2b.HashData(data, digest);                 // the destination's length is the digest length

        byte[] buffer = new byte[100];
        if (Blake2s.TryHashData(data, buffer, out int written))
        {
            // written == 32: BLAKE2s-256 in buffer[..32]; buffer[32..] is untouched
        }

        Assert.Equal(Fox256, Hex(digest));
        Assert.Equal(32, written);
        Assert.Equal(FoxS256, Hex(buffer.AsSpan(0, 32)));
        Assert.All(buffer[32..], b => Assert.Equal(0, b));
    }

    [Fact]
    public void With_parameters()
    {
        var parameters = new Blake2bParameters
        {
            DigestLength = 32,
            Key = key,
            Salt = "pepper"u8.ToArray(),                // up to 16 bytes (BLAKE2s: 8), zero-padded
            Personalization = "MyApp v1 tokens"u8.ToArray(),
        };
        byte[] tagged = Blake2b.HashData(parameters, data);

        Assert.Equal("1cc9c6d7b53f917439fb6c189ea4d88a76639f30a55ad4e5da091cea945ba1d3", Hex(tagged));
    }

    [Fact]
    public async Task Streams()
    {
        string path = Path.GetTempFileName();
        try
        {
            await File.WriteAllBytesAsync(path, data);
            CancellationToken cancellationToken = CancellationToken.None;

            using (FileStream file = File.OpenRead(path))
            {
                byte[] fileDigest = Blake2b.HashData(file);   // reads to the end of the stream
                Assert.Equal(Fox512, Hex(fileDigest));
            }

            using (FileStream file = File.OpenRead(path))
            {
                byte[] fileDigest = await Blake2b.HashDataAsync(file, cancellationToken);
                Assert.Equal(Fox512, Hex(fileDigest));
            }
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Fact]
    public void Incremental()
    {
        Blake2bHashState hasher = Blake2b.CreateIncrementalHasher(32);
        hasher.Update("The quick brown "u8);
        hasher.Update("fox jumps over the lazy dog"u8);
        byte[] digest = hasher.Finish();                // same as Blake2b.HashData(data, 32)

        Assert.Equal(Fox256, Hex(digest));
    }

    [Fact]
    public void Incremental_generic_values()
    {
        Blake2bHashState hasher = Blake2b.CreateIncrementalHasher(32);
        hasher.Update(data);
        hasher.Update(42);                              // the 4 bytes of an int, in memory order
        hasher.Update(new[] { 1.5, 2.5 });              // the 16 bytes of two doubles
        byte[] digest = hasher.Finish();

        // hashlib: blake2b(fox + struct.pack('<i', 42) + struct.pack('<2d', 1.5, 2.5), digest_size=32)
        Assert.Equal("a92d43503f23c0752355a35694336e79fe9f66f8a102b3ca07dc04157bac0e57", Hex(digest));
    }

    [Fact]
    public void Copies_fork()
    {
        Blake2bHashState prefix = Blake2b.CreateIncrementalHasher(32);
        prefix.Update("header|"u8);
        Blake2bHashState forA = prefix;                 // a copy continues independently
        Blake2bHashState forB = prefix;
        forA.Update("a"u8);
        forB.Update("b"u8);
        byte[] digestA = forA.Finish();                 // BLAKE2b-256("header|a")
        byte[] digestB = forB.Finish();                 // BLAKE2b-256("header|b")
        prefix.Clear();                                 // erase the copy that will not be finished

        Assert.Equal("9cee383207e6aec4195089df6a5c1b967707780943c039d2ea8dfc786148a5c6", Hex(digestA));
        Assert.Equal("2129ea8381b501fbfc0ca728bcdb377c29ef47fda67499859e1e58fab6c6d244", Hex(digestB));
    }

    [Fact]
    public void Reset()
    {
        Blake2bHashState hasher = Blake2b.CreateIncrementalHasher(32, key);
        hasher.Update("something to discard"u8);
        hasher.Reset();                                 // back to the start: same key and parameters
        hasher.Update(data);
        byte[] mac = hasher.Finish();

        Assert.Equal(FoxKeyed256, Hex(mac));
    }

    [Fact]
    public void Crypto_stream()
    {
        using HashAlgorithm blake2b = Blake2b.CreateHashAlgorithm(32);
        using (var hashing = new CryptoStream(Stream.Null, blake2b, CryptoStreamMode.Write))
        {
            hashing.Write(data);
        }

        byte[] digest = blake2b.Hash!;

        Assert.Equal(Fox256, Hex(digest));
    }

    [Fact]
    public void Hmac()
    {
        using HMAC keyed = Blake2b.CreateHMAC(32, key);  // keyed BLAKE2b, not RFC 2104 HMAC
        byte[] mac = keyed.ComputeHash(data);           // same as Blake2b.HashData(key, data, 32)

        Assert.Equal(FoxKeyed256, Hex(mac));
    }

    [Fact]
    public void Rfc2104_hmac()
    {
        byte[] mac = HMACBlake2s.HashData(key, data);       // RFC 2104 HMAC-BLAKE2s, 32 bytes

        using var hmac = new HMACBlake2s(key);              // the key schedule runs once here,
        byte[] again = hmac.ComputeHash(data);              // so each MAC of a short message costs two compressions

        // Python: hmac.new(key, data, hashlib.blake2s).hexdigest()
        Assert.Equal("9505179e0db3e06c04ee58ead5fef82418c006b6cde11128421e08788236f98a", Hex(mac));
        Assert.Equal(Hex(mac), Hex(again));
    }

    [Fact]
    public void Noise_key_schedule()
    {
        byte[] chainingKey = Blake2s.HashData("Noise_IK_25519_ChaChaPoly_BLAKE2s"u8);
        Span<byte> outputs = stackalloc byte[2 * HkdfBlake2s.HashLength];
        HkdfBlake2s.DeriveKey(data, outputs, salt: chainingKey, info: default);
        byte[] nextChainingKey = outputs[..32].ToArray();
        byte[] cipherKey = outputs[32..].ToArray();
        outputs.Clear();                                   // erase the copy on the stack

        // Python, from the Noise specification's HKDF: temp = HMAC(ck, ikm); o1 = HMAC(temp, 0x01);
        // o2 = HMAC(temp, o1 || 0x02), with hmac.new(..., hashlib.blake2s).
        Assert.Equal("cb592b03122748dbaea6035b05af80f1f2c6ee0f667366de66e09d8a512f16ed", Hex(nextChainingKey));
        Assert.Equal("03b6f6bfe09fb65f55e745340a1e7d4c7fd20a5f4597cbb79de48a7b552fb868", Hex(cipherKey));
    }

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

    [Fact]
    public void Migrating_from_2x()
    {
        byte[] digest = Blake2b.ComputeHash(32, data);
        byte[] mac = Blake2b.ComputeHash(32, key, data);

        byte[] chain = new byte[64];
        for (int i = 0; i < 1000; i++)
        {
            Blake2b.ComputeAndWriteHash(chain, chain);  // input and output may overlap
        }

        Assert.Equal(Fox256, Hex(digest));
        Assert.Equal(FoxKeyed256, Hex(mac));
        Assert.Equal("06caa0e2e8a376be5d29b6e6b2eab4f49d401cf739315e19e09f6fb60bf0659dc4c1230247709c773f71d46382916747775771fd09bd14d1a6880ae9fb90baa5", Hex(chain));
    }

    [Fact]
    public void Migrating_any_hasher_through_the_2x_interface()
    {
        static byte[] HashAll(IBlake2Incremental hasher, ReadOnlySpan<byte> first, ReadOnlySpan<byte> second)
        {
            hasher.Update(first);
            hasher.Update(second);
            return hasher.Finish();
        }

        byte[] viaInterface = HashAll(Blake2b.CreateIncrementalHasher(32), data.AsSpan(0, 10), data.AsSpan(10));

        Assert.Equal(Fox256, Hex(viaInterface));
    }

    [Fact]
    public void Bad_input()
    {
        var e = Assert.Throws<ArgumentOutOfRangeException>(() =>
        {
            Blake2b.HashData(data, 65);                 // ArgumentOutOfRangeException, ParamName "digestLength"
        });

        Assert.Equal("digestLength", e.ParamName);
        Assert.Equal("The digest length must be between 1 and 64 bytes; 65 was given. (Parameter 'digestLength')" + Environment.NewLine + "Actual value was 65.", e.Message);
    }

    /// <summary>
    /// Two plain arrays are refused at compile time (HashData(byte[], byte[]) is an error-level
    /// obsolete member), so the README's named-argument and span forms are the only ways to write it.
    /// </summary>
    [Fact]
    public void Two_arrays_need_names_or_a_span()
    {
        byte[] someArray = new byte[32];
        byte[] result = Blake2b.HashData(key: key, source: someArray);
        Assert.Equal("6f6557f03059a840bacb11676631a817fab87593b081b718546eeabf183b7b8860cdb1f1a92b7ffb7b9a39563230e5d08d056d86599551bf3b3475f0df73aa24", Hex(result)); // hashlib: blake2b(bytes(32), key=key)
        Assert.All(someArray, b => Assert.Equal(0, b));

        Blake2b.HashData(data, someArray.AsSpan());
        Assert.Equal(Fox256, Hex(someArray));

        foreach (Type facade in new[] { typeof(Blake2b), typeof(Blake2s), typeof(Blake2bp), typeof(Blake2sp) })
        {
            System.Reflection.MethodInfo guard = facade.GetMethod(nameof(Blake2b.HashData), [typeof(byte[]), typeof(byte[])])!;
            ObsoleteAttribute obsolete = Assert.Single(guard.GetCustomAttributes(typeof(ObsoleteAttribute), false).Cast<ObsoleteAttribute>());
            Assert.True(obsolete.IsError, facade.Name);
            Assert.Throws<System.Reflection.TargetInvocationException>(() => guard.Invoke(null, [key, someArray]));
        }
    }

    [Fact]
    public void Parallel_modes()
    {
        byte[] bp = Blake2bp.HashData(data);                    // BLAKE2bp-512
        byte[] spMac = Blake2sp.HashData(key, data, 16);        // keyed BLAKE2sp, 16-byte digest

        var parallel = Blake2bp.CreateIncrementalHasher(32);    // a mutable struct, like Blake2bHashState
        parallel.Update(data);
        byte[] bp256 = parallel.Finish();

        using HashAlgorithm bpAlgorithm = Blake2bp.CreateHashAlgorithm();

        // Answers from the reference C library, libb2 0.98.1 (blake2bp / blake2sp through Python ctypes).
        Assert.Equal("f10e0523631699102c63412c0701fa19f6550fbac0e9c035803c6033b50465222bb92ee0af0dad53edca32f0e08a72c077a6cafc6f4d24a7fb649079d47ce089", Hex(bp));
        Assert.Equal("e52411c48c7384f9518da07a1278ac66", Hex(spMac));
        Assert.Equal("4184d2acbcce03adc3b8f2fccd1ae3d6ced3aa0b051ae648f6986bb46579a0cf", Hex(bp256));
        Assert.Equal(Hex(bp), Hex(bpAlgorithm.ComputeHash(data)));
    }

    /// <summary>The HashMany snippet; answers from Python's hashlib.</summary>
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
    [Fact]
    public void Extendable_output()
    {
        byte[] data = Enumerable.Range(0, 256).Select(i => (byte)i).ToArray();
        byte[] key = Enumerable.Range(0, 32).Select(i => (byte)i).ToArray();

        byte[] okm = Blake2Xb.HashData(data, outputLength: 100);     // 100 bytes of output
        Span<byte> mask = stackalloc byte[200];
        Blake2Xs.HashData(key, data, mask);                          // keyed; destination length = output length

        var xof = Blake2Xb.CreateIncrementalHasher(outputLength: 256);
        xof.Update(data);
        byte[] first, second;
        using (Blake2XbReader reader = xof.Finish())                // erases the hasher; Dispose erases the rest
        {
            first = reader.Read(64);                                 // each Read continues where the last stopped
            second = reader.Read(64);
        }

        byte[] Kat(string algorithm, bool keyed, int length) => TestData.KatCases(algorithm)
            .Single(c => c.Key.Length != 0 == keyed && c.Expected.Length == length && c.Input.Length == 256).Expected;
        Assert.Equal(Hex(Kat("blake2xb", false, 100)), Hex(okm));
        Assert.Equal(Hex(Kat("blake2xs", true, 200)), Hex(mask));
        Assert.Equal(Hex(Kat("blake2xb", false, 256).AsSpan(0, 128)), Hex([.. first, .. second]));
    }
}

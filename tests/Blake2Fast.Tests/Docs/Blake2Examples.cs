using System;
using System.Linq;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>The C# snippets of docs/blake2.md, verbatim, run and checked against known answers.</summary>
public class Blake2Examples : DocExamples
{
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
}

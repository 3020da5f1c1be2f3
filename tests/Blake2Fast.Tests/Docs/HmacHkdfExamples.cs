using System;
using System.Linq;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>The C# snippets of docs/hmac-hkdf.md, verbatim, run and checked against known answers.</summary>
public class HmacHkdfExamples : DocExamples
{
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
}

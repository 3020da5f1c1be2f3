using System;

namespace Blake2Fast.Tests;

/// <summary>
/// The RFC 7693 Appendix E self-test, written over delegates so that every API surface (one-shot,
/// incremental, HashAlgorithm) can be run through it.
/// </summary>
public static class SelfTest
{
    public static readonly byte[] Blake2bExpected = Convert.FromHexString("c23a7800d98123bd10f506c61e29da5603d763b8bbad2e737f5e765a7bccd475");
    public static readonly byte[] Blake2sExpected = Convert.FromHexString("6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe");

    public static readonly int[] Blake2bDigestLengths = [20, 32, 48, 64];
    public static readonly int[] Blake2bInputLengths = [0, 3, 128, 129, 255, 1024];
    public static readonly int[] Blake2sDigestLengths = [16, 20, 28, 32];
    public static readonly int[] Blake2sInputLengths = [0, 3, 64, 65, 255, 1024];

    /// <summary>The self-test's digest lengths, input lengths and expected result for blake2b or blake2s.</summary>
    public static (int[] Digests, int[] Inputs, byte[] Expected) For(string algorithm) => algorithm switch
    {
        "blake2b" => (Blake2bDigestLengths, Blake2bInputLengths, Blake2bExpected),
        "blake2s" => (Blake2sDigestLengths, Blake2sInputLengths, Blake2sExpected),
        _ => throw new ArgumentOutOfRangeException(nameof(algorithm), algorithm, null),
    };

    /// <summary>The RFC's deterministic byte sequence (a Fibonacci generator seeded with the length).</summary>
    public static byte[] Sequence(int length, uint seed)
    {
        byte[] output = new byte[length];
        uint a = 0xDEAD4BAD * seed;
        uint b = 1;
        for (int i = 0; i < length; i++)
        {
            uint t = a + b;
            a = b;
            b = t;
            output[i] = (byte)(t >> 24);
        }

        return output;
    }

    /// <summary>
    /// Runs the self-test. <paramref name="hash"/> computes (digestLength, key, input) → digest;
    /// the results are fed into one 32-byte hash computed the same way, through
    /// <paramref name="accumulate"/> (all digests concatenated, as one incremental context would see them).
    /// </summary>
    public static byte[] Run(int[] digestLengths, int[] inputLengths, Func<int, byte[], byte[], byte[]> hash)
    {
        using var all = new System.IO.MemoryStream();
        foreach (int outlen in digestLengths)
        {
            foreach (int inlen in inputLengths)
            {
                byte[] input = Sequence(inlen, (uint)inlen);
                all.Write(hash(outlen, [], input));
                byte[] key = Sequence(outlen, (uint)outlen);
                all.Write(hash(outlen, key, input));
            }
        }

        return hash(32, [], all.ToArray());
    }
}

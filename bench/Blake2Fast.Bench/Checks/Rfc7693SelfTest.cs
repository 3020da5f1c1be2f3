using System;
using System.Collections.Generic;
using System.IO;

namespace Blake2Fast.Bench.Checks;

/// <summary>
/// The self-test of RFC 7693 Appendix E: many digests of the RFC's pseudo-random inputs, plain and
/// keyed, hashed together into one 32-byte value with a published answer. It exercises digest
/// lengths, keys, empty input and inputs at and just past block boundaries in one number.
/// </summary>
internal static class Rfc7693SelfTest
{
    /// <summary>A hash under test: (digest length, key, input) to digest.</summary>
    public delegate byte[] HashFunction(int digestLength, byte[] key, byte[] input);

    /// <summary>The BLAKE2b parameters and answer from the RFC.</summary>
    public static readonly Variant Blake2bTest = new(
        [20, 32, 48, 64], [0, 3, 128, 129, 255, 1024],
        Convert.FromHexString("c23a7800d98123bd10f506c61e29da5603d763b8bbad2e737f5e765a7bccd475"));

    /// <summary>The BLAKE2s parameters and answer from the RFC.</summary>
    public static readonly Variant Blake2sTest = new(
        [16, 20, 28, 32], [0, 3, 64, 65, 255, 1024],
        Convert.FromHexString("6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe"));

    /// <summary>Fills <paramref name="destination"/> with the RFC's Fibonacci-style byte sequence for <paramref name="seed"/>.</summary>
    public static void FillSequence(Span<byte> destination, uint seed)
    {
        uint a = 0xDEAD4BAD * seed;
        uint b = 1;
        for (int i = 0; i < destination.Length; i++)
        {
            uint t = a + b;
            a = b;
            b = t;
            destination[i] = (byte)(t >> 24);
        }
    }

    /// <summary>Runs the self-test through <paramref name="hash"/> and returns the final 32-byte value.</summary>
    public static byte[] Run(Variant variant, HashFunction hash)
    {
        using var all = new MemoryStream();
        foreach (int digestLength in variant.DigestLengths)
        {
            foreach (int inputLength in variant.InputLengths)
            {
                byte[] input = Sequence(inputLength);
                all.Write(hash(digestLength, [], input));
                all.Write(hash(digestLength, Sequence(digestLength), input));
            }
        }

        // The RFC feeds every digest into one context; hashing their concatenation is the same.
        return hash(32, [], all.ToArray());
    }

    /// <summary>Whether <paramref name="hash"/> passes.</summary>
    public static bool Passes(Variant variant, HashFunction hash) => Run(variant, hash).AsSpan().SequenceEqual(variant.Expected);

    private static byte[] Sequence(int length)
    {
        byte[] bytes = new byte[length];
        FillSequence(bytes, (uint)length);
        return bytes;
    }

    /// <summary>One of the RFC's two test definitions.</summary>
    public sealed record Variant(IReadOnlyList<int> DigestLengths, IReadOnlyList<int> InputLengths, byte[] Expected);
}

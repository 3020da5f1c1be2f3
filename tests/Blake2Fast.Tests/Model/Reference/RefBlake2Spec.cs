using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Tests;

/// <summary>
/// What tells BLAKE2b from BLAKE2s (RFC 7693 section 2.1), and the round function both share with
/// BLAKE3. Deliberately plain: words are held in <see cref="ulong"/>s whatever their size and cut to
/// <see cref="Mask"/> after every operation, so one piece of code is obviously both algorithms.
/// This reference is part of the tests and calls nothing in the library.
/// </summary>
internal sealed class RefBlake2Spec
{
    /// <summary>BLAKE2b: 64-bit words, 12 rounds, rotations 32, 24, 16, 63, the SHA-512 IV.</summary>
    public static readonly RefBlake2Spec B = new("BLAKE2b", 8, 12, [32, 24, 16, 63],
    [
        0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
        0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
    ]);

    /// <summary>BLAKE2s: 32-bit words, 10 rounds, rotations 16, 12, 8, 7, the SHA-256 IV (also BLAKE3's).</summary>
    public static readonly RefBlake2Spec S = new("BLAKE2s", 4, 10, [16, 12, 8, 7],
    [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]);

    /// <summary>
    /// The message schedule, RFC 7693 section 2.7 (round r uses row r mod 10), each row's entries
    /// written as hexadecimal digits.
    /// </summary>
    public static readonly byte[][] Sigma = Array.ConvertAll(
        ["0123456789abcdef", "ea489fd61c02b753", "b8c052fdae367194", "7931dcbe265a40f8", "905724afe1bc683d",
         "2c6a0b834d75fe19", "c51fed4a0763928b", "db7ec13950f4862a", "6fe9b308c2d714a5", "a2847615fb9e3cd0"],
        row => Array.ConvertAll(row.ToCharArray(), digit => Convert.ToByte(digit.ToString(), 16)));

    private readonly int[] _rotations;

    private RefBlake2Spec(string name, int wordBytes, int rounds, int[] rotations, ulong[] iv)
    {
        Name = name;
        WordBytes = wordBytes;
        Rounds = rounds;
        _rotations = rotations;
        IV = iv;
        Mask = wordBytes == 8 ? ulong.MaxValue : uint.MaxValue;
    }

    public string Name { get; }

    /// <summary>8 for BLAKE2b, 4 for BLAKE2s.</summary>
    public int WordBytes { get; }

    public int Rounds { get; }

    public ulong[] IV { get; }

    /// <summary>All ones in a word: the finalization flags, and the cut after every addition.</summary>
    public ulong Mask { get; }

    public int BlockBytes => 16 * WordBytes;

    /// <summary>The largest digest and key: 64 / 32 bytes; also BLAKE2X's H0 and output block.</summary>
    public int MaxDigest => 8 * WordBytes;

    public int SaltBytes => 2 * WordBytes;

    public int ParameterBytes => 8 * WordBytes;

    public ulong Add(ulong a, ulong b) => (a + b) & Mask;

    public ulong RotateRight(ulong x, int n) => ((x >> n) | (x << ((8 * WordBytes) - n))) & Mask;

    /// <summary>The mixing function G on state words a, b, c, d with message words x, y.</summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void G(ulong[] v, int a, int b, int c, int d, ulong x, ulong y)
    {
        v[a] = Add(Add(v[a], v[b]), x);
        v[d] = RotateRight(v[d] ^ v[a], _rotations[0]);
        v[c] = Add(v[c], v[d]);
        v[b] = RotateRight(v[b] ^ v[c], _rotations[1]);
        v[a] = Add(Add(v[a], v[b]), y);
        v[d] = RotateRight(v[d] ^ v[a], _rotations[2]);
        v[c] = Add(v[c], v[d]);
        v[b] = RotateRight(v[b] ^ v[c], _rotations[3]);
    }

    /// <summary>
    /// One round: G on the four columns, then on the four diagonals, the i-th G taking message
    /// words <paramref name="words"/>[2i] and [2i+1] (already put in the round's order).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public void Round(ulong[] v, ReadOnlySpan<ulong> words)
    {
        G(v, 0, 4, 8, 12, words[0], words[1]);
        G(v, 1, 5, 9, 13, words[2], words[3]);
        G(v, 2, 6, 10, 14, words[4], words[5]);
        G(v, 3, 7, 11, 15, words[6], words[7]);
        G(v, 0, 5, 10, 15, words[8], words[9]);
        G(v, 1, 6, 11, 12, words[10], words[11]);
        G(v, 2, 7, 8, 13, words[12], words[13]);
        G(v, 3, 4, 9, 14, words[14], words[15]);
    }

    /// <summary>Word <paramref name="index"/> of <paramref name="bytes"/>, little-endian.</summary>
    public ulong ReadWord(ReadOnlySpan<byte> bytes, int index)
    {
        ulong word = 0;
        for (int i = WordBytes - 1; i >= 0; i--)
        {
            word = (word << 8) | bytes[(index * WordBytes) + i];
        }

        return word;
    }

    /// <summary>Writes <paramref name="word"/> little-endian at byte <paramref name="offset"/>, <paramref name="count"/> bytes of it.</summary>
    public static void WriteLittleEndian(Span<byte> bytes, int offset, ulong word, int count)
    {
        for (int i = 0; i < count; i++)
        {
            bytes[offset + i] = (byte)(word >> (8 * i));
        }
    }

    public override string ToString() => Name;
}

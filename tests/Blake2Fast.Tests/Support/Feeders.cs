using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tests;

/// <summary>
/// Ways of feeding one message to an incremental hasher: every one must give the digest of the
/// whole message. They cut the message at awkward places (single bytes, around block boundaries,
/// random) and through every Update overload, including the generic ones fed with values whose
/// in-memory bytes are the message's bytes.
/// </summary>
public static class Feeders
{
    public static IReadOnlyList<(string Name, Action<IHasher, byte[]> Feed)> For(Api api)
    {
        int b = api.BlockLength;
        return
        [
            ("whole", (h, m) => h.Update(m)),
            ("empty updates around", (h, m) =>
            {
                h.Update([]);
                h.Update(m);
                h.Update([]);
            }),
            ("single bytes", (h, m) => Fixed(h, m, 1)),
            ($"chunks of {b - 1}", (h, m) => Fixed(h, m, b - 1)),
            ($"chunks of {b}", (h, m) => Fixed(h, m, b)),
            ($"chunks of {b + 1}", (h, m) => Fixed(h, m, b + 1)),
            ($"chunks of {2 * b + 1}", (h, m) => Fixed(h, m, 2 * b + 1)),
            ("first 1 byte then the rest", (h, m) =>
            {
                h.Update(m.AsSpan(0, Math.Min(1, m.Length)));
                h.Update(m.AsSpan(Math.Min(1, m.Length)));
            }),
            ("random splits, seed 1", (h, m) => Random(h, m, new Random(1), b, genericUpdates: false)),
            ("random splits, seed 2", (h, m) => Random(h, m, new Random(2), b, genericUpdates: false)),
            ("generic Update<T> values, spans, arrays, segments, seed 3", (h, m) => Random(h, m, new Random(3), b, genericUpdates: true)),
            ("generic Update<T> values, spans, arrays, segments, seed 4", (h, m) => Random(h, m, new Random(4), b, genericUpdates: true)),
            ("Update<ulong> values then bytes", (h, m) =>
            {
                int i = 0;
                for (; i + 8 <= m.Length; i += 8)
                {
                    h.UpdateValue(MemoryMarshal.Read<ulong>(m.AsSpan(i)));
                }

                h.Update(m.AsSpan(i));
            }),
            ("Update<int> values then bytes", (h, m) =>
            {
                int i = 0;
                for (; i + 4 <= m.Length; i += 4)
                {
                    h.UpdateValue(MemoryMarshal.Read<int>(m.AsSpan(i)));
                }

                h.Update(m.AsSpan(i));
            }),
        ];
    }

    private static void Fixed(IHasher h, byte[] m, int size)
    {
        for (int i = 0; i < m.Length; i += size)
        {
            h.Update(m.AsSpan(i, Math.Min(size, m.Length - i)));
        }
    }

    /// <summary>Random cuts, some of them empty, long enough to cross several blocks.</summary>
    private static void Random(IHasher h, byte[] m, Random random, int block, bool genericUpdates)
    {
        // The machine is little-endian, so a value's memory bytes are the message's bytes.
        Assert.True(BitConverter.IsLittleEndian);
        int i = 0;
        while (i < m.Length)
        {
            int mode = genericUpdates ? random.Next(7) : 6;
            int size = mode switch
            {
                0 => 8,
                1 => 4 * random.Next(0, (block / 2) + 2),
                2 => 8 * random.Next(0, (block / 4) + 2),
                3 => 2 * random.Next(0, block + 2),
                4 => 16,
                5 => 4,
                _ => random.Next(0, (2 * block) + 2),
            };
            if (size > m.Length - i)
            {
                mode = 6;
                size = m.Length - i;
            }

            ReadOnlySpan<byte> piece = m.AsSpan(i, size);
            i += size;
            switch (mode)
            {
                case 0:
                    h.UpdateValue(MemoryMarshal.Read<ulong>(piece));
                    break;
                case 1:
                    h.UpdateSpan(MemoryMarshal.Cast<byte, uint>(piece));
                    break;
                case 2:
                    h.UpdateArray(MemoryMarshal.Cast<byte, long>(piece).ToArray());
                    break;
                case 3:
                    // A segment that does not start at the array's beginning.
                    short[] values = new short[(size / 2) + 3];
                    MemoryMarshal.Cast<byte, short>(piece).CopyTo(values.AsSpan(2));
                    h.UpdateSegment(new ArraySegment<short>(values, 2, size / 2));
                    break;
                case 4:
                    h.UpdateValue(MemoryMarshal.Read<Guid>(piece));
                    break;
                case 5:
                    h.UpdateValue(MemoryMarshal.Read<int>(piece));
                    break;
                default:
                    h.Update(piece);
                    break;
            }
        }
    }
}

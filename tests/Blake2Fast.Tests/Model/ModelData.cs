using System;
using System.Collections.Generic;
using System.Linq;
using CsCheck;

namespace Blake2Fast.Tests;

/// <summary>Generators and data the model tests share.</summary>
internal static class ModelData
{
    /// <summary>
    /// The bytes an operation feeds: a pattern of <paramref name="length"/> bytes set by
    /// <paramref name="seed"/>, so a printed operation ("37 bytes #5") says exactly what it hashed.
    /// </summary>
    public static byte[] Bytes(int length, int seed)
    {
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++)
        {
            data[i] = (byte)((i * 167) + (seed * 59) + (i >> 8) + 1);
        }

        return data;
    }

    /// <summary>
    /// A length for input or output: mostly small, often on either side of the block and chunk sizes
    /// (<paramref name="boundaries"/> and their multiples), now and then up to <paramref name="large"/>.
    /// Smaller lengths come first, so that CsCheck shrinks toward them.
    /// </summary>
    public static Gen<int> Length(int large, params int[] boundaries)
    {
        int[] edges = boundaries
            .SelectMany(b => new[] { b, 2 * b, 3 * b, 4 * b })
            .SelectMany(b => new[] { b - 1, b, b + 1 })
            .Where(n => n >= 0 && n <= large)
            .Distinct()
            .Order()
            .ToArray();
        return Gen.Frequency(
            (6, Gen.Int[0, 16]),
            (6, Gen.Int[0, boundaries.Max() + 8]),
            (5, Pick(edges)),
            (1, Gen.Int[0, large]));
    }

    /// <summary>One of <paramref name="values"/> (the first is the simplest, for shrinking).</summary>
    public static Gen<T> Pick<T>(IReadOnlyList<T> values) => Gen.Int[0, values.Count - 1].Select(i => values[i]);

    public static string Hex(ReadOnlySpan<byte> bytes) => bytes.Length <= 16
        ? Convert.ToHexString(bytes)
        : $"{Convert.ToHexString(bytes[..16])}... ({bytes.Length} bytes)";

    /// <summary>A numbered list of operations, one a line, under a heading.</summary>
    public static string Print<TOp>(string heading, IEnumerable<TOp> operations) =>
        heading + Environment.NewLine + string.Join(Environment.NewLine, operations.Select((op, i) => $"  {i + 1,3}. {op}"));
}

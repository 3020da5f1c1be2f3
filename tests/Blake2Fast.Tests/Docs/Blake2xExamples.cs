using System;
using System.Linq;
using System.IO;
using System.Security.Cryptography;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>The C# snippets of docs/blake2x.md, verbatim, run and checked against known answers.</summary>
public class Blake2xExamples : DocExamples
{
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

using System;
using System.IO;
using System.Linq;
using System.Numerics;
using System.Text.Json;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// The byte counter carrying from its low word into its high word (after 2^64 bytes for BLAKE2b,
/// 2^32 for BLAKE2s, and the wrap of the whole counter), through every compress kernel this
/// machine supports. No message is long enough to reach these counters, so the kernels are
/// called directly; expected chains come from Vectors/counter-vectors.json (a pure-Python
/// RFC 7693 compress checked against hashlib, see make-counter-vectors.py).
/// </summary>
[Trait("Legs", "Kernel")]
public class CounterCarryTests
{
    private sealed record CounterCase(string Algorithm, BigInteger Start, byte[] Blocks, byte[] AfterBlocks, BigInteger CounterAfterBlocks, int FinalIncrement, byte[] AfterFinal);

    private static CounterCase[] Load(string algorithm)
    {
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "Vectors", "counter-vectors.json")));
        return doc.RootElement.GetProperty("cases").EnumerateArray()
            .Where(e => e.GetProperty("alg").GetString() == algorithm)
            .Select(e => new CounterCase(
                algorithm,
                BigInteger.Parse(e.GetProperty("counter_start").GetString()!, System.Globalization.CultureInfo.InvariantCulture),
                Convert.FromHexString(e.GetProperty("blocks").GetString()!),
                Convert.FromHexString(e.GetProperty("chain_after_blocks").GetString()!),
                BigInteger.Parse(e.GetProperty("counter_after_blocks").GetString()!, System.Globalization.CultureInfo.InvariantCulture),
                e.GetProperty("final_increment").GetInt32(),
                Convert.FromHexString(e.GetProperty("chain_after_final").GetString()!)))
            .ToArray();
    }

    private static (ulong T0, ulong T1) Split(BigInteger counter, int wordBits) =>
        wordBits == 64
            ? ((ulong)(counter & ulong.MaxValue), (ulong)(counter >> 64))
            : ((ulong)counter, 0UL); // BLAKE2s keeps its whole 64-bit counter in t0

    private static BigInteger Join(ulong t0, ulong t1, int wordBits) =>
        wordBits == 64 ? ((BigInteger)t1 << 64) | t0 : t0;

    private delegate void Compress(byte kernel, Span<byte> chain, ReadOnlySpan<byte> blocks, ref ulong t0, ref ulong t1, uint increment, bool final, bool lastNode);

    [Fact]
    public void Blake2b_counter_carries_in_every_kernel()
    {
        byte[] kernels = Enum.GetValues<Blake2bKernel>().Where(Blake2bKernels.IsSupported).Select(k => (byte)k).ToArray();
        Run("blake2b", 64, 128, kernels, Blake2bKernels.Compress, chain => default(Blake2bVariant).InitializeChain(chain, Blake2Settings.Sequential(64, default)));
    }

    [Fact]
    public void Blake2s_counter_carries_in_every_kernel()
    {
        byte[] kernels = Enum.GetValues<Blake2sKernel>().Where(Blake2sKernels.IsSupported).Select(k => (byte)k).ToArray();
        Run("blake2s", 32, 64, kernels, Blake2sKernels.Compress, chain => default(Blake2sVariant).InitializeChain(chain, Blake2Settings.Sequential(32, default)));
    }

    private static void Run(string algorithm, int wordBits, int blockLength, byte[] kernels, Compress compress, Action<byte[]> initialize)
    {
        CounterCase[] cases = Load(algorithm);
        Assert.Equal(3, cases.Length);
        Assert.NotEmpty(kernels);
        int chainLength = wordBits;
        foreach (byte kernel in kernels)
        {
            foreach (CounterCase c in cases)
            {
                foreach (bool blockByBlock in new[] { false, true })
                {
                    string label = $"{algorithm} kernel {kernel} start {c.Start} {(blockByBlock ? "one block per call" : "three blocks in one call")}";
                    byte[] chain = new byte[64];
                    initialize(chain);
                    (ulong t0, ulong t1) = Split(c.Start, wordBits);
                    ReadOnlySpan<byte> blocks = c.Blocks.AsSpan(0, 3 * blockLength);
                    if (blockByBlock)
                    {
                        for (int i = 0; i < 3; i++)
                        {
                            compress(kernel, chain, blocks.Slice(i * blockLength, blockLength), ref t0, ref t1, (uint)blockLength, final: false, lastNode: false);
                        }
                    }
                    else
                    {
                        compress(kernel, chain, blocks, ref t0, ref t1, (uint)blockLength, final: false, lastNode: false);
                    }

                    Check.Digest(c.AfterBlocks, chain.AsSpan(0, chainLength), label);
                    Assert.Equal(c.CounterAfterBlocks, Join(t0, t1, wordBits));

                    byte[] last = new byte[blockLength];
                    c.Blocks.AsSpan(3 * blockLength).CopyTo(last);
                    compress(kernel, chain, last, ref t0, ref t1, (uint)c.FinalIncrement, final: true, lastNode: false);
                    Check.Digest(c.AfterFinal, chain.AsSpan(0, chainLength), label + ", final block");
                }
            }
        }
    }
}

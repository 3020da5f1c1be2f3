using System;
using BenchmarkDotNet.Attributes;
using Blake2Fast.Kernels;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// BLAKE2b's compression F through the public EIP-152 entry points (<see cref="Blake2bCompression"/>)
/// against the kernel call a BLAKE2b hasher makes for one 128-byte block, with the kernel the
/// dispatcher picks: what the words-and-rounds interface costs over the hash's own compression
/// (the goal: F with 12 rounds within 1.1x of it). Rounds 1 and 10,000 show the cost per
/// round of the rounds path.
/// </summary>
[BenchmarkCategory(Categories.Blake2b, Categories.Kernels)]
public class Blake2bCompressionBenchmarks
{
    private readonly ulong[] _state = [1, 2, 3, 4, 5, 6, 7, 8];
    private readonly ulong[] _message = new ulong[16];
    private readonly byte[] _block = new byte[128];
    private readonly byte[] _chain = new byte[64];
    private readonly byte[] _eip152Input = new byte[Blake2bCompression.Eip152InputLength];
    private readonly byte[] _eip152Output = new byte[Blake2bCompression.Eip152OutputLength];

    /// <summary>Rounds for <see cref="FRounds"/>.</summary>
    [Params(1, 12, 10_000)]
    public uint Rounds { get; set; }

    /// <summary>Fills the message and the EIP-152 input (its rounds field big-endian, as the precompile reads it).</summary>
    [GlobalSetup]
    public void Setup()
    {
        for (int i = 0; i < 16; i++)
        {
            _message[i] = 0x0101010101010101UL * (ulong)i;
        }

        Buffer.BlockCopy(_message, 0, _block, 0, 128);
        _eip152Input[0] = (byte)(Rounds >> 24);
        _eip152Input[1] = (byte)(Rounds >> 16);
        _eip152Input[2] = (byte)(Rounds >> 8);
        _eip152Input[3] = (byte)Rounds;
    }

    /// <summary>The BLAKE2b hasher's compression of one block: the kernel the dispatcher picks, called as the hash state calls it.</summary>
    [Benchmark(Baseline = true)]
    public byte HashCompressOneBlock()
    {
        ulong t0 = 0, t1 = 0;
        Blake2bKernels.Compress((byte)Blake2bKernels.Best, _chain, _block, ref t0, ref t1, 128, false, false);
        return _chain[0];
    }

    /// <summary><see cref="Blake2bCompression.Compress"/> with <see cref="Rounds"/> rounds on words.</summary>
    [Benchmark]
    public ulong FRounds()
    {
        Blake2bCompression.Compress(Rounds, _state, _message, 128, 0, false);
        return _state[0];
    }

    /// <summary><see cref="Blake2bCompression.ComputeEip152"/>: the precompile's 213-byte input parsed, F, the 64-byte output written.</summary>
    [Benchmark]
    public byte Eip152()
    {
        Blake2bCompression.ComputeEip152(_eip152Input, _eip152Output);
        return _eip152Output[0];
    }
}

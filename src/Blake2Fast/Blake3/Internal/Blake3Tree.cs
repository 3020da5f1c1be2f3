using System;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Threading.Tasks;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// BLAKE3's tree over input held in memory: chunks of 1024 bytes are the leaves, every node splits
/// its input at the left-full boundary (the largest power-of-two number of whole chunks that leaves
/// at least one byte on the right), and each level of a power-of-two subtree is hashed as one run
/// (<c>Blake3Kernels.HashChunks</c>, then <c>Blake3Kernels.HashParents</c> level by
/// level), the shape lane kernels need. Halves go to other cores where the caller allows it.
/// </summary>
internal static unsafe class Blake3Tree
{
    /// <summary>Chunks per run: 64 KiB of input, 2 KiB of chaining values on the stack.</summary>
    private const int RunChunks = 64;

    /// <summary>
    /// Below this many bytes a node is hashed on one thread, whatever the caller allows. Measured
    /// (bench/results/blake3-threshold, AMD EPYC Zen 5, 2 cores): at 128 KiB, the smallest input that
    /// splits, two threads took 0.66x the time of one (19.6 to 13.0 us), and 0.65-0.71x at 256 and
    /// 512 KiB. Smaller splits were not measured, so the threshold is not lowered on a guess.
    /// </summary>
    public const int ParallelMinimum = 128 * 1024;

    /// <summary>The root node of <paramref name="input"/>, not yet compressed: its output is read from <paramref name="root"/>.</summary>
    public static void Root(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, uint flags, int degree, ref Blake3Output root)
    {
        if (input.Length <= Blake3Constants.ChunkLength)
        {
            Chunk(input, key, 0, flags, ref root);
            return;
        }

        Span<byte> children = stackalloc byte[64];
        if (IsRun(input))
        {
            // 2..64 whole chunks, a power of two: one run down to the two children, so that 16 KiB
            // fills one 16-lane group instead of two 8-lane ones (the split below would halve it).
            Run(input, key, 0, flags, input.Length / Blake3Constants.ChunkLength, children);
        }
        else
        {
            Children(input, key, 0, flags, degree, children);
        }

        root.Set(key, children, 64, 0, flags | Blake3Constants.Parent);
        CryptographicOperations.ZeroMemory(children);
    }

    /// <summary>The chaining value of a non-root subtree: <paramref name="input"/> (at least one byte) starting at chunk <paramref name="counter"/>.</summary>
    public static void Subtree(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, int degree, Span<byte> cv32)
    {
        if (input.Length <= Blake3Constants.ChunkLength)
        {
            Blake3Output chunk = default;
            Chunk(input, key, counter, flags, ref chunk);
            chunk.WriteChainingValue(cv32);
            chunk.Erase();
            return;
        }

        if (IsRun(input))
        {
            Run(input, key, counter, flags, input.Length / Blake3Constants.ChunkLength, cv32);
            return;
        }

        Span<byte> children = stackalloc byte[64];
        Children(input, key, counter, flags, degree, children);
        Blake3Kernels.HashParents(children, key, flags, cv32);
        CryptographicOperations.ZeroMemory(children);
    }

    /// <summary>
    /// A chunk of 0 to 1024 bytes: every block but the last compressed, the last kept in
    /// <paramref name="output"/> with CHUNK_END (and CHUNK_START when it is also the first).
    /// </summary>
    public static void Chunk(ReadOnlySpan<byte> chunk, ReadOnlySpan<uint> key, ulong counter, uint flags, ref Blake3Output output)
    {
        Span<uint> cv = stackalloc uint[8];
        key[..8].CopyTo(cv);
        uint start = Blake3Constants.ChunkStart;
        while (chunk.Length > Blake3Constants.BlockLength)
        {
            Blake3Kernels.Compress(cv, chunk[..Blake3Constants.BlockLength], Blake3Constants.BlockLength, counter, flags | start);
            chunk = chunk[Blake3Constants.BlockLength..];
            start = 0;
        }

        output.Set(cv, chunk, (uint)chunk.Length, counter, flags | start | Blake3Constants.ChunkEnd);
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(cv));
    }

    /// <summary>The largest power-of-two number of whole chunks, in bytes, that leaves at least one byte of <paramref name="length"/> (more than one chunk) on the right.</summary>
    public static int LeftLength(int length)
    {
        int fullChunks = (length - 1) / Blake3Constants.ChunkLength;
        return LargestPowerOfTwo(fullChunks) * Blake3Constants.ChunkLength;
    }

    /// <summary>The largest power of two not above <paramref name="value"/> (at least 1).</summary>
    public static int LargestPowerOfTwo(int value) => 1 << (31 - System.Numerics.BitOperations.LeadingZeroCount((uint)value));

    /// <summary>Both children's chaining values of a node over <paramref name="input"/> (more than one chunk), the halves on two threads where allowed.</summary>
    private static void Children(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, int degree, Span<byte> children64)
    {
        int left = LeftLength(input.Length);
        ulong rightCounter = counter + (ulong)(left / Blake3Constants.ChunkLength);
        if (degree <= 1 || input.Length < ParallelMinimum)
        {
            Subtree(input[..left], key, counter, flags, 1, children64[..32]);
            Subtree(input[left..], key, rightCounter, flags, 1, children64[32..]);
            return;
        }

        InParallel(input, key, counter, flags, degree, left, children64);
    }

    /// <summary>
    /// <see cref="Children"/> on two threads, the calling thread taking one half. Spans cannot cross
    /// to another thread, so the memory is pinned and passed as addresses until both are done. A
    /// method of its own: the lambdas' captured variables would otherwise be allocated on every
    /// call of <see cref="Children"/>, parallel or not.
    /// </summary>
    private static void InParallel(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, int degree, int left, Span<byte> children64)
    {
        ulong rightCounter = counter + (ulong)(left / Blake3Constants.ChunkLength);
        int leftDegree = degree - (degree / 2);
        int rightDegree = degree / 2;
        int length = input.Length;
        fixed (byte* source = input)
        fixed (uint* keyWords = key)
        fixed (byte* cvs = children64)
        {
            nint sourceAt = (nint)source;
            nint keyAt = (nint)keyWords;
            nint cvsAt = (nint)cvs;
            Parallel.Invoke(
                new ParallelOptions { MaxDegreeOfParallelism = 2 },
                () => Subtree(new ReadOnlySpan<byte>((byte*)sourceAt, left), new ReadOnlySpan<uint>((uint*)keyAt, 8), counter, flags, leftDegree, new Span<byte>((byte*)cvsAt, 32)),
                () => Subtree(new ReadOnlySpan<byte>((byte*)sourceAt + left, length - left), new ReadOnlySpan<uint>((uint*)keyAt, 8), rightCounter, flags, rightDegree, new Span<byte>((byte*)cvsAt + 32, 32)));
        }
    }

    /// <summary>Whether <paramref name="input"/> is a power-of-two number of whole chunks, at most <see cref="RunChunks"/>.</summary>
    private static bool IsRun(ReadOnlySpan<byte> input)
    {
        int chunks = input.Length / Blake3Constants.ChunkLength;
        return input.Length % Blake3Constants.ChunkLength == 0 && chunks <= RunChunks && (chunks & (chunks - 1)) == 0;
    }

    /// <summary>
    /// A subtree of <paramref name="chunks"/> whole chunks (a power of two, at most
    /// <see cref="RunChunks"/>), one run per level, down to its chaining value (32 bytes of
    /// <paramref name="output"/>) or, for the root, to its two children's (64 bytes).
    /// </summary>
    private static void Run(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, int chunks, Span<byte> output)
    {
        Span<byte> cvs = stackalloc byte[RunChunks * 32];
        cvs = cvs[..(chunks * 32)];
        Blake3Kernels.HashChunks(input, key, counter, flags, cvs);
        for (int count = chunks; count * 32 > output.Length; count /= 2)
        {
            Blake3Kernels.HashParents(cvs[..(count * 32)], key, flags, cvs);
        }

        cvs[..output.Length].CopyTo(output);
        CryptographicOperations.ZeroMemory(cvs);
    }
}

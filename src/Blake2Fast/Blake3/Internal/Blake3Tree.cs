using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Threading;
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

    /// <summary>Pieces per thread in <see cref="InParallel"/>: enough for threads to even out a slowed core.</summary>
    private const int PiecesPerThread = 8;

    /// <summary>At most this many pieces: their chaining values (32 bytes each) are on the stack.</summary>
    private const int MaxPieces = 256;

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
    [MethodImpl(KernelRoot.DriverOptions)]
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

    /// <summary>Both children's chaining values of a node over <paramref name="input"/> (more than one chunk), on several threads where allowed.</summary>
    [MethodImpl(KernelRoot.DriverOptions)]
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

        InParallel(input, key, counter, flags, degree, children64);
    }

    /// <summary>
    /// <see cref="Children"/> on up to <paramref name="degree"/> threads, the calling thread among
    /// them. The node is cut into pieces that are nodes of the tree themselves: a power-of-two
    /// number of chunks each, the last one taking the rest. Each thread takes the next piece not
    /// yet taken until none is left, hashes it alone, and the pieces' chaining values are merged
    /// into the node's two children on the calling thread at the end.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Several pieces per thread rather than one half per thread: a static split finishes when its
    /// slowest half does, and on a shared machine one core is often slowed for a while (on the
    /// build machine's two cores, hashing a memory-mapped 1 GiB file split in two halves spent
    /// a third of its time with one core idle). With <see cref="PiecesPerThread"/> pieces each, a
    /// thread that falls behind is helped by the others, as a work-stealing join does.
    /// </para>
    /// <para>
    /// Spans cannot cross to another thread, so the memory is pinned and passed as addresses
    /// until all threads are done. A method of its own: the lambda's captured variables would
    /// otherwise be allocated on every call of <see cref="Children"/>, parallel or not.
    /// </para>
    /// </remarks>
    private static void InParallel(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, int degree, Span<byte> children64)
    {
        int pieceLength = PieceLength(input.Length, degree);
        int pieces = ((input.Length - 1) / pieceLength) + 1;
        Span<byte> cvs = stackalloc byte[pieces * 32];
        int length = input.Length;
        fixed (byte* source = input)
        fixed (uint* keyWords = key)
        fixed (byte* cvsPinned = cvs)
        {
            nint sourceAt = (nint)source;
            nint keyAt = (nint)keyWords;
            nint cvsAt = (nint)cvsPinned;
            ForEachPiece(pieces, degree, piece =>
            {
                int start = piece * pieceLength;
                Subtree(
                    new ReadOnlySpan<byte>((byte*)sourceAt + start, Math.Min(pieceLength, length - start)),
                    new ReadOnlySpan<uint>((uint*)keyAt, 8),
                    counter + (ulong)(start / Blake3Constants.ChunkLength),
                    flags,
                    1,
                    new Span<byte>((byte*)cvsAt + (piece * 32), 32));
            });
        }

        // The node's left child holds the largest power of two of pieces that leaves at least one
        // on the right: the split LeftLength makes on bytes, since a piece is a power of two of chunks.
        int left = LargestPowerOfTwo(pieces - 1);
        Merge(cvs, 0, left, key, flags);
        Merge(cvs, left, pieces - left, key, flags);
        cvs.Slice(0, 32).CopyTo(children64);
        cvs.Slice(left * 32, 32).CopyTo(children64[32..]);
        CryptographicOperations.ZeroMemory(cvs);
    }

    /// <summary>
    /// Runs <paramref name="work"/> once for each piece 0 to <paramref name="pieces"/> - 1 on up to
    /// <paramref name="degree"/> threads, the calling thread among them: each thread takes the next
    /// piece not yet taken until none is left (see <see cref="InParallel"/> for why pieces, not halves).
    /// An exception in any piece reaches the caller (in an <see cref="AggregateException"/>).
    /// </summary>
    internal static void ForEachPiece(int pieces, int degree, Action<int> work)
    {
        int next = -1;
        Parallel.For(0, Math.Min(degree, pieces), new ParallelOptions { MaxDegreeOfParallelism = degree }, _ =>
        {
            for (int piece = Interlocked.Increment(ref next); piece < pieces; piece = Interlocked.Increment(ref next))
            {
                work(piece);
            }
        });
    }

    /// <summary>
    /// The length of <see cref="InParallel"/>'s pieces for a node of <paramref name="length"/> bytes:
    /// a power of two of chunks, at least <see cref="RunChunks"/> (the halves of
    /// <see cref="ParallelMinimum"/>, the smallest split measured to pay), about
    /// <see cref="PiecesPerThread"/> per thread and never more than <see cref="MaxPieces"/> in all.
    /// </summary>
    internal static int PieceLength(int length, int degree)
    {
        int fullChunks = (length - 1) / Blake3Constants.ChunkLength;
        int wanted = (int)Math.Min((long)degree * PiecesPerThread, MaxPieces);
        int chunks = Math.Max(RunChunks, LargestPowerOfTwo(Math.Max(1, fullChunks / wanted)));
        while ((fullChunks / chunks) + 1 > MaxPieces)
        {
            chunks *= 2;
        }

        return chunks * Blake3Constants.ChunkLength;
    }

    /// <summary>
    /// Merges the chaining values of <paramref name="count"/> consecutive pieces, starting at piece
    /// <paramref name="first"/>, into the chaining value of the node over them, written in place of
    /// the first; the split is the tree's own, the largest power of two leaving one on the right.
    /// </summary>
    private static void Merge(Span<byte> cvs, int first, int count, ReadOnlySpan<uint> key, uint flags)
    {
        if (count == 1)
        {
            return;
        }

        int left = LargestPowerOfTwo(count - 1);
        Merge(cvs, first, left, key, flags);
        Merge(cvs, first + left, count - left, key, flags);
        Span<byte> pair = stackalloc byte[64];
        cvs.Slice(first * 32, 32).CopyTo(pair);
        cvs.Slice((first + left) * 32, 32).CopyTo(pair[32..]);
        Blake3Kernels.HashParents(pair, key, flags, cvs.Slice(first * 32, 32));
        CryptographicOperations.ZeroMemory(pair);
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

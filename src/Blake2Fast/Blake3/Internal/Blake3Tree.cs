using System;
using System.Buffers;
using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// BLAKE3's tree over input held in memory: chunks of 1024 bytes are the leaves, every node splits
/// its input at the left-full boundary (the largest power-of-two number of whole chunks that leaves
/// at least one byte on the right), and each level of a power-of-two subtree is hashed as one run
/// (<c>Blake3Kernels.HashChunks</c>, then <c>Blake3Kernels.HashParents</c> level by
/// level), the shape lane kernels need. Above the runs, a subtree hands up as many chaining
/// values as the kernel has lanes (<see cref="Frontier"/>), so that the parents of every level
/// fill whole lane groups. Halves go to other cores where the caller allows it.
/// </summary>
internal static unsafe class Blake3Tree
{
    /// <summary>Chunks per run: 64 KiB of input, 2 KiB of chaining values on the stack.</summary>
    private const int RunChunks = 64;

    /// <summary>
    /// Below this many bytes a node is hashed on one thread, whatever the caller allows. At
    /// 128 KiB, the smallest input that splits, two threads already finish well ahead of one;
    /// smaller splits were not measured, so the threshold is not lowered on a guess
    /// (docs/measurements.md#blake3-parallel-threshold).
    /// </summary>
    public const int ParallelMinimum = 128 * 1024;

    /// <summary>The most chaining values <see cref="Frontier"/> hands up: the widest kernel's lanes.</summary>
    private const int MaxFrontier = 16;

    /// <summary>
    /// How many chaining values <see cref="Frontier"/> hands up: as many as the kernel hashes side
    /// by side, and at least two (the scalar kernel's one would hash nothing side by side anyway,
    /// and two keep the root's own compression out of the frontier).
    /// </summary>
    private static readonly int FrontierWidth = Math.Max(2, Blake3Kernels.Lanes(Blake3Kernels.Best));

    /// <summary>
    /// From this many bytes of input a tree's parents above its frontier are hashed only in the
    /// kernel's widest lanes (<see cref="HashLevel"/>), so that a process's first such hash
    /// compiles no narrower lane code (milliseconds of JIT time in a fresh process). The padded
    /// groups cost a fixed fraction of a microsecond a hash in steady state, lost in a large
    /// tree's time but not in a small one's, so smaller trees keep the narrower groups
    /// (docs/measurements.md#blake3-widest-parents).
    /// </summary>
    private const int WidestParentsMinimum = 256 * 1024;

    /// <summary>The root node of <paramref name="input"/>, not yet compressed: its output is read from <paramref name="root"/>.</summary>
    public static void Root(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, uint flags, int degree, ref Blake3Output root)
    {
        if (input.Length <= Blake3Constants.ChunkLength)
        {
            Chunk(input, key, 0, flags, ref root);
            return;
        }

        Parent(input, key, flags, degree, ref root);
    }

    /// <summary><see cref="Root"/> of more than one chunk: the root is the parent of two children.</summary>
    /// <remarks>
    /// A method of its own, so that <see cref="Root"/> has no stack buffer (a method with one is
    /// never inlined, and one here made a 1 KiB hash slower) and no hash of one chunk or less
    /// compiles the tree's levels (a method with a loop and a stack buffer is compiled fully
    /// optimized at its first call: with the levels hashed inside Root, the first 1 KiB hash of a
    /// process took milliseconds longer; docs/measurements.md#blake3-root-parent).
    /// </remarks>
    private static void Parent(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, uint flags, int degree, ref Blake3Output root)
    {
        Span<byte> children = stackalloc byte[64];
        Children(input, key, flags, degree, children);
        root.Set(key, children, 64, 0, flags | Blake3Constants.Parent);
        SecretBytes.Erase(children);
    }

    /// <summary>Whether <see cref="RootBytesInLanes"/> takes a tree over <paramref name="length"/> bytes with an output of <paramref name="outputLength"/> bytes.</summary>
    public static bool RootInLanes(int length, int outputLength) => WidestOnly(length) && outputLength <= Blake3Constants.ChainingValueLength;

    /// <summary>
    /// The first <paramref name="destination"/> bytes (32 or fewer) of the root output of
    /// <paramref name="input"/> (<see cref="WidestParentsMinimum"/> bytes or more; see
    /// <see cref="RootInLanes"/>): the root compressed as its two children's parent with ROOT set,
    /// whose chaining value is the output's first 32 bytes, in a padded group of the widest
    /// lanes like the tree's top parents (<c>Blake3Kernels.HashParents</c>).
    /// </summary>
    /// <remarks>
    /// Through <see cref="Root"/>, the root's one compression was the one call of the row kernel
    /// in such a hash, which a process's first hash of 1 MiB compiled for it alone (milliseconds of
    /// JIT time). In the padded group it costs a fraction of a microsecond more
    /// (docs/measurements.md#blake3-root-in-lanes).
    /// </remarks>
    public static void RootBytesInLanes(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, uint flags, int degree, Span<byte> destination)
    {
        Debug.Assert(RootInLanes(input.Length, destination.Length), "A tree the widest lanes hash, 32 bytes of output or fewer.");
        Span<byte> children = stackalloc byte[64 + Blake3Constants.ChainingValueLength];
        Span<byte> output = children[64..];
        Children(input, key, flags, degree, children[..64]);
        Blake3Kernels.HashParents(children[..64], key, flags | Blake3Constants.Root, output, widestOnly: true);
        output[..destination.Length].CopyTo(destination);
        SecretBytes.Erase(children);
    }

    /// <summary>The root's two children's chaining values (64 bytes) for <paramref name="input"/> of more than one chunk, on up to <paramref name="degree"/> threads.</summary>
    private static void Children(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, uint flags, int degree, Span<byte> children)
    {
        if (degree > 1 && input.Length >= ParallelMinimum)
        {
            InParallel(input, key, 0, flags, degree, children);
        }
        else
        {
            HashDownTo(input, key, 0, flags, 2, children, WidestOnly(input.Length));
        }
    }

    /// <summary>The chaining value of a non-root subtree: <paramref name="input"/> (at least one byte) starting at chunk <paramref name="counter"/>.</summary>
    [MethodImpl(KernelRoot.DriverOptions)]
    public static void Subtree(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, int degree, Span<byte> cv32)
    {
        if (degree > 1 && input.Length >= ParallelMinimum)
        {
            Span<byte> children = stackalloc byte[64];
            InParallel(input, key, counter, flags, degree, children);
            Blake3Kernels.HashParents(children, key, flags, cv32);
            SecretBytes.Erase(children);
            return;
        }

        HashDownTo(input, key, counter, flags, 1, cv32, WidestOnly(input.Length));
    }

    /// <summary>
    /// The subtree over <paramref name="input"/> (one byte or more, from chunk
    /// <paramref name="counter"/>) on this thread, its <see cref="Frontier"/> hashed up level by
    /// level until at most <paramref name="most"/> chaining values are left: 1 for its own, 2 for
    /// its children's (the root's), more to hand a frontier on. Writes them to
    /// <paramref name="output"/> and returns how many.
    /// </summary>
    private static int HashDownTo(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, int most, Span<byte> output, bool widestOnly)
    {
        Span<byte> cvs = stackalloc byte[2 * MaxFrontier * Blake3Constants.ChainingValueLength];
        int count = Frontier(input, key, counter, flags, cvs, widestOnly);
        while (count > most)
        {
            count = HashLevel(cvs, count, key, flags, widestOnly);
        }

        cvs[..(count * Blake3Constants.ChainingValueLength)].CopyTo(output);
        SecretBytes.Erase(cvs);
        return count;
    }

    /// <summary>
    /// The chaining values that the subtree over <paramref name="input"/> (one byte or more,
    /// starting at chunk <paramref name="counter"/>) hands up to its parent, on this thread: its
    /// chunks' own when it has at most <see cref="FrontierWidth"/> of them, else exactly
    /// <see cref="FrontierWidth"/> for a power-of-two number of chunks and at most that many for
    /// any other. Written to <paramref name="cvs"/> (room for twice <see cref="FrontierWidth"/>,
    /// used as scratch); returns how many.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Hashing each level in pairs (<see cref="HashLevel"/>) until one or two values are left
    /// gives the subtree's own chaining value or its two children's, whatever level each value
    /// stands for: the left half of a split is a power of two of chunks and hands up
    /// <see cref="FrontierWidth"/> values, an even number of nodes of one level, and the right half
    /// hands up no more, so a pair never joins the halves before each is one value, and a right
    /// half's last node, when it has no partner, moves up a level unchanged, as in the tree.
    /// </para>
    /// <para>
    /// Why a frontier and not one chaining value per subtree: reducing each 64-chunk run to one
    /// value hashed its top parents 8, 4 and 1 at a time, and every node above the runs alone,
    /// about 60 single compressions and 30 narrow lane groups per MiB, a visible share of a 1 MiB
    /// hash in a profile (docs/measurements.md#blake3-frontier). With 16 values handed up, every
    /// level but the top four of the whole tree fills the 16 lanes.
    /// </para>
    /// </remarks>
    [MethodImpl(KernelRoot.DriverOptions)]
    private static int Frontier(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, Span<byte> cvs, bool widestOnly)
    {
        int width = FrontierWidth;
        if (input.Length <= width * Blake3Constants.ChunkLength)
        {
            return Leaves(input, key, counter, flags, cvs);
        }

        if (IsRun(input))
        {
            return Run(input, key, counter, flags, input.Length / Blake3Constants.ChunkLength, width, cvs);
        }

        int left = LeftLength(input.Length);
        int leftCount = Frontier(input[..left], key, counter, flags, cvs, widestOnly);
        Span<byte> right = stackalloc byte[2 * MaxFrontier * Blake3Constants.ChainingValueLength];
        int rightCount = Frontier(input[left..], key, counter + (ulong)(left / Blake3Constants.ChunkLength), flags, right, widestOnly);
        right[..(rightCount * Blake3Constants.ChainingValueLength)].CopyTo(cvs[(leftCount * Blake3Constants.ChainingValueLength)..]);
        SecretBytes.Erase(right);
        return HashLevel(cvs, leftCount + rightCount, key, flags, widestOnly);
    }

    /// <summary>
    /// <see cref="Frontier"/> of at most <see cref="FrontierWidth"/> chunks: every chunk's
    /// chaining value, the whole chunks side by side, then the partial last one.
    /// </summary>
    /// <remarks>
    /// Kept out of <see cref="Frontier"/>, which is compiled fully optimized at its first call: a
    /// tree of a power of two of runs (1 MiB, 64 MiB) never comes here, and its first call no
    /// longer compiles this with it.
    /// </remarks>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int Leaves(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, Span<byte> cvs)
    {
        int whole = input.Length / Blake3Constants.ChunkLength;
        int wholeLength = whole * Blake3Constants.ChunkLength;
        Blake3Kernels.HashChunks(input[..wholeLength], key, counter, flags, cvs);
        if (wholeLength == input.Length)
        {
            return whole;
        }

        Blake3Output chunk = default;
        Chunk(input[wholeLength..], key, counter + (ulong)whole, flags, ref chunk);
        chunk.WriteChainingValue(cvs.Slice(whole * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength));
        chunk.Erase();
        return whole + 1;
    }

    /// <summary>
    /// One level up: the <paramref name="count"/> (two or more) chaining values at the start of
    /// <paramref name="cvs"/> hashed in pairs, in place, an odd last one moved up unchanged;
    /// returns how many values that leaves. <paramref name="widestOnly"/>: the tree is
    /// <see cref="WidestParentsMinimum"/> bytes or more, its chunks filled the widest lanes, and its
    /// top parents are hashed in those lanes too (<c>Blake3Kernels.HashParents</c>).
    /// </summary>
    private static int HashLevel(Span<byte> cvs, int count, ReadOnlySpan<uint> key, uint flags, bool widestOnly)
    {
        int parents = count / 2;
        Blake3Kernels.HashParents(cvs[..(parents * Blake3Constants.BlockLength)], key, flags, cvs, widestOnly);
        if ((count & 1) != 0)
        {
            cvs.Slice((count - 1) * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength)
                .CopyTo(cvs.Slice(parents * Blake3Constants.ChainingValueLength));
        }

        return parents + (count & 1);
    }

    /// <summary>
    /// A chunk of 0 to 1024 bytes: every block but the last compressed, the last kept in
    /// <paramref name="output"/> with CHUNK_END (and CHUNK_START when it is also the first).
    /// </summary>
    public static void Chunk(ReadOnlySpan<byte> chunk, ReadOnlySpan<uint> key, ulong counter, uint flags, ref Blake3Output output)
    {
        // The blocks before the last in one chain (no loop here: the kernel's root has it, and
        // this method stays quick to compile on a process's first hash).
        Span<uint> cv = stackalloc uint[8];
        key[..8].CopyTo(cv);
        int before = chunk.IsEmpty ? 0 : (chunk.Length - 1) / Blake3Constants.BlockLength * Blake3Constants.BlockLength;
        if (before > 0)
        {
            Blake3Kernels.CompressChain(cv, chunk[..before], Blake3Constants.BlockLength, counter, flags, Blake3Constants.ChunkStart, 0, MemoryMarshal.AsBytes(cv));
        }

        uint start = before == 0 ? Blake3Constants.ChunkStart : 0;
        output.Set(cv, chunk[before..], (uint)(chunk.Length - before), counter, flags | start | Blake3Constants.ChunkEnd);
        SecretBytes.Erase(MemoryMarshal.AsBytes(cv));
    }

    /// <summary>The largest power-of-two number of whole chunks, in bytes, that leaves at least one byte of <paramref name="length"/> (more than one chunk) on the right.</summary>
    public static int LeftLength(int length)
    {
        int fullChunks = (length - 1) / Blake3Constants.ChunkLength;
        return LargestPowerOfTwo(fullChunks) * Blake3Constants.ChunkLength;
    }

    /// <summary>The largest power of two not above <paramref name="value"/> (at least 1).</summary>
    public static int LargestPowerOfTwo(int value) => 1 << (31 - System.Numerics.BitOperations.LeadingZeroCount((uint)value));

    /// <summary>
    /// Both children's chaining values of a node over <paramref name="input"/> (more than one
    /// chunk), on up to <paramref name="degree"/> threads, the calling thread among them. The node
    /// is cut into pieces that are nodes of the tree themselves: a power-of-two number of chunks
    /// each, the last one taking the rest. Each thread takes the next piece not
    /// yet taken until none is left, hashes it alone, and the pieces' frontiers are hashed up
    /// into the node's two children on the calling thread at the end.
    /// </summary>
    /// <remarks>
    /// <para>
    /// Several pieces per thread rather than one half per thread, handed out by
    /// <see cref="ParallelPieces"/> (its remarks say why); <see cref="Blake3PiecePlan"/> plans them
    /// from the degree given, whatever the processor count.
    /// </para>
    /// <para>
    /// Spans cannot cross to another thread, so the memory is pinned and passed as addresses
    /// until all threads are done. A method of its own: the lambda's captured variables would
    /// otherwise be allocated on every call of <see cref="Root"/> or <see cref="Subtree"/>, parallel or not.
    /// </para>
    /// </remarks>
    private static void InParallel(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, int degree, Span<byte> children64)
    {
        int pieceLength = PieceLength(input.Length, degree);
        int pieces = ((input.Length - 1) / pieceLength) + 1;

        // Each piece hands up its frontier (width values; the last piece, which may be short, up to
        // width), so that the levels above the pieces fill whole lane groups too, hashed on this
        // thread at the end. With few pieces per thread, each piece instead hashes its own top
        // levels down to one value in its thread: frontiers pay where there are many pieces and
        // cost where there are two (docs/measurements.md#blake3-frontier).
        int width = pieces >= Blake3PiecePlan.PiecesPerThread / 2 * Math.Min(degree, pieces) ? FrontierWidth : 1;
        int pieceRoom = width * Blake3Constants.ChainingValueLength;

        // On the stack up to 8 KiB (16 pieces' frontiers of 16), else pooled (up to 128 KiB).
        int room = pieces * pieceRoom;
        byte[]? rented = room > 8 * 1024 ? ArrayPool<byte>.Shared.Rent(room) : null;
        Span<byte> frontiers = rented is null ? stackalloc byte[room] : rented.AsSpan(0, room);
        int lastCount = 0;
        int length = input.Length;
        bool widestOnly = WidestOnly(length);
        try
        {
            fixed (byte* source = input)
            fixed (uint* keyWords = key)
            fixed (byte* frontiersPinned = frontiers)
            {
                nint sourceAt = (nint)source;
                nint keyAt = (nint)keyWords;
                nint frontiersAt = (nint)frontiersPinned;
                ParallelPieces.Run(pieces, degree, piece =>
                {
                    int start = piece * pieceLength;
                    // The stack buffer is HashDownTo's, not this lambda's: one here made the JIT
                    // compile the lambda fully at once, without the profile that tiered
                    // compilation gathers, and two threads then took longer on 128 KiB
                    // (docs/measurements.md#blake3-frontier).
                    int count = HashDownTo(
                        new ReadOnlySpan<byte>((byte*)sourceAt + start, Math.Min(pieceLength, length - start)),
                        new ReadOnlySpan<uint>((uint*)keyAt, 8),
                        counter + (ulong)(start / Blake3Constants.ChunkLength),
                        flags,
                        width,
                        new Span<byte>((byte*)frontiersAt + (piece * pieceRoom), pieceRoom),
                        widestOnly);
                    Debug.Assert(count == width || piece == pieces - 1, "A whole piece is a power of two of at least RunChunks chunks: it hands up exactly width values.");
                    if (piece == pieces - 1)
                    {
                        lastCount = count;
                    }
                });
            }

            // The pieces' frontiers side by side are the node's frontier: each whole piece's is
            // an even number of values of one level, so pairs stay inside pieces until each is
            // one value, and then pair pieces as the tree does (Frontier's remarks).
            int total = ((pieces - 1) * width) + lastCount;
            while (total > 2)
            {
                total = HashLevel(frontiers, total, key, flags, widestOnly);
            }

            frontiers[..64].CopyTo(children64);
        }
        finally
        {
            // The values of keyed hashes are secret; an exception in a piece leaves them too.
            SecretBytes.Erase(frontiers);
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }
    }

    /// <summary>
    /// The length of <see cref="InParallel"/>'s pieces for a node of <paramref name="length"/> bytes
    /// on <paramref name="degree"/> threads: <see cref="Blake3PiecePlan.PieceLength"/>, no shorter
    /// than <see cref="RunChunks"/> chunks (the halves of <see cref="ParallelMinimum"/>, the
    /// smallest split known to pay: docs/measurements.md#blake3-parallel-threshold).
    /// </summary>
    internal static int PieceLength(int length, int degree) =>
        (int)Blake3PiecePlan.PieceLength(length, degree, RunChunks * Blake3Constants.ChunkLength);

    /// <summary>Whether a tree over <paramref name="length"/> bytes hashes its top parents in the widest lanes only (<see cref="WidestParentsMinimum"/>).</summary>
    private static bool WidestOnly(int length) => length >= WidestParentsMinimum;

    /// <summary>Whether <paramref name="input"/> is a power-of-two number of whole chunks, at most <see cref="RunChunks"/>.</summary>
    private static bool IsRun(ReadOnlySpan<byte> input)
    {
        int chunks = input.Length / Blake3Constants.ChunkLength;
        return input.Length % Blake3Constants.ChunkLength == 0 && chunks <= RunChunks && (chunks & (chunks - 1)) == 0;
    }

    /// <summary>
    /// A subtree of <paramref name="chunks"/> whole chunks (a power of two, at most
    /// <see cref="RunChunks"/>), one run per level, down to the first level of at most
    /// <paramref name="most"/> (a power of two) chaining values, written to
    /// <paramref name="output"/>; returns how many.
    /// </summary>
    private static int Run(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong counter, uint flags, int chunks, int most, Span<byte> output)
    {
        Span<byte> cvs = stackalloc byte[RunChunks * 32];
        cvs = cvs[..(chunks * 32)];
        Blake3Kernels.HashChunks(input, key, counter, flags, cvs);
        int count = chunks;
        for (; count > most; count /= 2)
        {
            Blake3Kernels.HashParents(cvs[..(count * 32)], key, flags, cvs);
        }

        cvs[..(count * 32)].CopyTo(output);
        SecretBytes.Erase(cvs);
        return count;
    }
}

using System;
using System.Numerics;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// How BLAKE3 input is cut into pieces for several threads: the one plan behind the one-shots, the
/// incremental state's large updates, Bao's encoder and decoder, and the <c>b2fast</c> tool's files
/// (<see cref="HashPieces{TLocal}"/>). A piece is a power-of-two number of whole chunks, so that
/// every piece (the short last one too) is a node of the tree; about <see cref="PiecesPerThread"/>
/// of them per thread; no shorter than what the caller needs (a run of the lane kernels in memory,
/// a read buffer for files) and no longer than <see cref="MaxPieceLength"/>, so that a piece's
/// length fits an <see cref="int"/> for any <see cref="long"/> input.
/// </summary>
/// <remarks>
/// An input of more than <see cref="MaxPieces"/> pieces (more than 1 TiB) is hashed
/// <see cref="MaxPieces"/> pieces at a time, in input order, each group's chaining values merged
/// into a stack of at most 64 subtrees before the next: memory stays bounded for any length.
/// </remarks>
internal static class Blake3PiecePlan
{
    /// <summary>
    /// Pieces per thread the plan aims for: twice <see cref="ParallelPieces.PerWorker"/>, since the
    /// last piece, a power of two of chunks like the others, may be short.
    /// </summary>
    public const int PiecesPerThread = 2 * ParallelPieces.PerWorker;

    /// <summary>
    /// At most this many pieces at once: with <see cref="PiecesPerThread"/> per thread, 128 threads
    /// get 8 each and 256 get 4. Their chaining values or frontiers are held until the group is done.
    /// </summary>
    public const int MaxPieces = 1024;

    /// <summary>The longest piece: 1 GiB, a power of two of chunks that an <see cref="int"/> holds.</summary>
    public const long MaxPieceLength = 1L << 30;

    /// <summary>
    /// The piece length for <paramref name="length"/> bytes (more than one chunk) on
    /// <paramref name="degree"/> threads, where each piece costs merging work of its own (in
    /// memory, a piece hands up a frontier of chaining values that the calling thread hashes at the
    /// end): the least power of two of chunks, from <paramref name="minimum"/> up, that makes no
    /// more than about <see cref="PiecesPerThread"/> pieces a thread and no more than
    /// <see cref="MaxPieces"/> in all, capped at <see cref="MaxPieceLength"/>. A pure function of its
    /// arguments: the tests enumerate it for degrees 1 to 256 and lengths up to <see cref="long.MaxValue"/>.
    /// </summary>
    /// <param name="length">The input's length: more than 1024 bytes.</param>
    /// <param name="degree">The threads allowed: 1 or more.</param>
    /// <param name="minimum">The shortest piece the caller wants: 1024 times a power of two, at most <see cref="MaxPieceLength"/>.</param>
    public static long PieceLength(long length, int degree, long minimum) =>
        PieceLengthWanting(length, minimum, Math.Min((long)Math.Max(1, degree) * PiecesPerThread, MaxPieces));

    /// <summary>
    /// The piece length for <paramref name="length"/> bytes (more than one chunk) whose pieces cost
    /// nothing beyond their own hash and one chaining value (a file read at offsets into each
    /// thread's buffer): the same rule as <see cref="PieceLength(long, int, long)"/> with a whole
    /// group of <see cref="MaxPieces"/> wanted whatever the degree, so that a core slowed near the
    /// end holds up the others for one short piece only.
    /// </summary>
    /// <param name="length">The input's length: more than 1024 bytes.</param>
    /// <param name="minimum">The shortest piece the caller wants: 1024 times a power of two, at most <see cref="MaxPieceLength"/>.</param>
    public static long FinestPieceLength(long length, long minimum) => PieceLengthWanting(length, minimum, MaxPieces);

    /// <summary>The least power of two of chunks from <paramref name="minimum"/> that makes no more than <paramref name="wanted"/> pieces (and <see cref="MaxPieces"/>), capped at <see cref="MaxPieceLength"/>.</summary>
    private static long PieceLengthWanting(long length, long minimum, long wanted)
    {
        const long chunk = Blake3Constants.ChunkLength;
        long fullChunks = (length - 1) / chunk;
        long chunks = Math.Max(minimum / chunk, LargestPowerOfTwo(Math.Max(1, fullChunks / wanted)));
        while (chunks < MaxPieceLength / chunk && (fullChunks / chunks) + 1 > MaxPieces)
        {
            chunks *= 2;
        }

        return Math.Min(chunks, MaxPieceLength / chunk) * chunk;
    }

    /// <summary>How many pieces of <paramref name="pieceLength"/> bytes cover <paramref name="length"/> bytes.</summary>
    public static long PieceCount(long length, long pieceLength) => ((length - 1) / pieceLength) + 1;

    /// <summary>The largest power of two not above <paramref name="value"/> (at least 1).</summary>
    public static long LargestPowerOfTwo(long value) => 1L << (63 - BitOperations.LeadingZeroCount((ulong)value));

    /// <summary>
    /// The BLAKE3 root of an input of <paramref name="length"/> bytes whose pieces of
    /// <paramref name="pieceLength"/> bytes (a length this plan gave; two pieces at least) are hashed
    /// by <paramref name="hashPiece"/>(offset, length, the worker's local, chaining value) on up to
    /// <paramref name="degree"/> threads, at most <see cref="MaxPieces"/> at a time, and merged in
    /// input order. Returns a reader of the root output from byte 0 (dispose it to erase what it holds).
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> makes a single piece of <paramref name="pieceLength"/>, whose chaining value is not the root.</exception>
    public static Blake3OutputReader HashPieces<TLocal>(
        Blake3Mode mode,
        long length,
        long pieceLength,
        int degree,
        Func<TLocal> start,
        PieceHasher<TLocal> hashPiece,
        Action<TLocal> end,
        CancellationToken cancellationToken,
        TaskScheduler? scheduler = null)
    {
        long count = PieceCount(length, pieceLength);
        if (count < 2)
        {
            throw new ArgumentOutOfRangeException(nameof(length), length, "An input of one piece is hashed whole: its chaining value is not its root.");
        }

        int group = (int)Math.Min(count, MaxPieces);
        byte[] values = new byte[group * Blake3Constants.ChainingValueLength];
        var stack = new Blake3SubtreeStack(mode);
        try
        {
            for (long first = 0; first < count; first += group)
            {
                long firstPiece = first;
                int pieces = (int)Math.Min(group, count - first);
                ParallelPieces.Run(pieces, degree, start, (piece, local) =>
                {
                    long offset = (firstPiece + piece) * pieceLength;
                    int bytes = (int)Math.Min(pieceLength, length - offset);
                    hashPiece(offset, bytes, local, values.AsSpan((int)piece * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength));
                }, end, cancellationToken, scheduler);

                for (int piece = 0; piece < pieces; piece++)
                {
                    long offset = (first + piece) * pieceLength;
                    stack.Push(Math.Min(pieceLength, length - offset), values.AsSpan(piece * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength));
                }
            }

            return stack.CreateRootReader();
        }
        finally
        {
            SecretBytes.Erase(values);
            stack.Erase();
        }
    }

    /// <summary>Hashes the <paramref name="length"/> bytes at <paramref name="offset"/>, a piece of the plan, into its 32-byte <paramref name="chainingValue"/>.</summary>
    public delegate void PieceHasher<in TLocal>(long offset, int length, TLocal local, Span<byte> chainingValue);
}

using System;
using System.Collections.Concurrent;
using System.IO;
using System.Threading;
using Blake2Fast.Internal;
using Blake2Fast.Tool.Io;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// BLAKE3 of a regular file on every core (or the threads <c>--num-threads</c> gives): the file is
/// cut into pieces by the library's one BLAKE3 plan (<c>Blake3PiecePlan</c>: powers of two of
/// chunks, up to 1,024 of them at a time, at least <see cref="SubtreeLength"/>, at most 1 GiB, any
/// length of file) and the library's one work loop (<c>ParallelPieces</c>, on dedicated threads) hands them
/// out; each piece is hashed as a subtree of the file's tree (<see cref="Blake3Subtree"/>), either
/// read at its offset into the thread's own buffer, 1 MiB at a time, or, for a mapped file, where
/// it lies in the mapping after that thread has populated the piece's pages; the chaining values
/// are merged into the root in file order. One instance serves a whole run; its buffers are
/// reused for every input.
/// </summary>
/// <remarks>
/// <para>
/// Every core copies and hashes its own pieces with no hand-off, and a core slowed by other work
/// simply takes fewer pieces; a reader thread filling buffers for the others
/// (<see cref="StreamHasher"/>, still used for standard input and pipes) makes each buffer wait for
/// the slower core and puts the copy on a third thread. The tool README has the measurements.
/// </para>
/// <para>
/// A mapped file's pages are populated by the thread that hashes them, piece by piece: populated
/// for the whole file on one thread ahead of the hash, every other core would wait for that one.
/// </para>
/// <para>
/// Each buffer starts on a 4 KiB boundary: the copy out of the page cache writes whole pages,
/// and the hash kernel's 64-byte loads from 16 chunks side by side never straddle a cache line.
/// </para>
/// <para>
/// A file that ends before the length it had when hashing began has shrunk under the hash: that
/// is reported as an <see cref="IOException"/>, never hashed as if it were the whole file.
/// </para>
/// </remarks>
internal sealed class PositionalBlake3Hasher
{
    /// <summary>
    /// The shortest piece, and what a thread reads at a time: 1 MiB, a power of two of chunks (so
    /// every piece is a subtree of the file's tree), long enough for the 16-lane kernel and the
    /// read's system call to cost nothing measurable, short enough that a busy core holds up the
    /// last piece only briefly.
    /// </summary>
    public const int SubtreeLength = 1 << 20;

    private const int BufferAlignment = 4096;

    private readonly int _threads;
    private readonly ConcurrentBag<Memory<byte>> _buffers = [];

    /// <param name="threads">How many threads read and hash, the calling one among them; every processor when 0.</param>
    public PositionalBlake3Hasher(int threads = 0)
    {
        _threads = threads > 0 ? threads : Environment.ProcessorCount;
    }

    /// <summary>Whether a file of <paramref name="length"/> bytes is long enough to be cut into pieces (two at least).</summary>
    public static bool Applies(long length) => length > SubtreeLength;

    /// <summary>
    /// The length of the pieces a file of <paramref name="length"/> bytes is cut into, whatever the
    /// threads: the finest plan (<c>Blake3PiecePlan.FinestPieceLength</c>), since a piece read at its
    /// offset costs nothing beyond its hash and one chaining value.
    /// </summary>
    public static long PieceLength(long length) => Blake3PiecePlan.FinestPieceLength(length, SubtreeLength);

    /// <summary>
    /// Writes the BLAKE3 output of the first <paramref name="length"/> bytes of <paramref name="file"/>
    /// (its length when hashing began, more than <see cref="SubtreeLength"/>) into <paramref name="destination"/>.
    /// </summary>
    /// <exception cref="IOException">A read failed, or the file ended before <paramref name="length"/> bytes.</exception>
    public void Hash(SafeFileHandle file, long length, Blake3Mode mode, Span<byte> destination, ProgressMeter? progress)
    {
        using Blake3OutputReader root = OpenRoot(file, length, mode, progress);
        root.Read(destination);
    }

    /// <summary>
    /// The BLAKE3 output of the first <paramref name="length"/> bytes of <paramref name="file"/> (more
    /// than <see cref="SubtreeLength"/>), as a reader from byte 0, for output of any length.
    /// </summary>
    /// <exception cref="IOException">A read failed, or the file ended before <paramref name="length"/> bytes.</exception>
    public Blake3OutputReader OpenRoot(SafeFileHandle file, long length, Blake3Mode mode, ProgressMeter? progress) =>
        Hash(new FileReader(file, length), length, mode, progress);

    /// <summary>
    /// Writes the BLAKE3 output of the whole of <paramref name="mapped"/> (more than
    /// <see cref="SubtreeLength"/> bytes) into <paramref name="destination"/>, each piece populated
    /// (<see cref="MappedFile.Populate"/>) by the thread that hashes it when <paramref name="populate"/>.
    /// </summary>
    public void Hash(MappedFile mapped, bool populate, Blake3Mode mode, Span<byte> destination, ProgressMeter? progress)
    {
        using Blake3OutputReader root = OpenRoot(mapped, populate, mode, progress);
        root.Read(destination);
    }

    /// <summary>The BLAKE3 output of the whole of <paramref name="mapped"/> as a reader from byte 0 (see <see cref="Hash(MappedFile, bool, Blake3Mode, Span{byte}, ProgressMeter?)"/>).</summary>
    public Blake3OutputReader OpenRoot(MappedFile mapped, bool populate, Blake3Mode mode, ProgressMeter? progress) =>
        Hash(new MappedReader(mapped, populate), mapped.Length, mode, progress);

    /// <summary>
    /// Hashes an input of <paramref name="length"/> bytes whose pieces <paramref name="reader"/>
    /// hashes: the plan, the threads and the merge of every file, and of the tests' synthetic
    /// inputs of lengths no file here can have.
    /// </summary>
    internal Blake3OutputReader Hash(IPieceReader reader, long length, Blake3Mode mode, ProgressMeter? progress)
    {
        if (!Applies(length))
        {
            throw new ArgumentOutOfRangeException(nameof(length), length, "A file of one piece is hashed whole.");
        }

        int caller = Environment.CurrentManagedThreadId;
        long done = 0;
        return Blake3PiecePlan.HashPieces(
            mode,
            length,
            PieceLength(length),
            _threads,
            () => reader.NeedsBuffer ? RentBuffer() : Memory<byte>.Empty,
            (offset, pieceLength, buffer, chainingValue) =>
            {
                reader.HashPiece(offset, pieceLength, mode, buffer.Span, chainingValue);
                long total = Interlocked.Add(ref done, pieceLength);

                // The meter draws on the terminal: one thread reports.
                if (Environment.CurrentManagedThreadId == caller)
                {
                    progress?.Report(total);
                }
            },
            buffer =>
            {
                if (!buffer.IsEmpty)
                {
                    _buffers.Add(buffer);
                }
            },
            CancellationToken.None,
            ParallelPieces.DedicatedThreads);
    }

    private Memory<byte> RentBuffer()
    {
        if (_buffers.TryTake(out Memory<byte> buffer))
        {
            return buffer;
        }

        byte[] backing = GC.AllocateUninitializedArray<byte>(SubtreeLength + BufferAlignment, pinned: true);
        int skip = (int)(BufferAlignment - (AddressOf(backing) % BufferAlignment)) % BufferAlignment;
        return backing.AsMemory(skip, SubtreeLength);
    }

    private static unsafe ulong AddressOf(byte[] pinned)
    {
        fixed (byte* start = pinned)
        {
            return (ulong)start;
        }
    }

    /// <summary>Where a piece's bytes come from: read into a thread's buffer, or the mapping itself.</summary>
    internal interface IPieceReader
    {
        /// <summary>Whether each thread needs a buffer of <see cref="SubtreeLength"/> bytes.</summary>
        bool NeedsBuffer { get; }

        /// <summary>Hashes the <paramref name="length"/> bytes at <paramref name="offset"/> (a piece) into <paramref name="cv"/>.</summary>
        void HashPiece(long offset, int length, Blake3Mode mode, Span<byte> buffer, Span<byte> cv);
    }

    /// <summary>Pieces read at their offsets, 1 MiB at a time, into the thread's buffer.</summary>
    private sealed class FileReader(SafeFileHandle file, long length) : IPieceReader
    {
        public bool NeedsBuffer => true;

        public void HashPiece(long offset, int pieceLength, Blake3Mode mode, Span<byte> buffer, Span<byte> cv)
        {
            if (pieceLength <= buffer.Length)
            {
                Blake3Subtree.Hash(mode, ReadFully(buffer[..pieceLength], offset), offset, cv);
                return;
            }

            Blake3HashState state = Blake3Subtree.CreateHasher(mode, offset);
            try
            {
                for (long at = offset; at < offset + pieceLength; at += buffer.Length)
                {
                    state.Update(ReadFully(buffer[..(int)Math.Min(buffer.Length, offset + pieceLength - at)], at));
                }

                state.FinishSubtree(cv);
            }
            finally
            {
                state.Clear();
            }
        }

        private Span<byte> ReadFully(Span<byte> bytes, long offset)
        {
            for (int done = 0; done < bytes.Length;)
            {
                int read = RandomAccess.Read(file, bytes[done..], offset + done);
                if (read == 0)
                {
                    throw new IOException($"the file shrank while it was read: it ended at {offset + done} bytes of {length}");
                }

                done += read;
            }

            return bytes;
        }
    }

    /// <summary>Pieces hashed where they lie in a mapping, each populated first by its own thread.</summary>
    private sealed class MappedReader(MappedFile mapped, bool populate) : IPieceReader
    {
        public bool NeedsBuffer => false;

        public void HashPiece(long offset, int length, Blake3Mode mode, Span<byte> buffer, Span<byte> cv)
        {
            if (populate)
            {
                _ = mapped.Populate(offset, length);
            }

            Blake3Subtree.Hash(mode, mapped.Slice(offset, length), offset, cv);
        }
    }
}

using System;
using System.IO;
using System.Threading;
using Blake2Fast.Tool.Io;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// BLAKE3 of a regular file on every core (or the threads <c>--num-threads</c> gives): each thread
/// takes the next piece of the file not yet taken (<see cref="PieceLength"/>: 1 MiB, more for
/// files over 64 GiB) and hashes it as a subtree of the file's tree (<see cref="Blake3Subtree"/>),
/// either read at its offset into the thread's own buffer, 1 MiB at a time, or, for a mapped
/// file, where it lies in the mapping after that thread has populated the piece's pages; the
/// chaining values are merged into the root at the end. One instance serves a whole run; its
/// buffers are reused for every input.
/// </summary>
/// <remarks>
/// <para>
/// It replaces, for BLAKE3 files read without a mapping, one reader thread filling a ring of
/// buffers while the main thread spread each buffer over every core (<see cref="StreamHasher"/>,
/// still used for standard input and pipes): each MiB then waited for the slower of the two cores,
/// and the copy ran on a third thread. Here every core copies and hashes its own pieces with no
/// hand-off, and a core slowed by other work simply takes fewer pieces. On the project's 2-core
/// virtual machine, 1 GiB from the page cache took 0.17 s this way against 0.40 s through the
/// ring (and 0.28 s for <c>b3sum --no-mmap</c>, which reads and hashes on one thread); medians of
/// 11 alternating runs of the Native AOT build, the tool README has the full table.
/// </para>
/// <para>
/// A mapped file's pages are populated by the thread that hashes them, piece by piece: populated
/// for the whole file on one thread ahead of the hash, as before, mapping stopped scaling after
/// 4 cores on the 16-core Intel Xeon (Emerald Rapids, 4 GiB in tmpfs: 1,006 / 502 / 349 / 298 ms
/// on 1 / 4 / 8 / 16 cores, while reading at offsets took 135 ms on 16).
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

    /// <summary>
    /// The most pieces a file is cut into: their lengths and chaining values take 40 bytes each,
    /// 2.5 MiB at most, whatever the file's size; files over 64 GiB get longer pieces.
    /// </summary>
    public const long MaxPieces = 1 << 16;

    private const int BufferAlignment = 4096;

    private readonly int _threads;
    private readonly Memory<byte>[] _buffers;

    /// <param name="threads">How many threads read and hash, the calling one among them; every processor when 0.</param>
    public PositionalBlake3Hasher(int threads = 0)
    {
        _threads = threads > 0 ? threads : Environment.ProcessorCount;
        _buffers = new Memory<byte>[_threads];
    }

    /// <summary>Whether a file of <paramref name="length"/> bytes is long enough to be cut into pieces (two at least).</summary>
    public static bool Applies(long length) => length > SubtreeLength;

    /// <summary>
    /// The length of the pieces a file of <paramref name="length"/> bytes is cut into: the least
    /// power of two from <see cref="SubtreeLength"/> up that makes no more than
    /// <see cref="MaxPieces"/> of them. A pure function, enumerated by the tests up to 1 TiB.
    /// </summary>
    public static long PieceLength(long length)
    {
        long piece = SubtreeLength;
        while ((length - 1) / piece >= MaxPieces)
        {
            piece *= 2;
        }

        return piece;
    }

    /// <summary>How many pieces a file of <paramref name="length"/> bytes makes.</summary>
    public static long PieceCount(long length) => ((length - 1) / PieceLength(length)) + 1;

    /// <summary>How many threads hash a file of <paramref name="length"/> bytes with <paramref name="threads"/> allowed: one per piece at most.</summary>
    public static int Workers(long length, int threads) => (int)Math.Max(1, Math.Min(threads, PieceCount(length)));

    /// <summary>
    /// Writes the BLAKE3 output of the first <paramref name="length"/> bytes of <paramref name="file"/>
    /// (its length when hashing began, more than <see cref="SubtreeLength"/>) into <paramref name="destination"/>.
    /// </summary>
    /// <exception cref="IOException">A read failed, or the file ended before <paramref name="length"/> bytes.</exception>
    public void Hash(SafeFileHandle file, long length, Blake3Mode mode, Span<byte> destination, ProgressMeter? progress) =>
        Hash(new FileReader(file, length), length, mode, destination, progress);

    /// <summary>
    /// Writes the BLAKE3 output of the whole of <paramref name="mapped"/> (more than
    /// <see cref="SubtreeLength"/> bytes) into <paramref name="destination"/>, each piece populated
    /// (<see cref="MappedFile.Populate"/>) by the thread that hashes it when <paramref name="populate"/>.
    /// </summary>
    public void Hash(MappedFile mapped, bool populate, Blake3Mode mode, Span<byte> destination, ProgressMeter? progress) =>
        Hash(new MappedReader(mapped, populate), mapped.Length, mode, destination, progress);

    /// <summary>
    /// As <see cref="Hash(SafeFileHandle, long, Blake3Mode, Span{byte}, ProgressMeter?)"/>, but the
    /// output is returned as a reader, so that output of any length (<c>-l</c>) is written in pieces.
    /// </summary>
    public Blake3OutputReader HashToReader(SafeFileHandle file, long length, Blake3Mode mode, ProgressMeter? progress)
    {
        Job job = Run(new FileReader(file, length), length, mode, progress);
        return Blake3Subtree.CreateRootReader(mode, job.Lengths, job.ChainingValues);
    }

    /// <summary>As <see cref="HashToReader(SafeFileHandle, long, Blake3Mode, ProgressMeter?)"/>, for a mapped file.</summary>
    public Blake3OutputReader HashToReader(MappedFile mapped, bool populate, Blake3Mode mode, ProgressMeter? progress)
    {
        Job job = Run(new MappedReader(mapped, populate), mapped.Length, mode, progress);
        return Blake3Subtree.CreateRootReader(mode, job.Lengths, job.ChainingValues);
    }

    private void Hash(IPieceReader reader, long length, Blake3Mode mode, Span<byte> destination, ProgressMeter? progress)
    {
        Job job = Run(reader, length, mode, progress);
        Blake3Subtree.MergeRoot(mode, job.Lengths, job.ChainingValues, destination);
    }

    private Job Run(IPieceReader reader, long length, Blake3Mode mode, ProgressMeter? progress)
    {
        if (!Applies(length))
        {
            throw new ArgumentOutOfRangeException(nameof(length), length, "A file of one piece is hashed whole.");
        }

        var job = new Job(reader, length, mode, progress);
        WorkerThreads.Run(job.Lengths.Length, Workers(length, _threads), "b2fast hasher", (worker, piece) =>
            job.HashPiece(piece, reader.NeedsBuffer ? Buffer(worker) : Memory<byte>.Empty, reportProgress: worker == 0));
        return job;
    }

    private Memory<byte> Buffer(int index)
    {
        if (_buffers[index].IsEmpty)
        {
            byte[] backing = GC.AllocateUninitializedArray<byte>(SubtreeLength + BufferAlignment, pinned: true);
            int skip = (int)(BufferAlignment - (AddressOf(backing) % BufferAlignment)) % BufferAlignment;
            _buffers[index] = backing.AsMemory(skip, SubtreeLength);
        }

        return _buffers[index];
    }

    private static unsafe ulong AddressOf(byte[] pinned)
    {
        fixed (byte* start = pinned)
        {
            return (ulong)start;
        }
    }

    /// <summary>Where a piece's bytes come from: read into a thread's buffer, or the mapping itself.</summary>
    private interface IPieceReader
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

    /// <summary>One file's pieces, handed out in order to whichever thread asks next, and what they gave.</summary>
    private sealed class Job(IPieceReader reader, long length, Blake3Mode mode, ProgressMeter? progress)
    {
        private readonly long _pieceLength = PieceLength(length);
        private long _bytesDone;

        /// <summary>Every piece's length in file order: all <see cref="PieceLength"/> but the last.</summary>
        public long[] Lengths { get; } = PieceLengths(length, PieceLength(length));

        /// <summary>Every piece's chaining value, 32 bytes each, in file order.</summary>
        public byte[] ChainingValues { get; } = new byte[PieceCount(length) * Blake3Subtree.ChainingValueLength];

        /// <summary>Hashes piece <paramref name="piece"/> into its chaining value; the progress is reported by one thread only.</summary>
        public void HashPiece(long piece, Memory<byte> buffer, bool reportProgress)
        {
            int pieceLength = (int)Lengths[piece];
            reader.HashPiece(piece * _pieceLength, pieceLength, mode, buffer.Span, ChainingValues.AsSpan((int)piece * Blake3Subtree.ChainingValueLength, Blake3Subtree.ChainingValueLength));
            long done = Interlocked.Add(ref _bytesDone, pieceLength);
            if (reportProgress)
            {
                progress?.Report(done);
            }
        }

        private static long[] PieceLengths(long length, long pieceLength)
        {
            long[] lengths = new long[((length - 1) / pieceLength) + 1];
            Array.Fill(lengths, pieceLength);
            lengths[^1] = length - ((lengths.Length - 1) * pieceLength);
            return lengths;
        }
    }
}

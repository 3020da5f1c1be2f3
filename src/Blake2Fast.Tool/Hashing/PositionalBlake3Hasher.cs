using System;
using System.IO;
using System.Runtime.ExceptionServices;
using System.Threading;
using Blake2Fast.Tool.Io;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.Hashing;

/// <summary>
/// BLAKE3 of a regular file read without a mapping, on every core: each thread takes the next
/// <see cref="SubtreeLength"/> piece of the file not yet taken, reads it at its offset into its own
/// buffer and hashes it as a subtree of the file's tree (<see cref="Blake3Subtree"/>); the chaining
/// values are merged into the root at the end. One instance serves a whole run; its buffers are
/// reused for every input.
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
    /// 1 MiB per piece, a power of two of chunks (so every piece is a subtree of the file's tree):
    /// long enough for the 16-lane kernel and the read's system call to cost nothing measurable,
    /// short enough that a busy core holds up the last piece only briefly.
    /// </summary>
    public const int SubtreeLength = 1 << 20;

    private const int BufferAlignment = 4096;

    private readonly int _threads;
    private readonly Memory<byte>[] _buffers;

    /// <param name="threads">How many threads read and hash, the calling one among them; every processor by default.</param>
    public PositionalBlake3Hasher(int threads = 0)
    {
        _threads = threads > 0 ? threads : Environment.ProcessorCount;
        _buffers = new Memory<byte>[_threads];
    }

    /// <summary>Whether a file of <paramref name="length"/> bytes is long enough to be cut into pieces (two at least).</summary>
    public static bool Applies(long length) => length > SubtreeLength;

    /// <summary>
    /// Writes the BLAKE3 output of the first <paramref name="length"/> bytes of <paramref name="file"/>
    /// (its length when hashing began, more than <see cref="SubtreeLength"/>) into <paramref name="destination"/>.
    /// </summary>
    /// <exception cref="IOException">A read failed, or the file ended before <paramref name="length"/> bytes.</exception>
    public void Hash(SafeFileHandle file, long length, Blake3Mode mode, Span<byte> destination, ProgressMeter? progress)
    {
        if (!Applies(length))
        {
            throw new ArgumentOutOfRangeException(nameof(length), length, "A file of one piece is hashed whole.");
        }

        long pieces = ((length - 1) / SubtreeLength) + 1;
        var job = new Job(file, length, pieces, mode, progress);
        var helpers = new Thread[(int)Math.Min(_threads - 1, pieces - 1)];
        for (int i = 0; i < helpers.Length; i++)
        {
            Memory<byte> buffer = Buffer(i + 1);
            helpers[i] = new Thread(() => job.Work(buffer, reportProgress: false)) { IsBackground = true, Name = "b2fast hasher" };
            helpers[i].Start();
        }

        job.Work(Buffer(0), reportProgress: true);
        foreach (Thread helper in helpers)
        {
            helper.Join();
        }

        job.ThrowFailure();
        Blake3Subtree.MergeRoot(mode, job.Lengths, job.ChainingValues, destination);
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

    /// <summary>One file's pieces, handed out in order to whichever thread asks next, and what they gave.</summary>
    private sealed class Job(SafeFileHandle file, long length, long pieces, Blake3Mode mode, ProgressMeter? progress)
    {
        private long _next = -1;
        private long _bytesDone;
        private volatile bool _failed;
        private ExceptionDispatchInfo? _failure;

        /// <summary>Every piece's length in file order: all <see cref="SubtreeLength"/> but the last.</summary>
        public long[] Lengths { get; } = PieceLengths(length, pieces);

        /// <summary>Every piece's chaining value, 32 bytes each, in file order.</summary>
        public byte[] ChainingValues { get; } = new byte[pieces * Blake3Subtree.ChainingValueLength];

        /// <summary>Takes pieces until none is left or a thread failed; the first failure is kept for <see cref="ThrowFailure"/>.</summary>
        public void Work(Memory<byte> buffer, bool reportProgress)
        {
            try
            {
                for (long piece = Interlocked.Increment(ref _next); piece < pieces && !_failed; piece = Interlocked.Increment(ref _next))
                {
                    long offset = piece * SubtreeLength;
                    Span<byte> bytes = buffer.Span[..(int)Lengths[piece]];
                    ReadFully(bytes, offset);
                    Blake3Subtree.Hash(mode, bytes, offset, ChainingValues.AsSpan((int)piece * Blake3Subtree.ChainingValueLength, Blake3Subtree.ChainingValueLength));
                    long done = Interlocked.Add(ref _bytesDone, bytes.Length);
                    if (reportProgress)
                    {
                        progress?.Report(done);
                    }
                }
            }
            catch (Exception ex)
            {
                // The calling thread rethrows it once every thread has stopped.
                Interlocked.CompareExchange(ref _failure, ExceptionDispatchInfo.Capture(ex), null);
                _failed = true;
            }
        }

        public void ThrowFailure() => _failure?.Throw();

        private void ReadFully(Span<byte> bytes, long offset)
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
        }

        private static long[] PieceLengths(long length, long pieces)
        {
            long[] lengths = new long[pieces];
            Array.Fill(lengths, SubtreeLength);
            lengths[^1] = length - ((pieces - 1) * SubtreeLength);
            return lengths;
        }
    }
}

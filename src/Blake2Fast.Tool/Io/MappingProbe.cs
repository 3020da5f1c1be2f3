using System;
using System.IO;
using System.Threading;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// Measures both ways of reaching a file's bytes on this machine, for this file, before the tool
/// commits to one: it copies a few windows spread over the file (<see cref="Windows"/>, 8 MiB in
/// all) out of the page cache with <c>pread</c>, then reads one byte of every 4 KiB page of the
/// same windows through the mapping, and takes the processor time each cost the calling thread
/// (<see cref="ThreadUsage"/>); the cheaper way is used (<see cref="MappingCost.FavorsMapping"/>).
/// </summary>
/// <remarks>
/// <para>
/// Why measure instead of deciding by size: on the project's virtual machine the first touch of
/// each mapped 4 KiB page costs about 2.5 us, whether the page is mapped by a fault or ahead of
/// time by <c>MADV_POPULATE_READ</c>, so a file that the page cache holds in small pieces (written
/// by <c>head -c</c>, 8 KiB at a time) took 0.5 to 0.8 s per GiB to reach through a mapping,
/// against 0.1 to 0.23 s per GiB to copy out with <c>read</c>. The same bytes held in 2 MiB pieces
/// (copied with <c>dd bs=4M</c>) are mapped 2 MiB per page-table entry and cost 0.035 s per GiB.
/// How the page cache holds a file depends on how it was written or read in, which nothing tells
/// a program before it maps it; touching a few MiB does.
/// </para>
/// <para>
/// Processor time rather than the number of faults: the kernel maps a whole large folio per
/// fault, so a file held in 1 MiB pieces (written by <c>dd bs=1M</c>) takes one fault per MiB,
/// few enough to look cheap, yet its 256 page-table entries per MiB cost as much to reach as the
/// small pieces' (0.4 ms per MiB). The thread's processor time counts what the touches cost and
/// leaves out time spent waiting for a busy core, which a clock on the wall would not.
/// </para>
/// <para>
/// The touched pages are not wasted when the mapping is kept: the hash then finds them mapped.
/// </para>
/// </remarks>
internal static class MappingProbe
{
    /// <summary>
    /// Bytes touched in each place the probe looks: 2 MiB, the largest piece a page cache holds on
    /// x86-64, mapped whole by one page-table entry. A window of such a piece then costs what the
    /// hash would pay for the same bytes; a shorter one would pay for the whole piece and count
    /// only part of it.
    /// </summary>
    public const int WindowLength = 2 << 20;

    /// <summary>
    /// Places looked at: one in the middle of each quarter of the file, so that a file whose start
    /// differs from the rest is judged by the rest. Read back from disk, a file's first MiBs come in
    /// small pieces (readahead starts small and grows) and the rest in 2 MiB ones; a file
    /// partly dropped from the page cache and read in again is a patchwork.
    /// </summary>
    public const int WindowCount = 4;

    /// <summary>The smallest page size of the systems the tool runs on: one read per page touches every page.</summary>
    public const int PageLength = 4096;

    /// <summary>
    /// Copies the <see cref="Windows"/> of <paramref name="file"/> out (unless they cover the whole
    /// file, whose mapping the touch pays for whole), then touches them in <paramref name="mapped"/>
    /// (the same file) and measures both; <see langword="null"/> where the thread's usage cannot be
    /// read (off Linux): nothing is touched then.
    /// </summary>
    public static MappingCost? Measure(MappedFile mapped, SafeFileHandle file)
    {
        if (ThreadUsage.Now() is null)
        {
            return null;
        }

        (long Offset, int Length)[] windows = Windows(mapped.Length);
        long probeLength = 0;
        foreach ((_, int length) in windows)
        {
            probeLength += length;
        }

        long? readCost = probeLength < mapped.Length ? ReadCost(file, windows, probeLength) : null;
        ThreadUsage? before = ThreadUsage.Now();
        if (before is null)
        {
            return null;
        }

        // Past the copy's cost for the whole probe, the touch cannot win: it stops there.
        long budget = readCost is long read ? read * probeLength / (1 << 20) : long.MaxValue;
        long touched = 0;
        ThreadUsage? spent = null;
        foreach ((long offset, int length) in windows)
        {
            Touch(mapped.Slice(offset, length));
            touched += length;
            spent = ThreadUsage.Now()?.Since(before.Value);

            // Past the whole probe's budget already: the rest cannot bring the average back under
            // the copy's, and on a file that is expensive to map each further window costs about 1 ms.
            if (spent is null || spent.Value.CpuNanoseconds > budget)
            {
                break;
            }
        }

        return spent is null || touched == 0 ? null : new MappingCost(touched, spent.Value, readCost);
    }

    /// <summary>
    /// The thread's processor time per MiB to copy <paramref name="windows"/> (<paramref name="probeLength"/>
    /// bytes in all) out of <paramref name="file"/> into a buffer touched beforehand (its own first
    /// touch is not the copy's cost); <see langword="null"/> where it cannot be measured.
    /// </summary>
    private static long? ReadCost(SafeFileHandle file, (long Offset, int Length)[] windows, long probeLength)
    {
        byte[] buffer = GC.AllocateUninitializedArray<byte>(WindowLength, pinned: true);
        Array.Clear(buffer);
        ThreadUsage? before = ThreadUsage.Now();
        try
        {
            foreach ((long offset, int length) in windows)
            {
                for (int done = 0; done < length;)
                {
                    int read = RandomAccess.Read(file, buffer.AsSpan(done, length - done), offset + done);
                    if (read == 0)
                    {
                        return null;
                    }

                    done += read;
                }
            }
        }
        catch (IOException)
        {
            return null;
        }

        ThreadUsage? spent = ThreadUsage.Now()?.Since(before!.Value);
        return spent is null ? null : spent.Value.CpuNanoseconds * (1L << 20) / probeLength;
    }

    /// <summary>
    /// Where the probe looks in a file of <paramref name="fileLength"/> bytes, in file order and
    /// without overlap: a file of no more than <see cref="WindowCount"/> windows is cut into
    /// consecutive windows (the last may be shorter); in a longer one, a <see cref="WindowLength"/>
    /// window starts at the 2 MiB boundary at or before the middle of each quarter (the last one no
    /// later than a window from the file's end).
    /// </summary>
    public static (long Offset, int Length)[] Windows(long fileLength)
    {
        if (fileLength <= (long)WindowCount * WindowLength)
        {
            var whole = new (long Offset, int Length)[(fileLength + WindowLength - 1) / WindowLength];
            for (int i = 0; i < whole.Length; i++)
            {
                long offset = (long)i * WindowLength;
                whole[i] = (offset, (int)Math.Min(WindowLength, fileLength - offset));
            }

            return whole;
        }

        var windows = new (long Offset, int Length)[WindowCount];
        long end = 0;
        for (int i = 0; i < WindowCount; i++)
        {
            long middle = (((2L * i) + 1) * fileLength) / (2 * WindowCount);
            long offset = Math.Min(middle & ~((long)WindowLength - 1), fileLength - WindowLength);

            // In a file under 16 MiB the last window, kept inside the file, can reach back into the
            // one before; it then starts where that one ends and is cut short by the file's end.
            offset = Math.Max(offset, end);
            windows[i] = (offset, (int)Math.Min(WindowLength, fileLength - offset));
            end = offset + windows[i].Length;
        }

        return windows;
    }

    /// <summary>Reads one byte of each page of <paramref name="bytes"/>, so that each is mapped if it was not.</summary>
    private static void Touch(ReadOnlySpan<byte> bytes)
    {
        for (int offset = 0; offset < bytes.Length; offset += PageLength)
        {
            // A volatile read, so that the compiler cannot drop a load whose value is unused.
            _ = Volatile.Read(in bytes[offset]);
        }
    }
}

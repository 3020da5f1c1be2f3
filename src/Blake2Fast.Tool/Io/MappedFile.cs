using System;
using System.IO;
using System.IO.MemoryMappedFiles;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// A regular file mapped into memory, read-only, for <c>--mmap</c>: the algorithms that hash on
/// every core (BLAKE3 and <c>--tree</c>) then read it where it lies in the page cache instead of
/// copying it into buffers. The tool reads files by default: under a virtual machine's nested
/// paging every page of a mapping costs a table walk that a reused read buffer does not, and the
/// tool README's table shows reading ahead on most machines measured.
/// </summary>
/// <remarks>
/// The risk is the one every memory-mapping hasher takes: a file cut shorter by another process
/// while it is hashed makes the pages past its new end unreadable, and the process is stopped by
/// the system (SIGBUS) instead of reporting an error. Reading, the default, avoids it.
/// </remarks>
internal sealed unsafe partial class MappedFile : IDisposable
{
    /// <summary>
    /// Smaller files are read: mapping and unmapping cost more than copying a few pages, and a
    /// small input has nothing to share between cores anyway.
    /// </summary>
    public const long MinimumLength = 1 << 20;

    // madvise wants a start on a page boundary, and pages are not 4 KiB everywhere: 16 or 64 KiB
    // on some ARM64 Linux kernels (the 4 KiB mask would leave such a start unaligned: EINVAL).
    private static readonly int PageLength = Environment.SystemPageSize;
    private const int PopulateRead = 22; // MADV_POPULATE_READ

    private readonly MemoryMappedFile _mapping;
    private readonly MemoryMappedViewAccessor _view;
    private readonly byte* _start;

    private MappedFile(MemoryMappedFile mapping, MemoryMappedViewAccessor view, long length)
    {
        _mapping = mapping;
        _view = view;
        Length = length;
        byte* start = null;
        view.SafeMemoryMappedViewHandle.AcquirePointer(ref start);
        _start = start + view.PointerOffset;
    }

    /// <summary>The number of bytes mapped: the file's length when it was mapped.</summary>
    public long Length { get; }

    /// <summary>
    /// Maps <paramref name="file"/> from its start; <see langword="null"/> when it is not a regular
    /// file of <see cref="MinimumLength"/> to <paramref name="maxLength"/> bytes (a pipe, a device,
    /// a file in /proc, which reports a length of 0) or the system refuses to map it: the caller
    /// then reads it.
    /// </summary>
    public static MappedFile? TryMap(FileStream file, long maxLength)
    {
        try
        {
            if (!file.CanSeek || file.Position != 0)
            {
                return null;
            }

            long length = file.Length;
            if (length < MinimumLength || length > maxLength)
            {
                return null;
            }

            MemoryMappedFile mapping = MemoryMappedFile.CreateFromFile(
                file, mapName: null, capacity: 0, MemoryMappedFileAccess.Read, HandleInheritability.None, leaveOpen: true);
            try
            {
                MemoryMappedViewAccessor view = mapping.CreateViewAccessor(0, length, MemoryMappedFileAccess.Read);
                return new MappedFile(mapping, view, length);
            }
            catch
            {
                mapping.Dispose();
                throw;
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException or NotSupportedException)
        {
            return null;
        }
    }

    /// <summary>The <paramref name="length"/> bytes at <paramref name="offset"/>.</summary>
    public ReadOnlySpan<byte> Slice(long offset, int length)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan((ulong)offset + (ulong)length, (ulong)Length, nameof(length));
        return new ReadOnlySpan<byte>(_start + offset, length);
    }

    /// <summary>
    /// Asks the system to map the pages of bytes <paramref name="offset"/> to <paramref name="offset"/>
    /// + <paramref name="length"/> now (<c>MADV_POPULATE_READ</c>, Linux 5.14 and later), in one pass
    /// on this thread, instead of a page fault at a time while the hash reads them. Pages not yet in
    /// the page cache are read from disk before this returns, so callers populate only what they hash
    /// next. Where the system refuses, nothing happens: the hash then faults the pages in itself.
    /// </summary>
    /// <returns>Whether the system did it.</returns>
    public bool Populate(long offset, long length)
    {
        ArgumentOutOfRangeException.ThrowIfGreaterThan((ulong)offset + (ulong)length, (ulong)Length, nameof(length));
        if (!OperatingSystem.IsLinux() || length == 0)
        {
            return false;
        }

        // madvise takes a page-aligned start: go back to the page that holds the first byte.
        nuint start = (nuint)(_start + offset);
        nuint aligned = start & ~(nuint)(PageLength - 1);
        try
        {
            return Advise((byte*)aligned, (nuint)length + (start - aligned), PopulateRead) == 0;
        }
        catch (Exception ex) when (ex is DllNotFoundException or EntryPointNotFoundException)
        {
            // Not glibc (musl names its C library otherwise): the hash faults the pages in itself.
            return false;
        }
    }

    public void Dispose()
    {
        _view.SafeMemoryMappedViewHandle.ReleasePointer();
        _view.Dispose();
        _mapping.Dispose();
    }

    [LibraryImport("libc.so.6", EntryPoint = "madvise")]
    private static partial int Advise(byte* address, nuint length, int advice);
}

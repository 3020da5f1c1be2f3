using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Internal;

/// <summary>
/// Memory that a file is read into, a batch of leaves (up to 16 MiB) at a time: allocated outside
/// the GC heap, aligned to 2 MiB and, on Linux, advised as transparent huge pages, so that the
/// first touch of each 2 MiB is one page fault rather than 512. Erased when disposed: it held the
/// file's bytes. The netstandard builds have a version in Polyfills (an array from the pool),
/// which they never use: they read every stream in order (<see cref="PositionalFile"/>).
/// </summary>
/// <remarks>
/// Where a page fault is dear, as in a virtual machine under nested paging, a buffer's first touch
/// is a large part of reading a file: huge pages cut the page faults of reading a file held in
/// memory by an order of magnitude against the workers' batches in pooled arrays, and the time
/// markedly (docs/measurements.md#read-buffer). The advice is a hint: where the system has no
/// such pages to give, or is not Linux, the memory is ordinary pages; where libc cannot be loaded
/// under that name, no advice.
/// </remarks>
internal sealed unsafe partial class ReadBuffer : IDisposable
{
    private const int HugePageLength = 2 << 20;

    /// <summary>Linux's MADV_HUGEPAGE (the same value on every architecture).</summary>
    private const int AdviseHugePages = 14;

    private static bool s_cannotAdvise;

    private byte* _memory;

    /// <summary>Allocates <paramref name="length"/> bytes (at least 1).</summary>
    public ReadBuffer(int length)
    {
        Length = length;
        nuint rounded = ((nuint)length + HugePageLength - 1) & ~(nuint)(HugePageLength - 1);
        _memory = (byte*)NativeMemory.AlignedAlloc(rounded, HugePageLength);
        if (OperatingSystem.IsLinux() && !s_cannotAdvise)
        {
            try
            {
                // Its result changes nothing: without huge pages the memory is simply ordinary pages.
                _ = Advise(_memory, rounded, AdviseHugePages);
            }
            catch (Exception e) when (e is DllNotFoundException or EntryPointNotFoundException)
            {
                s_cannotAdvise = true;
            }
        }
    }

    /// <summary>The buffer's length in bytes.</summary>
    public int Length { get; }

    /// <summary>The whole buffer.</summary>
    public Span<byte> Span => _memory is null ? throw new ObjectDisposedException(nameof(ReadBuffer)) : new(_memory, Length);

    /// <summary>Erases and frees the memory.</summary>
    public void Dispose()
    {
        Free();
        GC.SuppressFinalize(this);
    }

    /// <summary>Frees the memory of a buffer that a failure left undisposed: it is not the GC's to reclaim.</summary>
    ~ReadBuffer() => Free();

    private void Free()
    {
        if (_memory is not null)
        {
            SecretBytes.Erase(new Span<byte>(_memory, Length));
            NativeMemory.AlignedFree(_memory);
            _memory = null;
        }
    }

    [LibraryImport("libc", EntryPoint = "madvise")]
    private static partial int Advise(void* address, nuint length, int advice);
}

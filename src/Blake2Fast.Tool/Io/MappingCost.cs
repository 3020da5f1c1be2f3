namespace Blake2Fast.Tool.Io;

/// <summary>
/// What <see cref="MappingProbe"/> measured on the same windows of a file: the bytes it touched
/// through a mapping and what that cost the thread, and what copying those bytes out with
/// <c>pread</c> cost; <see cref="FavorsMapping"/> is the rule that picks between hashing the file
/// where it lies and copying it out into buffers.
/// </summary>
/// <param name="BytesTouched">How many bytes were touched, one read per page.</param>
/// <param name="Usage">What touching them cost the thread.</param>
/// <param name="ReadNanosecondsPerMiB">
/// Processor time per MiB that copying the windows out of the page cache took the thread;
/// <see langword="null"/> where it was not measured (a file the touch covered whole, whose mapping
/// is paid for already).
/// </param>
internal readonly record struct MappingCost(long BytesTouched, ThreadUsage Usage, long? ReadNanosecondsPerMiB)
{
    /// <summary>Processor time per MiB touched, in nanoseconds.</summary>
    public long NanosecondsPerMiB => BytesTouched == 0 ? 0 : Usage.CpuNanoseconds * (1L << 20) / BytesTouched;

    /// <summary>Minor page faults per MiB touched, for reports: it tells how large the page cache's pieces are.</summary>
    public double MinorFaultsPerMiB => BytesTouched == 0 ? 0 : Usage.MinorFaults * (double)(1 << 20) / BytesTouched;

    /// <summary>
    /// Whether the file should be hashed through the mapping: reaching its bytes there cost no
    /// more than copying them out did (or the copy was not measured). Both costs are the same
    /// thread's processor time on the same windows, so the rule holds on any machine: on the
    /// 2-core AMD EPYC Zen 5, touching cost 20 to 140 us per MiB for a file the page cache holds in
    /// 2 MiB pieces and 400 to 1,400 us for smaller pieces, against 95 to 230 us to copy.
    /// A file whose pages had to be read from disk (major faults) is judged the same way: the wait
    /// for the disk is not processor time.
    /// </summary>
    public bool FavorsMapping => ReadNanosecondsPerMiB is not long read || NanosecondsPerMiB <= read;
}

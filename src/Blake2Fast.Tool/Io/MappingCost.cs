namespace Blake2Fast.Tool.Io;

/// <summary>
/// What <see cref="MappingProbe"/> measured: the bytes it touched through a mapping and what that
/// cost the thread; <see cref="FavorsMapping"/> is the rule that picks between hashing the file
/// where it lies and copying it out through buffers.
/// </summary>
/// <param name="BytesTouched">How many bytes from the file's start were touched, one read per page.</param>
/// <param name="Usage">What touching them cost the thread.</param>
internal readonly record struct MappingCost(long BytesTouched, ThreadUsage Usage)
{
    /// <summary>
    /// The most processor time touching one MiB of a mapping may take for the mapping to be kept:
    /// 200 us, about what copying a MiB out of the page cache with <c>read</c> costs instead (100 us
    /// from 2 MiB pieces, 230 us from 8 KiB pieces, on one core of the project's machine). Measured
    /// touches fell far from the line on both sides: 20 to 140 us per MiB for 2 MiB pieces, 400 to
    /// 1,400 us for pieces of 1 MiB and less.
    /// </summary>
    public const long MaxNanosecondsPerMiB = 200_000;

    /// <summary>Processor time per MiB touched, in nanoseconds.</summary>
    public long NanosecondsPerMiB => BytesTouched == 0 ? 0 : Usage.CpuNanoseconds * (1L << 20) / BytesTouched;

    /// <summary>Minor page faults per MiB touched, for reports: it tells how large the page cache's pieces are.</summary>
    public double MinorFaultsPerMiB => BytesTouched == 0 ? 0 : Usage.MinorFaults * (double)(1 << 20) / BytesTouched;

    /// <summary>
    /// Whether the file should be hashed through the mapping: reaching its bytes there costs no
    /// more than <see cref="MaxNanosecondsPerMiB"/> a MiB. A file whose pages had to be read from disk
    /// (major faults) is judged the same way: the wait for the disk is not processor time, and
    /// mapping reads ahead as a reader would.
    /// </summary>
    public bool FavorsMapping => NanosecondsPerMiB <= MaxNanosecondsPerMiB;
}

using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// What the calling thread has cost so far, as Linux counts it: processor time and minor page
/// faults. <see cref="MappingProbe"/> reads it before and after touching a mapping, so that only the
/// touching is measured: other threads' work and time spent waiting for a core are left out.
/// </summary>
/// <param name="CpuNanoseconds">The thread's processor time (<c>CLOCK_THREAD_CPUTIME_ID</c>), user and system together.</param>
/// <param name="MinorFaults">The page faults the thread took that needed no disk read (<c>getrusage(RUSAGE_THREAD)</c>'s <c>ru_minflt</c>).</param>
/// <param name="MajorFaults">The page faults the thread took that waited for a disk read (<c>ru_majflt</c>).</param>
internal readonly partial record struct ThreadUsage(long CpuNanoseconds, long MinorFaults, long MajorFaults)
{
    private const int ThreadCpuTimeClock = 3; // CLOCK_THREAD_CPUTIME_ID
    private const int UsageOfThread = 1; // RUSAGE_THREAD, Linux only

    // Set once the C library turned out not to be glibc's (musl names it otherwise): never asked again.
    private static bool s_unavailable;

    /// <summary>The calling thread's usage now; <see langword="null"/> off Linux, without glibc, or when the system refuses.</summary>
    public static unsafe ThreadUsage? Now()
    {
        if (!OperatingSystem.IsLinux() || s_unavailable)
        {
            return null;
        }

        TimeSpec time;
        ResourceUsage usage;
        try
        {
            if (ClockGetTime(ThreadCpuTimeClock, &time) != 0 || GetResourceUsage(UsageOfThread, &usage) != 0)
            {
                return null;
            }
        }
        catch (Exception ex) when (ex is DllNotFoundException or EntryPointNotFoundException)
        {
            s_unavailable = true;
            return null;
        }

        return new ThreadUsage((time.Seconds * 1_000_000_000L) + time.Nanoseconds, usage.MinorFaults, usage.MajorFaults);
    }

    /// <summary>What the thread spent from <paramref name="earlier"/> (a sample of the same thread) to this sample.</summary>
    public ThreadUsage Since(ThreadUsage earlier) => new(
        CpuNanoseconds - earlier.CpuNanoseconds,
        MinorFaults - earlier.MinorFaults,
        MajorFaults - earlier.MajorFaults);

    [LibraryImport("libc.so.6", EntryPoint = "clock_gettime")]
    private static unsafe partial int ClockGetTime(int clock, TimeSpec* time);

    [LibraryImport("libc.so.6", EntryPoint = "getrusage")]
    private static unsafe partial int GetResourceUsage(int who, ResourceUsage* usage);

    // struct timespec on 64-bit Linux.
    [StructLayout(LayoutKind.Sequential)]
    private struct TimeSpec
    {
        public long Seconds;
        public long Nanoseconds;
    }

    // struct rusage on 64-bit Linux: two timevals, then fourteen longs, of which the fault counts are
    // the fifth and sixth; the others are there only to give the system room to write them.
    [StructLayout(LayoutKind.Sequential)]
    private struct ResourceUsage
    {
        public long UserSeconds;
        public long UserMicroseconds;
        public long SystemSeconds;
        public long SystemMicroseconds;
        public long MaxResidentSet;
        public long SharedMemory;
        public long UnsharedData;
        public long UnsharedStack;
        public long MinorFaults;
        public long MajorFaults;
        public long Swaps;
        public long BlockInputs;
        public long BlockOutputs;
        public long MessagesSent;
        public long MessagesReceived;
        public long Signals;
        public long VoluntarySwitches;
        public long InvoluntarySwitches;
    }
}

using System;
using System.IO;
using System.Linq;
using System.IO.MemoryMappedFiles;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The inputs of the choice between hashing a file through its mapping and reading it: where
/// <see cref="MappingProbe"/> looks, what it measures (<see cref="ThreadUsage"/>), the rule
/// (<see cref="MappingCost.FavorsMapping"/>) and how it is applied
/// (<see cref="MappingChoice.KeepsMapping"/>). What a given file measures depends on the machine and
/// on how its page cache holds the file, so the measurements are checked for sense, not for values.
/// </summary>
public sealed class MappingProbeTests : IDisposable
{
    private const long MiB = 1 << 20;
    private readonly string _dir = Directory.CreateTempSubdirectory("b2fast-probe").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Theory]
    [InlineData(1)]
    [InlineData(MiB)]
    [InlineData((2 * MiB) + 1)]
    [InlineData(8 * MiB)]
    [InlineData((8 * MiB) + 1)]
    [InlineData((9 * MiB) + 12345)]
    [InlineData((10 * MiB) - 1)]
    [InlineData(16 * MiB)]
    [InlineData((1L << 30) + 1)]
    [InlineData(1L << 40)]
    public void Windows_lie_inside_the_file_in_order_without_overlap(long length)
    {
        (long Offset, int Length)[] windows = MappingProbe.Windows(length);

        long end = 0;
        foreach ((long offset, int windowLength) in windows)
        {
            Assert.True(offset >= end, $"window at {offset} overlaps the one ending at {end}");
            Assert.InRange(windowLength, 1, MappingProbe.WindowLength);
            Assert.True(offset + windowLength <= length, $"window at {offset} passes the end {length}");
            end = offset + windowLength;
        }

        Assert.InRange(windows.Sum(w => (long)w.Length), 1, (long)MappingProbe.WindowCount * MappingProbe.WindowLength);
    }

    [Fact]
    public void A_short_file_is_probed_whole_and_a_long_one_in_each_quarter_on_2_MiB_boundaries()
    {
        Assert.Equal([(0L, (int)MiB)], MappingProbe.Windows(MiB));
        Assert.Equal([(0L, (int)(2 * MiB)), (2 * MiB, 1)], MappingProbe.Windows((2 * MiB) + 1));
        Assert.Equal(4, MappingProbe.Windows(8 * MiB).Length);
        Assert.Equal(8 * MiB, MappingProbe.Windows(8 * MiB).Sum(w => (long)w.Length));

        long length = 1L << 30;
        (long Offset, int Length)[] windows = MappingProbe.Windows(length);
        Assert.Equal(MappingProbe.WindowCount, windows.Length);
        for (int i = 0; i < windows.Length; i++)
        {
            Assert.Equal(0, windows[i].Offset % (2 * MiB));
            Assert.Equal(MappingProbe.WindowLength, windows[i].Length);
            Assert.InRange(windows[i].Offset, i * length / 4, (i + 1) * length / 4);
        }
    }

    [Theory]
    [InlineData(0L, 100_000L, true)]
    [InlineData(100_000L, 100_000L, true)]
    [InlineData(100_001L, 100_000L, false)]
    [InlineData(1_000_000L, 230_000L, false)]
    [InlineData(30_000L, 95_000L, true)]
    [InlineData(1_000_000L, null, true)]
    public void Mapping_is_favoured_when_touching_costs_no_more_than_copying(long nanosecondsPerMiB, long? readNanosecondsPerMiB, bool favoured)
    {
        // 8 MiB touched, the cost scaled to match: the rule reads the cost per MiB, and compares
        // it with the copy's on the same windows (not measured: a file touched whole).
        var cost = new MappingCost(8 * MiB, new ThreadUsage(nanosecondsPerMiB * 8, MinorFaults: 4, MajorFaults: 0), readNanosecondsPerMiB);
        Assert.Equal(nanosecondsPerMiB, cost.NanosecondsPerMiB);
        Assert.Equal(0.5, cost.MinorFaultsPerMiB);
        Assert.Equal(favoured, cost.FavorsMapping);
    }

    [Fact]
    public void A_mapping_is_kept_that_pays_that_is_paid_for_or_that_was_not_measured()
    {
        var cheap = new MappingCost(8 * MiB, new ThreadUsage(8 * 30_000, 4, 0), 100_000);
        var dear = new MappingCost(2 * MiB, new ThreadUsage(2 * 900_000, 32, 0), 200_000);

        Assert.True(MappingChoice.KeepsMapping(null, 100 * MiB));
        Assert.True(MappingChoice.KeepsMapping(cheap, 100 * MiB));
        Assert.False(MappingChoice.KeepsMapping(dear, 100 * MiB));

        // The probe touched all of a 2 MiB file: its mapping is paid for, reading would only add the copy.
        Assert.True(MappingChoice.KeepsMapping(dear, 2 * MiB));
    }

    [Fact]
    public void Thread_usage_counts_this_threads_work_and_faults()
    {
        if (!OperatingSystem.IsLinux())
        {
            Assert.Null(ThreadUsage.Now());
            return;
        }

        ThreadUsage before = ThreadUsage.Now()!.Value;
        TouchFreshMemory(4 * MiB);
        ThreadUsage spent = ThreadUsage.Now()!.Value.Since(before);

        Assert.True(spent.CpuNanoseconds > 0);
        Assert.True(spent.MinorFaults > 0, "touching 4 MiB of new memory took no page fault");
        Assert.True(spent.MajorFaults >= 0);
    }

    [Fact]
    public void The_probe_touches_its_windows_and_measures_them()
    {
        string path = Path.Combine(_dir, "data");
        byte[] data = new byte[(20 * MiB) + 3];
        new Random(3).NextBytes(data);
        File.WriteAllBytes(path, data);
        using var file = new FileStream(path, FileMode.Open, FileAccess.Read);
        using MappedFile mapped = MappedFile.TryMap(file, long.MaxValue)!;

        MappingCost? cost = MappingProbe.Measure(mapped, file.SafeFileHandle);

        if (!OperatingSystem.IsLinux())
        {
            Assert.Null(cost);
            return;
        }

        // All four windows, or fewer when the first ones already cost more than the whole probe may.
        Assert.NotNull(cost);
        Assert.Equal(0, cost.Value.BytesTouched % MappingProbe.WindowLength);
        Assert.InRange(cost.Value.BytesTouched, MappingProbe.WindowLength, MappingProbe.WindowCount * MappingProbe.WindowLength);
        Assert.True(cost.Value.BytesTouched == MappingProbe.WindowCount * MappingProbe.WindowLength || !cost.Value.FavorsMapping);

        // A new mapping's pages are not mapped until touched: the first touch of each window faults.
        Assert.True(cost.Value.Usage.MinorFaults + cost.Value.Usage.MajorFaults >= cost.Value.BytesTouched / MappingProbe.WindowLength);
        Assert.True(cost.Value.Usage.CpuNanoseconds > 0);

        // The other way was measured on the same windows (the file is longer than they are).
        Assert.NotNull(cost.Value.ReadNanosecondsPerMiB);
        Assert.True(cost.Value.ReadNanosecondsPerMiB > 0);
    }

    // A new anonymous mapping rather than the allocator's memory, which may hand back pages touched before.
    private static unsafe void TouchFreshMemory(long length)
    {
        using var memory = MemoryMappedFile.CreateNew(null, length);
        using MemoryMappedViewAccessor view = memory.CreateViewAccessor(0, length);
        byte* start = null;
        view.SafeMemoryMappedViewHandle.AcquirePointer(ref start);
        try
        {
            for (long i = 0; i < length; i += MappingProbe.PageLength)
            {
                start[view.PointerOffset + i] = 1;
            }
        }
        finally
        {
            view.SafeMemoryMappedViewHandle.ReleasePointer();
        }
    }
}

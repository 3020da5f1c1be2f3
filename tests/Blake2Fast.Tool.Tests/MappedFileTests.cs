using System;
using System.IO;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <see cref="MappedFile"/>: which files it maps, and that a mapped file reads back as its bytes.
/// The tool falls back to reading through buffers whenever it returns nothing, so a file it
/// should not map must come back as <see langword="null"/>, never as an exception.
/// </summary>
public sealed class MappedFileTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("b2fast-map").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public void A_large_file_is_mapped_with_its_bytes()
    {
        byte[] data = new byte[(2 << 20) + 3];
        new Random(7).NextBytes(data);
        using FileStream file = Write("large", data);
        using MappedFile? mapped = MappedFile.TryMap(file, long.MaxValue);
        Assert.NotNull(mapped);
        Assert.Equal(data.Length, mapped.Length);
        Assert.True(mapped.Slice(0, data.Length).SequenceEqual(data));
        Assert.True(mapped.Slice(data.Length - 10, 10).SequenceEqual(data.AsSpan(data.Length - 10)));
        Assert.Throws<ArgumentOutOfRangeException>(() => mapped.Slice(data.Length - 10, 11).Length);
    }

    [Fact]
    public void Populating_any_part_leaves_the_bytes_as_they_are()
    {
        byte[] data = new byte[(3 << 20) + 5];
        new Random(11).NextBytes(data);
        using FileStream file = Write("populated", data);
        using MappedFile mapped = MappedFile.TryMap(file, long.MaxValue)!;

        // Linux 5.14 and later populate; elsewhere nothing happens and the hash faults pages in itself.
        bool populated = mapped.Populate(0, mapped.Length);
        Assert.True(OperatingSystem.IsLinux() ? populated || Environment.OSVersion.Version < new Version(5, 14) : !populated);
        Assert.Equal(populated, mapped.Populate(4097, 10));
        Assert.False(mapped.Populate(5, 0));
        Assert.True(mapped.Slice(0, data.Length).SequenceEqual(data));
        Assert.Throws<ArgumentOutOfRangeException>(() => mapped.Populate(data.Length - 10, 11));
    }

    [Fact]
    public void Small_files_too_long_files_and_moved_streams_are_not_mapped()
    {
        using (FileStream small = Write("small", new byte[MappedFile.MinimumLength - 1]))
        {
            Assert.Null(MappedFile.TryMap(small, long.MaxValue));
        }

        using (FileStream exact = Write("exact", new byte[MappedFile.MinimumLength]))
        {
            Assert.Null(MappedFile.TryMap(exact, MappedFile.MinimumLength - 1));
            exact.Position = 1;
            Assert.Null(MappedFile.TryMap(exact, long.MaxValue));
            exact.Position = 0;
            using MappedFile? mapped = MappedFile.TryMap(exact, MappedFile.MinimumLength);
            Assert.NotNull(mapped);
        }
    }

    [Fact]
    public void A_file_that_reports_no_length_is_not_mapped()
    {
        // /proc files report a length of 0 whatever they hold: they must be read, not mapped.
        Assert.SkipUnless(OperatingSystem.IsLinux(), "Needs Linux's /proc, whose files report a length of 0 whatever they hold; Windows and macOS have no such files.");
        using var status = new FileStream("/proc/self/status", FileMode.Open, FileAccess.Read);
        Assert.Null(MappedFile.TryMap(status, long.MaxValue));
    }

    private FileStream Write(string name, byte[] data)
    {
        string path = Path.Combine(_dir, name);
        File.WriteAllBytes(path, data);
        return new FileStream(path, FileMode.Open, FileAccess.Read);
    }
}

using System;
using System.IO;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The tool's Linux-only calls (/proc, glibc's <c>open</c>, <c>getrusage</c>, <c>madvise</c>)
/// and what each does elsewhere, checked on every system: off Linux none of them is reached, and
/// each answers what its caller takes for "not here" (docs/platforms.md, "The b2fast tool").
/// </summary>
public sealed class PlatformGuardTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("b2fast-guards").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public void The_kernels_command_line_is_read_on_Linux_only()
    {
        (byte[] Bytes, System.Collections.Generic.List<Range> Arguments)? read = KernelCommandLine.Read();
        if (!OperatingSystem.IsLinux())
        {
            Assert.Null(read);
            return;
        }

        // This process's arguments: at least the program, each ending in the NUL after its range.
        Assert.NotNull(read);
        Assert.NotEmpty(read.Value.Arguments);
        int end = 0;
        foreach (Range argument in read.Value.Arguments)
        {
            Assert.Equal(end, argument.Start.Value);
            Assert.Equal(0, read.Value.Bytes[argument.End.Value]);
            end = argument.End.Value + 1;
        }

        Assert.Equal(read.Value.Bytes.Length, end);
    }

    [Fact]
    public void Arguments_are_recovered_from_their_bytes_on_Linux_only()
    {
        // A replacement character in an argument sends the tool to /proc/self/cmdline, which this
        // test process's arguments never match: the arguments come back as they were everywhere.
        string[] args = ["a\uFFFDb", "plain"];
        string[] recovered = RawText.RecoverArguments(args);
        Assert.Equal(args, recovered);
        if (!OperatingSystem.IsLinux())
        {
            Assert.Same(args, recovered);
        }
    }

    [Fact]
    public void A_name_of_raw_bytes_that_names_nothing_is_missing_on_every_system()
    {
        // On Linux glibc's open answers ENOENT; elsewhere the C library is not called at all.
        string name = Path.Combine(_dir, "missing-" + RawText.Decode([0xFF]));
        Assert.Throws<FileNotFoundException>(() => RawFile.OpenRead(name));
        Assert.Throws<FileNotFoundException>(() => RawFile.OpenInput(name));
    }

    [Fact]
    public void Populating_a_mapping_is_Linux_only()
    {
        string path = Path.Combine(_dir, "data");
        File.WriteAllBytes(path, new byte[MappedFile.MinimumLength + 5]);
        using var file = new FileStream(path, FileMode.Open, FileAccess.Read);
        using MappedFile? mapped = MappedFile.TryMap(file, long.MaxValue);

        // Mapping itself is .NET's and works everywhere; only the advice is Linux's.
        Assert.NotNull(mapped);
        if (!OperatingSystem.IsLinux())
        {
            Assert.False(mapped.Populate(0, mapped.Length));
        }
    }

    [Fact]
    public void The_cpu_flags_are_read_and_a_better_build_sought_on_x86_Linux_only()
    {
        if (!OperatingSystem.IsLinux())
        {
            Assert.Null(NativeLevelRelaunch.KernelCpuFlags());
            Assert.Equal(NativeLevelRelaunch.BaselineLevel, NativeLevelRelaunch.LevelOfThisMachine());
        }

        // Compiled at run time here: returns at once on every system, never reaching execv.
        NativeLevelRelaunch.RelaunchIfBetterBuildInstalled();
    }

    [Fact]
    public void A_windows_error_is_described_by_the_systems_text_without_the_path()
    {
        // What .NET raises on Windows for a name with a newline (ERROR_INVALID_NAME as an HRESULT).
        var invalidName = new IOException("The filename, directory name, or volume label syntax is incorrect. : 'C:\\new\nline'", unchecked((int)0x8007007B));
        string described = InputError.Describe(invalidName, "C:\\new\nline");
        if (OperatingSystem.IsWindows())
        {
            Assert.Equal(System.Runtime.InteropServices.Marshal.GetPInvokeErrorMessage(123).TrimEnd(), described);
            Assert.DoesNotContain('\n', described);
        }
        else
        {
            // Such an HRESULT is no errno: elsewhere the exception's own message is shown.
            Assert.Equal(invalidName.Message, described);
        }
    }

    [Fact]
    public void The_test_host_is_not_taken_for_b3sum()
    {
        // Neither its first argument nor its executable (dotnet, testhost) is called b3sum; the
        // environment variable, where set, decides alone.
        string? chosen = Environment.GetEnvironmentVariable(B3sumCli.PersonalityVariable);
        Assert.Equal(chosen == B3sumCli.ProgramName, B3sumCli.StartedAsB3sum());
    }
}

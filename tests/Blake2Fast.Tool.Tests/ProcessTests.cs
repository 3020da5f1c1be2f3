using System;
using System.Collections.Generic;
using System.IO;

namespace Blake2Fast.Tool.Tests;

/// <summary>The built executable, run as a process: real standard streams, real exit codes.</summary>
public sealed class ProcessTests(TestFiles files, ITestOutputHelper log) : IClassFixture<TestFiles>
{
    [Fact]
    public void The_executable_hashes_files_and_reports_errors()
    {
        string[] args = ["--tag", "-l", "256", files.PathOf("big"), files.PathOf("nothing here"), files.PathOf("new\nline")];

        RunResult ours = RunExecutable(null, args);

        Assert.Equal(1, ours.ExitCode);
        Assert.Equal(ToolRunner.Run(args).ToString(), ours.ToString());
        OracleAssert.SameAsB2sum(ours, log, null, args);
    }

    [Fact]
    public void The_executable_reads_a_pipe_on_standard_input()
    {
        byte[] input = files.Content("big");

        RunResult ours = RunExecutable(input);

        Assert.Equal(0, ours.ExitCode);
        Assert.Equal(Convert.ToHexStringLower(Blake2b.HashData(input)) + "  -\n", ours.OutputText);
        OracleAssert.SameAsB2sum(ours, log, input);
    }

    [Fact]
    public void With_one_processor_the_reads_do_not_overlap_and_the_result_is_the_same()
    {
        string big = files.PathOf("big");

        RunResult single = RunExecutableWithEnvironment(null, new() { ["DOTNET_PROCESSOR_COUNT"] = "1" }, big);

        Assert.Equal(Convert.ToHexStringLower(Blake2b.HashData(files.Content("big"))) + "  " + big + "\n", single.OutputText);
    }

    private static RunResult RunExecutable(byte[]? stdin, params string[] args) => RunExecutableWithEnvironment(stdin, [], args);

    private static RunResult RunExecutableWithEnvironment(byte[]? stdin, Dictionary<string, string> environment, params string[] args) =>
        ProcessRunner.RunTool(stdin, environment, args);
}

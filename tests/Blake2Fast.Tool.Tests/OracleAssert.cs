
namespace Blake2Fast.Tool.Tests;

/// <summary>Compares a b2fast run with coreutils b2sum given the same arguments and input.</summary>
internal static class OracleAssert
{
    /// <summary>
    /// Asserts byte-for-byte equality of standard output, standard error (program name aside) and
    /// the exit code with b2sum, and logs which oracle was used. Without b2sum it logs that the
    /// comparison did not happen; callers then rely on their own fixed expectations.
    /// </summary>
    /// <returns>Whether b2sum was compared.</returns>
    public static bool SameAsB2sum(RunResult ours, ITestOutputHelper log, byte[]? stdin, params string[] args)
    {
        if (!B2sumOracle.IsAvailable)
        {
            log.WriteLine($"NOT compared with coreutils b2sum ({B2sumOracle.Absence}); checked against the library and fixed expectations only.");
            return false;
        }

        RunResult theirs = B2sumOracle.Run(stdin, args);
        log.WriteLine($"compared with {B2sumOracle.Describe()}");
        SameRun(theirs, ours);
        return true;
    }

    /// <summary>
    /// Asserts that the tool started as <c>b3sum</c> prints, byte for byte, what Debian's b3sum prints
    /// (standard output, standard error, exit code) for the same arguments and input. Where b3sum is
    /// not installed the test is skipped, with the reason (.ci/check_skips.py lists it): a comparison
    /// that did not happen is never reported as passed.
    /// </summary>
    public static void SameAsB3sum(ITestOutputHelper log, byte[]? stdin, params string[] args)
    {
        Assert.SkipWhen(B3sumOracle.ExecutablePath is null, $"NOT compared with b3sum ({B3sumOracle.Absence}).");
        RunResult ours = ToolRunner.RunAsB3sum(stdin, args);
        RunResult theirs = B3sumOracle.Run(stdin, args);
        log.WriteLine($"b3sum {string.Join(' ', args)}: compared with {B3sumOracle.ExecutablePath}");
        SameRun(theirs, ours);
    }

    /// <summary>
    /// The oracle's run and ours alike byte for byte: standard error first (a refusal's message says
    /// most when it differs), then standard output as text (a readable diff) and as bytes, then the exit code.
    /// </summary>
    private static void SameRun(RunResult theirs, RunResult ours)
    {
        Assert.Equal(theirs.Error, ours.Error);
        Assert.Equal(theirs.OutputText, ours.OutputText);
        Assert.Equal(theirs.Output, ours.Output);
        Assert.Equal(theirs.ExitCode, ours.ExitCode);
    }
}

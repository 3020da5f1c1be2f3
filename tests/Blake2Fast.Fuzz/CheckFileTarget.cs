using System;
using System.IO;
using Blake2Fast.Tool;

namespace Blake2Fast.Fuzz;

/// <summary>
/// <c>check-file</c>: the input is a whole checksum file (any bytes: non-ASCII, NUL, CR, very long
/// lines, tagged lines with huge lengths), checked on standard input by the whole checker, once as
/// <c>b2fast -c</c> (with <c>-a blake3</c>, so that untagged lines of any length are read) and once
/// as <c>b3sum -c</c>. Each run must end with status 0 or 1, messages that start with the program's
/// name (or b3sum's <c>Error:</c>), and no exception.
/// </summary>
/// <remarks>
/// No line may name a real file: every <c>/</c> of the input becomes <c>_</c>, and the checker runs
/// in an empty folder of its own, so that every name is missing (or the folder itself, or standard
/// input, which the check file has used up).
/// </remarks>
internal static class CheckFileTarget
{
    private static readonly Lazy<string> EmptyFolder = new(() =>
    {
        string folder = Directory.CreateTempSubdirectory("b2fast-fuzz-check").FullName;
        Directory.SetCurrentDirectory(folder);
        return folder;
    });

    public static void Run(ReadOnlySpan<byte> input)
    {
        _ = EmptyFolder.Value;
        byte[] content = input.ToArray();
        content.AsSpan().Replace((byte)'/', (byte)'_');
        Check(content, b3sum: false);
        Check(content, b3sum: true);
    }

    private static void Check(byte[] content, bool b3sum)
    {
        var stdout = new MemoryStream();
        var stderr = new StringWriter();
        var console = new ToolConsole(new MemoryStream(content), stdout, stderr, showProgress: false, utf8Locale: true);
        int status = b3sum ? B3sumCli.Run(["-c"], console) : Cli.Run(["-a", "blake3", "-c", "-"], console);
        string errors = stderr.ToString();
        string name = b3sum ? B3sumCli.ProgramName : Cli.ProgramName;
        FuzzAssert.That(status is 0 or 1, $"{name} -c ends with status 0 or 1 (got {status})");
        FuzzAssert.That(
            errors.Length == 0 || errors.StartsWith(name + ": ", StringComparison.Ordinal) || (b3sum && errors.StartsWith("Error: ", StringComparison.Ordinal)),
            $"{name} -c says what failed in its own words ('{errors}')");
        FuzzAssert.That(status == 1 || (b3sum ? errors.Length == 0 : true), $"{name} -c: a clean run reports nothing on standard error");
    }
}

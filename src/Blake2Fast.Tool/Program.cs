using System;
using System.IO;

namespace Blake2Fast.Tool;

/// <summary>The <c>b2fast</c> executable: the process's streams around <see cref="Cli.Run(string[], ToolConsole)"/>.</summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        NativeLevelRelaunch.RelaunchIfBetterBuildInstalled();
        using Stream stdin = Console.OpenStandardInput();
        using var stdout = new BufferedStream(Console.OpenStandardOutput(), 64 * 1024);
        var stderr = new StreamWriter(Console.OpenStandardError(), new System.Text.UTF8Encoding(false)) { AutoFlush = false };
        try
        {
            var console = new ToolConsole(stdin, stdout, stderr, showProgress: !Console.IsErrorRedirected, utf8Locale: ToolConsole.LocaleUsesUtf8());
            string[] arguments = Io.RawText.RecoverArguments(args);

            // A link or copy named b3sum (or B2FAST_AS=b3sum) takes b3sum's own command line.
            return B3sumCli.StartedAsB3sum() ? B3sumCli.Run(arguments, console) : Cli.Run(arguments, console);
        }
        catch (Exception ex)
        {
            // Standard output gone (a closed pipe), memory exhausted or another failure outside any
            // one input: a message and status 1, never a stack trace.
            stderr.Write($"{(B3sumCli.StartedAsB3sum() ? B3sumCli.ProgramName : Cli.ProgramName)}: {ex.Message}\n");
            return 1;
        }
        finally
        {
            stderr.Flush();
        }
    }
}

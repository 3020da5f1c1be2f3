using System.IO;

namespace Blake2Fast.Tool.Tests;

/// <summary>Runs b2fast in-process through <see cref="Cli.Run(string[], Stream, Stream, TextWriter)"/>.</summary>
internal static class ToolRunner
{
    public static RunResult Run(byte[]? stdin, params string[] args)
    {
        using var input = new MemoryStream(stdin ?? []);
        using var output = new MemoryStream();
        using var error = new StringWriter();
        int exitCode = Cli.Run(args, input, output, error);
        return new RunResult(exitCode, output.ToArray(), error.ToString());
    }

    public static RunResult Run(params string[] args) => Run(null, args);

    /// <summary>Runs the tool as it runs when started under the name <c>b3sum</c> (<see cref="B3sumCli"/>).</summary>
    public static RunResult RunAsB3sum(byte[]? stdin, params string[] args)
    {
        using var input = new MemoryStream(stdin ?? []);
        using var output = new MemoryStream();
        using var error = new StringWriter();
        int exitCode = B3sumCli.Run(args, new ToolConsole(input, output, error, showProgress: false, utf8Locale: true));
        return new RunResult(exitCode, output.ToArray(), error.ToString());
    }
}

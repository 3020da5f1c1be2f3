using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Text;
using System.Threading.Tasks;

namespace Blake2Fast.Tool.Tests;

/// <summary>Runs a process with given standard input and collects both outputs.</summary>
internal static class ProcessRunner
{
    /// <summary>The tool's assembly, copied next to the tests.</summary>
    public static string ToolAssembly => Path.Combine(AppContext.BaseDirectory, "b2fast.dll");

    /// <summary>The dotnet host running the tests, which runs the tool's assembly too.</summary>
    public static string DotnetHost => Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } h ? h : "dotnet";

    /// <summary>Runs the built tool (<c>dotnet b2fast.dll ARGS</c>) with the given standard input and extra environment.</summary>
    public static RunResult RunTool(byte[]? stdin, IReadOnlyDictionary<string, string> environment, params string[] args)
    {
        var start = new ProcessStartInfo(DotnetHost)
        {
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach ((string name, string value) in environment)
        {
            start.Environment[name] = value;
        }

        start.ArgumentList.Add(ToolAssembly);
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        return Run(start, stdin);
    }

    public static RunResult Run(ProcessStartInfo start, byte[]? stdin)
    {
        using Process process = Process.Start(start) ?? throw new InvalidOperationException($"Could not start {start.FileName}.");
        Task<byte[]> output = Task.Run(() =>
        {
            using var buffer = new MemoryStream();
            process.StandardOutput.BaseStream.CopyTo(buffer);
            return buffer.ToArray();
        });
        Task<byte[]> error = Task.Run(() =>
        {
            using var buffer = new MemoryStream();
            process.StandardError.BaseStream.CopyTo(buffer);
            return buffer.ToArray();
        });
        try
        {
            if (stdin is not null)
            {
                process.StandardInput.BaseStream.Write(stdin);
            }

            process.StandardInput.Close();
        }
        catch (IOException)
        {
            // The program ended (a usage error) without reading its standard input: a closed pipe.
        }

        process.WaitForExit();
        return new RunResult(process.ExitCode, output.Result, Encoding.UTF8.GetString(error.Result));
    }
}

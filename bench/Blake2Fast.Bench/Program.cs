using System;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Blake2Fast.Bench.Checks;
using Blake2Fast.Bench.Running;

namespace Blake2Fast.Bench;

/// <summary>
/// Entry point: report the environment, refuse to measure anything that computes wrong digests,
/// then hand over to BenchmarkDotNet's switcher, which finds every benchmark class in this assembly.
/// </summary>
internal static class Program
{
    private static int Main(string[] args)
    {
        if (args is [KernelInfo.ProbeArgument])
        {
            Console.WriteLine(KernelInfo.ProbeLine);
            return 0;
        }

        BenchOptions options;
        try
        {
            options = BenchOptions.Parse(args);
        }
        catch (ArgumentException e)
        {
            Console.Error.WriteLine(e.Message);
            Console.Error.WriteLine(BenchOptions.Usage);
            return 64;
        }

        IConfig config = BenchConfig.Create(options);
        var switcher = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly);
        if (options.BdnArguments.Any(a => a is "--help" or "-h" or "--list" or "--version" or "--info"))
        {
            Console.WriteLine(BenchOptions.Usage);
            switcher.Run(options.BdnArguments, config);
            return 0;
        }

        EnvironmentReport.Print(Console.Out, config);
        if (!StartupChecks.Run(config, Console.Out))
        {
            Console.Error.WriteLine("Refusing to measure: an implementation computes wrong digests (see above).");
            return 2;
        }

        if (options.CheckOnly)
        {
            return 0;
        }

        Summary[] summaries = switcher.Run(options.BdnArguments, config).ToArray();
        if (summaries.FirstOrDefault()?.ResultsDirectoryPath is { } results && Directory.Exists(results))
        {
            EnvironmentReport.Write(results, config);
        }

        return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
    }
}

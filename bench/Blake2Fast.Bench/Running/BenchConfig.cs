using System;
using System.Globalization;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Csv;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using Blake2Fast.Bench.Columns;
using Perfolizer.Horology;
using Perfolizer.Metrology;

namespace Blake2Fast.Bench.Running;

/// <summary>
/// The BenchmarkDotNet configuration. The suite job trades BenchmarkDotNet's adaptive defaults
/// for fixed, smaller counts so that every class, size and library fits in about 20 minutes on
/// two cores; rows are stable enough at these counts because each iteration runs 250 ms.
/// </summary>
internal static class BenchConfig
{
    /// <summary>The job of a full run.</summary>
    public static readonly Job Suite = Job.Default
        .WithId("Suite")
        .WithLaunchCount(1)
        .WithWarmupCount(3)
        .WithIterationCount(10)
        .WithIterationTime(TimeInterval.FromMilliseconds(250));

    /// <summary>The job of <c>--quick</c>: BenchmarkDotNet's short run.</summary>
    public static readonly Job Quick = Job.ShortRun.WithId("Quick");

    /// <summary>Builds the configuration for <paramref name="options"/>.</summary>
    public static IConfig Create(BenchOptions options)
    {
        // The CSV is the report script's input: plain invariant numbers in fixed units.
        var csvStyle = new SummaryStyle(CultureInfo.InvariantCulture, printUnitsInHeader: true, SizeUnit.B, TimeUnit.Nanosecond, printUnitsInContent: false, printZeroValuesInContent: true);
        ManualConfig config = ManualConfig.CreateEmpty()
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddColumn(new AlgorithmColumn(), new LibraryColumn(), new ThroughputColumn(), new DigestColumn(), new KernelColumn())
            .AddLogger(ConsoleLogger.Default)
            .AddExporter(MarkdownExporter.GitHub, new CsvExporter(CsvSeparator.Comma, csvStyle))
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddAnalyser(DefaultConfig.Instance.GetAnalysers().ToArray())
            .AddValidator(DefaultConfig.Instance.GetValidators().ToArray())
            .AddFilter(new RowAvailability())
            .WithOrderer(new DeclaredOrderer())
            // BenchmarkDotNet's default of 2 minutes to build the generated project ran out on the
            // shared 2-core development machine while other builds ran; a slow build is not a result.
            .WithBuildTimeout(TimeSpan.FromMinutes(10));
        if (options.Sizes.Count > 0)
        {
            config.AddFilter(new SizeFilter(options.Sizes));
        }

        if (!options.HasBdnJob)
        {
            config.AddJob(Jobs(options));
        }

        return config;
    }

    private static Job[] Jobs(BenchOptions options)
    {
        Job template = options.Quick ? Quick : Suite;
        // Switches set in our own environment reach the child processes anyway; copying them into
        // the job makes BenchmarkDotNet print them with the results.
        EnvironmentVariable[] inherited = KernelInfo.ProcessKnobs().Select(k => new EnvironmentVariable(k.Key, k.Value)).ToArray();
        if (options.IsaLevelNames.Count == 0)
        {
            return [inherited.Length == 0 ? template : template.WithEnvironmentVariables(inherited)];
        }

        return options.IsaLevelNames.Select(level =>
        {
            EnvironmentVariable[] variables = BenchOptions.IsaLevels[level] is { } knob
                ? [.. inherited.Where(v => v.Key != knob.Name), new EnvironmentVariable(knob.Name, knob.Value)]
                : inherited;
            Job job = template.WithId(level);
            return variables.Length == 0 ? job : job.WithEnvironmentVariables(variables);
        }).ToArray();
    }
}

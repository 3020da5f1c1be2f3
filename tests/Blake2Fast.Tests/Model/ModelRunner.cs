using System;
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using CsCheck;

[assembly: AssemblyFixture(typeof(Blake2Fast.Tests.ModelTotals))]

namespace Blake2Fast.Tests;

/// <summary>
/// Runs a model-based test: generates cases (a configuration and a list of operations) with CsCheck
/// from a fixed seed, executes each against the library and the reference model, and on the first
/// failure shrinks it to a small operation sequence, which the failure message prints with the seeds
/// that replay the run and the case.
/// </summary>
/// <remarks>
/// <para>CsCheck's own <c>Sample</c> draws its cases from generators seeded by the clock, so a CI run
/// would test different sequences each time. Here the cases come from <see cref="PCG"/>s seeded from
/// <see cref="Seed"/>: the same seed gives the same cases on every machine (with the same CsCheck:
/// the net8.0 build of the suite uses CsCheck 4, whose generators draw differently). Shrinking a
/// failure, random by nature, goes through <c>Sample</c> from the failing case's seed (smaller
/// configurations and arguments as well as fewer operations), then takes out operations one run at a
/// time for as long as the case still fails.</para>
/// <para>Environment: <c>BLAKE2FAST_MODEL_SEED</c> (a number, or <c>random</c>: the seed is then printed),
/// <c>BLAKE2FAST_MODEL_SCALE</c> (multiplies the number of cases; 0.1 for the non-default CI legs),
/// <c>BLAKE2FAST_MODEL_REPLAY</c> (a case seed printed by a failure: runs that one case),
/// <c>BLAKE2FAST_MODEL_SHRINK_SECONDS</c> (how long CsCheck may look for smaller failing cases; default 10),
/// <c>BLAKE2FAST_MODEL_REPORT</c> (the file <see cref="ModelTotals"/> writes the totals to).
/// tests/model-long-run.sh runs these tests for as long as asked with random seeds.</para>
/// </remarks>
internal static class ModelRunner
{
    /// <summary>The seed CI uses unless told otherwise.</summary>
    public const ulong DefaultSeed = 20261126;

    public static ulong Seed { get; } = ReadSeed();

    public static double Scale { get; } = ReadDouble("BLAKE2FAST_MODEL_SCALE", 1);

    /// <summary>
    /// Runs <paramref name="cases"/> cases of a configuration and up to <paramref name="maxOperations"/>
    /// operations, each case on the machine <paramref name="create"/> makes for its configuration.
    /// </summary>
    public static void Run<TConfig, TMachine>(
        string name, int cases, Gen<TConfig> config, Gen<IModelOp<TMachine>> operation, int maxOperations,
        Func<TConfig, TMachine> create, Func<TMachine, IModelOp<TMachine>[], int> run) =>
        Run(name, cases, Gen.Select(config, operation.Array[0, maxOperations], (c, o) => new ModelCase<TConfig, TMachine>(c, o)), c => run(create(c.Config), c.Operations));

    /// <summary>
    /// Runs <paramref name="cases"/> cases (times <see cref="Scale"/>) of <paramref name="gen"/>
    /// through <paramref name="execute"/>, which throws on a mismatch and returns the number of
    /// operations it ran.
    /// </summary>
    public static void Run<TConfig, TMachine>(string name, int cases, Gen<ModelCase<TConfig, TMachine>> gen, Func<ModelCase<TConfig, TMachine>, int> execute)
    {
        string? replay = Environment.GetEnvironmentVariable("BLAKE2FAST_MODEL_REPLAY");
        if (!string.IsNullOrEmpty(replay))
        {
            ModelCase<TConfig, TMachine> single = gen.Generate(PCG.Parse(replay), null, out _);
            Log($"{name}: replaying CsCheck seed {replay}:{Environment.NewLine}{single}");
            execute(single);
            return;
        }

        int count = Math.Max(1, (int)Math.Round(cases * Scale));
        // Each test its own stream, so that adding a test leaves the others' cases as they were.
        uint stream = Fnv(name);
        long operations = 0;
        var clock = Stopwatch.StartNew();
        double cpu = ThreadCpuSeconds();
        for (int i = 0; i < count; i++)
        {
            var pcg = new PCG(stream, Seed + (ulong)i);
            ulong state = pcg.State;
            ModelCase<TConfig, TMachine> value = gen.Generate(pcg, null, out _);
            try
            {
                operations += execute(value);
            }
            catch (Exception e)
            {
                throw Shrink(name, i, pcg.ToString(state), gen, execute, value, e);
            }
        }

        clock.Stop();
        ModelTotals.Add(name, count, operations, clock.Elapsed, ThreadCpuSeconds() - cpu);
    }

    /// <summary>
    /// Makes a failing case small: CsCheck first looks for smaller failing cases among random ones
    /// (which also simplifies the configuration and the operations' arguments), then operations are
    /// taken out, in runs and one by one, for as long as the case still fails.
    /// </summary>
    private static ModelMismatchException Shrink<TConfig, TMachine>(
        string name, int index, string caseSeed, Gen<ModelCase<TConfig, TMachine>> gen,
        Func<ModelCase<TConfig, TMachine>, int> execute, ModelCase<TConfig, TMachine> first, Exception failure)
    {
        ModelCase<TConfig, TMachine> smallest = first;
        Exception smallestFailure = failure;
        object gate = new();
        string csCheck;
        try
        {
            gen.Sample(
                t =>
                {
                    try
                    {
                        execute(t);
                    }
                    catch (Exception e)
                    {
                        lock (gate)
                        {
                            if (t.Operations.Length < smallest.Operations.Length)
                            {
                                (smallest, smallestFailure) = (t, e);
                            }
                        }

                        throw;
                    }
                },
                seed: caseSeed,
                time: (int)ReadDouble("BLAKE2FAST_MODEL_SHRINK_SECONDS", 10),
                print: t => t.ToString());
            csCheck = "CsCheck did not see it fail again.";
        }
        catch (CsCheckException shrunk)
        {
            csCheck = shrunk.Message.Split(Environment.NewLine)[0];
        }

        for (int run = Math.Max(1, smallest.Operations.Length / 2); run >= 1; run /= 2)
        {
            for (int at = 0; at + run <= smallest.Operations.Length;)
            {
                var candidate = smallest with { Operations = [.. smallest.Operations[..at], .. smallest.Operations[(at + run)..]] };
                try
                {
                    execute(candidate);
                    at += run;
                }
                catch (Exception e)
                {
                    (smallest, smallestFailure) = (candidate, e);
                }
            }
        }

        return new ModelMismatchException(
            $"{name}: the model test failed at case {index} of run seed {Seed} (BLAKE2FAST_MODEL_SEED={Seed}); " +
            $"BLAKE2FAST_MODEL_REPLAY={caseSeed} replays that case. Shrinking by CsCheck: {csCheck}{Environment.NewLine}" +
            $"Smallest failing sequence:{Environment.NewLine}{smallest}{Environment.NewLine}Its failure: {smallestFailure.Message}",
            smallestFailure);
    }

    /// <summary>
    /// The CPU time of the calling thread (Linux; NaN elsewhere): on a shared machine the wall-clock
    /// time says little about what a test costs.
    /// </summary>
    private static double ThreadCpuSeconds()
    {
        const string Stat = "/proc/thread-self/stat";
        if (!File.Exists(Stat))
        {
            return double.NaN;
        }

        // Fields 14 and 15 (utime, stime, in clock ticks of 1/100 s) follow the command name's closing parenthesis.
        string[] fields = File.ReadAllText(Stat).Split(')')[^1].Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return (long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture)) / 100.0;
    }

    private static ulong ReadSeed()
    {
        string? text = Environment.GetEnvironmentVariable("BLAKE2FAST_MODEL_SEED");
        if (string.IsNullOrEmpty(text))
        {
            return DefaultSeed;
        }

        if (IsRandom(text))
        {
            ulong seed = (ulong)Random.Shared.NextInt64() ^ ((ulong)Environment.TickCount64 << 40);
            Log($"BLAKE2FAST_MODEL_SEED=random: this run's seed is {seed}");
            return seed;
        }

        return ulong.Parse(text, CultureInfo.InvariantCulture);
    }

    private static bool IsRandom(string? text) => string.Equals(text, "random", StringComparison.OrdinalIgnoreCase);

    private static double ReadDouble(string variable, double fallback)
    {
        string? text = Environment.GetEnvironmentVariable(variable);
        return string.IsNullOrEmpty(text) ? fallback : double.Parse(text, CultureInfo.InvariantCulture);
    }

    private static uint Fnv(string text)
    {
        uint hash = 2166136261;
        foreach (char c in text)
        {
            hash = (hash ^ c) * 16777619;
        }

        return hash;
    }

    /// <summary>To the test's output where there is one, else to the console.</summary>
    public static void Log(string line)
    {
        ITestOutputHelper? output = TestContext.Current.TestOutputHelper;
        if (output is not null)
        {
            output.WriteLine(line);
        }
        else
        {
            Console.WriteLine(line);
        }
    }
}

/// <summary>A model test's failure: the library and the reference disagreed, or an operation did not do as documented.</summary>
public sealed class ModelMismatchException : Exception
{
    public ModelMismatchException(string message)
        : base(message)
    {
    }

    public ModelMismatchException(string message, Exception inner)
        : base(message, inner)
    {
    }
}

/// <summary>
/// Counts the operations every model test ran (one shared counter for the assembly), prints each
/// test's figures as it ends and, when the run ends, writes the totals to
/// <c>BLAKE2FAST_MODEL_REPORT</c> (a file path), or model-operations.txt beside the suite.
/// </summary>
public sealed class ModelTotals : IDisposable
{
    private static readonly ConcurrentQueue<string> Lines = new();
    private static long _operations;
    private static long _ticks;

    public static long Operations => Interlocked.Read(ref _operations);

    internal static void Add(string name, int cases, long operations, TimeSpan elapsed, double cpuSeconds)
    {
        long total = Interlocked.Add(ref _operations, operations);
        Interlocked.Add(ref _ticks, elapsed.Ticks);
        string line = string.Create(CultureInfo.InvariantCulture,
            $"{name}: {operations:N0} operations in {cases:N0} cases, {elapsed.TotalSeconds:F1} s ({operations / Math.Max(elapsed.TotalSeconds, 1e-9):N0} operations/s), CPU {cpuSeconds:F1} s; seed {ModelRunner.Seed}, scale {ModelRunner.Scale}; all model tests so far: {total:N0}");
        Lines.Enqueue(line);
        ModelRunner.Log(line);
    }

    public void Dispose()
    {
        if (Lines.IsEmpty)
        {
            return;
        }

        string path = Environment.GetEnvironmentVariable("BLAKE2FAST_MODEL_REPORT") is { Length: > 0 } report
            ? report
            : Path.Combine(AppContext.BaseDirectory, "model-operations.txt");
        double seconds = TimeSpan.FromTicks(Interlocked.Read(ref _ticks)).TotalSeconds;
        string total = string.Create(CultureInfo.InvariantCulture,
            $"total: {Operations:N0} model-based operations, {seconds:F1} s of test time (tests run side by side), process CPU {Process.GetCurrentProcess().TotalProcessorTime.TotalSeconds:F1} s, seed {ModelRunner.Seed}, scale {ModelRunner.Scale}");
        File.WriteAllLines(path, Lines.Order(StringComparer.Ordinal).Append(total));
        Console.WriteLine(total);
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace Blake2Fast.Bench.Running;

/// <summary>
/// This program's own options, taken out of the command line before the rest goes to
/// BenchmarkDotNet's switcher.
/// </summary>
internal sealed class BenchOptions
{
    /// <summary>The ISA levels <c>--isa</c> accepts, each with the runtime switch that caps the JIT there.</summary>
    public static readonly IReadOnlyDictionary<string, (string Name, string Value)?> IsaLevels = new Dictionary<string, (string, string)?>(StringComparer.OrdinalIgnoreCase)
    {
        ["native"] = null,
        ["avx2"] = ("DOTNET_EnableAVX512", "0"),
        ["sse42"] = ("DOTNET_EnableAVX2", "0"),
        ["sse2"] = ("DOTNET_EnableSSE42", "0"),
        ["scalar"] = ("DOTNET_EnableHWIntrinsic", "0"),
    };

    public const string Usage = """
        Blake2Fast.Bench options (everything else goes to BenchmarkDotNet; see --help):
          --quick           short job (3 warmups, 3 iterations) instead of the suite job (3 warmups, 10 iterations)
          --sizes N[,N...]  only these input sizes in bytes (e.g. --sizes 1024)
          --isa L[,L...]    one job per ISA level: native, avx2, sse42, sse2, scalar, or all
          --check           run the startup checks and exit
        """;

    /// <summary>Use the short job.</summary>
    public bool Quick { get; private set; }

    /// <summary>Only run the startup checks.</summary>
    public bool CheckOnly { get; private set; }

    /// <summary>Input sizes to keep; empty for all.</summary>
    public IReadOnlySet<int> Sizes { get; private set; } = new HashSet<int>();

    /// <summary>ISA levels to make jobs for; empty for the current process's.</summary>
    public IReadOnlyList<string> IsaLevelNames { get; private set; } = [];

    /// <summary>Whether the BenchmarkDotNet arguments choose jobs themselves (then this program adds none).</summary>
    public bool HasBdnJob { get; private set; }

    /// <summary>The arguments for BenchmarkDotNet.</summary>
    public string[] BdnArguments { get; private set; } = [];

    /// <summary>Splits <paramref name="args"/>; throws <see cref="ArgumentException"/> on a malformed option of ours.</summary>
    public static BenchOptions Parse(string[] args)
    {
        var options = new BenchOptions();
        var rest = new List<string>();
        for (int i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--quick":
                    options.Quick = true;
                    break;
                case "--check":
                    options.CheckOnly = true;
                    break;
                case "--sizes":
                    options.Sizes = Values(args, ++i, "--sizes").Select(ParseSize).ToHashSet();
                    break;
                case "--isa":
                    string[] levels = Values(args, ++i, "--isa");
                    options.IsaLevelNames = levels is ["all"] ? [.. IsaLevels.Keys] : levels.Select(CheckLevel).ToArray();
                    break;
                default:
                    options.HasBdnJob |= args[i] is "--job" or "-j" || args[i].StartsWith("--job=", StringComparison.Ordinal);
                    rest.Add(args[i]);
                    break;
            }
        }

        if (options.HasBdnJob && (options.Quick || options.IsaLevelNames.Count > 0))
        {
            throw new ArgumentException("--quick and --isa choose the job themselves; do not combine them with BenchmarkDotNet's --job.");
        }

        options.BdnArguments = [.. rest];
        return options;
    }

    private static string[] Values(string[] args, int index, string option) =>
        index < args.Length
            ? args[index].Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            : throw new ArgumentException($"{option} needs a comma-separated list.");

    private static int ParseSize(string text) =>
        int.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out int size) && size >= 0
            ? size
            : throw new ArgumentException($"--sizes: '{text}' is not a size in bytes (0..{int.MaxValue}).");

    private static string CheckLevel(string level) =>
        IsaLevels.ContainsKey(level)
            ? level.ToLowerInvariant()
            : throw new ArgumentException($"--isa: '{level}' is not one of {string.Join(", ", IsaLevels.Keys)}, all.");
}

using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// Every algorithm this build wires, through the whole tool (-a, -l, --key, standard input),
/// against the official known answers (Vectors/blake2-kat.json, copied beside the suite). Algorithms the library
/// does not provide yet are listed in the log, not silently passed.
/// </summary>
public sealed class KnownAnswerTests
{
    private readonly ITestOutputHelper _log;

    public KnownAnswerTests(ITestOutputHelper log) => _log = log;

    [Fact]
    public void Every_available_algorithm_reproduces_the_official_answers()
    {
        using JsonDocument kat = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "Vectors", "blake2-kat.json")));
        int checkedCases = 0;
        // BLAKE3 has its own official vectors (Blake3ToolTests); this file is BLAKE2's.
        foreach (HashAlgorithmInfo algorithm in HashAlgorithms.All.Where(a => a != HashAlgorithms.Blake3))
        {
            // Every 17th case: all input lengths modulo the block sizes, keyed and unkeyed, in well under a second.
            List<JsonElement> cases = kat.RootElement.EnumerateArray().Where(c => c.GetProperty("hash").GetString() == algorithm.Name).ToList();
            Assert.NotEmpty(cases);
            foreach (JsonElement entry in cases.Where((_, i) => i % 17 == 0))
            {
                byte[] input = Convert.FromHexString(entry.GetProperty("in").GetString()!);
                string key = entry.GetProperty("key").GetString()!;
                string expected = entry.GetProperty("out").GetString()!;
                string[] args = ["-a", algorithm.Name, "-l", (expected.Length * 4).ToString(System.Globalization.CultureInfo.InvariantCulture)];
                if (key.Length > 0)
                {
                    args = [.. args, "--key", key];
                }

                RunResult ours = ToolRunner.Run(input, args);

                Assert.Equal(expected + "  -\n", ours.OutputText);
                checkedCases++;
            }

            _log.WriteLine($"{algorithm.Name}: checked against the official KAT");
        }

        Assert.True(checkedCases > 0);
    }
}

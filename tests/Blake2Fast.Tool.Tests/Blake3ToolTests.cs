using System;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>-a blake3</c> through the whole tool against the official BLAKE3 vectors (plain, keyed with
/// <c>--key</c>, <c>--derive-key</c>, 32 bytes and 131 with <c>-l</c>), its refusals, and
/// <c>-c</c> on lines in <c>b3sum</c>'s format. CI also compares it with Debian's <c>b3sum</c>
/// itself on files and standard input (.ci/check_b3sum.sh).
/// </summary>
public sealed class Blake3ToolTests
{
    private static readonly Lazy<JsonDocument> Vectors = new(() =>
        JsonDocument.Parse(File.ReadAllBytes(Path.Combine(AppContext.BaseDirectory, "Vectors", "blake3-test-vectors.json"))));

    [Fact]
    public void Standard_input_gives_the_official_answers_in_every_mode()
    {
        JsonElement root = Vectors.Value.RootElement;
        string keyHex = Convert.ToHexString(Encoding.ASCII.GetBytes(root.GetProperty("key").GetString()!));
        string context = root.GetProperty("context_string").GetString()!;
        int checkedCases = 0;
        foreach (JsonElement c in root.GetProperty("cases").EnumerateArray())
        {
            byte[] input = Enumerable.Range(0, c.GetProperty("input_len").GetInt32()).Select(i => (byte)(i % 251)).ToArray();
            foreach ((string field, string[] mode) in new[] { ("hash", Array.Empty<string>()), ("keyed_hash", ["--key", keyHex]), ("derive_key", ["--derive-key", context]) })
            {
                string expected = c.GetProperty(field).GetString()!;
                Assert.Equal(expected[..64] + "  -\n", ToolRunner.Run(input, ["-a", "blake3", .. mode]).OutputText);
                Assert.Equal(expected + "  -\n", ToolRunner.Run(input, ["-a", "blake3", "-l", "1048", .. mode]).OutputText);
                checkedCases++;
            }
        }

        Assert.Equal(105, checkedCases);
    }

    [Fact]
    public void Sums_in_b3sum_format_are_checked()
    {
        string dir = Directory.CreateTempSubdirectory("b2fast-blake3").FullName;
        try
        {
            string file = Path.Combine(dir, "data");
            File.WriteAllBytes(file, Enumerable.Range(0, 5000).Select(i => (byte)i).ToArray());
            string line = ToolRunner.Run("-a", "blake3", file).OutputText;
            string sums = Path.Combine(dir, "sums");
            File.WriteAllText(sums, line);
            RunResult ok = ToolRunner.Run("-a", "blake3", "-c", sums);
            Assert.Equal(0, ok.ExitCode);
            Assert.Equal(file + ": OK\n", ok.OutputText);

            File.WriteAllText(sums, new string('0', 64) + line[64..]);
            RunResult bad = ToolRunner.Run("-a", "blake3", "-c", sums);
            Assert.Equal(1, bad.ExitCode);
            Assert.Equal(file + ": FAILED\n", bad.OutputText);
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    [Theory]
    [InlineData((1 << 20) - 1)] // read through buffers: below the mapping threshold
    [InlineData(1 << 20)]       // the smallest file that is mapped
    [InlineData((5 << 20) + 77)]
    public void Files_mapped_or_read_give_the_library_answer(int length)
    {
        string dir = Directory.CreateTempSubdirectory("b2fast-blake3-map").FullName;
        try
        {
            byte[] data = new byte[length];
            new Random(length).NextBytes(data);
            string file = Path.Combine(dir, "data");
            File.WriteAllBytes(file, data);
            byte[] key = Enumerable.Range(0, 32).Select(i => (byte)(i * 7)).ToArray();
            string plain = Convert.ToHexStringLower(Blake3.HashData(data)) + "  " + file + "\n";
            byte[] keyed = new byte[40];
            Blake3.HashData(key, data, keyed);
            string keyedLine = Convert.ToHexStringLower(keyed) + "  " + file + "\n";
            foreach (string[] reading in new[] { Array.Empty<string>(), ["--no-mmap"] })
            {
                Assert.Equal(plain, ToolRunner.Run([.. reading, "-a", "blake3", file]).OutputText);
                Assert.Equal(keyedLine, ToolRunner.Run([.. reading, "-a", "blake3", "-l", "320", "--key", Convert.ToHexString(key), file]).OutputText);
            }
        }
        finally
        {
            Directory.Delete(dir, recursive: true);
        }
    }

    [Fact]
    public void An_empty_derive_key_context_gives_what_b3sum_gives()
    {
        // printf abc | b3sum --derive-key "" (Debian's b3sum 1.3.1); the tool once died here with status 134.
        RunResult result = ToolRunner.Run("abc"u8.ToArray(), "-a", "blake3", "--derive-key", "");
        Assert.Equal("d748f5acddafe4daf90a8d64e8e84297acd693f79c14d6afd6f7e8d9aa37e597  -\n", result.OutputText);
        Assert.Equal(0, result.ExitCode);
        Assert.Empty(result.Error);
    }

    [Theory]
    [InlineData("--key is 2 bytes; BLAKE3 keys are exactly 32 bytes", "-a", "blake3", "--key", "0011")]
    [InlineData("--derive-key is only supported by BLAKE3", "--derive-key", "context")]
    [InlineData("--derive-key cannot be used with --key", "-a", "blake3", "--derive-key", "c", "--key", "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff")]
    [InlineData("--salt is not supported by BLAKE3", "-a", "blake3", "--salt", "00")]
    public void Bad_blake3_options_are_refused_with_status_1(string message, params string[] args)
    {
        RunResult result = ToolRunner.Run([1, 2, 3], args);
        Assert.Equal(1, result.ExitCode);
        Assert.Contains(message, result.Error, StringComparison.Ordinal);
        Assert.Empty(result.Output);
    }
}

using System;
using System.IO;
using System.Linq;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// Both ways the tool reaches a file's bytes give the same digest: read at its offsets (the default,
/// and <c>--no-mmap</c>) and mapped (<c>--mmap</c>), for BLAKE3 (plain, keyed, key derivation) and <c>--tree</c>, at the lengths
/// where the paths change (0, 1, 1 MiB - 1, 1 MiB, 1 MiB + 1) and for sparse files of 1 GiB and
/// 2 GiB and a byte (past a 32-bit length and the 1 GiB pieces a mapping is hashed in). The
/// references are the library and, where it is installed, Debian's <c>b3sum</c>.
/// </summary>
public sealed class InputPathTests : IDisposable
{
    private const int MiB = 1 << 20;
    private static readonly bool[] Readings = [false, true];
    private static readonly byte[] Key = Enumerable.Range(0, 32).Select(i => (byte)(i * 11)).ToArray();
    private const string Context = "b2fast input path tests 2026";

    private readonly string _dir = Directory.CreateTempSubdirectory("b2fast-paths").FullName;
    private readonly ITestOutputHelper _log;

    public InputPathTests(ITestOutputHelper log) => _log = log;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(MiB - 1)]
    [InlineData(MiB)]
    [InlineData(MiB + 1)]
    public void Blake3_gives_the_library_and_b3sum_answer_through_every_path(int length)
    {
        byte[] data = new byte[length];
        new Random(length).NextBytes(data);
        string path = Write("data", data);

        byte[] plain = Blake3.HashData(data);
        byte[] keyed = new byte[40];
        Blake3.HashData(Key, data, keyed);
        byte[] derived = new byte[32];
        Blake3.DeriveKey(Context, data, derived);
        AssertB3sumAgrees(path, plain);

        foreach (bool reading in Readings)
        {
            Assert.Equal(plain, Digest(reading, path, HashAlgorithms.Blake3, new HashParameters(32, [], [], [])));
            Assert.Equal(keyed, Digest(reading, path, HashAlgorithms.Blake3, new HashParameters(40, Key, [], [])));
            Assert.Equal(derived, Digest(reading, path, HashAlgorithms.Blake3, new HashParameters(32, [], [], []) { DeriveKeyContext = Context }));
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(MiB - 1)]
    [InlineData(MiB)]
    [InlineData(MiB + 1)]
    public void Tree_hashing_gives_the_library_answer_through_every_path(int length)
    {
        byte[] data = new byte[length];
        new Random(length + 1).NextBytes(data);
        string path = Write("tree", data);

        byte[] blake2b = Blake2b.HashTree(data.AsSpan(), MiB, 64, 1);
        byte[] blake2s = Blake2s.HashTree(data.AsSpan(), 4096, 32, 1);
        foreach (bool reading in Readings)
        {
            Assert.Equal(blake2b, Digest(reading, path, HashAlgorithms.Blake2b, new HashParameters(64, [], [], []) { TreeLeafLength = MiB }));
            Assert.Equal(blake2s, Digest(reading, path, HashAlgorithms.Blake2s, new HashParameters(32, [], [], []) { TreeLeafLength = 4096 }));
        }
    }

    [Theory]
    [InlineData((1L << 30) + 1)]
    [InlineData((2L << 30) + 1)]
    public void Sparse_GiB_files_give_the_library_and_b3sum_answer_through_every_path(long length)
    {
        string path = Path.Combine(_dir, "sparse");
        using (var file = new FileStream(path, FileMode.CreateNew, FileAccess.Write))
        {
            file.SetLength(length);
        }

        byte[] blake3 = ZeroInput.Blake3Digest(length);
        byte[] tree = ZeroInput.Blake2bTreeDigest(length, MiB);
        AssertB3sumAgrees(path, blake3);

        foreach (bool reading in Readings)
        {
            Assert.Equal(blake3, Digest(reading, path, HashAlgorithms.Blake3, new HashParameters(32, [], [], [])));
            Assert.Equal(tree, Digest(reading, path, HashAlgorithms.Blake2b, new HashParameters(64, [], [], []) { TreeLeafLength = MiB }));
        }
    }

    [Theory]
    [InlineData(MiB + 1)]
    [InlineData((5 * MiB) + 77)]
    public void The_command_line_default_no_mmap_and_mmap_print_b3sums_line(int length)
    {
        byte[] data = new byte[length];
        new Random(length).NextBytes(data);
        string path = Write("cli", data);
        string expected = Convert.ToHexStringLower(Blake3.HashData(data)) + "  " + path + "\n";
        if (B3sumOracle.Line(path) is string line)
        {
            Assert.Equal(expected, line);
        }

        Assert.Equal(expected, ToolRunner.Run("-a", "blake3", path).OutputText);
        Assert.Equal(expected, ToolRunner.Run("-a", "blake3", "--no-mmap", path).OutputText);
        Assert.Equal(expected, ToolRunner.Run("-a", "blake3", "--mmap", path).OutputText);
    }

    private static byte[] Digest(bool map, string path, HashAlgorithmInfo algorithm, HashParameters parameters)
    {
        var console = new ToolConsole(new MemoryStream(), Stream.Null, TextWriter.Null, showProgress: false, utf8Locale: true);
        InputDigester.Result result = new InputDigester(console) { Map = map }.Digest(path, algorithm, parameters);
        Assert.Null(result.Error);
        return result.Digest!;
    }

    private void AssertB3sumAgrees(string path, byte[] expected)
    {
        string? line = B3sumOracle.Line(path);
        if (line is null)
        {
            _log.WriteLine($"NOT compared with b3sum ({B3sumOracle.Absence}); checked against the library only.");
            return;
        }

        Assert.Equal(Convert.ToHexStringLower(expected) + "  " + path + "\n", line);
    }

    private string Write(string name, byte[] data)
    {
        string path = Path.Combine(_dir, name);
        File.WriteAllBytes(path, data);
        return path;
    }
}

using System;
using System.IO;
using System.Threading.Tasks;
using Blake2Fast.Tool.Algorithms;
using Blake2Fast.Tool.Hashing;
using Blake2Fast.Tool.Io;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// A file cut short by another program while the tool reads it: reported as an error of that file,
/// never a crash and never a digest of part of it. Only the reading paths are exercised: a mapped
/// file cut short under the hash stops the process (SIGBUS), as it does <c>b3sum</c>, which is why
/// <c>--no-mmap</c> exists. Whether the cut lands before, during or after the read depends on
/// timing, so each outcome is accepted when it is right for when the cut came; the log says which.
/// </summary>
public sealed class ShrinkingFileTests : IDisposable
{
    private const long Length = 1L << 30;
    private const int ShortLength = 1 << 20;
    private readonly string _dir = Directory.CreateTempSubdirectory("b2fast-shrink").FullName;
    private readonly ITestOutputHelper _log;

    public ShrinkingFileTests(ITestOutputHelper log) => _log = log;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Fact]
    public async Task Blake3_read_at_offsets_reports_the_cut()
    {
        var parameters = new HashParameters(32, [], [], []);
        byte[] whole = ZeroInput.Blake3Digest(Length);
        byte[] cut = ZeroInput.Blake3Digest(ShortLength);
        await CutWhileReading(HashAlgorithms.Blake3, parameters, whole, cut);
    }

    [Fact]
    public async Task A_tree_read_at_offsets_reports_the_cut()
    {
        var parameters = new HashParameters(64, [], [], []) { TreeLeafLength = 1 << 20 };
        byte[] whole = ZeroInput.Blake2bTreeDigest(Length, 1 << 20);
        byte[] cut = ZeroInput.Blake2bTreeDigest(ShortLength, 1 << 20);
        await CutWhileReading(HashAlgorithms.Blake2b, parameters, whole, cut);
    }

    [Fact]
    public async Task The_command_line_says_which_file_shrank_and_exits_with_1()
    {
        string path = SparseFile("cli");
        Task<RunResult> run = Task.Run(() => ToolRunner.Run("-a", "blake3", "--no-mmap", path));
        await CutSoon(path);
        RunResult result = await run.WaitAsync(TimeSpan.FromMinutes(2), TestContext.Current.CancellationToken);
        if (result.ExitCode == 1)
        {
            Assert.Equal($"b2fast: {path}: the file shrank while it was read", result.Error[..(result.Error.IndexOf(": it ended", StringComparison.Ordinal))]);
            Assert.Empty(result.Output);
            _log.WriteLine("cut during the read: " + result.Error.TrimEnd());
        }
        else
        {
            Assert.Equal(0, result.ExitCode);
            _log.WriteLine("cut before or after the read: " + result.OutputText.TrimEnd());
        }
    }

    private async Task CutWhileReading(HashAlgorithmInfo algorithm, HashParameters parameters, byte[] whole, byte[] cut)
    {
        string path = SparseFile(algorithm.Name);
        var console = new ToolConsole(new MemoryStream(), Stream.Null, TextWriter.Null, showProgress: false, utf8Locale: true);
        var digester = new InputDigester(console);
        Task<InputDigester.Result> hashing = Task.Run(() => digester.Digest(path, algorithm, parameters));
        await CutSoon(path);
        InputDigester.Result result = await hashing.WaitAsync(TimeSpan.FromMinutes(2));

        if (result.Error is not null)
        {
            Assert.Null(result.Digest);
            Assert.Matches("shrank|ended at", result.Error);
            _log.WriteLine("cut during the read: " + result.Error);
        }
        else if (result.Digest.AsSpan().SequenceEqual(cut))
        {
            _log.WriteLine("cut before the file was opened: the digest of what was left");
        }
        else
        {
            Assert.Equal(whole, result.Digest);
            _log.WriteLine("cut after the read ended: the digest of the whole file");
        }
    }

    private string SparseFile(string name)
    {
        string path = Path.Combine(_dir, name);
        using var file = new FileStream(path, FileMode.CreateNew, FileAccess.Write);
        file.SetLength(Length);
        return path;
    }

    // Long enough for the reading to have begun on a quiet machine, far shorter than reading 1 GiB.
    private static async Task CutSoon(string path)
    {
        await Task.Delay(TimeSpan.FromMilliseconds(30));
        using var file = new FileStream(path, FileMode.Open, FileAccess.Write, FileShare.ReadWrite);
        file.SetLength(ShortLength);
    }
}

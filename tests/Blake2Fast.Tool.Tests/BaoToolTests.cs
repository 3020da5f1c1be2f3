using System;
using System.IO;
using System.Linq;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <c>b2fast --bao=MODE</c> against the library's <see cref="Bao"/>: every mode on files and on
/// standard input and output, combined and outboard, byte for byte; decoding writes only verified
/// bytes and stops with status 1 at a mismatch; mistakes get coreutils-style messages, never a stack trace.
/// </summary>
public sealed class BaoToolTests : IDisposable
{
    private static readonly byte[] Data = Enumerable.Range(0, (70 * 1024) + 333).Select(i => (byte)(i * 7 / 3)).ToArray();
    private static readonly byte[] Hash = Blake3.HashData(Data);
    private static readonly string HashHex = Convert.ToHexStringLower(Hash);
    private static readonly byte[] Encoded = Bao.Encode(Data, new byte[32]);
    private static readonly byte[] Outboard = Bao.EncodeOutboard(Data, new byte[32]);

    private readonly string _dir = Directory.CreateTempSubdirectory("b2fast-bao").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    private string PathOf(string name) => Path.Combine(_dir, name);

    private string Write(string name, byte[] bytes)
    {
        string path = PathOf(name);
        File.WriteAllBytes(path, bytes);
        return path;
    }

    private static void AssertSuccess(RunResult result)
    {
        Assert.Equal("", result.Error);
        Assert.Equal(0, result.ExitCode);
    }

    /// <summary>Status 1 and the message, quoted as the locale quotes ('x' or ‘x’, compared as 'x').</summary>
    private static void AssertFailure(RunResult result, string message)
    {
        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("b2fast: ", result.Error, StringComparison.Ordinal);
        Assert.Contains(message, result.Error.Replace('‘', '\'').Replace('’', '\''), StringComparison.Ordinal);
        Assert.DoesNotContain("   at ", result.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Encode_writes_the_librarys_encodings_to_files_and_standard_output()
    {
        string input = Write("data", Data);
        AssertSuccess(ToolRunner.Run("--bao=encode", input, PathOf("data.bao")));
        Assert.Equal(Encoded, File.ReadAllBytes(PathOf("data.bao")));

        RunResult piped = ToolRunner.Run(Data, "--bao=encode", "-", "-");
        AssertSuccess(piped);
        Assert.Equal(Encoded, piped.Output);
        Assert.Equal(Encoded, ToolRunner.Run(Data, "--bao=encode").Output);

        AssertSuccess(ToolRunner.Run(Data, "--bao=encode", "--outboard", PathOf("data.obao")));
        Assert.Equal(Outboard, File.ReadAllBytes(PathOf("data.obao")));
        Assert.Equal(Outboard, ToolRunner.Run(Data, "--bao=encode", "--outboard=-").Output);

        RunResult empty = ToolRunner.Run([], "--bao=encode");
        Assert.Equal(Bao.Encode([], new byte[32]), empty.Output);
    }

    [Fact]
    public void Decode_writes_the_data_from_combined_and_outboard_encodings()
    {
        string encoded = Write("data.bao", Encoded);
        string outboard = Write("data.obao", Outboard);
        string input = Write("data", Data);
        AssertSuccess(ToolRunner.Run("--bao=decode", HashHex, encoded, PathOf("out")));
        Assert.Equal(Data, File.ReadAllBytes(PathOf("out")));

        RunResult piped = ToolRunner.Run(Encoded, "--bao=decode", HashHex.ToUpperInvariant());
        AssertSuccess(piped);
        Assert.Equal(Data, piped.Output);

        RunResult separate = ToolRunner.Run("--bao=decode", "--outboard=" + outboard, HashHex, input);
        AssertSuccess(separate);
        Assert.Equal(Data, separate.Output);
    }

    [Fact]
    public void Decode_writes_only_verified_bytes_and_fails_at_the_first_mismatch()
    {
        byte[] corrupt = (byte[])Encoded.Clone();
        corrupt[^100] ^= 1;
        RunResult result = ToolRunner.Run(corrupt, "--bao=decode", HashHex);
        AssertFailure(result, "-: verification failed");
        Assert.Equal(64 * 1024, result.Output.Length);
        Assert.Equal(Data.AsSpan(0, 64 * 1024).ToArray(), result.Output);

        RunResult wrongHash = ToolRunner.Run(Encoded, "--bao=decode", new string('0', 64));
        AssertFailure(wrongHash, "verification failed");
        Assert.Empty(wrongHash.Output);

        RunResult truncated = ToolRunner.Run(Encoded.AsSpan(0, 5000).ToArray(), "--bao=decode", HashHex);
        AssertFailure(truncated, "unexpected end of file");
        Assert.Empty(truncated.Output);
    }

    [Fact]
    public void Slices_and_their_decoding_match_the_library()
    {
        string encoded = Write("data.bao", Encoded);
        string outboard = Write("data.obao", Outboard);
        string input = Write("data", Data);
        foreach ((long start, long count) in new[] { (0L, 0L), (1000L, 5000L), (65536L, 1L), (70000L, 99999L), (999999L, 3L) })
        {
            byte[] slice = Bao.ExtractSlice(Encoded, start, count);
            string s = start.ToString(System.Globalization.CultureInfo.InvariantCulture);
            string c = count.ToString(System.Globalization.CultureInfo.InvariantCulture);
            RunResult fromEncoding = ToolRunner.Run("--bao=slice", s, c, encoded);
            AssertSuccess(fromEncoding);
            Assert.Equal(slice, fromEncoding.Output);
            RunResult fromOutboard = ToolRunner.Run("--bao=slice", "--outboard", outboard, s, c, input, PathOf("slice"));
            AssertSuccess(fromOutboard);
            Assert.Equal(slice, File.ReadAllBytes(PathOf("slice")));

            RunResult decoded = ToolRunner.Run(slice, "--bao=decode-slice", HashHex, s, c);
            AssertSuccess(decoded);
            Assert.Equal(Bao.DecodeSlice(slice, Hash, start, count), decoded.Output);

            slice[^1] ^= 1;
            AssertFailure(ToolRunner.Run(slice, "--bao=decode-slice", HashHex, s, c), "verification failed");
        }
    }

    [Fact]
    public void Mistakes_are_reported_without_a_stack_trace()
    {
        string encoded = Write("data.bao", Encoded);
        AssertFailure(ToolRunner.Run("--bao=bogus"), "invalid --bao mode: 'bogus'");
        AssertFailure(ToolRunner.Run("--bao=decode"), "missing operand");
        AssertFailure(ToolRunner.Run("--bao=slice", "1"), "missing operand after '1'");
        AssertFailure(ToolRunner.Run("--bao=encode", "a", "b", "c"), "extra operand 'c'");
        AssertFailure(ToolRunner.Run("--bao=encode", "--outboard=x", "a", "b"), "extra operand 'b'");
        AssertFailure(ToolRunner.Run("--bao=decode", "abc", encoded), "invalid hash: 'abc'");
        AssertFailure(ToolRunner.Run("--bao=decode", new string('g', 64), encoded), "invalid hash");
        AssertFailure(ToolRunner.Run("--bao=slice", "--", "-1", "5", encoded), "invalid start: '-1'");
        AssertFailure(ToolRunner.Run("--bao=slice", "0", "5x", encoded), "invalid count: '5x'");
        AssertFailure(ToolRunner.Run("--outboard=x", "file"), "the --outboard option is meaningful only with --bao");
        AssertFailure(ToolRunner.Run("--bao=decode", "-c", HashHex), "--bao and --check cannot be combined");
        AssertFailure(ToolRunner.Run("--bao=decode", HashHex, PathOf("missing")), PathOf("missing") + ": No such file or directory");
        AssertFailure(ToolRunner.Run("--bao=decode", "--outboard", PathOf("nope"), HashHex, encoded), PathOf("nope") + ": No such file or directory");
        AssertFailure(ToolRunner.Run("--bao=encode", encoded, Path.Combine(PathOf("no-dir"), "out")), "No such file or directory");
    }

    [Fact]
    public void Help_describes_the_modes() =>
        Assert.Contains("--bao=decode HASH [INPUT] [OUTPUT]", ToolRunner.Run("--help").OutputText, StringComparison.Ordinal);
}

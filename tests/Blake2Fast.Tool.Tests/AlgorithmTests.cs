using System;
using System.Linq;
using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// What coreutils b2sum cannot check: -a, --key, --salt, --personal. Expected digests come from
/// Python's hashlib (an independent implementation), computed once and written here.
/// </summary>
public sealed class AlgorithmTests : IClassFixture<TestFiles>
{
    private readonly TestFiles _files;

    public AlgorithmTests(TestFiles files) => _files = files;

    [Fact]
    public void Blake2s_with_key_salt_and_personalization_matches_hashlib()
    {
        // hashlib.blake2s(b'abc', key=bytes([0,1,2]), salt=bytes([10,11]), person=b'ab', digest_size=16)
        string abc = _files.Write("abc-s", "abc"u8.ToArray());

        RunResult ours = ToolRunner.Run("-a", "blake2s", "--key", "000102", "--salt", "0a0b", "--personal", "6162", "-l", "128", abc);

        Assert.Equal(0, ours.ExitCode);
        Assert.Equal($"d2a164ca51a5f7f97eb96851606ebdd0  {abc}\n", ours.OutputText);
    }

    [Fact]
    public void Blake2b_with_all_parameters_at_full_size_matches_hashlib()
    {
        // hashlib.blake2b(b'abc', key=bytes(range(64)), salt=bytes(range(16)), person=b'b2fast personal!')
        string abc = _files.Write("abc-b", "abc"u8.ToArray());
        string key = Convert.ToHexStringLower(Enumerable.Range(0, 64).Select(i => (byte)i).ToArray());
        string salt = Convert.ToHexStringLower(Enumerable.Range(0, 16).Select(i => (byte)i).ToArray());

        RunResult ours = ToolRunner.Run("--tag", "--key", key, "--salt", salt, "--personal", "62326661737420706572736f6e616c21", abc);

        Assert.Equal(0, ours.ExitCode);
        Assert.Equal($"BLAKE2b ({abc}) = 0b1d965c574ef9b525c5a070f953b73104ace05b161c868a41799fd2e39c353093baf6a5b4ed9b8f44c995e39c387224c14d33a8dfd4fd99eb351072de68b948\n", ours.OutputText);
    }

    [Fact]
    public void A_key_file_is_read_raw()
    {
        // hashlib.blake2b(b'abc', key=bytes(range(5)), digest_size=32)
        string abc = _files.Write("abc-k", "abc"u8.ToArray());
        string keyFile = _files.Write("key.bin", [0, 1, 2, 3, 4]);

        RunResult ours = ToolRunner.Run("-l", "256", "--key", "@" + keyFile, abc);

        Assert.Equal($"326407b300a5c05a88d2e9825c8f6c20c114d0302b1f94ac11618d1baa830113  {abc}\n", ours.OutputText);
    }

    [Fact]
    public void Blake2s_lines_name_their_algorithm_and_verify_without_a()
    {
        // hashlib.blake2s(b'abc')
        string abc = _files.Write("abc-t", "abc"u8.ToArray());

        RunResult tagged = ToolRunner.Run("-a", "blake2s", "--tag", abc);
        string sums = _files.Write("blake2s.sums", tagged.Output);
        RunResult checkedTagged = ToolRunner.Run("-c", sums);
        RunResult shortTag = ToolRunner.Run("--algorithm=blake2s", "--tag", "-l", "128", abc);

        Assert.Equal($"BLAKE2s ({abc}) = 508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982\n", tagged.OutputText);
        Assert.Equal($"{abc}: OK\n", checkedTagged.OutputText);
        Assert.StartsWith("BLAKE2s-128 (", shortTag.OutputText, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("--key", "zz", "--key must be an even number of hexadecimal digits")]
    [InlineData("--key", "abc", "--key must be an even number of hexadecimal digits")]
    [InlineData("--salt", "000102030405060708090a0b0c0d0e0f10", "--salt is 17 bytes; BLAKE2b allows at most 16")]
    [InlineData("--personal", "@/nonexistent/b2fast-key", "b2fast: /nonexistent/b2fast-key: No such file or directory")]
    public void Bad_key_material_is_refused_with_a_clear_message(string option, string value, string message)
    {
        RunResult ours = ToolRunner.Run(option, value, _files.PathOf("one"));

        Assert.Equal(1, ours.ExitCode);
        Assert.Empty(ours.Output);
        Assert.Contains(message, ours.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void A_blake2s_key_longer_than_32_bytes_is_refused()
    {
        RunResult ours = ToolRunner.Run("-a", "blake2s", "--key", new string('1', 66), _files.PathOf("one"));

        Assert.Equal(1, ours.ExitCode);
        Assert.Equal("b2fast: --key is 33 bytes; BLAKE2s allows at most 32\n", ours.Error);
    }

    [Fact]
    public void Blake2s_length_is_limited_to_256_bits()
    {
        RunResult ours = ToolRunner.Run("-a", "blake2s", "-l", "264", _files.PathOf("one"));

        Assert.Equal(1, ours.ExitCode);
        Assert.Contains("maximum digest length for", ours.Error, StringComparison.Ordinal);
        Assert.Contains("BLAKE2s", ours.Error, StringComparison.Ordinal);
        Assert.EndsWith(" is 256 bits\n", ours.Error, StringComparison.Ordinal);
    }

    [Fact]
    public void Unknown_or_ambiguous_algorithms_list_the_valid_names()
    {
        RunResult unknown = ToolRunner.Run("-a", "sha256", _files.PathOf("one"));
        RunResult ambiguous = ToolRunner.Run("-a", "blake2", _files.PathOf("one"));
        RunResult prefix = ToolRunner.Run("-a", "blake2s", _files.PathOf("one"));

        Assert.Equal(1, unknown.ExitCode);
        Assert.Contains("invalid argument", unknown.Error, StringComparison.Ordinal);
        Assert.Contains("blake2xs", unknown.Error, StringComparison.Ordinal);
        Assert.Equal(1, ambiguous.ExitCode);
        Assert.Contains("ambiguous argument", ambiguous.Error, StringComparison.Ordinal);
        Assert.Equal(0, prefix.ExitCode);
    }

    [Fact]
    public void Every_available_algorithm_agrees_with_itself_through_check_mode()
    {
        foreach (HashAlgorithmInfo algorithm in HashAlgorithms.All)
        {
            RunResult made = ToolRunner.Run(["-a", algorithm.Name, .. _files.All]);
            string sums = _files.Write(algorithm.Name + ".sums", made.Output);
            RunResult verified = ToolRunner.Run("-a", algorithm.Name, "-c", "--quiet", sums);

            Assert.Equal(0, made.ExitCode);
            Assert.Equal(0, verified.ExitCode);
            Assert.Empty(verified.Output);
        }
    }
}

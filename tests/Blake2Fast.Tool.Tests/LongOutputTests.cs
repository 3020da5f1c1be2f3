using System;
using System.Text;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// Outputs longer than one piece of the writer (32 KiB of output) and past the old 64 MiB limit's
/// shape: written in pieces, they must equal the library's output computed whole, in hex (plain,
/// <c>--tag</c>, <c>--no-names</c>) and <c>--raw</c>, for BLAKE3 and BLAKE2Xb.
/// </summary>
public sealed class LongOutputTests
{
    private static readonly byte[] Input = Encoding.ASCII.GetBytes("long output\n");

    [Theory]
    [InlineData(32 * 1024 + 1)]
    [InlineData(3 * 32 * 1024)]
    [InlineData(100_003)]
    public void Blake3_output_in_pieces_is_the_librarys(int bytes)
    {
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(Input);
        using Blake3OutputReader reader = state.CreateOutputReader();
        byte[] expected = reader.Read(bytes);
        string bits = (bytes * 8L).ToString(System.Globalization.CultureInfo.InvariantCulture);

        Assert.Equal(Convert.ToHexStringLower(expected) + "  -\n", ToolRunner.Run(Input, "-a", "blake3", "-l", bits).OutputText);
        Assert.Equal(Convert.ToHexStringLower(expected) + "\n", ToolRunner.Run(Input, "-a", "blake3", "-l", bits, "--no-names").OutputText);
        Assert.Equal($"BLAKE3-{bits} (-) = {Convert.ToHexStringLower(expected)}\n", ToolRunner.Run(Input, "-a", "blake3", "-l", bits, "--tag").OutputText);
        Assert.Equal(expected, ToolRunner.Run(Input, "-a", "blake3", "-l", bits, "--raw").Output);
        Assert.Equal(expected, ToolRunner.RunAsB3sum(Input, "--raw", "-l", bytes.ToString(System.Globalization.CultureInfo.InvariantCulture)).Output);
    }

    [Theory]
    [InlineData(32 * 1024 + 1)]
    [InlineData(100_003)]
    public void Blake2xb_output_in_pieces_is_the_librarys(int bytes)
    {
        byte[] expected = Blake2Xb.HashData(Input, bytes);
        string bits = (bytes * 8L).ToString(System.Globalization.CultureInfo.InvariantCulture);
        Assert.Equal(Convert.ToHexStringLower(expected) + "  -\n", ToolRunner.Run(Input, "-a", "blake2xb", "-l", bits).OutputText);
        Assert.Equal(expected, ToolRunner.Run(Input, "-a", "blake2xb", "-l", bits, "--raw").Output);
    }

    [Fact]
    public void Lengths_past_the_longest_are_refused()
    {
        // One byte past 2^59 bytes of BLAKE3 and past 2^32 - 1 of BLAKE2Xb: refused before any input is read.
        RunResult blake3 = ToolRunner.Run(Input, "-a", "blake3", "-l", ((1L << 62) + 8).ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(1, blake3.ExitCode);
        Assert.Contains("BLAKE3", blake3.Error, StringComparison.Ordinal);
        Assert.Contains("is 4611686018427387904 bits", blake3.Error, StringComparison.Ordinal);
        RunResult blake2xb = ToolRunner.Run(Input, "-a", "blake2xb", "-l", ((uint.MaxValue + 1L) * 8).ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal(1, blake2xb.ExitCode);
        Assert.Empty(blake2xb.Output);
    }
}

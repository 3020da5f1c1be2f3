using System;

namespace Blake2Fast.Tests;

/// <summary>
/// What the public-surface contract test (<see cref="PublicSurfaceContractTests"/>) found, each
/// kept as a test of its own that failed before its fix.
/// </summary>
public class ContractFindingsTests
{
    [Fact]
    public void Blake2Xb_output_longer_than_an_array_is_refused_not_out_of_memory()
    {
        // Documented as 1..int.MaxValue, but no byte array is longer than Array.MaxLength: the
        // allocation threw OutOfMemoryException from inside the runtime.
        Func<int, byte[]>[] forms =
        [
            n => Blake2Xb.HashData(ReadOnlySpan<byte>.Empty, n),
            n => Blake2Xb.HashData(new byte[] { 1, 2, 3 }, ReadOnlySpan<byte>.Empty, n),
            n => Blake2Xb.HashData(new Blake2bParameters(), ReadOnlySpan<byte>.Empty, n),
        ];

        foreach (Func<int, byte[]> form in forms)
        {
            foreach (int tooLong in new[] { int.MaxValue, Array.MaxLength + 1 })
            {
                var e = Assert.Throws<ArgumentOutOfRangeException>(() => form(tooLong));
                Assert.Equal("outputLength", e.ParamName);
                Assert.Equal(tooLong, Convert.ToInt32(e.ActualValue, System.Globalization.CultureInfo.InvariantCulture));
            }

            Assert.Equal(100, form(100).Length);
        }
    }
}

public class ContractFindingsReaderTests
{
    [Fact]
    public void Readers_refuse_a_count_longer_than_an_array_and_read_on()
    {
        // Each had more output left than an array holds, so Read(count) passed its checks and the
        // allocation threw OutOfMemoryException from inside the runtime.
        Blake2XbHashState xb = Blake2Xb.CreateIncrementalHasherForUnknownLength();
        using Blake2XbReader b = xb.Finish();
        Blake2XsHashState xs = Blake2Xs.CreateIncrementalHasherForUnknownLength();
        using Blake2XsReader s = xs.Finish();
        using Blake3OutputReader r = Blake3.CreateIncrementalHasher().CreateOutputReader();

        foreach (int tooLong in new[] { int.MaxValue, Array.MaxLength + 1 })
        {
            Assert.Equal("count", Assert.Throws<ArgumentOutOfRangeException>(() => b.Read(tooLong)).ParamName);
            Assert.Equal("count", Assert.Throws<ArgumentOutOfRangeException>(() => s.Read(tooLong)).ParamName);
            Assert.Equal("count", Assert.Throws<ArgumentOutOfRangeException>(() => r.Read(tooLong)).ParamName);
        }

        Assert.Equal("count", Assert.Throws<ArgumentOutOfRangeException>(() => b.Read(-1)).ParamName);
        Assert.Equal(0, b.Position);
        Assert.Equal(0, s.Position);
        Assert.Equal(0UL, r.Position);
        Assert.Equal(10, b.Read(10).Length);
        Assert.Equal(10, s.Read(10).Length);
        Assert.Equal(Blake3.HashData(ReadOnlySpan<byte>.Empty).AsSpan(0, 10).ToArray(), r.Read(10));
    }
}

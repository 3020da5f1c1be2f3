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

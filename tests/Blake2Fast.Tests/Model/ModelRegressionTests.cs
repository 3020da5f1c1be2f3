using System;

namespace Blake2Fast.Tests;

/// <summary>
/// The smallest failing sequences the model tests found, kept as plain tests so that each bug stays
/// fixed whatever the model tests' seed.
/// </summary>
public sealed class ModelRegressionTests
{
    /// <summary>
    /// Blake3OutputReader: after a read that ended exactly at 2^64, Position wrapped to 0 and the next
    /// read returned the output's first bytes instead of refusing to pass the end.
    /// </summary>
    [Fact]
    public void A_BLAKE3_reader_refuses_to_read_on_after_the_end_of_the_output()
    {
        Blake3HashState hasher = Blake3.CreateIncrementalHasher();
        using Blake3OutputReader reader = hasher.CreateOutputReader();
        reader.Position = ulong.MaxValue - 82;
        byte[] last = reader.Read(83);
        Assert.Equal(0UL, reader.Position);

        byte[] destination = new byte[3];
        Assert.Throws<InvalidOperationException>(() => reader.Read(destination));
        Assert.Throws<InvalidOperationException>(() => reader.Read(1));
        Assert.Equal(new byte[3], destination);
        Assert.Empty(reader.Read(0));

        // A seek makes the output readable again, from anywhere.
        reader.Position = ulong.MaxValue - 82;
        Assert.Equal(last, reader.Read(83));
        reader.Position = 0;
        Assert.Equal(Blake3.HashData([]), reader.Read(32));
    }
}

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

[Trait("Legs", "Kernel")]
public class ContractFindingsTreeTests
{
    [Fact]
    public async System.Threading.Tasks.Task HashTree_of_a_stream_takes_the_most_threads_an_int_holds()
    {
        // "The most threads to use": int.MaxValue workers overflowed the size of a round of batches
        // read from a stream, and ArgumentOutOfRangeException (no parameter) came from the pool.
        byte[] data = Surface.Arguments.Pattern(5000);
        foreach (bool wide in new[] { true, false })
        {
            int length = wide ? 64 : 32;
            byte[] expected = wide ? Blake2b.HashTree(data.AsSpan(), 256, length, 1) : Blake2s.HashTree(data.AsSpan(), 256, length, 1);
            byte[] viaStream = wide
                ? Blake2b.HashTree(new System.IO.MemoryStream(data), 256, length, int.MaxValue)
                : Blake2s.HashTree(new System.IO.MemoryStream(data), 256, length, int.MaxValue);
            byte[] viaAsync = wide
                ? await Blake2b.HashTreeAsync(new System.IO.MemoryStream(data), 256, length, int.MaxValue)
                : await Blake2s.HashTreeAsync(new System.IO.MemoryStream(data), 256, length, int.MaxValue);
            byte[] viaSpan = wide ? Blake2b.HashTree(data.AsSpan(), 256, length, int.MaxValue) : Blake2s.HashTree(data.AsSpan(), 256, length, int.MaxValue);
            Assert.Equal(expected, viaStream);
            Assert.Equal(expected, viaAsync);
            Assert.Equal(expected, viaSpan);
        }
    }
}

public class ContractFindingsAsyncTests
{
    [Fact]
    public void Async_forms_throw_argument_errors_from_the_call_not_through_the_task()
    {
        // These were async methods: their argument checks ran inside the state machine, so a bad
        // argument came back as a faulted task, unlike every other async form (BadInputTests).
        var unreadable = new UnreadableStream();
        var data = new System.IO.MemoryStream(new byte[10]);
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => { _ = Blake3.HashDataAsync(null!).AsTask(); }).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentException>(() => { _ = Blake3.HashDataAsync(unreadable).AsTask(); }).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => { _ = Blake2b.HashTreeAsync(null!, 10).AsTask(); }).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentException>(() => { _ = Blake2s.HashTreeAsync(unreadable, 10).AsTask(); }).ParamName);
        Assert.Equal("leafLength", Assert.Throws<ArgumentOutOfRangeException>(() => { _ = Blake2b.HashTreeAsync(data, 0).AsTask(); }).ParamName);
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => { _ = Blake2s.HashTreeAsync(data, 10, 33).AsTask(); }).ParamName);
        Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => { _ = Blake2b.HashTreeAsync(data, 10, 64, 0).AsTask(); }).ParamName);
        Assert.Equal(0, unreadable.ReadAttempts);
        Assert.Equal(0, data.Position);
    }
}

public class ContractFindingsDocumentationTests
{
    private static readonly Surface.XmlDocumentation Docs = Surface.XmlDocumentation.Load(typeof(Blake2b).Assembly);

    [Theory]
    [InlineData(typeof(Blake2XbReader))]
    [InlineData(typeof(Blake2XsReader))]
    public void Reading_past_the_end_names_the_destination(Type reader) =>
        Assert.Contains(Docs.Exceptions(reader.GetMethod("Read", [typeof(Span<byte>)])!), d => d.Type == typeof(ArgumentException) && d.Parameters.Contains("destination"));

    [Theory]
    [InlineData(typeof(HMACBlake2b))]
    [InlineData(typeof(HMACBlake2s))]
    public void Initialize_after_Dispose_is_documented(Type hmac) =>
        Assert.Contains(Docs.Exceptions(hmac.GetMethod("Initialize")!), d => d.Type == typeof(ObjectDisposedException));
}

[Trait("Legs", "Kernel")]
public class ContractFindingsHashManyTests
{
    [Theory]
    [InlineData(2)]
    [InlineData(12)]
    public void Keyed_HashMany_with_the_key_inside_the_destination(int count)
    {
        // Messages overlapping the destination were hashed into a separate buffer, but not the key:
        // messages finished one at a time (the scalar build, or too few for the lanes) read the key
        // again after earlier digests had overwritten it.
        foreach (bool wide in new[] { true, false })
        {
            int digestLength = wide ? 64 : 32;
            byte[] message = Surface.Arguments.Pattern(97 * count, 3);
            byte[] buffer = new byte[count * digestLength];
            byte[] key = Surface.Arguments.Pattern(wide ? 64 : 32, 9);
            key.CopyTo(buffer, digestLength / 2);
            ReadOnlySpan<byte> keyInBuffer = buffer.AsSpan(digestLength / 2, key.Length);
            _ = wide
                ? Blake2b.HashMany(keyInBuffer, message, 97, buffer, digestLength)
                : Blake2s.HashMany(keyInBuffer, message, 97, buffer, digestLength);

            for (int i = 0; i < count; i++)
            {
                ReadOnlySpan<byte> m = message.AsSpan(i * 97, 97);
                byte[] expected = wide ? Blake2b.HashData(key, m, digestLength) : Blake2s.HashData(key, m, digestLength);
                Check.Digest(expected, buffer.AsSpan(i * digestLength, digestLength), $"{(wide ? "BLAKE2b" : "BLAKE2s")} message {i} of {count}");
            }
        }
    }
}

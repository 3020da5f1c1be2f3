using System;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Tests;

/// <summary>Out-of-range and missing arguments, and misuse of hash states: the right exception, naming the parameter and its range.</summary>
[Trait("Legs", "Build")]
public class BadInputTests
{
    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Digest_length_out_of_range(string algorithm)
    {
        Api api = Api.Get(algorithm);
        Assert.Equal(10, api.DigestLengthTakers.Count);
        foreach ((string name, Action<int> call) in api.DigestLengthTakers)
        {
            foreach (int bad in new[] { 0, -1, api.MaxDigestLength + 1, int.MinValue, int.MaxValue })
            {
                var e = Assert.Throws<ArgumentOutOfRangeException>(() => call(bad));
                Assert.Equal("digestLength", e.ParamName);
                Assert.Equal(bad, e.ActualValue);
                Assert.Contains($"between 1 and {api.MaxDigestLength}", e.Message, StringComparison.Ordinal);
            }

            // The limits themselves are accepted.
            call(1);
            call(api.MaxDigestLength);
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Key_too_long(string algorithm)
    {
        Api api = Api.Get(algorithm);
        foreach ((string name, Action<byte[]> call) in api.KeyTakers)
        {
            var e = Assert.Throws<ArgumentException>(() => call(new byte[api.MaxKeyLength + 1]));
            Assert.Equal("key", e.ParamName);
            Assert.Contains($"between 0 and {api.MaxKeyLength} bytes", e.Message, StringComparison.Ordinal);
            call(new byte[api.MaxKeyLength]);
            call([]);
        }
    }

    [Fact]
    public void Blake2b_parameters_out_of_range()
    {
        Expect(() => new Blake2bParameters { DigestLength = 0 }, "DigestLength", "between 1 and 64", outOfRange: true);
        Expect(() => new Blake2bParameters { DigestLength = 65 }, "DigestLength", "between 1 and 64", outOfRange: true);
        Expect(() => new Blake2bParameters { Key = new byte[65] }, "Key", "between 0 and 64 bytes");
        Expect(() => new Blake2bParameters { Salt = new byte[17] }, "Salt", "between 0 and 16 bytes");
        Expect(() => new Blake2bParameters { Personalization = new byte[17] }, "Personalization", "between 0 and 16 bytes");
        Expect(() => new Blake2bParameters { FanOut = 256 }, "FanOut", "between 0 and 255");
        Expect(() => new Blake2bParameters { FanOut = -1 }, "FanOut", "between 0 and 255");
        Expect(() => new Blake2bParameters { MaxDepth = 0 }, "MaxDepth", "between 1 and 255");
        Expect(() => new Blake2bParameters { MaxDepth = 256 }, "MaxDepth", "between 1 and 255");
        Expect(() => new Blake2bParameters { NodeDepth = 256 }, "NodeDepth", "between 0 and 255");
        Expect(() => new Blake2bParameters { NodeDepth = -1 }, "NodeDepth", "between 0 and 255");
        Expect(() => new Blake2bParameters { InnerLength = 65 }, "InnerLength", "between 0 and 64");
        Expect(() => new Blake2bParameters { InnerLength = -1 }, "InnerLength", "between 0 and 64");

        // Every limit itself is accepted.
        _ = Blake2b.HashData(new Blake2bParameters
        {
            DigestLength = 64, Key = new byte[64], Salt = new byte[16], Personalization = new byte[16], FanOut = 255,
            MaxDepth = 255, LeafLength = uint.MaxValue, NodeOffset = ulong.MaxValue, NodeDepth = 255, InnerLength = 64, IsLastNode = true,
        }, []);
        _ = Blake2b.HashData(new Blake2bParameters { DigestLength = 1, FanOut = 0, MaxDepth = 1, InnerLength = 0 }, []);
    }

    [Fact]
    public void Blake2s_parameters_out_of_range()
    {
        Expect(() => new Blake2sParameters { DigestLength = 0 }, "DigestLength", "between 1 and 32", outOfRange: true);
        Expect(() => new Blake2sParameters { DigestLength = 33 }, "DigestLength", "between 1 and 32", outOfRange: true);
        Expect(() => new Blake2sParameters { Key = new byte[33] }, "Key", "between 0 and 32 bytes");
        Expect(() => new Blake2sParameters { Salt = new byte[9] }, "Salt", "between 0 and 8 bytes");
        Expect(() => new Blake2sParameters { Personalization = new byte[9] }, "Personalization", "between 0 and 8 bytes");
        Expect(() => new Blake2sParameters { FanOut = 256 }, "FanOut", "between 0 and 255");
        Expect(() => new Blake2sParameters { MaxDepth = 0 }, "MaxDepth", "between 1 and 255");
        Expect(() => new Blake2sParameters { NodeDepth = 256 }, "NodeDepth", "between 0 and 255");
        Expect(() => new Blake2sParameters { InnerLength = 33 }, "InnerLength", "between 0 and 32");
        Expect(() => new Blake2sParameters { NodeOffset = 1UL << 48 }, "NodeOffset", "between 0 and 281474976710655");
        Expect(() => new Blake2sParameters { NodeOffset = ulong.MaxValue }, "NodeOffset", "between 0 and 281474976710655");
        Expect(() => new Blake2sParameters { NodeOffset = (ulong)long.MaxValue + 1 }, "NodeOffset", "between 0 and 281474976710655");
        Assert.Equal((1L << 48) - 1, Blake2sParameters.MaxNodeOffset);

        _ = Blake2s.HashData(new Blake2sParameters
        {
            DigestLength = 32, Key = new byte[32], Salt = new byte[8], Personalization = new byte[8], FanOut = 255,
            MaxDepth = 255, LeafLength = uint.MaxValue, NodeOffset = (1UL << 48) - 1, NodeDepth = 255, InnerLength = 32, IsLastNode = true,
        }, []);
    }

    private static void Expect(Func<object> create, string paramName, string range, bool outOfRange = false)
    {
        ArgumentException e = outOfRange
            ? Assert.Throws<ArgumentOutOfRangeException>(create)
            : Assert.Throws<ArgumentException>(create);
        Assert.Equal(paramName, e.ParamName);
        Assert.Contains(range, e.Message, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public async Task Null_and_unreadable_streams_are_rejected_synchronously_before_any_read(string algorithm)
    {
        Api api = Api.Get(algorithm);
        Assert.Equal(8, api.StreamReaders.Count);
        foreach ((string name, bool isAsync, var call) in api.StreamReaders)
        {
            // The call itself throws: an async form must not hand back a faulted task.
            Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => call(null!, [])).ParamName);

            var unreadable = new UnreadableStream();
            var e = Assert.Throws<ArgumentException>(() => call(unreadable, []));
            Assert.Equal("source", e.ParamName);
            Assert.Equal(0, unreadable.ReadAttempts);

            if (name.Contains("ROS", StringComparison.Ordinal) || name.Contains("ROM", StringComparison.Ordinal))
            {
                var counting = new CountingStream(new byte[10]);
                Assert.Equal("key", Assert.Throws<ArgumentException>(() => call(counting, new byte[api.MaxKeyLength + 1])).ParamName);
                Assert.Equal(0, counting.Reads);
            }

            // A good call reads the stream (so the counters above would have seen a read).
            var good = new CountingStream(new byte[10]);
            object result = call(good, [1]);
            if (isAsync)
            {
                await (Task)result;
            }

            Assert.True(good.Reads > 0, name);
        }
    }

    [Fact]
    public void Async_destination_and_parameters_are_checked_before_any_read()
    {
        var counting = new CountingStream(new byte[10]);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => { _ = Blake2b.HashDataAsync(counting, Memory<byte>.Empty).AsTask(); }).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => { _ = Blake2b.HashDataAsync(counting, new byte[65]).AsTask(); }).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => { _ = Blake2s.HashDataAsync(counting, new byte[33]).AsTask(); }).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => { _ = Blake2b.HashDataAsync((Blake2bParameters)null!, counting).AsTask(); }).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => { _ = Blake2s.HashDataAsync((Blake2sParameters)null!, counting).AsTask(); }).ParamName);
        Assert.Equal(0, counting.Reads);
    }

    [Fact]
    public async Task Async_hash_observes_cancellation()
    {
        using var cts = new CancellationTokenSource();
        await cts.CancelAsync();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await Blake2b.HashDataAsync(new ShortReadStream(new byte[1000]), cts.Token));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await Blake2s.HashDataAsync(new ShortReadStream(new byte[1000]), cts.Token));
    }

    [Fact]
    public void Null_arrays_and_parameters()
    {
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => Blake2b.HashData((byte[])null!)).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => Blake2s.HashData((byte[])null!)).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => Blake2b.HashData((Blake2bParameters)null!, [])).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => Blake2s.HashData((Blake2sParameters)null!, [], new byte[32])).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => Blake2b.TryHashData((Blake2bParameters)null!, [], new byte[64], out _)).ParamName);
        Assert.Equal("parameters", Assert.Throws<ArgumentNullException>(() => Blake2s.CreateIncrementalHasher((Blake2sParameters)null!)).ParamName);

        Blake2bHashState b = Blake2b.CreateIncrementalHasher();
        Assert.Equal("input", Assert.Throws<ArgumentNullException>(() => b.Update((int[])null!)).ParamName);
        Blake2sHashState s = Blake2s.CreateIncrementalHasher();
        Assert.Equal("input", Assert.Throws<ArgumentNullException>(() => s.Update((long[])null!)).ParamName);
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Default_finished_and_cleared_states_refuse_work(string algorithm)
    {
        Api api = Api.Get(algorithm);
        IHasher finished = api.CreateHasher([1, 2, 3], 16);
        finished.Finish();
        IHasher cleared = api.CreateHasher([1, 2, 3], 16);
        cleared.Update(new byte[200]);
        cleared.Clear();
        IHasher finishedIntoSpan = api.CreateHasher([], 16);
        finishedIntoSpan.Finish(new byte[16]);

        foreach ((string label, IHasher h) in new[] { ("default", api.DefaultHasher()), ("finished", finished), ("cleared", cleared), ("finished into a span", finishedIntoSpan) })
        {
            Assert.Equal(0, h.DigestLength);
            byte[] destination = new byte[64];
            AssertInvalid(() => h.Update([1]), label);
            AssertInvalid(() => h.Update([]), label);
            AssertInvalid(() => h.UpdateValue(42), label);
            AssertInvalid(() => h.UpdateArray(new[] { 1L }), label);
            AssertInvalid(() => h.Finish(), label);
            AssertInvalid(() => h.Finish(destination), label);
            AssertInvalid(() => h.TryFinish(destination, out _), label);
            AssertInvalid(h.Reset, label);
            Assert.All(destination, x => Assert.Equal(0, x));

            // Clear is always allowed (it is what a finally block calls).
            h.Clear();
            h.Clear();
        }
    }

    private static void AssertInvalid(Action action, string label)
    {
        var e = Assert.Throws<InvalidOperationException>(action);
        Assert.False(string.IsNullOrEmpty(e.Message), label);
    }

    [Fact]
    public void Messages_distinguish_default_from_finished()
    {
        Blake2bHashState d = default;
        string notInitialized = Assert.Throws<InvalidOperationException>(() => d.Update([])).Message;
        Blake2bHashState f = Blake2b.CreateIncrementalHasher();
        f.Finish();
        string finished = Assert.Throws<InvalidOperationException>(() => f.Update([])).Message;
        Assert.Contains("not initialized", notInitialized, StringComparison.Ordinal);
        Assert.Contains("finished", finished, StringComparison.Ordinal);
    }

    [Fact]
    public void Stream_forms_are_covered_for_both_algorithms() => Assert.Equal(Api.B.StreamReaders.Select(x => x.Name), Api.S.StreamReaders.Select(x => x.Name));
}

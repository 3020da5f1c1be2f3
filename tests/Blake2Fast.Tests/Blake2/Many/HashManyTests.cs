using System;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// Blake2b.HashMany and Blake2s.HashMany: every overload and every lane kernel against the
/// one-shot (itself checked against the official KAT and hashlib), and directly against the
/// official KAT and the parameter vectors; lane refills with mixed lengths; bad input.
/// </summary>
public abstract class HashManyTests
{
    private protected abstract IManySurface M { get; }

    private Api A => Api.Get(M.Algorithm);

    /// <summary>The kernels this leg can run (BLAKE2b's and BLAKE2s's have the same requirements); the ISA legs cover the rest.</summary>
    public static TheoryData<int> KernelIds()
    {
        var ids = new TheoryData<int>();
        foreach (Blake2ManyKernel kernel in Enum.GetValues<Blake2ManyKernel>().Where(Blake2bManyKernels.IsSupported))
        {
            ids.Add((int)kernel);
        }

        return ids;
    }

    /// <summary>The lane kernel numbered <paramref name="id"/>, which this algorithm must support wherever BLAKE2b's does.</summary>
    private Blake2ManyKernel Supported(int id)
    {
        var kernel = (Blake2ManyKernel)id;
        Assert.True(M.IsSupported(kernel));
        return kernel;
    }

    /// <summary>Counts around every lane multiple of every kernel, and a few hundred.</summary>
    private IEnumerable<int> Counts(Blake2ManyKernel kernel)
    {
        int lanes = M.Lanes(kernel);
        return new[] { 0, 1, 2, lanes - 1, lanes, lanes + 1, (2 * lanes) + 1, 3 * lanes, 300 }.Where(c => c >= 0).Distinct();
    }

    private static List<byte[]> Messages(int count, int seed, Func<Random, int, int> length)
    {
        var random = new Random(seed);
        var messages = new List<byte[]>(count);
        for (int i = 0; i < count; i++)
        {
            byte[] message = new byte[length(random, i)];
            random.NextBytes(message);
            messages.Add(message);
        }

        return messages;
    }

    /// <summary>Lengths that hit 0, every block edge and lanes that finish at different times.</summary>
    private int MixedLength(Random random, int i)
    {
        int b = A.BlockLength;
        int[] edges = [0, 1, b - 1, b, b + 1, 2 * b, (3 * b) - 1, 3 * b, 7 * b, (7 * b) + 5];
        return i % 3 == 0 ? edges[random.Next(edges.Length)] : random.Next(0, (9 * b) + 1);
    }

    private byte[] Expected(IReadOnlyList<byte[]> messages, byte[] key, int digestLength) =>
        messages.SelectMany(m => OneShot(key, m, digestLength)).ToArray();

    private byte[] OneShot(byte[] key, byte[] message, int digestLength)
    {
        byte[] digest = new byte[digestLength];
        M.HashData(key, message, digest);
        return digest;
    }

    private static ReadOnlyMemory<byte>[] AsMemory(IEnumerable<byte[]> messages) => messages.Select(m => (ReadOnlyMemory<byte>)m).ToArray();

    [Theory]
    [MemberData(nameof(KernelIds))]
    public void Every_kernel_matches_the_one_shot_for_every_count_with_mixed_lengths(int id)
    {
        Blake2ManyKernel kernel = Supported(id);

        foreach (int count in Counts(kernel))
        {
            foreach ((byte[] key, int digestLength) in new[] { (Array.Empty<byte>(), M.MaxDigestLength), (Pattern(M.MaxKeyLength), 1), (Pattern(7), 20) })
            {
                List<byte[]> messages = Messages(count, count * 31 + key.Length, MixedLength);
                byte[] actual = M.HashForced(kernel, key, AsMemory(messages), digestLength);
                Check.Digest(Expected(messages, key, digestLength), actual, $"{kernel} count={count} key={key.Length} digest={digestLength}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(KernelIds))]
    public void Every_kernel_with_equal_lengths_at_block_edges(int id)
    {
        Blake2ManyKernel kernel = Supported(id);

        int b = A.BlockLength;
        int count = (2 * M.Lanes(kernel)) + 1;
        foreach (int length in new[] { 0, 1, b - 1, b, b + 1, 2 * b, 1024 })
        {
            foreach (byte[] key in new[] { Array.Empty<byte>(), Pattern(1), Pattern(M.MaxKeyLength) })
            {
                List<byte[]> messages = Messages(count, length, (_, _) => length);
                Check.Digest(Expected(messages, key, M.MaxDigestLength), M.HashForced(kernel, key, AsMemory(messages), M.MaxDigestLength), $"{kernel} length={length} key={key.Length}");
            }
        }
    }

    [Theory]
    [MemberData(nameof(KernelIds))]
    public void Every_kernel_with_every_key_and_digest_length(int id)
    {
        Blake2ManyKernel kernel = Supported(id);

        List<byte[]> messages = Messages(M.Lanes(kernel) + 3, 5, MixedLength);
        for (int keyLength = 0; keyLength <= M.MaxKeyLength; keyLength++)
        {
            int digestLength = 1 + (keyLength % M.MaxDigestLength);
            byte[] key = Pattern(keyLength);
            Check.Digest(Expected(messages, key, digestLength), M.HashForced(kernel, key, AsMemory(messages), digestLength), $"{kernel} key={keyLength} digest={digestLength}");
        }

        for (int digestLength = 1; digestLength <= M.MaxDigestLength; digestLength++)
        {
            Check.Digest(Expected(messages, [], digestLength), M.HashForced(kernel, [], AsMemory(messages), digestLength), $"{kernel} digest={digestLength}");
        }
    }

    [Theory]
    [MemberData(nameof(KernelIds))]
    public void Every_kernel_with_full_parameter_blocks(int id)
    {
        Blake2ManyKernel kernel = Supported(id);

        // Each case's parameters with many messages: its own input (the file's answer) among others (the one-shot's).
        foreach (ParamCase c in TestData.ParamCases(M.Algorithm).Concat(TestData.HashlibCases(M.Algorithm)).Where(c => c.XofLength == 0).Take(120))
        {
            List<byte[]> messages = Messages(M.Lanes(kernel) + 1, c.Input.Length, MixedLength);
            messages.Insert(1, c.Input);
            byte[] actual = M.HashForced(kernel, c, AsMemory(messages));
            Check.Digest(c.Expected, actual.AsSpan(c.DigestLength, c.DigestLength), $"{kernel} {c}");
            byte[] expected = messages.SelectMany(m => A.HashWithParameters(c, m)).ToArray();
            Check.Digest(expected, actual, $"{kernel} {c}");
        }
    }

    [Theory]
    [MemberData(nameof(KernelIds))]
    public void Every_kernel_with_packed_messages_the_lanes_read_in_place(int id)
    {
        // Equal-length messages back to back keep the lanes in step, and the 512-bit kernels then
        // read each lane's block where it lies, a message length from the previous lane's, instead
        // of from a stripe; a shorter last message (as a tree's last leaf) takes them out of step.
        Blake2ManyKernel kernel = Supported(id);

        int b = A.BlockLength;
        foreach (int length in new[] { 1, b, b + 1, 3 * b, (5 * b) + 7 })
        {
            foreach (int count in Counts(kernel).Where(c => c > 0))
            {
                foreach (int shortBy in new[] { 0, 1, length - 1 }.Where(s => s < length).Distinct())
                {
                    byte[] packed = Pattern((count * length) - shortBy);
                    List<byte[]> messages = Enumerable.Range(0, count).Select(i => packed.AsSpan(i * length, Math.Min(length, packed.Length - (i * length))).ToArray()).ToList();
                    byte[] actual = M.HashForcedPacked(kernel, packed, length, M.MaxDigestLength);
                    Check.Digest(Expected(messages, [], M.MaxDigestLength), actual, $"{kernel} count={count} length={length} last shorter by {shortBy}");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(KernelIds))]
    public void Every_kernel_refuses_lane_blocks_outside_its_input(int id)
    {
        var kernel = (Blake2ManyKernel)id;
        int b = A.BlockLength;
        byte[] state = new byte[Blake2ManyState.Length];
        byte[] scratch = new byte[Blake2ManyState.ScratchLength];
        int lanes = M.Lanes(kernel);

        // One byte short of the last lane's block, at the block length and at a wider stride.
        foreach (int stride in new[] { b, 3 * b })
        {
            byte[] blocks = new byte[((lanes - 1) * stride) + b - 1];
            Assert.ThrowsAny<ArgumentException>(() => M.CompressLanes(kernel, state, blocks, stride, scratch));
        }

        // A stride other than the block length, for a kernel that reads a stripe.
        if (kernel is not (Blake2ManyKernel.Avx512 or Blake2ManyKernel.Scalar))
        {
            Assert.Throws<ArgumentOutOfRangeException>("laneStride", () => M.CompressLanes(kernel, state, new byte[Blake2ManyState.StripeLength * 4], b + 4, scratch));
        }
    }

    [Fact]
    public void Official_KAT_in_one_call_per_key_through_every_overload()
    {
        IReadOnlyList<KatCase> cases = TestData.KatCases(M.Algorithm);
        foreach (bool keyed in new[] { false, true })
        {
            KatCase[] group = cases.Where(c => (c.Key.Length != 0) == keyed).ToArray();
            Assert.True(group.Length >= 256, $"{group.Length} {(keyed ? "keyed" : "unkeyed")} {M.Algorithm} KAT cases");
            byte[] key = group[0].Key;
            Assert.All(group, c => Assert.Equal(key, c.Key));
            int digestLength = group[0].Expected.Length;
            byte[] expected = group.SelectMany(c => c.Expected).ToArray();
            ReadOnlyMemory<byte>[] sources = group.Select(c => (ReadOnlyMemory<byte>)c.Input).ToArray();

            byte[] destination = new byte[expected.Length];
            Assert.Equal(expected.Length, keyed ? M.HashMany(key, sources, destination, digestLength) : M.HashMany(sources, destination, digestLength));
            Check.Digest(expected, destination, $"{M.Algorithm} KAT keyed={keyed}");

            destination = new byte[expected.Length];
            Assert.Equal(expected.Length, M.HashMany(M.Parameters(key, digestLength), sources, destination));
            Check.Digest(expected, destination, $"{M.Algorithm} KAT keyed={keyed} (parameters)");
        }
    }

    [Fact]
    public void Packed_overloads_match_the_list_overloads()
    {
        foreach (int messageLength in new[] { 1, 3, A.BlockLength - 1, A.BlockLength, A.BlockLength + 1, 64, 1024 })
        {
            foreach (int count in new[] { 0, 1, 5, 17, 40 })
            {
                byte[] source = Pattern(count * messageLength);
                ReadOnlyMemory<byte>[] list = Enumerable.Range(0, count).Select(i => (ReadOnlyMemory<byte>)source.AsMemory(i * messageLength, messageLength)).ToArray();
                foreach (byte[] key in new[] { Array.Empty<byte>(), Pattern(M.MaxKeyLength) })
                {
                    int digestLength = key.Length == 0 ? M.MaxDigestLength : 16;
                    byte[] expected = list.SelectMany(m => OneShot(key, m.ToArray(), digestLength)).ToArray();
                    byte[] packed = new byte[count * digestLength];
                    Assert.Equal(packed.Length, key.Length == 0
                        ? M.HashMany(source, messageLength, packed, digestLength)
                        : M.HashMany(key, source, messageLength, packed, digestLength));
                    Check.Digest(expected, packed, $"packed length={messageLength} count={count} key={key.Length}");

                    byte[] listed = new byte[count * digestLength];
                    Assert.Equal(listed.Length, key.Length == 0
                        ? M.HashMany(list, listed, digestLength)
                        : M.HashMany(key, list, listed, digestLength));
                    Check.Digest(expected, listed, $"list length={messageLength} count={count} key={key.Length}");
                }
            }
        }
    }

    [Fact]
    public void Messages_that_share_memory_with_the_destination()
    {
        // Digests written over messages not yet read would corrupt them; each digest must be that of the original message.
        int digestLength = 8;
        byte[] buffer = Pattern(100 * 32);
        byte[] expected = Enumerable.Range(0, 100).SelectMany(i => OneShot([], buffer.AsSpan(i * 32, 32).ToArray(), digestLength)).ToArray();
        M.HashMany(buffer, 32, buffer.AsSpan(0, 100 * digestLength), digestLength);
        Check.Digest(expected, buffer.AsSpan(0, 100 * digestLength), "packed, in place");

        buffer = Pattern(100 * 32);
        ReadOnlyMemory<byte>[] list = Enumerable.Range(0, 100).Select(i => (ReadOnlyMemory<byte>)buffer.AsMemory(i * 32, 32)).ToArray();
        M.HashMany(list, buffer.AsSpan(8, 100 * digestLength), digestLength);
        Check.Digest(expected, buffer.AsSpan(8, 100 * digestLength), "list, overlapping");
    }

    [Fact]
    public void Bad_input_throws_naming_the_parameter_and_writes_nothing()
    {
        ReadOnlyMemory<byte>[] sources = [new byte[3], Array.Empty<byte>(), new byte[200]];
        int max = M.MaxDigestLength;

        Expect<ArgumentException>("destination", $"3 x {max} = {3 * max} bytes", d => M.HashMany(sources, d, max), (3 * max) - 1);
        Expect<ArgumentException>("destination", $"3 x {max} = {3 * max} bytes", d => M.HashMany(sources, d, max), (3 * max) + 1);
        Expect<ArgumentException>("destination", "3 x 16 = 48 bytes", d => M.HashMany(Pattern(4), sources, d, 16), 47);
        Expect<ArgumentException>("destination", "3 x 16 = 48 bytes", d => M.HashMany(M.Parameters([], 16), sources, d), 49);
        Expect<ArgumentException>("destination", "0 x 16 = 0 bytes", d => M.HashMany(ReadOnlySpan<ReadOnlyMemory<byte>>.Empty, d, 16), 16);
        Expect<ArgumentOutOfRangeException>("digestLength", $"between 1 and {max}", d => M.HashMany(sources, d, 0), 0);
        Expect<ArgumentOutOfRangeException>("digestLength", $"between 1 and {max}", d => M.HashMany(sources, d, max + 1), 3 * (max + 1));
        Expect<ArgumentOutOfRangeException>("digestLength", $"between 1 and {max}", d => M.HashMany(Pattern(10), 5, d, max + 1), 2 * (max + 1));
        Expect<ArgumentException>("key", $"between 0 and {M.MaxKeyLength} bytes", d => M.HashMany(Pattern(M.MaxKeyLength + 1), sources, d, 16), 48);
        Expect<ArgumentException>("key", $"between 0 and {M.MaxKeyLength} bytes", d => M.HashMany(Pattern(M.MaxKeyLength + 1), Pattern(10), 5, d, 16), 32);
        Expect<ArgumentOutOfRangeException>("messageLength", "at least 1 byte", d => M.HashMany(Pattern(10), 0, d, 16), 0);
        Expect<ArgumentOutOfRangeException>("messageLength", "at least 1 byte", d => M.HashMany(Pattern(4), Pattern(10), -1, d, 16), 0);
        Expect<ArgumentException>("source", "a multiple of 3", d => M.HashMany(Pattern(10), 3, d, 16), 48);
        Expect<ArgumentException>("source", "a multiple of 4", d => M.HashMany(Pattern(4), Pattern(10), 4, d, 16), 32);
        Expect<ArgumentException>("destination", "2 x 16 = 32 bytes", d => M.HashMany(Pattern(10), 5, d, 16), 33);
        Assert.Throws<ArgumentNullException>("parameters", () => M.HashMany(null!, sources, new byte[48]));
    }

    [Fact]
    public void Empty_batches_write_nothing_and_succeed()
    {
        Assert.Equal(0, M.HashMany(ReadOnlySpan<ReadOnlyMemory<byte>>.Empty, Span<byte>.Empty, 16));
        Assert.Equal(0, M.HashMany(Pattern(3), ReadOnlySpan<ReadOnlyMemory<byte>>.Empty, Span<byte>.Empty, 16));
        Assert.Equal(0, M.HashMany(M.Parameters([], 16), ReadOnlySpan<ReadOnlyMemory<byte>>.Empty, Span<byte>.Empty));
        Assert.Equal(0, M.HashMany(ReadOnlySpan<byte>.Empty, 5, Span<byte>.Empty, 16));
        Assert.Equal(0, M.HashMany(Pattern(3), ReadOnlySpan<byte>.Empty, 5, Span<byte>.Empty, 16));
    }

    [OptimizedLibraryFact]
    public void Span_overloads_allocate_nothing()
    {
        ReadOnlyMemory<byte>[] sources = AsMemory(Messages(64, 1, MixedLength));
        byte[] key = Pattern(M.MaxKeyLength);
        byte[] packed = Pattern(64 * 64);
        byte[] destination = new byte[64 * 16];
        for (int i = 0; i < 3; i++)
        {
            M.HashMany(sources, destination, 16);
            M.HashMany(key, packed, 64, destination, 16);
        }

        Assert.Equal(0, AllocationMeter.LeastAllocated(
            () =>
            {
                M.HashMany(sources, destination, 16);
                M.HashMany(key, sources, destination, 16);
                M.HashMany(packed, 64, destination, 16);
                M.HashMany(key, packed, 64, destination, 16);
            },
            1));
    }

    private static void Expect<TException>(string paramName, string messagePart, HashManyCall call, int destinationLength)
        where TException : ArgumentException
    {
        byte[] destination = Enumerable.Repeat((byte)0xA5, destinationLength).ToArray();
        TException e = Assert.Throws<TException>(() => call(destination));
        Assert.IsType<TException>(e);
        Assert.Equal(paramName, e.ParamName);
        Assert.Contains(messagePart, e.Message, StringComparison.Ordinal);
        Assert.All(destination, b => Assert.Equal(0xA5, b));
    }

    private delegate int HashManyCall(Span<byte> destination);

    private static byte[] Pattern(int length) => Enumerable.Range(0, length).Select(i => (byte)((i * 7) + 3)).ToArray();
}

/// <summary>The HashMany surface of one algorithm, and its forced-kernel entry.</summary>
internal interface IManySurface
{
    string Algorithm { get; }
    int MaxDigestLength { get; }
    int MaxKeyLength { get; }
    int Lanes(Blake2ManyKernel kernel);
    bool IsSupported(Blake2ManyKernel kernel);
    int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination);
    object Parameters(byte[] key, int digestLength);
    int HashMany(ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int digestLength);
    int HashMany(ReadOnlySpan<byte> key, ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int digestLength);
    int HashMany(object parameters, ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination);
    int HashMany(ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int digestLength);
    int HashMany(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int digestLength);
    byte[] HashForced(Blake2ManyKernel kernel, byte[] key, ReadOnlyMemory<byte>[] sources, int digestLength);
    byte[] HashForced(Blake2ManyKernel kernel, ParamCase parameters, ReadOnlyMemory<byte>[] sources);
    byte[] HashForcedPacked(Blake2ManyKernel kernel, byte[] packed, int messageLength, int digestLength);
    void CompressLanes(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch);
}

/// <summary>
/// <see cref="IManySurface"/> for either algorithm: the public overloads through <see cref="Facade"/>,
/// a forced kernel through the engine both share (<see cref="Blake2Many{TVariant}"/>).
/// </summary>
internal sealed class ManySurface<TVariant, TParameters>(Api api, Type kernels) : IManySurface
    where TVariant : struct, IBlake2ManyVariant
{
    private readonly Facade _kernels = new(kernels);

    private delegate void LaneCompress(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch);

    public string Algorithm => api.Name;
    public int MaxDigestLength => api.MaxDigestLength;
    public int MaxKeyLength => api.MaxKeyLength;
    public int Lanes(Blake2ManyKernel kernel) => _kernels.Method<Func<Blake2ManyKernel, int>>("Lanes")(kernel);
    public bool IsSupported(Blake2ManyKernel kernel) => _kernels.Method<Func<Blake2ManyKernel, bool>>("IsSupported")(kernel);
    public int HashData(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination) => api.Type.Method<HashKeyedInto>("HashData")(key, source, destination);
    public object Parameters(byte[] key, int digestLength) => api.Parameters(key, digestLength);
    public int HashMany(ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int digestLength) => api.Type.Method<HashManyInto>("HashMany")(sources, destination, digestLength);
    public int HashMany(ReadOnlySpan<byte> key, ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination, int digestLength) => api.Type.Method<HashManyKeyedInto>("HashMany")(key, sources, destination, digestLength);
    public int HashMany(object parameters, ReadOnlySpan<ReadOnlyMemory<byte>> sources, Span<byte> destination) => api.Type.Method<HashManyWithInto<TParameters>>("HashMany")((TParameters)parameters, sources, destination);
    public int HashMany(ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int digestLength) => api.Type.Method<HashPackedInto>("HashMany")(source, messageLength, destination, digestLength);
    public int HashMany(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, int messageLength, Span<byte> destination, int digestLength) => api.Type.Method<HashPackedKeyedInto>("HashMany")(key, source, messageLength, destination, digestLength);

    public byte[] HashForced(Blake2ManyKernel kernel, byte[] key, ReadOnlyMemory<byte>[] sources, int digestLength)
    {
        byte[] destination = new byte[sources.Length * digestLength];
        Blake2Many<TVariant>.Hash(Blake2Settings.Sequential(digestLength, key), new Blake2MessageList(sources), destination, kernel);
        return destination;
    }

    public byte[] HashForced(Blake2ManyKernel kernel, ParamCase parameters, ReadOnlyMemory<byte>[] sources)
    {
        byte[] destination = new byte[sources.Length * parameters.DigestLength];
        Blake2Many<TVariant>.Hash(api.Settings(parameters), new Blake2MessageList(sources), destination, kernel);
        return destination;
    }

    public byte[] HashForcedPacked(Blake2ManyKernel kernel, byte[] packed, int messageLength, int digestLength)
    {
        Blake2MessageList messages = Blake2MessageList.Leaves(packed, messageLength);
        byte[] destination = new byte[messages.Count * digestLength];
        Blake2Many<TVariant>.Hash(Blake2Settings.Sequential(digestLength, []), messages, destination, kernel);
        return destination;
    }

    public void CompressLanes(Blake2ManyKernel kernel, Span<byte> state, ReadOnlySpan<byte> blocks, int laneStride, Span<byte> scratch) =>
        _kernels.Method<LaneCompress>("Compress")(kernel, state, blocks, laneStride, scratch);
}

[Trait("Legs", "Kernel")]
public sealed class Blake2bHashManyTests : HashManyTests
{
    private protected override IManySurface M { get; } = new ManySurface<Blake2bVariant, Blake2bParameters>(Api.B, typeof(Blake2bManyKernels));
}

[Trait("Legs", "Kernel")]
public sealed class Blake2sHashManyTests : HashManyTests
{
    private protected override IManySurface M { get; } = new ManySurface<Blake2sVariant, Blake2sParameters>(Api.S, typeof(Blake2sManyKernels));
}

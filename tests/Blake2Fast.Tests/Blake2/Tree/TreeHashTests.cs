using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// Blake2b.HashTree and Blake2s.HashTree (unlimited fanout, BLAKE3-NOTES.md section 4): the
/// published s3git digests, hashlib's node-by-node trees (Vectors/make-tree-vectors.py) through
/// every form (span on one core and on all, stream, stream of short reads, file, async) and every
/// lane kernel; bad input; failing and cancelled streams.
/// </summary>
[Trait("Legs", "Kernel")]
public class TreeHashTests
{
    internal const int Mib = 1 << 20;

    /// <summary>One generated case; its input is rebuilt from <see cref="Seed"/> and <see cref="Length"/>.</summary>
    public sealed record TreeCase(string Algorithm, int LeafLength, int Length, int Seed, int DigestLength, string Expected)
    {
        public byte[] Input()
        {
            byte[] data = new byte[Length];
            for (int i = 0; i < data.Length; i++)
            {
                data[i] = (byte)((7 * i) + Seed);
            }

            return data;
        }

        public override string ToString() => $"{Algorithm} L={LeafLength} n={Length} d={DigestLength}";
    }

    internal static readonly Lazy<IReadOnlyList<TreeCase>> Vectors = new(() =>
    {
        string path = Path.Combine(AppContext.BaseDirectory, "Vectors", "tree-vectors.json");
        using JsonDocument doc = JsonDocument.Parse(File.ReadAllBytes(path));
        return doc.RootElement.GetProperty("cases").EnumerateArray().Select(e => new TreeCase(
            e.GetProperty("alg").GetString()!,
            e.GetProperty("leaf").GetInt32(),
            e.GetProperty("length").GetInt32(),
            e.GetProperty("seed").GetInt32(),
            e.GetProperty("digest").GetInt32(),
            e.GetProperty("out").GetString()!)).ToList();
    });

    /// <summary>The forms a caller can use; each must give hashlib's digest.</summary>
    public enum Form
    {
        SpanOneCore,
        SpanAllCores,
        SpanTwoThreadsAlways,
        ArrayReturning,
        MemoryStream,
        ShortReads,
        ShortReadsAsync,
        File,
        FileAsync,
    }

    public static TheoryData<Form> Forms() => new(Enum.GetValues<Form>());

    private static bool IsB(string algorithm) => algorithm == "blake2b";

    internal static byte[] Run(Form form, string algorithm, byte[] input, int leafLength, int digestLength)
    {
        bool b = IsB(algorithm);
        byte[] digest = new byte[digestLength];
        switch (form)
        {
            case Form.SpanOneCore:
                _ = b ? Blake2b.HashTree(input, leafLength, digest, 1) : Blake2s.HashTree(input, leafLength, digest, 1);
                return digest;
            case Form.SpanAllCores:
                _ = b ? Blake2b.HashTree(input, leafLength, digest) : Blake2s.HashTree(input, leafLength, digest);
                return digest;
            case Form.SpanTwoThreadsAlways:
                // Below the one-thread threshold too: the parallel code path on every shape.
                if (b)
                {
                    Blake2UnlimitedTree<Blake2bVariant>.HashForcingWorkers(input, leafLength, digest, 2, Blake2bManyKernels.Best);
                }
                else
                {
                    Blake2UnlimitedTree<Blake2sVariant>.HashForcingWorkers(input, leafLength, digest, 2, Blake2sManyKernels.Best);
                }

                return digest;
            case Form.ArrayReturning:
                return b ? Blake2b.HashTree(input.AsSpan(), leafLength, digestLength) : Blake2s.HashTree(input.AsSpan(), leafLength, digestLength);
            case Form.MemoryStream:
                using (var stream = new MemoryStream(input))
                {
                    return b ? Blake2b.HashTree(stream, leafLength, digestLength) : Blake2s.HashTree(stream, leafLength, digestLength);
                }

            case Form.ShortReads:
                _ = b ? Blake2b.HashTree(new ShortReadStream(input), leafLength, digest) : Blake2s.HashTree(new ShortReadStream(input), leafLength, digest);
                return digest;
            case Form.ShortReadsAsync:
                _ = b ? Wait(Blake2b.HashTreeAsync(new ShortReadStream(input), leafLength, digest)) : Wait(Blake2s.HashTreeAsync(new ShortReadStream(input), leafLength, digest));
                return digest;
            case Form.File:
            case Form.FileAsync:
                string path = Path.GetTempFileName();
                try
                {
                    File.WriteAllBytes(path, input);
                    using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1, FileOptions.None);
                    byte[] result = form == Form.File
                        ? (b ? Blake2b.HashTree(file, leafLength, digestLength) : Blake2s.HashTree(file, leafLength, digestLength))
                        : (b ? Wait(Blake2b.HashTreeAsync(file, leafLength, digestLength)) : Wait(Blake2s.HashTreeAsync(file, leafLength, digestLength)));
                    Assert.Equal(input.Length, file.Position);
                    return result;
                }
                finally
                {
                    File.Delete(path);
                }

            default:
                throw new ArgumentOutOfRangeException(nameof(form));
        }
    }

    /// <summary>Blocks on an async form (the forms share one driver loop with the synchronous ones).</summary>
    private static T Wait<T>(ValueTask<T> pending) => pending.AsTask().GetAwaiter().GetResult();

    [Theory]
    [InlineData("18e622875a89cede0d7019b2c8afecf8928c21eac18ec51e38a8e6b829b82c3ef306dec34227929fa77b1c7c329b3d4e50ed9e72dc4dc885be0932d3f28d7053", 0)]
    [InlineData("2039f91853e3cf31ae3d587609d0459331b35863a743cb3ef9c4e2baf26bb317e2e7f06b594285c97e58c47750b29efebca93e63dd24e1424737e6664ade7414", 1)]
    [InlineData("724b5876d9120855dcf220ee7815a697c6559575aa79d9e2b9f63f06c9f22e532fc32bf356ef1ab26ff776ea960edeb31c54769460f87489f59ae8045122705d", 2)]
    public void The_published_s3git_digests_are_reproduced_by_every_form(string expected, int row)
    {
        // BLAKE3-NOTES.md section 4: "hello s3git\n" and 8 MiB of zeros with 5 MiB leaves, 6000 zeros with 4096-byte leaves.
        (byte[] input, int leafLength) = row switch
        {
            0 => ("hello s3git\n"u8.ToArray(), 5 * Mib),
            1 => (new byte[8 * Mib], 5 * Mib),
            _ => (new byte[6000], 4096),
        };

        foreach (Form form in Enum.GetValues<Form>())
        {
            Assert.True(expected == Convert.ToHexStringLower(Run(form, "blake2b", input, leafLength, 64)), form.ToString());
        }
    }

    [Fact]
    public void The_first_leaf_of_hello_s3git_is_its_published_object_name()
    {
        // s3git stores the first leaf's digest as the object name: 46ddd7b9...6dddcc.
        byte[] leaf = Blake2b.HashData(new Blake2bParameters { DigestLength = 64, FanOut = 0, MaxDepth = 2, LeafLength = 5 * Mib, InnerLength = 64, IsLastNode = true }, "hello s3git\n"u8);
        string hex = Convert.ToHexStringLower(leaf);
        Assert.StartsWith("46ddd7b9", hex);
        Assert.EndsWith("6dddcc", hex);
    }

    public static TheoryData<string, int> AlgorithmKernels()
    {
        var data = new TheoryData<string, int>();
        foreach (Blake2ManyKernel kernel in Enum.GetValues<Blake2ManyKernel>())
        {
            if (Blake2bManyKernels.IsSupported(kernel))
            {
                data.Add("blake2b", (int)kernel);
            }

            if (Blake2sManyKernels.IsSupported(kernel))
            {
                data.Add("blake2s", (int)kernel);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(AlgorithmKernels))]
    public void Every_lane_kernel_matches_hashlib_on_one_core_and_on_two(string algorithm, int id)
    {
        var kernel = (Blake2ManyKernel)id;
        // Every case under a mebibyte and every sixth larger one: each kernel is timed under
        // coverage instrumentation in every CI leg, where the large cases cost minutes.
        foreach (TreeCase c in Vectors.Value.Where((c, i) => c.Algorithm == algorithm && (c.Length < Mib || (c.Length <= 20 * Mib && i % 6 == 0))))
        {
            byte[] input = c.Input();
            foreach (int workers in new[] { 1, 2 })
            {
                byte[] digest = new byte[c.DigestLength];
                if (IsB(algorithm))
                {
                    Blake2UnlimitedTree<Blake2bVariant>.HashForcingWorkers(input, c.LeafLength, digest, workers, kernel);
                }
                else
                {
                    Blake2UnlimitedTree<Blake2sVariant>.HashForcingWorkers(input, c.LeafLength, digest, workers, kernel);
                }

                Assert.True(c.Expected == Convert.ToHexStringLower(digest), $"{kernel}, {workers} workers, {c}");
            }
        }
    }

    [Fact]
    public async Task Bad_arguments_are_refused_naming_the_parameter_and_nothing_is_written()
    {
        byte[] destination = new byte[64];
        byte[] data = new byte[100];
        Assert.Equal("leafLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake2b.HashTree(data, 0, destination)).ParamName);
        Assert.Equal("leafLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake2s.HashTree(data, -5, destination.AsSpan(0, 32))).ParamName);
        Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Blake2b.HashTree(data, 10, destination, 0)).ParamName);
        Assert.Equal("maxDegreeOfParallelism", Assert.Throws<ArgumentOutOfRangeException>(() => Blake2s.HashTree(data, 10, destination.AsSpan(0, 32), -2)).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Blake2b.HashTree(data, 10, new byte[65])).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Blake2s.HashTree(data, 10, new byte[33])).ParamName);
        Assert.Equal("destination", Assert.Throws<ArgumentException>(() => Blake2b.HashTree(data, 10, Span<byte>.Empty)).ParamName);
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake2b.HashTree(data.AsSpan(), 10, 65)).ParamName);
        Assert.Equal("digestLength", Assert.Throws<ArgumentOutOfRangeException>(() => Blake2s.HashTree(data.AsSpan(), 10, 0)).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentNullException>(() => Blake2b.HashTree((Stream)null!, 10, destination)).ParamName);
        Assert.Equal("source", (await Assert.ThrowsAsync<ArgumentNullException>(() => Blake2s.HashTreeAsync(null!, 10).AsTask())).ParamName);
        var unreadable = new UnreadableStream();
        Assert.Equal("source", Assert.Throws<ArgumentException>(() => Blake2b.HashTree(unreadable, 10, destination)).ParamName);
        Assert.Equal("source", Assert.Throws<ArgumentException>(() => Wait(Blake2s.HashTreeAsync(unreadable, 10, new byte[32]))).ParamName);
        var counting = new CountingStream(data);
        Assert.Throws<ArgumentOutOfRangeException>(() => Wait(Blake2b.HashTreeAsync(counting, 0, new byte[64])));
        Assert.Equal(0, unreadable.ReadAttempts);
        Assert.Equal(0, counting.Position);
        Assert.All(destination, x => Assert.Equal(0, x));
    }

    [Theory]
    [InlineData(1000, 4096)]
    [InlineData(20 * Mib, Mib)]
    [InlineData(40 * Mib, 20 * Mib)]
    public async Task A_stream_that_fails_midway_reaches_the_caller_and_nothing_is_written(int failAt, int leafLength)
    {
        var failing = new FailingStream(failAt);
        byte[] destination = new byte[64];
        IOException e = Assert.Throws<IOException>(() => Blake2b.HashTree(failing, leafLength, destination));
        Assert.Equal(FailingStream.Message, e.Message);
        Assert.All(destination, x => Assert.Equal(0, x));
        IOException async = await Assert.ThrowsAsync<IOException>(() => Blake2s.HashTreeAsync(new FailingStream(failAt), leafLength, destination.AsMemory(0, 32)).AsTask());
        Assert.Equal(FailingStream.Message, async.Message);
        Assert.All(destination, x => Assert.Equal(0, x));
    }

    [Fact]
    public async Task A_cancelled_token_stops_the_async_forms()
    {
        using var source = new CancellationTokenSource();
        source.Cancel();
        using var stream = new MemoryStream(new byte[3 * Mib]);
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => Blake2b.HashTreeAsync(stream, 4096, 64, -1, source.Token).AsTask());
    }

    [Fact]
    public void One_thread_and_few_leaves_allocate_nothing()
    {
        byte[] data = new byte[20000];
        byte[] destination = new byte[64];
        for (int i = 0; i < 50; i++)
        {
            Blake2b.HashTree(data, 4096, destination, 1);
            Blake2s.HashTree(data, 1024, destination.AsSpan(0, 32), 1);
        }

        Assert.Equal(0, AllocationMeter.LeastAllocated(
            () =>
            {
                Blake2b.HashTree(data, 4096, destination, 1);
                Blake2s.HashTree(data, 1024, destination.AsSpan(0, 32), 1);
            },
            100));
    }

    /// <summary>A stream of zeros, read in order, that throws an <see cref="IOException"/> once it has given them all.</summary>
    private sealed class FailingStream(int failAt) : MemoryStream(new byte[failAt])
    {
        public const string Message = "the disk went away";

        // MemoryStream's span read falls back to the array read for a derived type: each checks.
        public override int Read(byte[] buffer, int offset, int count) => Position == Length ? throw new IOException(Message) : base.Read(buffer, offset, count);

        public override int Read(Span<byte> buffer) => Position == Length ? throw new IOException(Message) : base.Read(buffer);

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) => new(Read(buffer.Span));
    }
}

/// <summary>
/// Blake2b.HashTree and Blake2s.HashTree through every form a caller can use (span on one core and
/// on all, stream, stream of short reads, file, async) on every generated hashlib case and on large
/// random inputs. A Build test, not a Kernel one: the forms differ in how they read and schedule
/// (which the build and runtime decide), while every lane kernel is checked against hashlib by
/// <see cref="TreeHashTests"/> in every instruction-set leg; on ARM64 under emulation these took
/// over a minute.
/// </summary>
[Trait("Legs", "Build")]
public sealed class TreeHashFormTests
{
    private const int Mib = TreeHashTests.Mib;

    [Theory]
    [MemberData(nameof(TreeHashTests.Forms), MemberType = typeof(TreeHashTests))]
    public void Every_form_matches_hashlib_on_every_generated_case(TreeHashTests.Form form)
    {
        IReadOnlyList<TreeHashTests.TreeCase> cases = TreeHashTests.Vectors.Value;
        Assert.True(cases.Count > 600);

        // Every form on every small case; the cases of a mebibyte and more (most of the 261 MiB the
        // vectors describe) through one core on a span and a file read at offsets, and a quarter
        // of them through the rest, so
        // that a leg stays affordable on the slowest CI legs (scalar, ARM64 under emulation).
        // The file forms on the small cases and a share of the large ones: each costs a temporary file.
        bool fileForm = form is TreeHashTests.Form.File or TreeHashTests.Form.FileAsync;
        bool longInputForm = form is TreeHashTests.Form.SpanOneCore or TreeHashTests.Form.File;
        foreach (TreeHashTests.TreeCase c in cases.Where((c, i) => (!fileForm || c.Length < 64 * 1024 || i % 3 == 0) && (longInputForm || c.Length < Mib || i % 4 == 0)))
        {
            byte[] digest = TreeHashTests.Run(form, c.Algorithm, c.Input(), c.LeafLength, c.DigestLength);
            Assert.True(c.Expected == Convert.ToHexStringLower(digest), $"{form}, {c}");
        }
    }

    [Theory]
    [InlineData(4096)]
    [InlineData(Mib)]
    [InlineData(20 * Mib)]
    public async Task A_file_that_ends_before_its_length_is_one_end_of_stream_error(int leafLength)
    {
        // A file cut short by another program while it is hashed: every worker reading at offsets
        // finds it short, and the caller must still get one IOException, never an AggregateException
        // of several (b2fast, which reports each file's I/O errors, crashed on one).
        string path = Path.GetTempFileName();
        try
        {
            File.WriteAllBytes(path, new byte[3 * Mib]);
            if (!LibraryBuild.ReadsFilesAtOffsets)
            {
                // The netstandard builds read every stream in order, to its end, as the file now is.
                using var file = new LongerFileStream(path, 64 * Mib);
                Assert.Equal(Blake2b.HashTree(new byte[3 * Mib], leafLength, 64, 1), Blake2b.HashTree(file, leafLength, 64, -1));
                return;
            }

            using (var file = new LongerFileStream(path, 64 * Mib))
            {
                Assert.Throws<EndOfStreamException>(() => Blake2b.HashTree(file, leafLength, 64, -1));
            }

            using (var file = new LongerFileStream(path, 64 * Mib))
            {
                await Assert.ThrowsAsync<EndOfStreamException>(() => Blake2s.HashTreeAsync(file, leafLength, 32, -1).AsTask());
            }
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Theory]
    [InlineData("blake2b")]
    [InlineData("blake2s")]
    public void One_core_all_cores_span_stream_and_file_agree_on_large_random_inputs(string algorithm)
    {
        var random = new Random(23);
        // A leaf longer than the 16 MiB batch (read in pieces), several batches, small leaves in
        // their thousands, and tails of one byte and of a leaf less one.
        foreach ((int leaf, int length) in new[] { (Mib, (5 * Mib) + 5), (4096, Mib + 4095), (65536, 40 * 65536), (17 * Mib, (17 * Mib) + 1), (100, Mib) })
        {
            byte[] input = new byte[length];
            random.NextBytes(input);
            byte[] reference = TreeHashTests.Run(TreeHashTests.Form.SpanOneCore, algorithm, input, leaf, 32);

            // Every form up to 4 MiB; beyond, the ones whose reading differs (all cores on a span,
            // a stream of short reads, a file read at offsets), to keep the slow legs affordable.
            foreach (TreeHashTests.Form form in Enum.GetValues<TreeHashTests.Form>().Where(f => length <= 4 * Mib || f is TreeHashTests.Form.SpanAllCores or TreeHashTests.Form.ShortReadsAsync or TreeHashTests.Form.File))
            {
                Assert.True(reference.AsSpan().SequenceEqual(TreeHashTests.Run(form, algorithm, input, leaf, 32)), $"{form}, L={leaf}, n={length}");
            }
        }
    }
}

/// <summary>A file stream that says its file is longer than it is: a file cut short since it was opened.</summary>
internal sealed class LongerFileStream(string path, long claimedLength) : FileStream(path, FileMode.Open, FileAccess.Read)
{
    public override long Length => claimedLength;
}

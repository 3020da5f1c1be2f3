using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;

namespace Blake2Fast.Tests;

/// <summary>
/// ExportState / ImportState for every family and mode, by enumeration: every split point that
/// matters (0, 1, each block or chunk boundary and one byte either side; BLAKE3 up to 17 chunks
/// and at 2^k chunks) gives the one-shot's digest after export, import and the rest of the input;
/// every single-bit flip and every truncation of a sample export, every other family's export, an
/// unknown version and impossible counters are refused; keyed states need includeSecrets.
/// </summary>
[Trait("Legs", "Kernel")]
public class ResumableHashingTests
{
    public static TheoryData<string> Subjects => ResumableSubjects.Names;

    /// <summary>Split points: 0, 1, and each multiple of the block length and one byte either side, up to <paramref name="length"/>.</summary>
    private static IEnumerable<int> SplitPoints(int blockLength, int length)
    {
        var points = new SortedSet<int> { 0, 1, length };
        for (int boundary = blockLength; boundary <= length; boundary += blockLength)
        {
            points.Add(boundary - 1);
            points.Add(boundary);
            points.Add(Math.Min(boundary + 1, length));
        }

        return points;
    }

    private static int InputLength(ResumableSubject subject) => subject.Name switch
    {
        // BLAKE3: past 17 chunks; a subtree fills what its offset allows.
        "BLAKE3 subtree at 64 KiB" => 64 << 10,
        "BLAKE3 keyed subtree at 16 KiB" => 16 << 10,
        _ when subject.BlockLength == 1024 => (17 * 1024) + 300,

        // BLAKE2bp/sp hold back up to a stripe and most of the next: several stripes.
        _ => (subject.BlockLength * 20) + 17,
    };

    [Theory]
    [MemberData(nameof(Subjects))]
    public void Every_split_point_resumes_to_the_one_shot_digest(string name)
    {
        ResumableSubject subject = ResumableSubjects.Named(name);
        byte[] input = ResumableSubjects.Input(InputLength(subject));
        string expected = Convert.ToHexString(subject.OneShot(input));
        IEnumerable<int> points = SplitPoints(subject.BlockLength, input.Length);
        if (subject.BlockLength == 1024)
        {
            // Block boundaries inside the first chunks too.
            points = points.Concat(SplitPoints(64, 2048)).Distinct();
        }

        foreach (int split in points)
        {
            IResumableHasher first = subject.Create();
            first.Update(input.AsSpan(0, split));
            byte[] export = first.Export(includeSecrets: true);
            IResumableHasher resumed = subject.Import(export);
            resumed.Update(input.AsSpan(split));
            Assert.True(expected == Convert.ToHexString(resumed.Finish()), $"{name}: split at {split}");

            // The exported state stays usable, and its own digest is the same.
            first.Update(input.AsSpan(split));
            Assert.Equal(expected, Convert.ToHexString(first.Finish()));
        }
    }

    [Theory]
    [MemberData(nameof(Subjects))]
    public void A_state_exported_and_imported_at_every_block_boundary_in_turn_gives_the_one_shot_digest(string name)
    {
        ResumableSubject subject = ResumableSubjects.Named(name);
        byte[] input = ResumableSubjects.Input(InputLength(subject));
        IResumableHasher hasher = subject.Create();
        int done = 0;
        Span<byte> buffer = stackalloc byte[4096];
        foreach (int split in SplitPoints(subject.BlockLength, input.Length))
        {
            hasher.Update(input.AsSpan(done, split - done));
            done = split;
            Assert.True(hasher.TryExport(buffer, out int written, includeSecrets: true));
            Assert.Equal(hasher.Export(includeSecrets: true), buffer[..written].ToArray());
            Assert.False(hasher.TryExport(buffer[..(written - 1)], out int none, includeSecrets: true));
            Assert.Equal(0, none);
            hasher = subject.Import(buffer[..written].ToArray());
        }

        Assert.Equal(Convert.ToHexString(subject.OneShot(input)), Convert.ToHexString(hasher.Finish()));
    }

    [Fact]
    public void BLAKE3_resumes_at_every_power_of_two_chunk_count_up_to_1024()
    {
        foreach (string name in new[] { "BLAKE3", "BLAKE3 keyed", "BLAKE3 derive key" })
        {
            ResumableSubject subject = ResumableSubjects.Named(name);
            for (int k = 0; k <= 10; k++)
            {
                int boundary = 1024 << k;
                byte[] input = ResumableSubjects.Input(boundary + 1500);
                string expected = Convert.ToHexString(subject.OneShot(input));
                foreach (int split in new[] { boundary - 1, boundary, boundary + 1 })
                {
                    IResumableHasher first = subject.Create();
                    first.Update(input.AsSpan(0, split));
                    IResumableHasher resumed = subject.Import(first.Export(includeSecrets: true));
                    resumed.Update(input.AsSpan(split));
                    Assert.True(expected == Convert.ToHexString(resumed.Finish()), $"{name}: 2^{k} chunks, split at {split}");
                }
            }
        }
    }

    [Fact]
    public void A_BLAKE3_state_with_a_full_stack_depth_of_entries_round_trips()
    {
        // 2^17 - 1 chunks leave 17 stack entries (one per set bit); the export holds them all.
        byte[] input = ResumableSubjects.Input(((1 << 17) - 1) * 1024 + 5);
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        state.Update(input);
        byte[] export = state.ExportState();
        Assert.Equal(ResumableFormat.Blake3Length(blockLength: 5, stackEntries: 17), export.Length);
        Blake3HashState resumed = Blake3.ImportState(export);
        Assert.Equal(Blake3.HashData(input), resumed.Finish());
    }

    [Theory]
    [MemberData(nameof(Subjects))]
    public void A_keyed_state_refuses_to_export_without_includeSecrets_and_an_unkeyed_one_exports_either_way(string name)
    {
        ResumableSubject subject = ResumableSubjects.Named(name);
        IResumableHasher hasher = subject.Create();
        hasher.Update(ResumableSubjects.Input(200));
        if (subject.HoldsSecrets)
        {
            InvalidOperationException refused = Assert.Throws<InvalidOperationException>(() => hasher.Export(includeSecrets: false));
            Assert.Contains("includeSecrets", refused.Message, StringComparison.Ordinal);
            byte[] buffer = new byte[4096];
            Assert.Throws<InvalidOperationException>(() => hasher.TryExport(buffer, out _, includeSecrets: false));
            Assert.True(buffer.All(b => b == 0));
            Assert.Equal(1, hasher.Export(includeSecrets: true)[6]);
        }
        else
        {
            Assert.Equal(hasher.Export(includeSecrets: false), hasher.Export(includeSecrets: true));
            Assert.Equal(0, hasher.Export(includeSecrets: false)[6]);
        }
    }

    [Theory]
    [MemberData(nameof(Subjects))]
    public void A_finished_state_refuses_to_export(string name)
    {
        IResumableHasher hasher = ResumableSubjects.Named(name).Create();
        hasher.Update(ResumableSubjects.Input(100));
        hasher.Finish();
        Assert.Throws<InvalidOperationException>(() => hasher.Export(includeSecrets: true));
    }

    [Fact]
    public void A_default_state_refuses_to_export()
    {
        Assert.Throws<InvalidOperationException>(() => default(Blake2bHashState).ExportState());
        Assert.Throws<InvalidOperationException>(() => default(Blake2sHashState).ExportState());
        Assert.Throws<InvalidOperationException>(() => default(Blake2bpHashState).ExportState());
        Assert.Throws<InvalidOperationException>(() => default(Blake2spHashState).ExportState());
        Assert.Throws<InvalidOperationException>(() => default(Blake2XbHashState).ExportState());
        Assert.Throws<InvalidOperationException>(() => default(Blake2XsHashState).ExportState());
        Assert.Throws<InvalidOperationException>(() => default(Blake3HashState).ExportState());
    }

    [Theory]
    [MemberData(nameof(Subjects))]
    public void Every_single_bit_flip_and_every_truncation_of_a_sample_export_is_refused(string name)
    {
        ResumableSubject subject = ResumableSubjects.Named(name);
        IResumableHasher hasher = subject.Create();
        hasher.Update(ResumableSubjects.Input((subject.BlockLength * 5) + 3));
        byte[] export = hasher.Export(includeSecrets: true);
        for (int bit = 0; bit < export.Length * 8; bit++)
        {
            byte[] flipped = (byte[])export.Clone();
            flipped[bit / 8] ^= (byte)(1 << (bit % 8));
            Assert.ThrowsAny<CryptographicException>(() => subject.Import(flipped));
        }

        for (int length = 0; length < export.Length; length++)
        {
            byte[] cut = export[..length];
            Assert.ThrowsAny<CryptographicException>(() => subject.Import(cut));
        }

        Assert.ThrowsAny<CryptographicException>(() => subject.Import([.. export, 0]));
        subject.Import(export);
    }

    [Fact]
    public void Every_familys_export_is_refused_by_every_other_family()
    {
        var exports = ResumableSubjects.All.Select(s =>
        {
            IResumableHasher hasher = s.Create();
            hasher.Update(ResumableSubjects.Input(300));
            return (Subject: s, Export: hasher.Export(includeSecrets: true));
        }).ToList();

        foreach ((ResumableSubject importer, _) in exports)
        {
            foreach ((ResumableSubject exporter, byte[] export) in exports)
            {
                if (ResumableFormat.Family(importer) == ResumableFormat.Family(exporter))
                {
                    continue;
                }

                CryptographicException refused = Assert.ThrowsAny<CryptographicException>(() => importer.Import(export));
                Assert.Contains("not of", refused.Message, StringComparison.Ordinal);
            }
        }
    }

    [Fact]
    public void Other_bytes_and_an_unknown_format_version_are_refused()
    {
        Blake2bHashState state = Blake2b.CreateIncrementalHasher();
        state.Update("abc"u8);
        byte[] export = state.ExportState();

        byte[] nextVersion = (byte[])export.Clone();
        nextVersion[4] = 2;
        CryptographicException refused = Assert.Throws<CryptographicException>(() => Blake2b.ImportState(ResumableFormat.Reseal(nextVersion)));
        Assert.Contains("version 2", refused.Message, StringComparison.Ordinal);

        Assert.Throws<CryptographicException>(() => Blake2b.ImportState(default));
        Assert.Throws<CryptographicException>(() => Blake2b.ImportState(new byte[export.Length]));
        Assert.Throws<CryptographicException>(() => Blake3.ImportState(SHA256.HashData(export)));
    }

    [Fact]
    public void States_that_no_hash_can_reach_are_refused_even_with_a_good_checksum()
    {
        // BLAKE2b "abc" after 200 more bytes: t0 = 128, 75 bytes buffered.
        Blake2bHashState b = Blake2b.CreateIncrementalHasher();
        b.Update(ResumableSubjects.Input(203));
        byte[] export = b.ExportState();
        int counter = ResumableFormat.HeaderLength + 64 + 64;
        AssertRefused(export, e => e[counter] = 1, "not a whole number of blocks");
        AssertRefused(export, e => e[counter + 8] = 1, "below 2^64");
        AssertRefused(export, e => e[counter + 16] = 2, "node flags");
        AssertRefused(export, e => e[ResumableFormat.HeaderLength] = 0, "digest length");
        AssertRefused(export, e => e[ResumableFormat.HeaderLength] = 65, "digest length");
        AssertRefused(export, e => e[ResumableFormat.HeaderLength + 20] = 1, "reserved");
        AssertRefused(export, e => e[6] = 1, "secrets flag");

        // BLAKE3 at 3 chunks and 5 bytes: two stack entries.
        Blake3HashState three = Blake3.CreateIncrementalHasher();
        three.Update(ResumableSubjects.Input((3 * 1024) + 5));
        byte[] b3 = three.ExportState();
        int body = ResumableFormat.HeaderLength;
        AssertRefused(b3, e => e[body] = 16, "secrets flag", Blake3Import);
        AssertRefused(b3, e => e[body] = 2, "mode flags", Blake3Import);
        AssertRefused(b3, e => e[body + 4] ^= 1, "IV", Blake3Import);
        AssertRefused(b3, e => e[body + 36 + 8] = 4, "stack", Blake3Import);
        AssertRefused(b3, e => e[body + 36 + 8 + 7] = 0x40, "2^64", Blake3Import);
        AssertRefused(b3, e => e[body + 36] = 5, "before its first chunk", Blake3Import);
        AssertRefused(b3, e => e[body + 36 + 16] = 16, "more than a chunk", Blake3Import);
    }

    private static void AssertRefused(byte[] export, Action<byte[]> change, string reason, Func<byte[], object>? import = null)
    {
        byte[] changed = (byte[])export.Clone();
        change(changed);
        import ??= e => Blake2b.ImportState(e);
        CryptographicException refused = Assert.Throws<CryptographicException>(() => import(ResumableFormat.Reseal(changed)));
        Assert.Contains(reason, refused.Message, StringComparison.Ordinal);
    }

    // Through an array: a Func over ReadOnlySpan<byte> needs C# 13's ref-struct type arguments,
    // which the net8.0 build of this suite (.ci/net8-legs.sh) does not have.
    private static object Blake3Import(byte[] export) => Blake3.ImportState(export);

    [Fact]
    public void Settings_travel_in_the_export()
    {
        ResumableSubject parameters = ResumableSubjects.Named("BLAKE2b parameters");
        IResumableHasher hasher = parameters.Create();
        hasher.Update("x"u8);
        Blake2bHashState resumed = Blake2b.ImportState(hasher.Export(includeSecrets: true));
        Assert.Equal(40, resumed.DigestLength);

        Blake2XbHashState xof = Blake2Xb.CreateIncrementalHasher(1000);
        Assert.Equal(1000, Blake2Xb.ImportState(xof.ExportState()).OutputLength);
        Blake2XsHashState unknown = Blake2Xs.CreateIncrementalHasherForUnknownLength();
        Assert.Null(Blake2Xs.ImportState(unknown.ExportState()).OutputLength);
    }

    [Fact]
    public void A_BLAKE3_subtree_hasher_stays_a_subtree_hasher_after_import()
    {
        Blake3HashState subtree = Blake3Subtree.CreateHasher(Blake3Mode.Hash, 4096);
        subtree.Update(new byte[3000]);
        Blake3HashState resumed = Blake3.ImportState(subtree.ExportState());
        Assert.Throws<InvalidOperationException>(() => resumed.Finish(new byte[32]));
        Assert.Throws<ArgumentException>(() => resumed.Update(new byte[1200]));
        resumed.Update(new byte[1096]);
        byte[] cv = new byte[32];
        resumed.FinishSubtree(cv);
        byte[] expected = new byte[32];
        Blake3Subtree.Hash(Blake3Mode.Hash, new byte[4096], 4096, expected);
        Assert.Equal(expected, cv);
    }
}

/// <summary>The span path of resumable hashing allocates nothing: TryExportState into a caller's buffer and ImportState from a span.</summary>
[Trait("Legs", "Build")]
public class ResumableAllocationTests
{
    [OptimizedLibraryFact]
    public void TryExportState_and_ImportState_allocate_nothing()
    {
        byte[] destination = new byte[2048];
        Blake3HashState blake3 = Blake3.CreateIncrementalHasher(ResumableSubjects.Key32);
        blake3.Update(ResumableSubjects.Input(50_000));
        Blake2bHashState blake2b = Blake2b.CreateIncrementalHasher(ResumableSubjects.Key64);
        blake2b.Update(ResumableSubjects.Input(1000));
        Blake2bpHashState blake2bp = Blake2bp.CreateIncrementalHasher();
        blake2bp.Update(ResumableSubjects.Input(1000));
        Blake2XsHashState blake2xs = Blake2Xs.CreateIncrementalHasher(500);
        blake2xs.Update(ResumableSubjects.Input(1000));

        Assert.Equal(0, AllocationMeter.LeastAllocated(() =>
        {
            blake3.TryExportState(destination, out int written, includeSecrets: true);
            Blake3.ImportState(destination.AsSpan(0, written)).Clear();
        }, 1000));
        Assert.Equal(0, AllocationMeter.LeastAllocated(() =>
        {
            blake2b.TryExportState(destination, out int written, includeSecrets: true);
            Blake2b.ImportState(destination.AsSpan(0, written)).Clear();
        }, 1000));
        Assert.Equal(0, AllocationMeter.LeastAllocated(() =>
        {
            blake2bp.TryExportState(destination, out int written);
            Blake2bp.ImportState(destination.AsSpan(0, written)).Clear();
        }, 1000));
        Assert.Equal(0, AllocationMeter.LeastAllocated(() =>
        {
            blake2xs.TryExportState(destination, out int written);
            Blake2Xs.ImportState(destination.AsSpan(0, written)).Clear();
        }, 1000));
    }
}

using System;
using System.Buffers.Binary;
using BenchmarkDotNet.Attributes;
using Blake2Fast.Internal;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Resumable hashing (docs/resumable-hashing.md): import an exported state and export it again,
/// the round trip a server makes per request of a multipart upload. The target is under
/// 1 us for each row on the 2-core machine.
/// </summary>
/// <remarks>
/// The BLAKE3 state is the worst case, 1,899 bytes: a full stack of 54 chaining values (the chunk
/// counter at 2^54 - 1, one complete subtree per bit) and a full chunk buffered. No input short of
/// 2^64 bytes reaches it, so it is written field by field as the format describes; setup checks
/// that it imports and exports back to the same bytes. BLAKE2b: an unkeyed 64-byte state after
/// 1,151 bytes (127 of them buffered), 293 bytes.
/// </remarks>
[BenchmarkCategory(Categories.Blake3, "Resumable")]
[MemoryDiagnoser]
public class ResumableStateBenchmarks
{
    private readonly byte[] _destination = new byte[2048];
    private byte[] _blake3FullStack = [];
    private byte[] _blake2b = [];

    /// <summary>Builds both exports and checks that each round trip gives its bytes back.</summary>
    [GlobalSetup]
    public void Setup()
    {
        _blake3FullStack = Blake3FullStackExport();
        Blake2bHashState blake2b = Blake2b.CreateIncrementalHasher();
        blake2b.Update(new byte[1151]);
        _blake2b = blake2b.ExportState();
        if (_destination.AsSpan(0, Blake3RoundTrip()).SequenceEqual(_blake3FullStack) is false
            || _destination.AsSpan(0, Blake2bRoundTrip()).SequenceEqual(_blake2b) is false)
        {
            throw new InvalidOperationException("An import and export does not give the exported bytes back; refusing to measure.");
        }
    }

    /// <summary>BLAKE3 with a full stack: import, then export into a caller's buffer.</summary>
    [Benchmark]
    public int Blake3RoundTrip()
    {
        Blake3HashState state = Blake3.ImportState(_blake3FullStack);
        state.TryExportState(_destination, out int written);
        return written;
    }

    /// <summary>BLAKE2b: import, then export into a caller's buffer.</summary>
    [Benchmark]
    public int Blake2bRoundTrip()
    {
        Blake2bHashState state = Blake2b.ImportState(_blake2b);
        state.TryExportState(_destination, out int written);
        return written;
    }

    private static byte[] Blake3FullStackExport()
    {
        const int length = 12 + 87 + 64 + (54 * 32) + 8;
        byte[] export = new byte[length];
        var random = new Random(54);
        Span<byte> e = export;
        "B2FS"u8.CopyTo(e);
        e[4] = 1;
        e[5] = 7;
        BinaryPrimitives.WriteUInt32LittleEndian(e[8..], length);
        int at = 12 + 4;
        foreach (uint iv in (ReadOnlySpan<uint>)[0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19])
        {
            BinaryPrimitives.WriteUInt32LittleEndian(e[at..], iv);
            at += 4;
        }

        BinaryPrimitives.WriteUInt64LittleEndian(e[(at + 8)..], (1UL << 54) - 1);
        at += 16;
        e[at++] = 15;
        e[at++] = 64;
        e[at++] = 54;
        random.NextBytes(e[at..^8]);
        BinaryPrimitives.WriteUInt64LittleEndian(e[^8..], StateChecksum.Compute(e[..^8]));
        return export;
    }
}

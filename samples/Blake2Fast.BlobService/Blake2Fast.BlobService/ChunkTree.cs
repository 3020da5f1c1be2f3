using System;
using System.IO;
using System.Numerics;
using Blake2Fast;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.BlobService;

/// <summary>
/// The chaining value of every complete 1 KiB chunk of an upload, appended to a sidecar file (32
/// bytes per chunk) as the bytes stream in: the whole chunks of each buffer at once, side by side in
/// the SIMD lanes (<see cref="Blake3Subtree.HashChunks"/>). The last, incomplete chunk stays
/// pending in memory; on resume it is read back from the data file (at most 1023 bytes).
/// </summary>
internal sealed class ChunkChainingValues
{
    /// <summary>Bytes of a chunk.</summary>
    public const int ChunkLength = Blake3Subtree.ChunkLength;

    /// <summary>Bytes of a chaining value.</summary>
    public const int ChainingValueLength = Blake3Subtree.ChainingValueLength;

    private readonly Stream _sidecar;
    private readonly byte[] _pending = new byte[ChunkLength];
    // Chaining values of up to BatchChunks chunks at a time: 2 KiB for 64 KiB of data.
    private const int BatchChunks = 64;
    private readonly byte[] _chainingValues = new byte[BatchChunks * ChainingValueLength];
    private int _pendingLength;
    private long _chunkOffset;

    /// <summary>
    /// Continues at <paramref name="position"/>: the sidecar holds the chaining values of the chunks
    /// before <paramref name="position"/> rounded down to a chunk and is positioned at its end;
    /// <paramref name="pending"/> holds the bytes of the incomplete chunk, <paramref name="position"/> mod 1024 of them.
    /// </summary>
    public ChunkChainingValues(Stream sidecar, long position, ReadOnlySpan<byte> pending)
    {
        if (pending.Length != (int)(position % ChunkLength))
        {
            throw new ArgumentException("The pending bytes are not the incomplete chunk's.", nameof(pending));
        }

        _sidecar = sidecar;
        _chunkOffset = position - pending.Length;
        pending.CopyTo(_pending);
        _pendingLength = pending.Length;
    }

    /// <summary>The sidecar's length for the chunks completed before <paramref name="position"/>.</summary>
    public static long SidecarLength(long position) => position / ChunkLength * ChainingValueLength;

    /// <summary>Hashes the chunks that <paramref name="data"/> completes and keeps the rest pending.</summary>
    public void Update(ReadOnlySpan<byte> data)
    {
        if (_pendingLength > 0)
        {
            int take = Math.Min(ChunkLength - _pendingLength, data.Length);
            data[..take].CopyTo(_pending.AsSpan(_pendingLength));
            _pendingLength += take;
            data = data[take..];
            if (_pendingLength < ChunkLength)
            {
                return;
            }

            AppendChunks(_pending);
            _pendingLength = 0;
        }

        while (data.Length >= ChunkLength)
        {
            int whole = Math.Min(data.Length / ChunkLength, BatchChunks) * ChunkLength;
            AppendChunks(data[..whole]);
            data = data[whole..];
        }

        data.CopyTo(_pending);
        _pendingLength = data.Length;
    }

    /// <summary>
    /// Appends the chaining value of the incomplete last chunk, if any (the input ends here), and
    /// returns the number of chaining values in the sidecar: the number of chunks, 0 for the empty input.
    /// </summary>
    public long Finish()
    {
        if (_pendingLength > 0)
        {
            AppendChunks(_pending.AsSpan(0, _pendingLength));
            _pendingLength = 0;
        }

        return _chunkOffset / ChunkLength;
    }

    /// <summary>Appends the chaining values of whole chunks, or of the last, short one.</summary>
    private void AppendChunks(ReadOnlySpan<byte> chunks)
    {
        int written = Blake3Subtree.HashChunks(Blake3Mode.Hash, chunks, _chunkOffset, _chainingValues);
        _sidecar.Write(_chainingValues, 0, written);
        _chunkOffset += written / ChainingValueLength * ChunkLength;
    }
}

/// <summary>
/// Builds a Bao outboard encoding (the layout <see cref="Bao.EncodeOutboard(Stream, Stream, Span{byte})"/>
/// writes: the 8-byte length, then every parent's 64 bytes in pre-order) from the chunks' chaining
/// values alone. Each subtree's chaining value is computed bottom-up and its parent written at its
/// pre-order position, which the tree's shape fixes: a node at tree offset T over C chunks has its
/// parent at T, its left child (L chunks, the largest power of two below C) at T + 64 and its right
/// child at T + 64 L. Memory is bounded: groups of up to 1024 chunks are built in a 64 KiB buffer
/// and written at once; the few parents above them are written one by one.
/// </summary>
internal sealed class OutboardBuilder
{
    private const int HeaderLength = 8;
    private const int ParentLength = 2 * Blake3Subtree.ChainingValueLength;
    private const int ChainingValueLength = Blake3Subtree.ChainingValueLength;
    private const int GroupChunks = 1024;

    private readonly SafeFileHandle _chainingValues;
    private readonly SafeFileHandle _outboard;
    private readonly byte[] _group = new byte[GroupChunks * ChainingValueLength];
    private readonly byte[] _tree = new byte[(GroupChunks - 1) * ParentLength];

    private OutboardBuilder(SafeFileHandle chainingValues, SafeFileHandle outboard)
    {
        _chainingValues = chainingValues;
        _outboard = outboard;
    }

    /// <summary>The outboard's length for <paramref name="contentLength"/> bytes.</summary>
    public static long OutboardLength(long contentLength) => HeaderLength + ((Chunks(contentLength) - 1) * ParentLength);

    /// <summary>
    /// Writes the outboard of <paramref name="contentLength"/> bytes, whose chunks' chaining values
    /// are in <paramref name="chainingValues"/> from offset 0, into <paramref name="outboard"/> from
    /// offset 0, and returns <see langword="true"/> with the root hash in <paramref name="root"/>; or,
    /// for a single chunk (no parents: the root is not derived from a chaining value), writes the
    /// header and returns <see langword="false"/>.
    /// </summary>
    public static bool Build(SafeFileHandle chainingValues, SafeFileHandle outboard, long contentLength, Span<byte> root)
    {
        Span<byte> header = stackalloc byte[HeaderLength];
        System.Buffers.Binary.BinaryPrimitives.WriteInt64LittleEndian(header, contentLength);
        RandomAccess.SetLength(outboard, OutboardLength(contentLength));
        RandomAccess.Write(outboard, header, 0);
        long chunks = Chunks(contentLength);
        if (chunks == 1)
        {
            return false;
        }

        new OutboardBuilder(chainingValues, outboard).Node(0, chunks, 0, root, isRoot: true);
        return true;
    }

    private static long Chunks(long contentLength) => contentLength == 0 ? 1 : ((contentLength - 1) / Blake3Subtree.ChunkLength) + 1;

    private static long LeftChunks(long chunks) => 1L << (63 - BitOperations.LeadingZeroCount((ulong)(chunks - 1)));

    private static void Combine(ReadOnlySpan<byte> parent, Span<byte> chainingValue, bool isRoot)
    {
        if (isRoot)
        {
            Blake3Subtree.MergeRoot(Blake3Mode.Hash, parent[..ChainingValueLength], parent[ChainingValueLength..], chainingValue);
        }
        else
        {
            Blake3Subtree.Merge(Blake3Mode.Hash, parent[..ChainingValueLength], parent[ChainingValueLength..], chainingValue);
        }
    }

    private void Node(long first, long chunks, long treeOffset, Span<byte> chainingValue, bool isRoot)
    {
        if (chunks <= GroupChunks)
        {
            Group(first, (int)chunks, treeOffset, chainingValue, isRoot);
            return;
        }

        long left = LeftChunks(chunks);
        Span<byte> parent = stackalloc byte[ParentLength];
        Node(first, left, treeOffset + ParentLength, parent[..ChainingValueLength], isRoot: false);
        Node(first + left, chunks - left, treeOffset + (left * ParentLength), parent[ChainingValueLength..], isRoot: false);
        RandomAccess.Write(_outboard, parent, HeaderLength + treeOffset);
        Combine(parent, chainingValue, isRoot);
    }

    private void Group(long first, int chunks, long treeOffset, Span<byte> chainingValue, bool isRoot)
    {
        Span<byte> values = _group.AsSpan(0, chunks * ChainingValueLength);
        long at = first * ChainingValueLength;
        while (!values.IsEmpty)
        {
            int read = RandomAccess.Read(_chainingValues, values, at);
            if (read == 0)
            {
                throw new InvalidDataException("The chunks' chaining values end early.");
            }

            values = values[read..];
            at += read;
        }

        InGroup(0, chunks, 0, chainingValue, isRoot);
        RandomAccess.Write(_outboard, _tree.AsSpan(0, (chunks - 1) * ParentLength), HeaderLength + treeOffset);
    }

    private void InGroup(int first, int chunks, int treeOffset, Span<byte> chainingValue, bool isRoot)
    {
        if (chunks == 1)
        {
            _group.AsSpan(first * ChainingValueLength, ChainingValueLength).CopyTo(chainingValue);
            return;
        }

        // The children's chaining values land straight in the parent's pre-order slot.
        int left = (int)LeftChunks(chunks);
        Span<byte> parent = _tree.AsSpan(treeOffset, ParentLength);
        InGroup(first, left, treeOffset + ParentLength, parent[..ChainingValueLength], isRoot: false);
        InGroup(first + left, chunks - left, treeOffset + (left * ParentLength), parent[ChainingValueLength..], isRoot: false);
        Combine(parent, chainingValue, isRoot);
    }
}

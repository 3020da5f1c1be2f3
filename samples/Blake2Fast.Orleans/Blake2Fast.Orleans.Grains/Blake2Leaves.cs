using System;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.OrleansSample;

/// <summary>The BLAKE2b tree-mode leaves of one piece, and how a job is cut into such pieces.</summary>
internal static class Blake2Leaves
{
    /// <summary>
    /// The most leaf digests one piece returns, in bytes: one message stays small, whatever the
    /// leaf length and the number of pieces asked for.
    /// </summary>
    public const int MaxDigestBytesPerPiece = 1 << 20;

    /// <summary>How many leaves a file of <paramref name="fileLength"/> bytes has: at least one (an empty file is one empty leaf).</summary>
    public static long LeafCount(long fileLength, int leafLength) => Math.Max(1, (fileLength + leafLength - 1) / leafLength);

    /// <summary>Leaves per piece: about an even share of <paramref name="maxPieces"/>, within <see cref="MaxDigestBytesPerPiece"/>.</summary>
    public static long LeavesPerPiece(long leafCount, int maxPieces, int digestLength) =>
        Math.Max(1, Math.Min((leafCount + maxPieces - 1) / maxPieces, MaxDigestBytesPerPiece / digestLength));

    /// <summary>
    /// Hashes the leaves of <paramref name="piece"/>, which starts on a leaf boundary: blocks of
    /// whole leaves (at least one leaf, about <see cref="PieceInfo.ReadBufferLength"/> bytes) are
    /// read in turn and each leaf in them hashed with <see cref="Blake2b.HashTreeLeaf"/>.
    /// </summary>
    public static async Task<byte[]> HashAsync(PieceInfo piece, int leafLength, int digestLength, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(leafLength, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(digestLength, 1);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(digestLength, Blake2b.MaxDigestLength);
        long firstLeaf = piece.Offset / leafLength;
        long lastLeaf = LeafCount(piece.FileLength, leafLength) - 1;
        long leaves = LeafCount(piece.Length, leafLength);
        byte[] digests = new byte[leaves * digestLength];
        if (piece.Length == 0)
        {
            // The one leaf of an empty file: no bytes to read, still a leaf (the last one).
            Blake2b.HashTreeLeaf(ReadOnlySpan<byte>.Empty, firstLeaf, leafLength, isLastLeaf: true, digests);
            return digests;
        }

        int leavesPerBlock = Math.Max(1, piece.ReadBufferLength / leafLength);
        long leaf = firstLeaf;
        await foreach (ReadOnlyMemory<byte> block in FileRange.ReadBlocksAsync(piece, leavesPerBlock * leafLength, cancellationToken))
        {
            for (int start = 0; start < block.Length; start += leafLength, leaf++)
            {
                ReadOnlySpan<byte> bytes = block.Span[start..Math.Min(start + leafLength, block.Length)];
                Blake2b.HashTreeLeaf(bytes, leaf, leafLength, leaf == lastLeaf, digests.AsSpan((int)((leaf - firstLeaf) * digestLength), digestLength));
            }
        }

        return digests;
    }
}

using System;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Threading;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// Encodes or verifies a Bao tree held in memory, at the speed of hashing: the content is hashed
/// where it lies (contiguous), in runs of up to 64 whole chunks through the lane kernels as
/// <see cref="Blake3Tree"/> hashes them, and each parent met on the way up is written to its
/// pre-order place in the tree (encoding) or compared with what is there (verifying).
/// </summary>
/// <remarks>
/// <para>
/// Verifying computes every chaining value from the content and checks that each stored parent
/// holds exactly its children's, and that the top one hashes to what was expected: the same
/// verdict as the reference decoder's top-down checks (a stored parent that differs from its
/// children's values fails either way), reached with the content hashed in lanes. A combined
/// encoding's chunks are first copied to the content buffer, so that the bytes hashed are the
/// bytes the caller gets.
/// </para>
/// <para>
/// Bao hashes in BLAKE3's default mode, so nothing here is keyed; the content itself may be
/// secret, and the callers erase their pooled copies of it.
/// </para>
/// </remarks>
internal static unsafe class BaoTree
{
    /// <summary>The largest run of whole chunks hashed at once: the lane kernels' stride, 64 KiB.</summary>
    public const int RunChunks = 64;

    /// <summary>What the tree walk does with the tree bytes.</summary>
    public readonly struct Mode
    {
        public Mode(bool outboard, bool verify)
        {
            Layout = new BaoLayout(outboard);
            Verify = verify;
        }

        public BaoLayout Layout { get; }

        /// <summary>Compare the tree with the content (and copy a combined tree's chunks to the content) instead of writing it.</summary>
        public bool Verify { get; }
    }

    /// <summary>
    /// The whole tree of <paramref name="content"/> (the root, then everything below): encodes it into
    /// <paramref name="tree"/> and writes the root hash to <paramref name="hash32"/>, or verifies it
    /// against the root hash in <paramref name="hash32"/>.
    /// </summary>
    /// <returns>False when verifying found a mismatch; always true when encoding.</returns>
    public static bool Root(Span<byte> content, Span<byte> tree, Mode mode, int degree, Span<byte> hash32)
    {
        Blake3Output root = default;
        bool ok = true;
        if (content.Length <= BaoLayout.ChunkLength)
        {
            Chunk(content, tree, mode);
            Blake3Tree.Chunk(content, Blake3.Iv, 0, 0, ref root);
        }
        else
        {
            Span<byte> children = stackalloc byte[BaoLayout.ParentLength];
            ok = Children(content, tree, 0, mode, degree, children) && Parent(tree, children, mode) == 0;
            root.Set(Blake3.Iv, children, BaoLayout.ParentLength, 0, Blake3Constants.Parent);
        }

        return ok && Finish(ref root, mode.Verify, hash32);
    }

    /// <summary>
    /// A non-root node over <paramref name="content"/> (at least one byte) starting at chunk
    /// <paramref name="counter"/>: encodes or verifies its tree and writes its chaining value to <paramref name="cv32"/>.
    /// </summary>
    /// <returns>False when verifying found a mismatch.</returns>
    public static bool Subtree(Span<byte> content, Span<byte> tree, ulong counter, Mode mode, int degree, Span<byte> cv32)
    {
        if (content.Length <= BaoLayout.ChunkLength)
        {
            Chunk(content, tree, mode);
            Blake3Output chunk = default;
            Blake3Tree.Chunk(content, Blake3.Iv, counter, 0, ref chunk);
            chunk.WriteChainingValue(cv32);
            chunk.Erase();
            return true;
        }

        int chunks = content.Length / BaoLayout.ChunkLength;
        if (content.Length % BaoLayout.ChunkLength == 0 && chunks <= RunChunks && (chunks & (chunks - 1)) == 0)
        {
            return Run(content, tree, counter, mode, chunks, cv32);
        }

        Span<byte> children = stackalloc byte[BaoLayout.ParentLength];
        bool ok = Children(content, tree, counter, mode, degree, children) && Parent(tree, children, mode) == 0;
        Blake3Kernels.HashParents(children, Blake3.Iv, 0, cv32);
        return ok;
    }

    /// <summary>
    /// Verifies one node that a streaming decoder read whole: its content and tree against the
    /// chaining value (or, for the root, the hash) that its parent promised.
    /// </summary>
    public static bool Check(Span<byte> content, Span<byte> tree, ulong counter, bool outboard, bool isRoot, ReadOnlySpan<byte> expected32)
    {
        var mode = new Mode(outboard, verify: true);
        Span<byte> value = stackalloc byte[Blake3Constants.ChainingValueLength];
        expected32.CopyTo(value);
        if (isRoot)
        {
            return Root(content, tree, mode, 1, value);
        }

        return Subtree(content, tree, counter, mode, 1, value) && CryptographicOperations.FixedTimeEquals(value, expected32);
    }

    /// <summary>
    /// Verifies a parent node read on its own against the chaining value (or, for the root, the
    /// hash) its own parent promised, before a decoder trusts the two values it holds.
    /// </summary>
    public static bool CheckParent(ReadOnlySpan<byte> parent64, bool isRoot, ReadOnlySpan<byte> expected32)
    {
        Span<byte> value = stackalloc byte[Blake3Constants.ChainingValueLength];
        if (isRoot)
        {
            Blake3Output root = default;
            root.Set(Blake3.Iv, parent64, BaoLayout.ParentLength, 0, Blake3Constants.Parent);
            expected32.CopyTo(value);
            return Finish(ref root, verify: true, value);
        }

        Blake3Kernels.HashParents(parent64, Blake3.Iv, 0, value);
        return CryptographicOperations.FixedTimeEquals(value, expected32);
    }

    /// <summary>Writes the root's hash to <paramref name="hash32"/>, or compares it with what is there.</summary>
    private static bool Finish(ref Blake3Output root, bool verify, Span<byte> hash32)
    {
        if (!verify)
        {
            root.WriteRootBytes(0, hash32);
            root.Erase();
            return true;
        }

        Span<byte> computed = stackalloc byte[Blake3Constants.ChainingValueLength];
        root.WriteRootBytes(0, computed);
        root.Erase();
        return CryptographicOperations.FixedTimeEquals(computed, hash32);
    }

    /// <summary>Both children's chaining values of a node of more than one chunk, on several threads where allowed.</summary>
    private static bool Children(Span<byte> content, Span<byte> tree, ulong counter, Mode mode, int degree, Span<byte> children64)
    {
        if (degree > 1 && content.Length >= Blake3Tree.ParallelMinimum)
        {
            return InParallel(content, tree, counter, mode, degree, children64);
        }

        int left = Blake3Tree.LeftLength(content.Length);
        int leftTree = mode.Layout.TreeLength(left);
        Span<byte> rightTree = tree[(BaoLayout.ParentLength + leftTree)..];
        return Subtree(content[..left], tree.Slice(BaoLayout.ParentLength, leftTree), counter, mode, 1, children64[..32])
            && Subtree(content[left..], rightTree, counter + (ulong)(left / BaoLayout.ChunkLength), mode, 1, children64[32..]);
    }

    /// <summary>
    /// <see cref="Children"/> on up to <paramref name="degree"/> threads: the node is cut into the
    /// pieces <see cref="Blake3Tree"/> hashes in parallel (nodes of the tree themselves), each piece
    /// encoded or verified into its own part of the tree, and the parents above the pieces done on
    /// the calling thread at the end.
    /// </summary>
    private static bool InParallel(Span<byte> content, Span<byte> tree, ulong counter, Mode mode, int degree, Span<byte> children64)
    {
        int pieceLength = Blake3Tree.PieceLength(content.Length, degree);
        int pieces = ((content.Length - 1) / pieceLength) + 1;
        int left = Blake3Tree.LargestPowerOfTwo(pieces - 1);
        int rightAt = BaoLayout.ParentLength + PieceTree(mode, pieceLength, left);
        Span<byte> cvs = stackalloc byte[pieces * 32];
        Span<int> offsets = stackalloc int[pieces];
        Above(tree, Span<byte>.Empty, offsets, 0, left, BaoLayout.ParentLength, pieceLength, mode);
        Above(tree, Span<byte>.Empty, offsets, left, pieces - left, rightAt, pieceLength, mode);

        int length = content.Length;
        int failures = 0;
        fixed (byte* contentPinned = content)
        fixed (byte* treePinned = tree)
        fixed (byte* cvsPinned = cvs)
        fixed (int* offsetsPinned = offsets)
        {
            nint contentAt = (nint)contentPinned, treeAt = (nint)treePinned, cvsAt = (nint)cvsPinned, offsetsAt = (nint)offsetsPinned;
            ParallelPieces.Run(pieces, degree, piece =>
            {
                int start = piece * pieceLength;
                int pieceContent = Math.Min(pieceLength, length - start);
                bool ok = Subtree(
                    new Span<byte>((byte*)contentAt + start, pieceContent),
                    new Span<byte>((byte*)treeAt + ((int*)offsetsAt)[piece], mode.Layout.TreeLength(pieceContent)),
                    counter + (ulong)(start / BaoLayout.ChunkLength),
                    mode,
                    1,
                    new Span<byte>((byte*)cvsAt + (piece * 32), 32));
                if (!ok)
                {
                    Interlocked.Increment(ref failures);
                }
            });
        }

        bool fine = failures == 0
            && Above(tree, cvs, offsets, 0, left, BaoLayout.ParentLength, pieceLength, mode)
            && Above(tree, cvs, offsets, left, pieces - left, rightAt, pieceLength, mode);
        cvs.Slice(0, 32).CopyTo(children64);
        cvs.Slice(left * 32, 32).CopyTo(children64[32..]);
        return fine;
    }

    /// <summary>
    /// The part of the tree above <paramref name="count"/> consecutive pieces from piece
    /// <paramref name="first"/>, whose node starts at <paramref name="at"/> in <paramref name="tree"/>.
    /// With no chaining values yet (<paramref name="cvs"/> empty), records where each piece's own
    /// tree starts; with the pieces' values, merges them into the node's, written in place of the
    /// first piece's, writing or checking each parent on the way (the tree's own split: the largest
    /// power of two of pieces on the left, since a piece is a power of two of chunks).
    /// </summary>
    private static bool Above(Span<byte> tree, Span<byte> cvs, Span<int> offsets, int first, int count, int at, int pieceLength, Mode mode)
    {
        if (count == 1)
        {
            offsets[first] = at;
            return true;
        }

        int left = Blake3Tree.LargestPowerOfTwo(count - 1);
        int rightAt = at + BaoLayout.ParentLength + PieceTree(mode, pieceLength, left);
        bool ok = Above(tree, cvs, offsets, first, left, at + BaoLayout.ParentLength, pieceLength, mode)
            && Above(tree, cvs, offsets, first + left, count - left, rightAt, pieceLength, mode);
        if (cvs.IsEmpty || !ok)
        {
            return ok;
        }

        Span<byte> pair = stackalloc byte[BaoLayout.ParentLength];
        cvs.Slice(first * 32, 32).CopyTo(pair);
        cvs.Slice((first + left) * 32, 32).CopyTo(pair[32..]);
        ok = Parent(tree[at..], pair, mode) == 0;
        Blake3Kernels.HashParents(pair, Blake3.Iv, 0, cvs.Slice(first * 32, 32));
        return ok;
    }

    /// <summary>The tree bytes of <paramref name="pieces"/> whole pieces (a power of two of them).</summary>
    private static int PieceTree(Mode mode, int pieceLength, int pieces) => mode.Layout.TreeLength(pieces * pieceLength);

    /// <summary>
    /// A node of <paramref name="chunks"/> whole chunks (a power of two, at most <see cref="RunChunks"/>):
    /// every chunk hashed in one call, then one call per level of parents, each level's parents
    /// written or checked at their pre-order places before it is hashed into the next.
    /// </summary>
    private static bool Run(Span<byte> content, Span<byte> tree, ulong counter, Mode mode, int chunks, Span<byte> cv32)
    {
        int height = 31 - System.Numerics.BitOperations.LeadingZeroCount((uint)chunks);
        if (!mode.Layout.Outboard)
        {
            for (int i = 0; i < chunks; i++)
            {
                Chunk(content.Slice(i * BaoLayout.ChunkLength, BaoLayout.ChunkLength), tree[Place(mode.Layout, height, 0, i)..], mode);
            }
        }

        Span<byte> cvs = stackalloc byte[RunChunks * 32];
        cvs = cvs[..(chunks * 32)];
        Blake3Kernels.HashChunks(content[..(chunks * BaoLayout.ChunkLength)], Blake3.Iv, counter, 0, cvs);
        ulong difference = 0;
        for (int level = 1, count = chunks / 2; count >= 1; level++, count /= 2)
        {
            for (int j = 0; j < count; j++)
            {
                difference |= Parent(tree[Place(mode.Layout, height, level, j)..], cvs.Slice(j * BaoLayout.ParentLength, BaoLayout.ParentLength), mode);
            }

            Blake3Kernels.HashParents(cvs[..(count * BaoLayout.ParentLength)], Blake3.Iv, 0, cvs[..(count * 32)]);
        }

        cvs[..32].CopyTo(cv32);
        return difference == 0;
    }

    /// <summary>
    /// Where node <paramref name="index"/> of <paramref name="level"/> (0: chunks) starts in the tree
    /// of a power-of-two node of height <paramref name="height"/>: one parent per level on the way
    /// down, plus, for every step to the right, the whole left subtree passed over.
    /// </summary>
    private static int Place(BaoLayout layout, int height, int level, int index)
    {
        int at = (height - level) * BaoLayout.ParentLength;
        for (int bit = 0; index >> bit != 0; bit++)
        {
            if (((index >> bit) & 1) != 0)
            {
                at += layout.PerfectTreeLength(level + bit);
            }
        }

        return at;
    }

    /// <summary>
    /// Writes a parent's 64 bytes at the start of <paramref name="tree"/> (and returns 0), or compares
    /// them with what is there: returns the OR of the two's XOR, 0 exactly when they are equal.
    /// </summary>
    /// <remarks>
    /// The comparison is constant-time as CryptographicOperations.FixedTimeEquals is (no branch and
    /// no early exit on the data; callers OR the results of a whole subtree together and test the
    /// total once), but word by word: FixedTimeEquals compares a byte at a time in code the JIT
    /// must not optimize, so that comparing a tree's parents took longer than hashing its input and
    /// decoding took about twice as long as hashing; word by word, decoding takes about as long as
    /// hashing (docs/measurements.md#bao-parent-compare). FixedTimeEquals still checks every node's
    /// computed value against what its parent or the root hash promised.
    /// </remarks>
    private static ulong Parent(Span<byte> tree, ReadOnlySpan<byte> children64, Mode mode)
    {
        Span<byte> stored = tree[..BaoLayout.ParentLength];
        if (!mode.Verify)
        {
            children64.CopyTo(stored);
            return 0;
        }

        ReadOnlySpan<ulong> a = MemoryMarshal.Cast<byte, ulong>(stored);
        ReadOnlySpan<ulong> b = MemoryMarshal.Cast<byte, ulong>(children64[..BaoLayout.ParentLength]);
        return (a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])
            | (a[4] ^ b[4]) | (a[5] ^ b[5]) | (a[6] ^ b[6]) | (a[7] ^ b[7]);
    }

    /// <summary>A combined tree's chunk: written from the content, or (verifying) copied to the content to be hashed there.</summary>
    private static void Chunk(Span<byte> content, Span<byte> tree, Mode mode)
    {
        if (mode.Layout.Outboard)
        {
            return;
        }

        if (mode.Verify)
        {
            tree[..content.Length].CopyTo(content);
        }
        else
        {
            content.CopyTo(tree);
        }
    }
}

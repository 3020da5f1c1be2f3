using System;
using System.Diagnostics;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast;

/// <summary>
/// BLAKE3's tree opened up: the chaining values (non-root hashes) of subtrees hashed separately,
/// on other threads or other machines, merged into parents and finally into the root, which gives
/// exactly <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/>'s output for the whole
/// input. The equivalent of the official Rust crate's <c>hazmat</c> module.
/// </summary>
/// <remarks>
/// <para><b>The tree.</b> The input is cut into chunks of 1024 bytes. Every node over more than one
/// chunk splits its bytes at <see cref="LeftSubtreeLength"/>: the largest power-of-two number of
/// whole chunks that leaves at least one byte on the right. A subtree is one node of that tree: it
/// starts at an offset that is a multiple of 1024 and holds at most
/// <see cref="MaxSubtreeLength"/>(offset) bytes; only the input's last subtree may hold less than a
/// power-of-two number of whole chunks.</para>
/// <para><b>The easy layout.</b> Pick a subtree length <c>P</c> that is 1024 times a power of two
/// (<see cref="SplitLength"/> picks one for a number of pieces): piece <c>i</c> is bytes
/// <c>[i * P, min((i + 1) * P, n))</c> and every piece is a subtree. Hash each with
/// <see cref="Hash(Blake3Mode, ReadOnlySpan{byte}, long, Span{byte})"/> (or <see cref="CreateHasher"/>
/// when it arrives in parts), then give the lengths and chaining values, in order, to
/// <see cref="MergeRoot(Blake3Mode, ReadOnlySpan{long}, ReadOnlySpan{byte}, Span{byte})"/>, which
/// checks the layout and merges them as the tree does.</para>
/// <para><b>Chaining values of any input.</b> As the official crate's <c>finalize_non_root</c>
/// does, <see cref="Hash(Blake3Mode, ReadOnlySpan{byte}, long, Span{byte})"/> and
/// <see cref="Blake3HashState.FinishSubtree"/> give the chaining value of any non-empty input at
/// any offset it may start at: its top node (its one chunk, for 1024 bytes or less; else the
/// parent of its halves, split at <see cref="LeftSubtreeLength"/>) compressed without the ROOT
/// flag. From offset 0 every length is accepted (<see cref="MaxSubtreeLength"/>(0) is no
/// maximum), so code ported from the crate, or a splitter that may produce a single piece, works.
/// Whether pieces fit together is checked where they meet.</para>
/// <para><b>What is refused.</b> Every rule the official crate states is checked where it can be,
/// with an exception naming the argument and nothing written. Where a piece is hashed: offsets are
/// non-negative multiples of 1024; no subtree is empty; a subtree at an offset other than 0 holds
/// at most <see cref="MaxSubtreeLength"/>(offset) bytes; chaining values are exactly 32 bytes.
/// Where pieces meet, in the list form of
/// <see cref="MergeRoot(Blake3Mode, ReadOnlySpan{long}, ReadOnlySpan{byte}, Span{byte})"/> and of
/// <see cref="CreateRootReader(Blake3Mode, ReadOnlySpan{long}, ReadOnlySpan{byte})"/>, which know
/// the lengths: there are at least two pieces (one piece is the whole input, whose hash is the
/// root, and the root is not derived from a chaining value: hash it with
/// <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/>); a piece followed by another is a
/// power-of-two number of whole chunks (so a first piece that is not, such as the chaining value
/// of a whole input, cannot be followed by more) and, past offset 0, at most
/// <see cref="MaxSubtreeLength"/>(its offset); the last piece, past offset 0, holds at most
/// <see cref="MaxSubtreeLength"/>(its offset). The message names the piece and the rule.
/// <see cref="Merge"/> and the two-child
/// <see cref="MergeRoot(Blake3Mode, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/> see only
/// 32-byte values: they check those sizes, and cannot know whether the two children are the two
/// halves of one node of one tree; merging anything else gives output that matches no BLAKE3
/// hash. To have two children's lengths checked, give them to the list form:
/// <c>MergeRoot(mode, [leftLength, rightLength], [.. left, .. right], destination)</c>.</para>
/// <para>Every method is thread-safe and, on one thread, allocates nothing but the readers of
/// <c>CreateRootReader</c>; keys, chaining values and parents are erased from the memory the methods used. A
/// chaining value is not secret in plain hashing, but in keyed hashing it derives from the key and
/// the data: keep it as you keep the data.</para>
/// </remarks>
public static class Blake3Subtree
{
    /// <summary>Bytes per chunk, BLAKE3's leaf: subtrees start at multiples of it.</summary>
    public const int ChunkLength = Blake3Constants.ChunkLength;

    /// <summary>Bytes of a chaining value: exactly 32.</summary>
    public const int ChainingValueLength = Blake3Constants.ChainingValueLength;

    /// <summary>
    /// Computes the chaining value of the subtree over <paramref name="input"/>, which starts at byte
    /// <paramref name="inputOffset"/> of the whole input, on the calling thread.
    /// </summary>
    /// <param name="mode">The tree's mode: plain, keyed or key derivation.</param>
    /// <param name="input">The subtree's bytes: at least 1, at most <see cref="MaxSubtreeLength"/>(<paramref name="inputOffset"/>), which from offset 0 is no maximum.</param>
    /// <param name="inputOffset">Where <paramref name="input"/> starts in the whole input: a non-negative multiple of 1024.</param>
    /// <param name="chainingValue">Receives the chaining value: exactly 32 bytes. It may overlap <paramref name="input"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputOffset"/> is negative; nothing was written.</exception>
    /// <exception cref="ArgumentException">
    /// <paramref name="inputOffset"/> is not a multiple of 1024; <paramref name="input"/> is empty or
    /// longer than <see cref="MaxSubtreeLength"/>(<paramref name="inputOffset"/>); or
    /// <paramref name="chainingValue"/> is not 32 bytes. Nothing was written.
    /// </exception>
    public static void Hash(Blake3Mode mode, ReadOnlySpan<byte> input, long inputOffset, Span<byte> chainingValue) =>
        Hash(mode, input, inputOffset, chainingValue, 1);

    /// <summary>
    /// Computes the chaining value of the subtree over <paramref name="input"/> on up to
    /// <paramref name="maxDegreeOfParallelism"/> threads, the calling thread among them, as
    /// <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte}, int)"/> does: subtrees of at least
    /// 128 KiB are split across threads; the result is the same.
    /// </summary>
    /// <param name="mode">The tree's mode: plain, keyed or key derivation.</param>
    /// <param name="input">The subtree's bytes: at least 1, at most <see cref="MaxSubtreeLength"/>(<paramref name="inputOffset"/>), which from offset 0 is no maximum.</param>
    /// <param name="inputOffset">Where <paramref name="input"/> starts in the whole input: a non-negative multiple of 1024.</param>
    /// <param name="chainingValue">Receives the chaining value: exactly 32 bytes. It may overlap <paramref name="input"/>.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many threads as there are processors, or a number of threads.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputOffset"/> is negative, or <paramref name="maxDegreeOfParallelism"/> is 0 or below -1; nothing was written.</exception>
    /// <exception cref="ArgumentException">
    /// <paramref name="inputOffset"/> is not a multiple of 1024; <paramref name="input"/> is empty or
    /// longer than <see cref="MaxSubtreeLength"/>(<paramref name="inputOffset"/>); or
    /// <paramref name="chainingValue"/> is not 32 bytes. Nothing was written.
    /// </exception>
    public static void Hash(Blake3Mode mode, ReadOnlySpan<byte> input, long inputOffset, Span<byte> chainingValue, int maxDegreeOfParallelism)
    {
        ulong counter = CheckOffset(inputOffset, nameof(inputOffset));
        CheckLength(input.Length, inputOffset, nameof(input));
        CheckChainingValue(chainingValue.Length, nameof(chainingValue));
        int degree = Blake3.Degree(maxDegreeOfParallelism);
        Span<uint> key = stackalloc uint[8];
        mode.KeyWords(key);

        // Subtree writes the chaining value only after it has read all of its input.
        Blake3Tree.Subtree(input, key, counter, mode.Flags, degree, chainingValue);
        SecretBytes.Erase(MemoryMarshal.AsBytes(key));
    }

    /// <summary>
    /// Computes the chaining value of every chunk of <paramref name="input"/>, which starts at byte
    /// <paramref name="inputOffset"/> of the whole input, side by side in the SIMD lanes (as the
    /// whole-input hash does): the leaves of the tree, for who stores or checks every level of it
    /// (a Bao outboard built as the data arrives, a Merkle proof at chunk granularity). Each chunk's
    /// value is the one <see cref="Hash(Blake3Mode, ReadOnlySpan{byte}, long, Span{byte})"/> gives
    /// for that chunk alone; the values are written in order, 32 bytes each.
    /// </summary>
    /// <param name="mode">The tree's mode: plain, keyed or key derivation.</param>
    /// <param name="input">Whole chunks of 1024 bytes, the last of which may be shorter (the whole input's end); empty for none.</param>
    /// <param name="inputOffset">Where <paramref name="input"/> starts in the whole input: a non-negative multiple of 1024.</param>
    /// <param name="chainingValues">Receives 32 bytes per chunk: at least 32 x ceiling(<paramref name="input"/> length / 1024) bytes; it must not overlap <paramref name="input"/>.</param>
    /// <returns>The number of bytes written: 32 per chunk.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputOffset"/> is negative; nothing was written.</exception>
    /// <exception cref="ArgumentException">
    /// <paramref name="inputOffset"/> is not a multiple of 1024; or <paramref name="chainingValues"/>
    /// is too short for every chunk's value, or overlaps <paramref name="input"/>. Nothing was written.
    /// </exception>
    public static int HashChunks(Blake3Mode mode, ReadOnlySpan<byte> input, long inputOffset, Span<byte> chainingValues)
    {
        ulong counter = CheckOffset(inputOffset, nameof(inputOffset));
        int chunks = (int)((input.Length + (long)ChunkLength - 1) / ChunkLength);
        if (chainingValues.Length < chunks * ChainingValueLength)
        {
            throw new ArgumentException($"{chunks} chunks need {chunks * ChainingValueLength} bytes of chaining values; the destination has {chainingValues.Length}. Nothing was written.", nameof(chainingValues));
        }

        if (chunks > 0 && input.Overlaps(chainingValues[..(chunks * ChainingValueLength)]))
        {
            // The lanes read later chunks after writing earlier values: they must not share memory.
            throw new ArgumentException("The chaining values' destination overlaps the input. Nothing was written.", nameof(chainingValues));
        }

        Span<uint> key = stackalloc uint[8];
        mode.KeyWords(key);
        int whole = input.Length / ChunkLength;
        if (whole > 0)
        {
            Blake3Kernels.HashChunks(input[..(whole * ChunkLength)], key, counter, mode.Flags, chainingValues[..(whole * ChainingValueLength)]);
        }

        if (whole < chunks)
        {
            Blake3Tree.Subtree(input[(whole * ChunkLength)..], key, counter + (ulong)whole, mode.Flags, 1, chainingValues.Slice(whole * ChainingValueLength, ChainingValueLength));
        }

        SecretBytes.Erase(MemoryMarshal.AsBytes(key));
        return chunks * ChainingValueLength;
    }

    /// <summary>
    /// Creates an incremental hasher for the subtree that starts at byte <paramref name="inputOffset"/>
    /// of the whole input, for a subtree that arrives in parts: feed it with
    /// <see cref="Blake3HashState.Update(ReadOnlySpan{byte})"/> and read the chaining value with
    /// <see cref="Blake3HashState.FinishSubtree"/>.
    /// </summary>
    /// <remarks>
    /// Its <c>Update</c> refuses input past <see cref="MaxSubtreeLength"/>(<paramref name="inputOffset"/>)
    /// (nothing absorbed), and at a nonzero offset <c>Finish</c> and <c>CreateOutputReader</c>
    /// refuse to run: such a subtree has no root output. At offset 0 the hasher is an ordinary one,
    /// as <see cref="Blake3.CreateIncrementalHasher()"/> makes.
    /// </remarks>
    /// <param name="mode">The tree's mode: plain, keyed (the key is copied into the state, and erased by <c>FinishSubtree</c> and <c>Clear</c>) or key derivation.</param>
    /// <param name="inputOffset">Where the subtree starts in the whole input: a non-negative multiple of 1024.</param>
    /// <returns>A new hash state.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputOffset"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="inputOffset"/> is not a multiple of 1024.</exception>
    public static Blake3HashState CreateHasher(Blake3Mode mode, long inputOffset)
    {
        ulong counter = CheckOffset(inputOffset, nameof(inputOffset));
        Span<uint> key = stackalloc uint[8];
        mode.KeyWords(key);
        Blake3HashState state = default;
        state.Initialize(key, mode.Flags, counter);
        SecretBytes.Erase(MemoryMarshal.AsBytes(key));
        return state;
    }

    /// <summary>
    /// Merges the chaining values of a node's two children into the node's own chaining value: one
    /// compression. For the tree's top node use <see cref="MergeRoot(Blake3Mode, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/> instead.
    /// </summary>
    /// <remarks>
    /// <para>What is checked: that each value is 32 bytes. What cannot be: that the children are the
    /// left and right halves of one node (the split at <see cref="LeftSubtreeLength"/> of the node's
    /// length: a left child of a power-of-two number of whole chunks, a right child no longer than
    /// it), in the same mode. A chaining value does not say which input it came from, so a left
    /// child hashed from offset 0 over a length that is not a power-of-two number of chunks (which
    /// <see cref="Hash(Blake3Mode, ReadOnlySpan{byte}, long, Span{byte})"/> accepts, as the
    /// official crate does) merges here without complaint into a value that no tree has.</para>
    /// <para>Where the lengths are known, give them to the list form of
    /// <see cref="MergeRoot(Blake3Mode, ReadOnlySpan{long}, ReadOnlySpan{byte}, Span{byte})"/>, which
    /// checks the whole layout and merges every parent itself.</para>
    /// </remarks>
    /// <param name="mode">The tree's mode.</param>
    /// <param name="left">The left child's chaining value: exactly 32 bytes.</param>
    /// <param name="right">The right child's chaining value: exactly 32 bytes.</param>
    /// <param name="parentChainingValue">Receives the parent's chaining value: exactly 32 bytes. It may overlap either child.</param>
    /// <exception cref="ArgumentException"><paramref name="left"/>, <paramref name="right"/> or <paramref name="parentChainingValue"/> is not 32 bytes long; nothing was written.</exception>
    public static void Merge(Blake3Mode mode, ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, Span<byte> parentChainingValue)
    {
        CheckChildren(left, right);
        CheckChainingValue(parentChainingValue.Length, nameof(parentChainingValue));
        Span<uint> key = stackalloc uint[8];
        Span<byte> children = stackalloc byte[64];
        mode.KeyWords(key);
        left.CopyTo(children);
        right.CopyTo(children[32..]);
        Blake3Kernels.CompressToBytes(key, children, Blake3Constants.BlockLength, 0, mode.Flags | Blake3Constants.Parent, parentChainingValue);
        SecretBytes.Erase(children);
        SecretBytes.Erase(MemoryMarshal.AsBytes(key));
    }

    /// <summary>
    /// Merges the chaining values of the tree's top node's two children into the output of the
    /// whole input, as long as <paramref name="destination"/>: the same bytes
    /// <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/> gives (32 is the standard hash).
    /// </summary>
    /// <remarks>
    /// The children are the whole input's halves: bytes <c>[0, LeftSubtreeLength(n))</c> and the
    /// rest, both non-empty, so the input is more than one chunk (an input of 1024 bytes or less has
    /// no children; its hash is <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/>'s). As
    /// with <see cref="Merge"/>, only the values' sizes are checked: whether they are the two halves
    /// cannot be told from them. The checked form is the list form with two lengths:
    /// <c>MergeRoot(mode, [leftLength, rightLength], [.. left, .. right], destination)</c> refuses,
    /// with the rule in its message, a left length that is not <c>LeftSubtreeLength</c> of the total.
    /// </remarks>
    /// <param name="mode">The tree's mode.</param>
    /// <param name="left">The left child's chaining value: exactly 32 bytes.</param>
    /// <param name="right">The right child's chaining value: exactly 32 bytes.</param>
    /// <param name="destination">Receives the output; 1 byte or more. It may overlap either child.</param>
    /// <exception cref="ArgumentException"><paramref name="left"/> or <paramref name="right"/> is not 32 bytes long, or <paramref name="destination"/> is empty; nothing was written.</exception>
    public static void MergeRoot(Blake3Mode mode, ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, Span<byte> destination)
    {
        CheckChildren(left, right);
        Blake3.CheckDestination(destination.Length, nameof(destination));
        Blake3Output root = default;
        SetRoot(mode, left, right, ref root);
        WriteRoot(ref root, destination);
    }

    /// <summary>
    /// Returns a reader of the whole input's output, from any position up to 2^64 bytes, from the
    /// chaining values of the tree's top node's two children (see
    /// <see cref="MergeRoot(Blake3Mode, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/>).
    /// </summary>
    /// <param name="mode">The tree's mode.</param>
    /// <param name="left">The left child's chaining value: exactly 32 bytes.</param>
    /// <param name="right">The right child's chaining value: exactly 32 bytes.</param>
    /// <returns>A reader positioned at byte 0; dispose it to erase what it holds.</returns>
    /// <exception cref="ArgumentException"><paramref name="left"/> or <paramref name="right"/> is not 32 bytes long.</exception>
    public static Blake3OutputReader CreateRootReader(Blake3Mode mode, ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        CheckChildren(left, right);
        var reader = new Blake3OutputReader();
        SetRoot(mode, left, right, ref reader.Root);
        return reader;
    }

    /// <summary>
    /// Merges consecutive subtrees that cover the whole input, given in order by their lengths and
    /// chaining values, into the output of the whole input, as long as <paramref name="destination"/>:
    /// the same bytes <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/> gives.
    /// </summary>
    /// <remarks>
    /// <para>Subtree <c>i</c> starts where subtree <c>i - 1</c> ends (the first at 0) and its
    /// chaining value is bytes <c>[32 i, 32 i + 32)</c> of <paramref name="chainingValues"/>. The
    /// layout is checked against the tree before anything is written: every subtree must be a node
    /// of the tree of the whole input (the pieces of <see cref="SplitLength"/> always are), and the
    /// parents above them are merged as the tree does, one compression each.</para>
    /// <para>The rules, each named in the message of its refusal: at least two subtrees (a single
    /// one is the whole input, whose root is not derived from its chaining value: hash it with
    /// <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/>); none empty; every subtree
    /// followed by another is a power-of-two number of whole chunks (1024, 2048, 4096, ... bytes),
    /// so a first subtree that is not cannot be followed by more; every subtree past offset 0,
    /// the last too, holds at most <see cref="MaxSubtreeLength"/>(its offset). Together these make
    /// every subtree a node of the whole input's tree.</para>
    /// <para>This is the step a coordinator runs once every worker has sent back the chaining value
    /// of the range it was given.</para>
    /// </remarks>
    /// <param name="mode">The tree's mode.</param>
    /// <param name="subtreeLengths">The subtrees' lengths in bytes, in input order: at least two, each at least 1, together more than 1024 bytes.</param>
    /// <param name="chainingValues">The subtrees' chaining values, back to back: exactly 32 bytes per subtree.</param>
    /// <param name="destination">Receives the output; 1 byte or more. It may overlap <paramref name="chainingValues"/>.</param>
    /// <exception cref="ArgumentException">
    /// <paramref name="subtreeLengths"/> holds fewer than two lengths, a length below 1, lengths whose
    /// total passes <see cref="long.MaxValue"/>, a subtree followed by another that is not a
    /// power-of-two number of whole chunks, or a subtree past offset 0 longer than
    /// <see cref="MaxSubtreeLength"/>(its offset) (so not a node of the whole input's tree); <paramref name="chainingValues"/> is not 32 bytes per subtree; or
    /// <paramref name="destination"/> is empty. Nothing was written.
    /// </exception>
    public static void MergeRoot(Blake3Mode mode, ReadOnlySpan<long> subtreeLengths, ReadOnlySpan<byte> chainingValues, Span<byte> destination)
    {
        Blake3.CheckDestination(destination.Length, nameof(destination));
        Blake3Output root = default;
        MergeRoot(mode, subtreeLengths, chainingValues, ref root);
        WriteRoot(ref root, destination);
    }

    /// <summary>
    /// Returns a reader of the whole input's output, from any position up to 2^64 bytes, from the
    /// lengths and chaining values of consecutive subtrees that cover it (see
    /// <see cref="MergeRoot(Blake3Mode, ReadOnlySpan{long}, ReadOnlySpan{byte}, Span{byte})"/>).
    /// </summary>
    /// <param name="mode">The tree's mode.</param>
    /// <param name="subtreeLengths">The subtrees' lengths in bytes, in input order: at least two, each at least 1, together more than 1024 bytes.</param>
    /// <param name="chainingValues">The subtrees' chaining values, back to back: exactly 32 bytes per subtree.</param>
    /// <returns>A reader positioned at byte 0; dispose it to erase what it holds.</returns>
    /// <exception cref="ArgumentException">
    /// <paramref name="subtreeLengths"/> holds fewer than two lengths, a length below 1, lengths whose
    /// total passes <see cref="long.MaxValue"/>, a subtree followed by another that is not a
    /// power-of-two number of whole chunks, or a subtree past offset 0 longer than
    /// <see cref="MaxSubtreeLength"/>(its offset) (so not a node of the whole input's tree); or <paramref name="chainingValues"/> is not 32 bytes per subtree.
    /// </exception>
    public static Blake3OutputReader CreateRootReader(Blake3Mode mode, ReadOnlySpan<long> subtreeLengths, ReadOnlySpan<byte> chainingValues)
    {
        var reader = new Blake3OutputReader();
        MergeRoot(mode, subtreeLengths, chainingValues, ref reader.Root);
        return reader;
    }

    /// <summary>
    /// The length in bytes of the left child of a node over <paramref name="inputLength"/> bytes (the
    /// whole input, or a subtree): the largest power-of-two number of whole chunks that leaves at
    /// least one byte for the right child, which takes the rest.
    /// </summary>
    /// <param name="inputLength">The node's length: more than 1024 bytes (a single chunk has no children).</param>
    /// <returns>The left child's length: 1024 times a power of two, less than <paramref name="inputLength"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputLength"/> is 1024 or less.</exception>
    public static long LeftSubtreeLength(long inputLength)
    {
        if (inputLength <= ChunkLength)
        {
            throw new ArgumentOutOfRangeException(nameof(inputLength), inputLength, $"A node of {inputLength} bytes is one chunk (1024 bytes or less) and has no children; its hash is Blake3.HashData's.");
        }

        return Blake3PiecePlan.LargestPowerOfTwo((inputLength - 1) / ChunkLength) * ChunkLength;
    }

    /// <summary>
    /// The most bytes a subtree that starts at <paramref name="inputOffset"/> can hold: 1024 times the
    /// largest power of two that divides <paramref name="inputOffset"/> / 1024, so that the subtree
    /// does not reach into a node that starts before it. A subtree starting at 0 has no maximum
    /// (<see cref="long.MaxValue"/> is returned), as the official crate's <c>max_subtree_len</c> has
    /// it: any non-empty input from offset 0 has a chaining value. Only where subtrees are merged
    /// must one at offset 0 that is followed by more be a power-of-two number of whole chunks.
    /// </summary>
    /// <param name="inputOffset">Where the subtree starts in the whole input: a non-negative multiple of 1024.</param>
    /// <returns>The largest length, in bytes; <see cref="long.MaxValue"/> for offset 0.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputOffset"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="inputOffset"/> is not a multiple of 1024.</exception>
    public static long MaxSubtreeLength(long inputOffset)
    {
        CheckOffset(inputOffset, nameof(inputOffset));
        return MaxLength(inputOffset);
    }

    /// <summary>
    /// A subtree length that splits an input of <paramref name="inputLength"/> bytes into at least 2
    /// and at most <paramref name="maxSubtrees"/> pieces: the smallest 1024 times a power of two that
    /// does. Piece <c>i</c> is then bytes <c>[i * length, min((i + 1) * length, inputLength))</c>, and
    /// every piece is a subtree (its offset is a multiple of its length).
    /// </summary>
    /// <param name="inputLength">The whole input's length: more than 1024 bytes (a single chunk has no subtrees).</param>
    /// <param name="maxSubtrees">The most pieces wanted: at least 2.</param>
    /// <returns>The piece length in bytes, less than <paramref name="inputLength"/>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="inputLength"/> is 1024 or less, or <paramref name="maxSubtrees"/> is less than 2.</exception>
    public static long SplitLength(long inputLength, int maxSubtrees)
    {
        if (inputLength <= ChunkLength)
        {
            throw new ArgumentOutOfRangeException(nameof(inputLength), inputLength, $"An input of {inputLength} bytes is one chunk (1024 bytes or less) and has no subtrees; its hash is Blake3.HashData's.");
        }

        if (maxSubtrees < 2)
        {
            throw new ArgumentOutOfRangeException(nameof(maxSubtrees), maxSubtrees, "An input splits into at least two subtrees; one piece would be the whole input, whose hash is Blake3.HashData's.");
        }

        // Pieces of 1024 * 2^k bytes: ceil(n / P) falls as P doubles, and it is at most 2 once P is
        // the smallest such length of at least n / 2, which is still less than n.
        long length = ChunkLength;
        while (((inputLength - 1) / length) + 1 > maxSubtrees)
        {
            length *= 2;
        }

        return length;
    }

    /// <summary>Refuses a chaining value (or its destination) that is not 32 bytes.</summary>
    internal static void CheckChainingValue(int length, string paramName)
    {
        if (length != ChainingValueLength)
        {
            throw new ArgumentException($"A BLAKE3 chaining value is exactly {ChainingValueLength} bytes; this one is {length} bytes. Nothing was written.", paramName);
        }
    }

    /// <summary>Checks a subtree's offset and returns its first chunk's number.</summary>
    private static ulong CheckOffset(long inputOffset, string paramName)
    {
        if (inputOffset < 0)
        {
            throw new ArgumentOutOfRangeException(paramName, inputOffset, "A subtree's offset in the whole input cannot be negative.");
        }

        if (inputOffset % ChunkLength != 0)
        {
            throw new ArgumentException($"A subtree starts at a chunk boundary: its offset must be a multiple of {ChunkLength}; {inputOffset} is not.", paramName);
        }

        return (ulong)inputOffset / ChunkLength;
    }

    /// <summary>The largest subtree at a checked offset: the offset's lowest set bit, or no limit at 0.</summary>
    private static long MaxLength(long inputOffset) => inputOffset == 0 ? long.MaxValue : inputOffset & -inputOffset;

    /// <summary>Refuses a subtree length that no tree has at <paramref name="inputOffset"/> (checked).</summary>
    private static void CheckLength(long length, long inputOffset, string paramName)
    {
        if (length < 1)
        {
            throw new ArgumentException("No subtree is empty: a subtree holds at least one byte. Nothing was written.", paramName);
        }

        long max = MaxLength(inputOffset);
        if (length > max)
        {
            throw new ArgumentException($"The subtree starting at byte {inputOffset} holds at most {max} bytes (MaxSubtreeLength); this one is {length} bytes. Nothing was written.", paramName);
        }
    }

    private static void CheckChildren(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        CheckChainingValue(left.Length, nameof(left));
        CheckChainingValue(right.Length, nameof(right));
    }

    /// <summary>Writes the root output from byte 0 and erases the root node.</summary>
    private static void WriteRoot(ref Blake3Output root, Span<byte> destination)
    {
        root.WriteRootBytes(0, destination);
        root.Erase();
    }

    /// <summary>The root node over two children's chaining values, not yet compressed.</summary>
    private static void SetRoot(Blake3Mode mode, ReadOnlySpan<byte> left, ReadOnlySpan<byte> right, ref Blake3Output root)
    {
        Span<uint> key = stackalloc uint[8];
        Span<byte> children = stackalloc byte[64];
        mode.KeyWords(key);
        left.CopyTo(children);
        right.CopyTo(children[32..]);
        root.Set(key, children, Blake3Constants.BlockLength, 0, mode.Flags | Blake3Constants.Parent);
        SecretBytes.Erase(children);
        SecretBytes.Erase(MemoryMarshal.AsBytes(key));
    }

    /// <summary>The root node over a checked list of subtrees, not yet compressed.</summary>
    private static void MergeRoot(Blake3Mode mode, ReadOnlySpan<long> subtreeLengths, ReadOnlySpan<byte> chainingValues, ref Blake3Output root)
    {
        long total = CheckList(subtreeLengths, chainingValues.Length, nameof(subtreeLengths), nameof(chainingValues));
        Span<uint> key = stackalloc uint[8];
        Span<byte> children = stackalloc byte[64];
        mode.KeyWords(key);
        try
        {
            Children(subtreeLengths, chainingValues, 0, total, key, mode.Flags, children);
            root.Set(key, children, Blake3Constants.BlockLength, 0, mode.Flags | Blake3Constants.Parent);
        }
        finally
        {
            SecretBytes.Erase(children);
            SecretBytes.Erase(MemoryMarshal.AsBytes(key));
        }
    }

    /// <summary>Checks the list's counts and lengths (not yet its layout) and returns the total length.</summary>
    private static long CheckList(ReadOnlySpan<long> subtreeLengths, int chainingValuesLength, string lengthsName, string chainingValuesName)
    {
        if (subtreeLengths.Length < 2)
        {
            throw new ArgumentException(
                $"Merging needs at least two subtrees; {subtreeLengths.Length} {(subtreeLengths.Length == 1 ? "was" : "were")} given. A single subtree is the whole input, and the root of an input " +
                "is not derived from its chaining value (the root is its top node compressed with the ROOT flag, the chaining value without it): hash the input with Blake3.HashData. Nothing was written.",
                lengthsName);
        }

        if (chainingValuesLength != (long)subtreeLengths.Length * ChainingValueLength)
        {
            throw new ArgumentException($"The chaining values must be {ChainingValueLength} bytes per subtree: {subtreeLengths.Length} x {ChainingValueLength} = {(long)subtreeLengths.Length * ChainingValueLength} bytes; they are {chainingValuesLength}. Nothing was written.", chainingValuesName);
        }

        long total = 0;
        for (int i = 0; i < subtreeLengths.Length; i++)
        {
            long length = subtreeLengths[i];
            if (length < 1 || length > long.MaxValue - total)
            {
                throw new ArgumentException(
                    length < 1 ? $"Subtree {i} has length {length}: no subtree is empty. Nothing was written." : $"The subtrees' lengths add up past {long.MaxValue} bytes. Nothing was written.",
                    lengthsName);
            }

            total += length;
        }

        CheckLayout(subtreeLengths, lengthsName);
        return total;
    }

    /// <summary>
    /// Refuses a list of two or more non-empty subtrees, from offset 0, that is not a layout of the
    /// tree of the input they cover, naming the first subtree that breaks a rule and the rule.
    /// </summary>
    /// <remarks>
    /// Every subtree followed by another is a power-of-two number of whole chunks aligned to its
    /// length (its offset a multiple of it: at most <see cref="MaxLength"/>), and such a block that
    /// is not the whole input is a node of the tree; the last subtree at offset <c>o</c> holding at
    /// most <see cref="MaxLength"/>(<c>o</c>) bytes is a node on the tree's right edge (its chunk
    /// number is a prefix of the bits of the last chunk's). So these rules are exactly "every
    /// subtree is a node", which <see cref="Children"/> then relies on.
    /// </remarks>
    private static void CheckLayout(ReadOnlySpan<long> subtreeLengths, string lengthsName)
    {
        long offset = 0;
        for (int i = 0; i < subtreeLengths.Length; i++)
        {
            long length = subtreeLengths[i];
            bool last = i == subtreeLengths.Length - 1;
            long max = MaxLength(offset);
            if (length > max)
            {
                throw new ArgumentException(
                    $"Subtree {i} starts at byte {offset} and is {length} bytes; a subtree there holds at most {max} bytes (the MaxSubtreeLength rule: " +
                    "it would otherwise reach into a node that starts before it, so it cannot be the sibling of the subtrees before it). Nothing was written.",
                    lengthsName);
            }

            if (!last && length % ChunkLength != 0)
            {
                throw new ArgumentException(
                    $"Subtree {i} (bytes {offset} to {offset + length - 1}) ends inside a chunk and more subtrees follow it: only the last subtree may end inside a chunk " +
                    $"(the whole-chunks rule: a chunk of {ChunkLength} bytes is never split between subtrees). Nothing was written.",
                    lengthsName);
            }

            if (!last && !IsPowerOfTwo(length / ChunkLength))
            {
                throw new ArgumentException(
                    $"Subtree {i} (bytes {offset} to {offset + length - 1}) is {length / ChunkLength} chunks and more subtrees follow it: a subtree followed by another is a " +
                    "complete node, a power-of-two number of whole chunks (1024, 2048, 4096, ... bytes) (the power-of-two rule). " +
                    (i == 0
                        ? "A chaining value of that length from offset 0 is the one of an input that ends there, not of a node of a longer input. "
                        : "Only the last subtree may hold another number of chunks. ") +
                    "Nothing was written.",
                    lengthsName);
            }

            offset += length;
        }
    }

    /// <summary>
    /// The chaining values of the two children of the tree's node over bytes [<paramref name="offset"/>,
    /// <paramref name="offset"/> + <paramref name="length"/>), which the subtrees of
    /// <paramref name="lengths"/> (two or more) cover exactly as nodes of the tree (checked by <see cref="CheckLayout"/>).
    /// </summary>
    private static void Children(ReadOnlySpan<long> lengths, ReadOnlySpan<byte> chainingValues, long offset, long length, ReadOnlySpan<uint> key, uint flags, Span<byte> children64)
    {
        // CheckLayout has made every subtree a node: a node of more than one subtree is more than a
        // chunk, and its left child ends where a subtree ends.
        Debug.Assert(length > ChunkLength, "A checked layout never splits a chunk.");
        long left = LeftSubtreeLength(length);
        long covered = 0;
        int count = 0;
        while (covered < left)
        {
            covered += lengths[count++];
        }

        Debug.Assert(covered == left, "A checked layout has no subtree across a node's split.");

        Node(lengths[..count], chainingValues[..(count * ChainingValueLength)], offset, left, key, flags, children64[..32]);
        Node(lengths[count..], chainingValues[(count * ChainingValueLength)..], offset + left, length - left, key, flags, children64[32..]);
    }

    /// <summary>The chaining value of the tree's node over the given subtrees (one: its own value; more: merged).</summary>
    private static void Node(ReadOnlySpan<long> lengths, ReadOnlySpan<byte> chainingValues, long offset, long length, ReadOnlySpan<uint> key, uint flags, Span<byte> cv32)
    {
        if (lengths.Length == 1)
        {
            chainingValues[..ChainingValueLength].CopyTo(cv32);
            return;
        }

        Span<byte> children = stackalloc byte[64];
        Children(lengths, chainingValues, offset, length, key, flags, children);
        Blake3Kernels.CompressToBytes(key, children, Blake3Constants.BlockLength, 0, flags | Blake3Constants.Parent, cv32);
        SecretBytes.Erase(children);
    }

    private static bool IsPowerOfTwo(long value) => value > 0 && (value & (value - 1)) == 0;
}

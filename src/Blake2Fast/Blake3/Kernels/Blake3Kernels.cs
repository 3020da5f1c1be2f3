using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;

namespace Blake2Fast.Kernels;

/// <summary>The BLAKE3 kernels this build carries.</summary>
internal enum Blake3Kernel : byte
{
    /// <summary>Portable code; runs everywhere.</summary>
    Scalar = 0,

    /// <summary>4 chunks per 128-bit vector (SSE2 on x64, AdvSimd on ARM64); the 128-bit row kernel for single compressions on x64.</summary>
    Vector128,

    /// <summary>8 chunks per 256-bit vector (AVX2).</summary>
    Vector256,

    /// <summary>16 chunks per 512-bit vector (AVX-512F and VL).</summary>
    Vector512,
}

/// <summary>
/// The BLAKE3 kernel contract: the engine calls HashChunks for runs of whole chunks, HashParents per
/// tree level, Compress for the partial last chunk and small inputs, CompressXof for output. All
/// words are little-endian.
/// </summary>
/// <remarks>
/// The vector kernels, and the rules that choose among them, are in this build's
/// Blake3KernelRegistry.cs (under Blake3/Kernels/Vector or Blake3/Kernels/Portable).
/// </remarks>
internal static partial class Blake3Kernels
{
    /// <summary>The kernel new hashes use.</summary>
    /// <remarks>A field, not a property: a fresh process's first hash compiles no getter for it (see Blake3.HashPaddedChunk).</remarks>
    public static readonly Blake3Kernel Best = PickBest();

    /// <summary>
    /// How many chunks or parents <paramref name="kernel"/> hashes side by side in one group: 16,
    /// 8 or 4 for the vector kernels, 1 for Scalar.
    /// </summary>
    public static int Lanes(Blake3Kernel kernel) => kernel switch
    {
        Blake3Kernel.Vector512 => 16,
        Blake3Kernel.Vector256 => 8,
        Blake3Kernel.Vector128 => 4,
        _ => 1,
    };

    /// <summary>Whether this machine can run <paramref name="kernel"/>.</summary>
    public static bool IsSupported(Blake3Kernel kernel) => kernel == Blake3Kernel.Scalar || IsVectorSupported(kernel);

    /// <summary>Returns <paramref name="kernel"/> if this machine can run it, for tests that force a kernel.</summary>
    /// <exception cref="PlatformNotSupportedException">The machine (or the DOTNET_Enable* settings) lacks the kernel's instructions.</exception>
    public static Blake3Kernel Require(Blake3Kernel kernel) => IsSupported(kernel)
        ? kernel
        : throw new PlatformNotSupportedException($"The BLAKE3 kernel {kernel} is not supported on this machine or with the current DOTNET_Enable* settings.");

    /// <summary>One compression, <paramref name="chainingValue"/> (8 words) updated in place; <paramref name="block"/> is 64 bytes, zero-padded past <paramref name="blockLength"/>.</summary>
    public static void Compress(Blake3Kernel kernel, Span<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags)
    {
        if (!CompressVector(kernel, chainingValue, block, blockLength, counter, flags))
        {
            Blake3Scalar.Compress(chainingValue, block, blockLength, counter, flags);
        }
    }

    /// <summary>
    /// One compression whose chaining value is written as 32 little-endian bytes to
    /// <paramref name="output32"/> instead of replacing <paramref name="chainingValue"/>: the
    /// one-block hash's root, with neither the state nor its result passing through a word buffer.
    /// </summary>
    public static void CompressToBytes(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output32)
    {
        if (!CompressToBytesVector(kernel, chainingValue, block, blockLength, counter, flags, output32))
        {
            Span<uint> words = stackalloc uint[8];
            chainingValue[..8].CopyTo(words);
            Blake3Scalar.Compress(words, block, blockLength, counter, flags);
            Blake3Scalar.StoreWords(words, output32);
            SecretBytes.Erase(MemoryMarshal.AsBytes(words));
        }
    }

    /// <summary>
    /// Compressions in a row: each 64-byte block of <paramref name="blocks"/> (one or more) from the
    /// chaining value the one before left, starting from <paramref name="chainingValue"/>; every
    /// block 64 bytes long but the last, <paramref name="lastLength"/> (zero-padded); the first
    /// with flags | <paramref name="firstFlags"/>, the last with flags | <paramref name="lastFlags"/>
    /// (a single block gets both), the others with <paramref name="flags"/>. Writes the last
    /// chaining value to <paramref name="output32"/> as 32 little-endian bytes; it may be
    /// <paramref name="chainingValue"/>'s own bytes.
    /// </summary>
    public static void CompressChain(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> blocks, uint lastLength, ulong counter, uint flags, uint firstFlags, uint lastFlags, Span<byte> output32)
    {
        if (!CompressChainVector(kernel, chainingValue, blocks, lastLength, counter, flags, firstFlags, lastFlags, output32))
        {
            CompressChainScalar(chainingValue, blocks, lastLength, counter, flags, firstFlags, lastFlags, output32);
        }
    }

    /// <summary>
    /// <see cref="CompressChain(Blake3Kernel, ReadOnlySpan{uint}, ReadOnlySpan{byte}, uint, ulong, uint, uint, uint, Span{byte})"/>
    /// in portable code: a method of its own, so that the dispatcher above has no stack buffer and
    /// no loop and is inlined into its callers (a method with either is compiled fully optimized at
    /// its first call and, with a stack buffer, never inlined: a 65-byte hash took 27% longer).
    /// </summary>
    private static void CompressChainScalar(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> blocks, uint lastLength, ulong counter, uint flags, uint firstFlags, uint lastFlags, Span<byte> output32)
    {
        Span<uint> words = stackalloc uint[8];
        chainingValue[..8].CopyTo(words);
        int last = blocks.Length - Blake3Constants.BlockLength;
        uint blockFlags = flags | firstFlags;
        for (int offset = 0; offset <= last; offset += Blake3Constants.BlockLength)
        {
            bool isLast = offset == last;
            Blake3Scalar.Compress(
                words, blocks.Slice(offset, Blake3Constants.BlockLength), isLast ? lastLength : Blake3Constants.BlockLength, counter, isLast ? blockFlags | lastFlags : blockFlags);
            blockFlags = flags;
        }

        Blake3Scalar.StoreWords(words, output32);
        SecretBytes.Erase(MemoryMarshal.AsBytes(words));
    }

    /// <summary>One compression for output: all 16 words of the final state (v[i] ^ v[i+8], v[i+8] ^ cv[i]) as 64 bytes.</summary>
    public static void CompressXof(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output64)
    {
        if (!CompressXofVector(kernel, chainingValue, block, blockLength, counter, flags, output64))
        {
            Blake3Scalar.CompressXof(chainingValue, block, blockLength, counter, flags, output64);
        }
    }

    /// <summary>
    /// Whole chunks: <paramref name="input"/> holds count x 1024 bytes; chunk i starts from
    /// <paramref name="key"/>, counter <paramref name="firstCounter"/> + i, CHUNK_START on its first
    /// block and CHUNK_END on its 16th; writes count x 32 bytes of chaining values.
    /// </summary>
    public static void HashChunks(Blake3Kernel kernel, ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues)
    {
        // The widest groups the kernel has, then what they leave (2 to 15 chunks) in one group.
        int count = input.Length / Blake3Constants.ChunkLength;
        int widest = Lanes(kernel);
        int whole = kernel == Blake3Kernel.Scalar ? 0 : count / widest * widest;
        int done = whole == 0 ? 0 : HashChunksVector(kernel, input[..(whole * Blake3Constants.ChunkLength)], key, firstCounter, flags, chainingValues);
        if (count - done >= 2 && kernel != Blake3Kernel.Scalar)
        {
            done = HashLastChunksInOneGroup(kernel, input, key, firstCounter, flags, chainingValues, done);
        }

        if (done == count)
        {
            return;
        }

        // The chunks the lanes left (one, or all with the Scalar kernel), one chain of 16
        // compressions each with the kernel's single-compression code.
        for (int i = done; i < count; i++)
        {
            CompressChain(
                kernel, key, input.Slice(i * Blake3Constants.ChunkLength, Blake3Constants.ChunkLength), Blake3Constants.BlockLength, firstCounter + (ulong)i,
                flags, Blake3Constants.ChunkStart, Blake3Constants.ChunkEnd, chainingValues.Slice(i * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength));
        }
    }

    /// <summary>
    /// The last 2 or more of <paramref name="input"/>'s chunks, which no group of the kernel's
    /// widest took, hashed in one group of the narrowest width (4, 8 or 16 lanes) that holds them;
    /// returns how many chunks are now done (all of them, or <paramref name="done"/> if the kernel
    /// has no such group).
    /// </summary>
    /// <remarks>
    /// <para>
    /// A chunk alone is 16 compressions in a row, each waiting for the one before, while a lane
    /// group hashes all its chunks in about the time of one group, little more than one chunk
    /// alone: handed down from width to width, with the last few chunks alone, a few KiB took
    /// longer than a larger input that filled its groups (docs/measurements.md#blake3-last-chunks). With at
    /// least the group's width of chunks in all, the group is the last chunks of the input, and
    /// the lanes over chunks already hashed write their chaining values again, the same bytes
    /// (same chunk, same counter); with fewer, the chunks are copied into the group's room and the
    /// lanes past them hash what the stack holds, their results dropped.
    /// </para>
    /// <para>A single chunk left stays alone: a group takes longer than one chunk's 16 compressions.</para>
    /// </remarks>
    private static int HashLastChunksInOneGroup(Blake3Kernel kernel, ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues, int done)
    {
        int count = input.Length / Blake3Constants.ChunkLength;
        int lanes = 4;
        while (lanes < count - done)
        {
            lanes *= 2;
        }

        if (count >= lanes)
        {
            int first = count - lanes;
            int hashed = HashChunksVector(
                kernel, input.Slice(first * Blake3Constants.ChunkLength, lanes * Blake3Constants.ChunkLength), key, firstCounter + (ulong)first, flags,
                chainingValues.Slice(first * Blake3Constants.ChainingValueLength, lanes * Blake3Constants.ChainingValueLength));
            return hashed == lanes ? count : done;
        }

        // Fewer chunks in all than the group holds (so none done yet): up to 16 KiB on the stack.
        return HashInPaddedGroup(kernel, input[..(count * Blake3Constants.ChunkLength)], Blake3Constants.ChunkLength, lanes, key, firstCounter, flags, chainingValues)
            ? count
            : done;
    }

    /// <summary>
    /// Hashes <paramref name="items"/> (whole chunks, or with an <paramref name="itemLength"/> of one
    /// block, parents), fewer than <paramref name="lanes"/>, as one group of that many lanes: copied
    /// into the group's room, the lanes past them hashing what the stack holds, their results
    /// dropped. Writes the items' chaining values to <paramref name="chainingValues"/> and returns
    /// true, or false (nothing written) if the kernel has no such group.
    /// </summary>
    private static bool HashInPaddedGroup(Blake3Kernel kernel, ReadOnlySpan<byte> items, int itemLength, int lanes, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues)
    {
        Span<byte> room = stackalloc byte[lanes * itemLength];
        Span<byte> results = stackalloc byte[lanes * Blake3Constants.ChainingValueLength];
        items.CopyTo(room);
        int hashed = itemLength == Blake3Constants.BlockLength
            ? HashParentsVector(kernel, room, key, flags, results)
            : HashChunksVector(kernel, room, key, firstCounter, flags, results);
        bool all = hashed == lanes;
        if (all)
        {
            results[..(items.Length / itemLength * Blake3Constants.ChainingValueLength)].CopyTo(chainingValues);
        }

        // Keyed hashes' input and chaining values are secret.
        SecretBytes.Erase(room);
        SecretBytes.Erase(results);
        return all;
    }

    /// <summary>
    /// Parents: <paramref name="childChainingValues"/> holds count x 64 bytes (left || right); each
    /// parent is one block, counter 0, length 64, flags | PARENT, from <paramref name="key"/>; writes
    /// count x 32 bytes, possibly over the start of its own input. With
    /// <paramref name="widestOnly"/>, the parents the kernel's widest groups leave (1 or more) are
    /// hashed in one padded group of that width, not in narrower groups or the row kernel.
    /// </summary>
    /// <remarks>
    /// <paramref name="widestOnly"/> is for the levels above the chunks of a large tree, whose
    /// chunks filled the widest groups (Blake3Tree.WidestParentsMinimum): that hash has compiled
    /// the widest lane code already, and the narrower widths would be compiled for its top 2 to 15
    /// parents alone, milliseconds of JIT time for each narrower width in a fresh process, against
    /// a fraction of a microsecond more a hash for the padded groups in steady state
    /// (docs/measurements.md#blake3-widest-parents).
    /// </remarks>
    [MethodImpl(KernelRoot.DriverOptions)]
    public static void HashParents(Blake3Kernel kernel, ReadOnlySpan<byte> childChainingValues, ReadOnlySpan<uint> key, uint flags, Span<byte> chainingValues, bool widestOnly = false)
    {
        int count = childChainingValues.Length / Blake3Constants.BlockLength;
        int widest = Lanes(kernel);
        int done = HashParentsVector(
            kernel, widestOnly ? childChainingValues[..(count / widest * widest * Blake3Constants.BlockLength)] : childChainingValues, key, flags, chainingValues);

        // The last 2 or more, which no lane group took, in one group from a padded copy (read
        // before anything is written, so in place too). Of four lanes for the last 2 or 3 the
        // groups leave: one group for all takes less time than 2 or 3 single compressions in a
        // row (docs/measurements.md#blake3-last-parents).
        // With widestOnly, of the widest lanes, for 1 to widest - 1: a large tree's single
        // parents and its root too (Blake3Tree.RootBytesInLanes), so that its first hash compiles
        // no row kernel.
        const int FourLanes = 4;
        if (count - done >= (widestOnly ? 1 : 2) && kernel != Blake3Kernel.Scalar
            && HashInPaddedGroup(
                kernel, childChainingValues[(done * Blake3Constants.BlockLength)..], Blake3Constants.BlockLength, widestOnly ? widest : FourLanes, key, 0, flags,
                chainingValues[(done * Blake3Constants.ChainingValueLength)..]))
        {
            done = count;
        }

        // What is left (one parent without widestOnly, or all with the Scalar kernel), one
        // compression each with the kernel's single-compression code. In place, parent i writes
        // only over input of parents up to i, each read before it is written.
        for (int i = done; i < count; i++)
        {
            CompressToBytes(
                kernel, key, childChainingValues.Slice(i * Blake3Constants.BlockLength, Blake3Constants.BlockLength), Blake3Constants.BlockLength, 0, flags | Blake3Constants.Parent,
                chainingValues.Slice(i * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength));
        }
    }

    /// <summary>
    /// Messages of 0 to 1024 bytes, each the whole input of its own hash (one chunk, counter 0, its
    /// last block compressed with CHUNK_END and ROOT): message i is at <c>i * <paramref name="laneStride"/></c>
    /// of <paramref name="input"/>, zero-padded to whole blocks (the stride holds the longest
    /// message's blocks), and is <paramref name="lengths"/>[i] bytes long. Writes 32 bytes per
    /// message: with <paramref name="throughLastBlock"/> its 32-byte hash, without it the chaining
    /// value that enters its last block (for outputs longer than 32 bytes, one output block each).
    /// </summary>
    public static void HashMessages(Blake3Kernel kernel, ReadOnlySpan<byte> input, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs)
    {
        int done = HashMessagesVector(kernel, input, laneStride, lengths, key, flags, throughLastBlock, outputs);
        if (done < lengths.Length)
        {
            HashMessagesAlone(kernel, input, laneStride, lengths, key, flags, throughLastBlock, outputs, done);
        }
    }

    /// <summary>
    /// <see cref="HashMessages(Blake3Kernel, ReadOnlySpan{byte}, int, ReadOnlySpan{int}, ReadOnlySpan{uint}, uint, bool, Span{byte})"/>
    /// for the messages from <paramref name="first"/> on, which the lanes left (the last 0..3, or
    /// all with the Scalar kernel): a compression at a time with the kernel's single-compression code.
    /// </summary>
    [MethodImpl(KernelRoot.DriverOptions)]
    private static void HashMessagesAlone(Blake3Kernel kernel, ReadOnlySpan<byte> input, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs, int first)
    {
        Span<uint> cv = stackalloc uint[8];
        for (int i = first; i < lengths.Length; i++)
        {
            int blocks = Math.Max(1, (lengths[i] + Blake3Constants.BlockLength - 1) / Blake3Constants.BlockLength);
            key[..8].CopyTo(cv);
            for (int block = 0; block < (throughLastBlock ? blocks : blocks - 1); block++)
            {
                bool last = block == blocks - 1;
                uint blockFlags = flags | (block == 0 ? Blake3Constants.ChunkStart : 0) | (last ? Blake3Constants.ChunkEnd | Blake3Constants.Root : 0);
                uint length = last ? (uint)(lengths[i] - (block * Blake3Constants.BlockLength)) : Blake3Constants.BlockLength;
                Compress(kernel, cv, input.Slice((i * laneStride) + (block * Blake3Constants.BlockLength), Blake3Constants.BlockLength), length, 0, blockFlags);
            }

            Blake3Scalar.StoreWords(cv, outputs.Slice(i * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength));
        }

        SecretBytes.Erase(MemoryMarshal.AsBytes(cv));
    }

    /// <summary>The engine's entry points: <see cref="Best"/>'s code for each.</summary>
    public static void Compress(Span<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags) =>
        Compress(Best, chainingValue, block, blockLength, counter, flags);

    /// <inheritdoc cref="Compress(Span{uint}, ReadOnlySpan{byte}, uint, ulong, uint)"/>
    public static void CompressToBytes(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output32) =>
        CompressToBytes(Best, chainingValue, block, blockLength, counter, flags, output32);

    /// <inheritdoc cref="Compress(Span{uint}, ReadOnlySpan{byte}, uint, ulong, uint)"/>
    public static void CompressChain(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> blocks, uint lastLength, ulong counter, uint flags, uint firstFlags, uint lastFlags, Span<byte> output32) =>
        CompressChain(Best, chainingValue, blocks, lastLength, counter, flags, firstFlags, lastFlags, output32);

    /// <inheritdoc cref="Compress(Span{uint}, ReadOnlySpan{byte}, uint, ulong, uint)"/>
    public static void CompressXof(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output64) =>
        CompressXof(Best, chainingValue, block, blockLength, counter, flags, output64);

    /// <inheritdoc cref="Compress(Span{uint}, ReadOnlySpan{byte}, uint, ulong, uint)"/>
    public static void HashChunks(ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues) =>
        HashChunks(Best, input, key, firstCounter, flags, chainingValues);

    /// <inheritdoc cref="Compress(Span{uint}, ReadOnlySpan{byte}, uint, ulong, uint)"/>
    public static void HashParents(ReadOnlySpan<byte> childChainingValues, ReadOnlySpan<uint> key, uint flags, Span<byte> chainingValues, bool widestOnly = false) =>
        HashParents(Best, childChainingValues, key, flags, chainingValues, widestOnly);

    private static partial Blake3Kernel PickBest();

    private static partial bool IsVectorSupported(Blake3Kernel kernel);

    // The four vector hooks below take every kernel, Scalar included, and answer "not done" (false or
    // 0) for a kernel they have no code for; the dispatchers above then run scalar. So the scalar-only
    // registry of the netstandard builds is a set of hooks that run on every hash, not dead stubs.

    /// <summary>False where the kernel has no single-compression code of its own, Scalar among them (the caller then runs scalar).</summary>
    private static partial bool CompressToBytesVector(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output32);

    /// <inheritdoc cref="CompressToBytesVector"/>
    private static partial bool CompressVector(Blake3Kernel kernel, Span<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags);

    /// <inheritdoc cref="CompressToBytesVector"/>
    private static partial bool CompressChainVector(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> blocks, uint lastLength, ulong counter, uint flags, uint firstFlags, uint lastFlags, Span<byte> output32);

    /// <inheritdoc cref="CompressToBytesVector"/>
    private static partial bool CompressXofVector(Blake3Kernel kernel, ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output64);

    /// <summary>Hashes what the vector kernels take (whole lane groups) and returns how many chunks that was (0 for Scalar); scalar does the rest.</summary>
    private static partial int HashChunksVector(Blake3Kernel kernel, ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, ulong firstCounter, uint flags, Span<byte> chainingValues);

    /// <summary>As <see cref="HashChunksVector"/>, for <see cref="HashMessages"/>: whole groups of lanes, the rest left to scalar.</summary>
    private static partial int HashMessagesVector(Blake3Kernel kernel, ReadOnlySpan<byte> input, int laneStride, ReadOnlySpan<int> lengths, ReadOnlySpan<uint> key, uint flags, bool throughLastBlock, Span<byte> outputs);

    /// <summary>As <see cref="HashChunksVector"/>, for parents.</summary>
    private static partial int HashParentsVector(Blake3Kernel kernel, ReadOnlySpan<byte> childChainingValues, ReadOnlySpan<uint> key, uint flags, Span<byte> chainingValues);
}

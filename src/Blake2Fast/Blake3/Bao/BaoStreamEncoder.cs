using System;
using System.Buffers;
using System.IO;
using System.Security.Cryptography;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// Encodes a stream of unknown length into a seekable, readable and writable output, in memory
/// bounded whatever the length (three buffers of about 64 KiB and a stack of chaining values).
/// </summary>
/// <remarks>
/// <para>
/// Where a node goes in the pre-order layout depends on the total length (the depth of every chunk
/// does), which a stream tells only at its end. So the encoding is written in two passes, as the
/// bao crate writes it: first in post-order over blocks of 64 KiB (each block, a node of the final
/// tree, encoded in pre-order by <see cref="BaoTree"/>; a parent is written once both its children
/// are, merged as the incremental hasher merges), then flipped in place to pre-order, from the end
/// backwards.
/// </para>
/// <para>
/// The flip reads the post-order encoding backwards, which meets a parent before its subtrees (its
/// right one first), and writes the pre-order encoding backwards, which needs the parent after
/// them: each parent is held until its subtrees are written. What is written stays behind what is
/// read by exactly the parents held, so nothing is overwritten before it has been read.
/// </para>
/// </remarks>
internal static class BaoStreamEncoder
{
    private const int BlockLength = BaoTree.RunChunks * BaoLayout.ChunkLength;

    /// <summary>Enough for a tree of 2^64 bytes: one chaining value per level, plus the block being added.</summary>
    private const int MaxDepth = 64;

    /// <summary>Encodes the rest of <paramref name="input"/> at <paramref name="output"/>'s position and writes the root hash.</summary>
    public static void Encode(Stream input, Stream output, bool outboard, Span<byte> hash32)
    {
        var mode = new BaoTree.Mode(outboard, verify: false);
        BaoLayout layout = mode.Layout;
        long start = output.Position;
        byte[] current = ArrayPool<byte>.Shared.Rent(BlockLength);
        byte[] next = ArrayPool<byte>.Shared.Rent(BlockLength);
        byte[] tree = ArrayPool<byte>.Shared.Rent(Math.Max(layout.TreeLength(BlockLength), MaxDepth * BaoLayout.ParentLength));
        try
        {
            tree.AsSpan(0, BaoLayout.HeaderLength).Clear();
            output.Write(tree, 0, BaoLayout.HeaderLength);
            int currentLength = Fill(input, current);
            int nextLength = currentLength == BlockLength ? Fill(input, next) : 0;
            ulong total = (ulong)currentLength;
            if (nextLength == 0)
            {
                // One block at most: it is the whole tree, already in pre-order.
                int treeLength = layout.TreeLength(currentLength);
                BaoTree.Root(current.AsSpan(0, currentLength), tree.AsSpan(0, treeLength), mode, 1, hash32);
                output.Write(tree, 0, treeLength);
            }
            else
            {
                total = WritePostOrder(input, output, mode, current, currentLength, next, nextLength, tree, hash32);
                Flip(output, start + BaoLayout.HeaderLength, total, layout, tree);
            }

            BaoLayout.WriteHeader(total, tree);
            output.Position = start;
            output.Write(tree, 0, BaoLayout.HeaderLength);
            output.Position = start + BaoLayout.HeaderLength + (long)layout.TreeLength(total);
        }
        finally
        {
            // The buffers held the content; the next renter must not see it.
            StreamBuffers.Return(current, BlockLength);
            StreamBuffers.Return(next, BlockLength);
            StreamBuffers.Return(tree, tree.Length);
        }
    }

    /// <summary>The first pass: blocks and parents in post-order, two blocks given and the rest read; returns the content length.</summary>
    private static ulong WritePostOrder(Stream input, Stream output, BaoTree.Mode mode, byte[] current, int currentLength, byte[] next, int nextLength, byte[] tree, Span<byte> hash32)
    {
        Span<byte> stack = stackalloc byte[MaxDepth * 32];
        int depth = 0;
        ulong blocks = 0;
        ulong total = (ulong)currentLength;
        while (true)
        {
            int treeLength = mode.Layout.TreeLength(currentLength);
            BaoTree.Subtree(current.AsSpan(0, currentLength), tree.AsSpan(0, treeLength), blocks * BaoTree.RunChunks, mode, 1, stack.Slice(depth * 32, 32));
            output.Write(tree, 0, treeLength);
            depth++;
            blocks++;
            if (nextLength == 0)
            {
                break;
            }

            // More follows, so the complete subtrees so far are not the root: merged now, as the
            // incremental hasher merges (one value per set bit of the blocks so far).
            for (int keep = System.Numerics.BitOperations.PopCount(blocks); depth > keep; depth--)
            {
                WriteParent(output, stack.Slice((depth - 2) * 32, BaoLayout.ParentLength), tree, root: false, hash32);
            }

            (current, next) = (next, current);
            currentLength = nextLength;
            total += (ulong)currentLength;
            nextLength = currentLength == BlockLength ? Fill(input, next) : 0;
        }

        // The last block is in: the right edge of the tree, folded from its bottom up to the root.
        for (; depth > 1; depth--)
        {
            WriteParent(output, stack.Slice((depth - 2) * 32, BaoLayout.ParentLength), tree, root: depth == 2, hash32);
        }

        return total;
    }

    /// <summary>Writes a parent, then replaces its two children's values with its own (or, for the root, writes the hash).</summary>
    private static void WriteParent(Stream output, Span<byte> pair, byte[] buffer, bool root, Span<byte> hash32)
    {
        pair.CopyTo(buffer);
        output.Write(buffer, 0, BaoLayout.ParentLength);
        if (!root)
        {
            Blake3Kernels.HashParents(pair, Blake3.Iv, 0, pair[..32]);
            return;
        }

        Blake3Output output64 = default;
        output64.Set(Blake3.Iv, pair, BaoLayout.ParentLength, 0, Blake3Constants.Parent);
        output64.WriteRootBytes(0, hash32);
        output64.Erase();
    }

    /// <summary>The second pass: the post-order tree from <paramref name="treeStart"/> turned to pre-order in place.</summary>
    private static void Flip(Stream output, long treeStart, ulong contentLength, BaoLayout layout, byte[] buffer)
    {
        long end = treeStart + (long)layout.TreeLength(contentLength);
        long read = end;
        long write = end;
        byte[] held = new byte[MaxDepth * BaoLayout.ParentLength];
        FlipNode(output, BaoLayout.Chunks(contentLength), contentLength, layout, buffer, held, 0, ref read, ref write);
    }

    private static void FlipNode(Stream output, ulong chunks, ulong contentLength, BaoLayout layout, byte[] buffer, byte[] held, int depth, ref long read, ref long write)
    {
        if (chunks <= BaoTree.RunChunks)
        {
            // A block, moved whole (read completely before written, so an overlap is harmless).
            int length = layout.TreeLength((int)contentLength);
            read -= length;
            write -= length;
            if (read != write)
            {
                ReadAt(output, read, buffer, 0, length);
                WriteAt(output, write, buffer, 0, length);
            }

            return;
        }

        int at = depth * BaoLayout.ParentLength;
        read -= BaoLayout.ParentLength;
        ReadAt(output, read, held, at, BaoLayout.ParentLength);
        ulong left = BaoLayout.LeftChunks(chunks);
        ulong leftContent = left * BaoLayout.ChunkLength;
        FlipNode(output, chunks - left, contentLength - leftContent, layout, buffer, held, depth + 1, ref read, ref write);
        FlipNode(output, left, leftContent, layout, buffer, held, depth + 1, ref read, ref write);
        write -= BaoLayout.ParentLength;
        WriteAt(output, write, held, at, BaoLayout.ParentLength);
    }

    private static void ReadAt(Stream output, long position, byte[] buffer, int offset, int length)
    {
        output.Position = position;
        int done = 0;
        while (done < length)
        {
            int read = output.Read(buffer, offset + done, length - done);
            if (read <= 0)
            {
                throw new IOException("The output stream did not give back the bytes just written to it.");
            }

            done += read;
        }
    }

    private static void WriteAt(Stream output, long position, byte[] buffer, int offset, int length)
    {
        output.Position = position;
        output.Write(buffer, offset, length);
    }

    /// <summary>Reads up to a block, fewer only at the end of the input.</summary>
    private static int Fill(Stream input, byte[] buffer)
    {
        int done = 0;
        int read;
        while (done < BlockLength && (read = input.Read(buffer, done, BlockLength - done)) > 0)
        {
            done += read;
        }

        return done;
    }
}

using System;
using System.Buffers;
using System.IO;

namespace Blake2Fast.Internal;

/// <summary>
/// Cuts a slice out of a combined encoding, or out of an outboard tree and its content: the
/// header, then in pre-order every node whose chunks meet the slice's chunks (a parent of a node
/// that does, or a chunk in the range). Nothing is verified here; the slice decoder does that.
/// Sources are read in order, so a stream that cannot seek is read through, skipping what the
/// slice leaves out.
/// </summary>
internal sealed class BaoSliceExtractor
{
    private const int CopyLength = 64 * 1024;

    private readonly BaoSource? _tree;
    private readonly BaoSource? _input;
    private readonly Stream? _output;
    private readonly BaoLayout _layout;
    private readonly ulong _length;
    private readonly ulong _first;
    private readonly ulong _last;
    private readonly byte[]? _buffer;

    private BaoSliceExtractor(BaoSource? tree, BaoSource? input, Stream? output, bool outboard, ulong length, ulong start, ulong count, byte[]? buffer)
    {
        _tree = tree;
        _input = input;
        _output = output;
        _layout = new BaoLayout(outboard);
        _length = length;
        (_first, _last) = BaoLayout.SliceChunks(length, start, count);
        _buffer = buffer;
    }

    /// <summary>The length of the slice of (<paramref name="start"/>, <paramref name="count"/>) of <paramref name="length"/> bytes of content.</summary>
    public static ulong Measure(ulong length, ulong start, ulong count) =>
        BaoLayout.HeaderLength + new BaoSliceExtractor(null, null, null, outboard: false, length, start, count, null).Walk(BaoNode.Root(length));

    /// <summary>Writes the slice to <paramref name="output"/>; <paramref name="input"/> is the content of an outboard <paramref name="tree"/>, null for a combined one.</summary>
    /// <exception cref="EndOfStreamException">A source ends before a node the slice needs.</exception>
    public static void Extract(Stream tree, Stream? input, Stream output, ulong start, ulong count)
    {
        var treeSource = new BaoSource(tree);
        byte[] buffer = ArrayPool<byte>.Shared.Rent(CopyLength);
        try
        {
            treeSource.ReadAt(0, buffer, 0, BaoLayout.HeaderLength);
            ulong length = BaoLayout.ReadHeader(buffer);
            output.Write(buffer, 0, BaoLayout.HeaderLength);
            var extractor = new BaoSliceExtractor(treeSource, input is null ? null : new BaoSource(input), output, input is not null, length, start, count, buffer);
            extractor.Walk(BaoNode.Root(length));
        }
        finally
        {
            StreamBuffers.Return(buffer, CopyLength);
        }
    }

    /// <summary>Writes (or, with no output, measures) the part of the slice in <paramref name="node"/>, which meets the range.</summary>
    private ulong Walk(BaoNode node)
    {
        ulong treeAt = BaoLayout.HeaderLength + node.TreeOffset;
        if (!_layout.Outboard && node.Start >= _first && node.Last <= _last)
        {
            // Wholly in the range: its encoding, as it lies.
            return Copy(_tree, treeAt, _layout.TreeLength(node.ContentLength(_length)));
        }

        if (node.Chunks == 1)
        {
            return Copy(_input, node.ContentStart, node.ContentLength(_length));
        }

        ulong written = Copy(_tree, treeAt, BaoLayout.ParentLength);
        (BaoNode left, BaoNode right) = node.Children(_layout);
        if (left.Last >= _first)
        {
            written += Walk(left);
        }

        if (right.Start <= _last)
        {
            written += Walk(right);
        }

        return written;
    }

    private ulong Copy(BaoSource? source, ulong offset, ulong length)
    {
        if (_output is null)
        {
            return length;
        }

        for (ulong done = 0; done < length;)
        {
            int take = (int)Math.Min(CopyLength, length - done);
            source!.ReadAt(offset + done, _buffer!, 0, take);
            _output.Write(_buffer!, 0, take);
            done += (ulong)take;
        }

        return length;
    }
}

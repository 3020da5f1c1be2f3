using System;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// The chaining values of consecutive subtrees of one input, pushed in input order and merged as
/// soon as more input is known to follow them, as BLAKE3's incremental hasher merges chunks: two
/// neighbours of the same length are siblings (every subtree pushed is a node of the tree), so the
/// stack holds at most one subtree per power of two, 64 at most, whatever the input's length. The
/// root is merged from what is left (<see cref="Blake3Subtree.CreateRootReader(Blake3Mode, ReadOnlySpan{long}, ReadOnlySpan{byte})"/>).
/// </summary>
internal sealed class Blake3SubtreeStack(Blake3Mode mode)
{
    private const int MaxDepth = 65;
    private readonly long[] _lengths = new long[MaxDepth];
    private readonly byte[] _values = new byte[MaxDepth * Blake3Constants.ChainingValueLength];
    private int _count;

    /// <summary>
    /// Adds the next subtree: <paramref name="length"/> bytes starting where the previous one ended,
    /// a node of the whole input's tree (every subtree but the last a power of two of whole chunks,
    /// none reaching into a node that starts before it).
    /// </summary>
    public void Push(long length, ReadOnlySpan<byte> chainingValue)
    {
        // The top two are siblings when their lengths match, and their parent is not the root now
        // that this subtree follows them.
        while (_count >= 2 && _lengths[_count - 1] == _lengths[_count - 2])
        {
            Span<byte> left = _values.AsSpan((_count - 2) * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength);
            Span<byte> right = _values.AsSpan((_count - 1) * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength);
            Blake3Subtree.Merge(mode, left, right, left);
            SecretBytes.Erase(right);
            _lengths[_count - 2] *= 2;
            _count--;
        }

        _lengths[_count] = length;
        chainingValue.CopyTo(_values.AsSpan(_count * Blake3Constants.ChainingValueLength));
        _count++;
    }

    /// <summary>A reader of the whole input's output from the subtrees pushed (two at least); the stack is left as it was.</summary>
    public Blake3OutputReader CreateRootReader() =>
        Blake3Subtree.CreateRootReader(mode, _lengths.AsSpan(0, _count), _values.AsSpan(0, _count * Blake3Constants.ChainingValueLength));

    /// <summary>Erases the chaining values (those of a keyed hash are secret).</summary>
    public void Erase()
    {
        SecretBytes.Erase(_values);
        _count = 0;
    }
}

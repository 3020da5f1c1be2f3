using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace Blake2Fast.Internal;

/// <summary>
/// The parameter blocks of the parallel modes (BLAKE2 paper, BLAKE2bp/BLAKE2sp): every node has
/// fanout = degree, depth 2, leaf length 0 and inner length = the maximum digest length; leaves
/// are at node depth 0 with node offset = their index, the root at depth 1, offset 0.
/// </summary>
internal static class Blake2Tree<TLeaf> where TLeaf : struct, IBlake2Variant
{
    /// <summary>
    /// Outputs of leaves 1 and up for an unkeyed input that fits in leaf 0's first block, by digest
    /// length. Those leaves hash the empty message, so their outputs depend on nothing but the
    /// digest length: computing them once turns a short hash into one leaf compression plus the
    /// root, instead of a whole stripe of leaves plus the root.
    /// </summary>
    private static readonly byte[]?[] EmptyLeaves = new byte[]?[default(TLeaf).MaxDigestLength + 1];

    /// <summary>Leaf <paramref name="nodeOffset"/>'s initial chain value.</summary>
    public static void InitializeLeafChain(Span<byte> chain, int degree, int digestLength, int keyLength, ulong nodeOffset = 0)
    {
        // The key's bytes never reach the parameter block, only its length does.
        Span<byte> keyLengthOnly = stackalloc byte[keyLength];
        default(TLeaf).InitializeChain(chain, new Blake2Settings
        {
            DigestLength = digestLength,
            Key = keyLengthOnly,
            FanOut = (byte)degree,
            MaxDepth = 2,
            NodeOffset = nodeOffset,
            InnerLength = (byte)default(TLeaf).MaxDigestLength,
        });
    }

    /// <summary>
    /// All leaf outputs for an unkeyed input of at most one block: leaf 0 hashes
    /// <paramref name="block"/> (zero-padded, <paramref name="length"/> bytes of data), the other
    /// leaves hash nothing.
    /// </summary>
    public static void HashShortInput(ReadOnlySpan<byte> block, int length, int degree, int digestLength, Span<byte> leafOutputs)
    {
        int leafLength = default(TLeaf).MaxDigestLength;
        Span<byte> chain = stackalloc byte[leafLength];
        InitializeLeafChain(chain, degree, digestLength, 0);
        ulong t0 = 0, t1 = 0;
        default(TLeaf).Compress(default(TLeaf).DefaultKernel, chain, block, ref t0, ref t1, (uint)length, final: true, lastNode: false);
        default(TLeaf).WriteDigest(chain, leafOutputs[..leafLength]);
        chain.Clear();

        byte[]? empty = Volatile.Read(ref EmptyLeaves[digestLength]) ?? ComputeEmptyLeaves(degree, digestLength);
        empty.CopyTo(leafOutputs[leafLength..]);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static byte[] ComputeEmptyLeaves(int degree, int digestLength)
    {
        int leafLength = default(TLeaf).MaxDigestLength;
        byte[] outputs = new byte[(degree - 1) * leafLength];
        Span<byte> chain = stackalloc byte[leafLength];
        Span<byte> emptyBlock = stackalloc byte[default(TLeaf).BlockLength];
        emptyBlock.Clear();
        for (int leaf = 1; leaf < degree; leaf++)
        {
            InitializeLeafChain(chain, degree, digestLength, 0, (ulong)leaf);
            ulong t0 = 0, t1 = 0;
            default(TLeaf).Compress(default(TLeaf).DefaultKernel, chain, emptyBlock, ref t0, ref t1, 0, final: true, lastNode: leaf == degree - 1);
            default(TLeaf).WriteDigest(chain, outputs.AsSpan((leaf - 1) * leafLength, leafLength));
        }

        // Racing threads compute the same bytes; whichever array is published is complete.
        Volatile.Write(ref EmptyLeaves[digestLength], outputs);
        return outputs;
    }

    /// <summary>
    /// The root: it sees the key's length in its parameter block but is not fed the key block, and
    /// it is the last (only) node at depth 1.
    /// </summary>
    public static void HashRoot(ReadOnlySpan<byte> leafOutputs, int degree, int digestLength, int keyLength, Span<byte> destination)
    {
        Span<byte> keyLengthOnly = stackalloc byte[keyLength];
        Span<byte> chain = stackalloc byte[default(TLeaf).MaxDigestLength];
        default(TLeaf).InitializeChain(chain, new Blake2Settings
        {
            DigestLength = digestLength,
            Key = keyLengthOnly,
            FanOut = (byte)degree,
            MaxDepth = 2,
            NodeDepth = 1,
            InnerLength = (byte)default(TLeaf).MaxDigestLength,
            IsLastNode = true,
        });

        // The leaf outputs are a whole number of blocks (4 x 64 = 2 x 128, 8 x 32 = 4 x 64).
        int blockLength = default(TLeaf).BlockLength;
        int last = leafOutputs.Length - blockLength;
        byte kernel = default(TLeaf).DefaultKernel;
        ulong t0 = 0, t1 = 0;
        default(TLeaf).Compress(kernel, chain, leafOutputs[..last], ref t0, ref t1, (uint)blockLength, final: false, lastNode: false);
        default(TLeaf).Compress(kernel, chain, leafOutputs[last..], ref t0, ref t1, (uint)blockLength, final: true, lastNode: true);
        default(TLeaf).WriteDigest(chain, destination);
    }
}

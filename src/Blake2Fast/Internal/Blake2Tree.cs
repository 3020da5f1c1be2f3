using System;

namespace Blake2Fast.Internal;

/// <summary>
/// The parameter blocks of the parallel modes (BLAKE2 paper, BLAKE2bp/BLAKE2sp): every node has
/// fanout = degree, depth 2, leaf length 0 and inner length = the maximum digest length; leaves
/// are at node depth 0 with node offset = their index, the root at depth 1, offset 0.
/// </summary>
internal static class Blake2Tree<TLeaf> where TLeaf : struct, IBlake2Variant
{
    /// <summary>Leaf 0's initial chain value; leaf i differs only by i in the node-offset word.</summary>
    public static void InitializeLeafChain(Span<byte> chain, int degree, int digestLength, int keyLength)
    {
        // The key's bytes never reach the parameter block, only its length does.
        Span<byte> keyLengthOnly = stackalloc byte[keyLength];
        TLeaf.InitializeChain(chain, new Blake2Settings
        {
            DigestLength = digestLength,
            Key = keyLengthOnly,
            FanOut = (byte)degree,
            MaxDepth = 2,
            InnerLength = (byte)TLeaf.MaxDigestLength,
        });
    }

    /// <summary>
    /// The root: it sees the key's length in its parameter block but is not fed the key block, and
    /// it is the last (only) node at depth 1.
    /// </summary>
    public static void HashRoot(ReadOnlySpan<byte> leafOutputs, int degree, int digestLength, int keyLength, Span<byte> destination)
    {
        Span<byte> keyLengthOnly = stackalloc byte[keyLength];
        Span<byte> chain = stackalloc byte[TLeaf.MaxDigestLength];
        TLeaf.InitializeChain(chain, new Blake2Settings
        {
            DigestLength = digestLength,
            Key = keyLengthOnly,
            FanOut = (byte)degree,
            MaxDepth = 2,
            NodeDepth = 1,
            InnerLength = (byte)TLeaf.MaxDigestLength,
            IsLastNode = true,
        });

        // The leaf outputs are a whole number of blocks (4 x 64 = 2 x 128, 8 x 32 = 4 x 64).
        int blockLength = TLeaf.BlockLength;
        int last = leafOutputs.Length - blockLength;
        byte kernel = TLeaf.DefaultKernel;
        ulong t0 = 0, t1 = 0;
        TLeaf.Compress(kernel, chain, leafOutputs[..last], ref t0, ref t1, (uint)blockLength, final: false, lastNode: false);
        TLeaf.Compress(kernel, chain, leafOutputs[last..], ref t0, ref t1, (uint)blockLength, final: true, lastNode: true);
        TLeaf.WriteDigest(chain, destination);
    }
}

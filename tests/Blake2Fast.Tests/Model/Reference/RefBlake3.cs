using System;
using System.Collections.Generic;
using System.Text;

namespace Blake2Fast.Tests;

/// <summary>
/// Reference BLAKE3 (the BLAKE3 paper, BLAKE3-NOTES.md): chunks of 1,024 bytes compressed block by
/// block, their chaining values the leaves of a left-full binary tree built recursively at the end,
/// and the root node's output readable from any position. Hash, keyed hash and key derivation.
/// One byte at a time; it calls nothing in the library.
/// </summary>
internal sealed class RefBlake3 : IRefHasher
{
    /// <summary>The domain flags: CHUNK_START, CHUNK_END, PARENT, ROOT, KEYED_HASH, DERIVE_KEY_CONTEXT, DERIVE_KEY_MATERIAL.</summary>
    public const uint ChunkStart = 1, ChunkEnd = 2, Parent = 4, Root = 8, KeyedHash = 16, DeriveKeyContext = 32, DeriveKeyMaterial = 64;

    /// <summary>A chunk is 16 blocks of 64 bytes.</summary>
    public const int ChunkBytes = 1024, BlockBytes = 64;

    private static readonly int[] Permutation = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];
    private static readonly RefBlake2Spec Words32 = RefBlake2Spec.S;

    private readonly ulong[] _key;
    private readonly uint _mode;
    private readonly List<ulong[]> _chunkCvs;
    private readonly byte[] _chunk;
    private int _chunkLength;

    /// <summary>The number of the first chunk: 0, or where a subtree starts in the whole input (<see cref="StartingAt"/>).</summary>
    private ulong _firstChunk;

    private RefBlake3(ulong[] key, uint mode)
    {
        _key = key;
        _mode = mode;
        _chunkCvs = [];
        _chunk = new byte[ChunkBytes];
    }

    private RefBlake3(RefBlake3 other)
    {
        _key = other._key;
        _mode = other._mode;
        _chunkCvs = [.. other._chunkCvs];
        _chunk = (byte[])other._chunk.Clone();
        _chunkLength = other._chunkLength;
        _firstChunk = other._firstChunk;
    }

    public static RefBlake3 Hash() => new(Words32.IV[..8], 0);

    public static RefBlake3 Keyed(ReadOnlySpan<byte> key) => new(ToWords(key, 8), KeyedHash);

    /// <summary>Key derivation: the context string (UTF-8) hashed into a context key, which keys the material.</summary>
    public static RefBlake3 DeriveKey(string context)
    {
        var contextHasher = new RefBlake3(Words32.IV[..8], DeriveKeyContext);
        contextHasher.Update(Encoding.UTF8.GetBytes(context));
        byte[] contextKey = new byte[32];
        contextHasher.RootNode().Read(0, contextKey);
        return new RefBlake3(ToWords(contextKey, 8), DeriveKeyMaterial);
    }

    public RefBlake3 Clone() => new(this);

    /// <summary>
    /// A new hasher, in this one's mode, of the subtree whose first chunk is chunk
    /// <paramref name="firstChunk"/> of the whole input: its chunks are numbered from there, as
    /// every chunk's counter is its place in the whole input.
    /// </summary>
    public RefBlake3 StartingAt(ulong firstChunk) => new(_key, _mode) { _firstChunk = firstChunk };

    /// <summary>The chaining value of the input so far as one subtree: its top node (a chunk or a parent), compressed without ROOT.</summary>
    public byte[] SubtreeChainingValue() => Bytes(RootNode().ChainingValue());

    /// <summary>The parent node, in this hasher's mode, over two children's 32-byte chaining values: its chaining value, or with <see cref="Node.Read"/> root output.</summary>
    public Node ParentNode(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right) =>
        new(_key, [.. ToWords(left, 8), .. ToWords(right, 8)], 0, BlockBytes, _mode | Parent);

    /// <summary>Little-endian bytes of 32-bit words (held in ulongs).</summary>
    public static byte[] Bytes(ulong[] words)
    {
        byte[] bytes = new byte[words.Length * 4];
        for (int i = 0; i < bytes.Length; i++)
        {
            bytes[i] = (byte)(words[i / 4] >> (8 * (i % 4)));
        }

        return bytes;
    }

    IRefHasher IRefHasher.Clone() => Clone();

    public void Update(ReadOnlySpan<byte> data)
    {
        foreach (byte b in data)
        {
            // A full chunk is finished only once a byte follows it: the only chunk is the root.
            if (_chunkLength == ChunkBytes)
            {
                _chunkCvs.Add(ChunkNode().ChainingValue());
                _chunkLength = 0;
            }

            _chunk[_chunkLength++] = b;
        }
    }

    /// <summary>The standard 32-byte hash of the input so far.</summary>
    public byte[] Finish()
    {
        byte[] hash = new byte[32];
        RootNode().Read(0, hash);
        return hash;
    }

    /// <summary>The root node of the input so far; its output starts with the hash.</summary>
    public Node RootNode()
    {
        if (_chunkCvs.Count == 0)
        {
            return ChunkNode();
        }

        var leaves = new List<ulong[]>(_chunkCvs) { ChunkNode().ChainingValue() };
        return Subtree(leaves, 0, leaves.Count);
    }

    /// <summary>The parent over leaves [lo, hi), two or more: the left side takes the largest power of two below their number.</summary>
    private Node Subtree(List<ulong[]> leaves, int lo, int hi)
    {
        int split = 1;
        while (split * 2 < hi - lo)
        {
            split *= 2;
        }

        ulong[] left = split == 1 ? leaves[lo] : Subtree(leaves, lo, lo + split).ChainingValue();
        ulong[] right = hi - (lo + split) == 1 ? leaves[lo + split] : Subtree(leaves, lo + split, hi).ChainingValue();
        return new Node(_key, [.. left, .. right], 0, BlockBytes, _mode | Parent);
    }

    /// <summary>The current chunk (chunk number _chunkCvs.Count): all its blocks but the last compressed, the last as a node.</summary>
    private Node ChunkNode()
    {
        ulong counter = _firstChunk + (ulong)_chunkCvs.Count;
        int blocks = Math.Max(1, (_chunkLength + BlockBytes - 1) / BlockBytes);
        ulong[] cv = _key;
        for (int j = 0; ; j++)
        {
            byte[] block = new byte[BlockBytes];
            int length = Math.Min(BlockBytes, _chunkLength - (j * BlockBytes));
            Array.Copy(_chunk, j * BlockBytes, block, 0, length);
            uint flags = _mode | (j == 0 ? ChunkStart : 0) | (j == blocks - 1 ? ChunkEnd : 0);
            var node = new Node(cv, ToWords(block, 16), counter, (uint)length, flags);
            if (j == blocks - 1)
            {
                return node;
            }

            cv = node.ChainingValue();
        }
    }

    private static ulong[] ToWords(ReadOnlySpan<byte> bytes, int count)
    {
        ulong[] words = new ulong[count];
        for (int i = 0; i < count; i++)
        {
            words[i] = Words32.ReadWord(bytes, i);
        }

        return words;
    }

    /// <summary>The compression function: 7 rounds of BLAKE2s's, the message permuted between rounds; 16 output words.</summary>
    private static ulong[] Compress(ulong[] cv, ulong[] block, ulong counter, uint length, uint flags)
    {
        ulong[] v = [.. cv, .. Words32.IV[..4], counter & uint.MaxValue, counter >> 32, length, flags];
        ulong[] m = (ulong[])block.Clone();
        for (int round = 0; round < 7; round++)
        {
            Words32.Round(v, m);
            m = Array.ConvertAll(Permutation, i => m[i]);
        }

        for (int i = 0; i < 8; i++)
        {
            v[i] ^= v[i + 8];
            v[i + 8] ^= cv[i];
        }

        return v;
    }

    /// <summary>One compression's inputs: the chaining value of a chunk or parent, or, with ROOT, the output at any position.</summary>
    public sealed record Node(ulong[] Cv, ulong[] Block, ulong Counter, uint Length, uint Flags)
    {
        public ulong[] ChainingValue() => Compress(Cv, Block, Counter, Length, Flags)[..8];

        /// <summary>Output bytes from <paramref name="position"/> on: byte p is in output block p / 64, compressed with counter p / 64.</summary>
        public void Read(ulong position, Span<byte> destination)
        {
            ulong cachedBlock = ulong.MaxValue;
            ulong[] words = [];
            for (int i = 0; i < destination.Length; i++)
            {
                ulong p = unchecked(position + (ulong)i);
                if (p / BlockBytes != cachedBlock)
                {
                    cachedBlock = p / BlockBytes;
                    words = Compress(Cv, Block, cachedBlock, Length, Flags | Root);
                }

                int inBlock = (int)(p % BlockBytes);
                destination[i] = (byte)(words[inBlock / 4] >> (8 * (inBlock % 4)));
            }
        }
    }
}

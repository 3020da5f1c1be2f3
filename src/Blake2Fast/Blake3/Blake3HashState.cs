using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast;

/// <summary>
/// An incremental BLAKE3 hash (plain, keyed or key derivation), from
/// <see cref="Blake3.CreateIncrementalHasher()"/> and its overloads. Feed it with
/// <see cref="Update(ReadOnlySpan{byte})"/>, then read the output with <see cref="Finish(Span{byte})"/>
/// (any length) or <see cref="CreateOutputReader"/> (from any position).
/// </summary>
/// <remarks>
/// <para>A mutable value type (about 2 KiB, most of it the stack of chaining values that a tree up to
/// 2^64 bytes needs): keep it in a local or a field and call its methods there. Copying it forks the
/// hash: both copies go on independently. A <see langword="default"/> instance is not usable.</para>
/// <para><see cref="Update(ReadOnlySpan{byte})"/> allocates nothing. Runs of whole chunks are hashed as
/// subtrees, the way the one-shot <see cref="Blake3.HashData(ReadOnlySpan{byte}, Span{byte})"/> hashes them,
/// so large updates cost what the one-shot costs. <see cref="Finish(Span{byte})"/> and
/// <see cref="Clear"/> erase the key and all state.</para>
/// </remarks>
public partial struct Blake3HashState
{
    private Bytes64 _key;
    private Bytes64 _chunkCv;
    private Bytes64 _block;
    private Blake3CvStack _stack;
    private ulong _chunkCounter;

    /// <summary>The chunk this hash starts at: 0, or a subtree's (<see cref="Blake3Subtree.CreateHasher"/>).</summary>
    private ulong _firstChunk;
    private uint _flags;
    private int _blockLength;
    private int _blocksCompressed;
    private int _stackLength;
    private byte _status;

    /// <summary>
    /// Starts a hash with the given key words (8) and mode flag, at chunk <paramref name="firstChunk"/>
    /// of the whole input (a subtree's first chunk, or 0). Callers have validated their arguments.
    /// </summary>
    internal unsafe void Initialize(ReadOnlySpan<uint> key, uint flags, ulong firstChunk = 0)
    {
        fixed (void* pinned = &_status)
        {
            MemoryMarshal.AsBytes(key[..8]).CopyTo(_key.AsSpan());
            _flags = flags;
            _firstChunk = firstChunk;
            Restart();
        }
    }

    /// <summary>Absorbs <paramref name="input"/>.</summary>
    /// <param name="input">The next bytes of the message.</param>
    /// <exception cref="ArgumentException">The state hashes a subtree (<see cref="Blake3Subtree.CreateHasher"/>) and <paramref name="input"/> would take it past <see cref="Blake3Subtree.MaxSubtreeLength"/>; nothing was absorbed.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or has been finished.</exception>
    public void Update(ReadOnlySpan<byte> input) => Update(input, 1);

    /// <summary>
    /// Absorbs <paramref name="input"/>, hashing large runs of whole chunks on up to
    /// <paramref name="maxDegreeOfParallelism"/> threads (the calling thread among them); the result
    /// is the same as <see cref="Update(ReadOnlySpan{byte})"/>'s.
    /// </summary>
    /// <param name="input">The next bytes of the message.</param>
    /// <param name="maxDegreeOfParallelism">1 for the calling thread only, -1 for as many as there are processors, or a number of threads.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxDegreeOfParallelism"/> is 0 or below -1.</exception>
    /// <exception cref="ArgumentException">The state hashes a subtree (<see cref="Blake3Subtree.CreateHasher"/>) and <paramref name="input"/> would take it past <see cref="Blake3Subtree.MaxSubtreeLength"/>; nothing was absorbed.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or has been finished.</exception>
    public unsafe void Update(ReadOnlySpan<byte> input, int maxDegreeOfParallelism)
    {
        int degree = Blake3.Degree(maxDegreeOfParallelism);
        fixed (void* pinned = &_status)
        {
            ThrowIfNotActive();
            if (_firstChunk != 0)
            {
                CheckSubtreeRoom(input.Length, nameof(input));
            }

            Span<byte> cv = stackalloc byte[32];
            while (!input.IsEmpty)
            {
                // A full chunk is finished only now that more input is known to follow it: the last
                // chunk of the message may be the root.
                if (ChunkLength == Blake3Constants.ChunkLength)
                {
                    FinishChunk(cv);
                }

                // Whole chunks as one subtree, a power of two of them that the chunks so far are a
                // multiple of, so that the subtree is a node of the final tree. At least one byte is
                // kept for the chunk state, which may hold the root, except in a subtree after the
                // first chunk, which never does: there the whole chunks go to the lanes at once (a
                // 16 KiB subtree in one group of 16, not 8 + 4 + 2 + 1 chunks and one alone).
                int wholeChunks = (_firstChunk != 0 ? input.Length : input.Length - 1) / Blake3Constants.ChunkLength;
                if (ChunkLength == 0 && wholeChunks > 0)
                {
                    int chunks = Blake3Tree.LargestPowerOfTwo(wholeChunks);
                    while ((_chunkCounter & (ulong)(chunks - 1)) != 0)
                    {
                        chunks /= 2;
                    }

                    int length = chunks * Blake3Constants.ChunkLength;
                    Blake3Tree.Subtree(input[..length], Words(_key.AsSpan()), _chunkCounter, _flags, degree, cv);
                    PushChainingValue(cv);
                    _chunkCounter += (ulong)chunks;
                    input = input[length..];
                    continue;
                }

                int take = Math.Min(Blake3Constants.ChunkLength - ChunkLength, input.Length);
                AbsorbIntoChunk(input[..take]);
                input = input[take..];
            }

            // The subtrees before the chunk state are complete (it holds at least one byte, or, in
            // a subtree after the first chunk, is empty): merged here, the root computation can put
            // the chunk on top of the stack directly.
            MergeStack();
            SecretBytes.Erase(cv);
        }
    }

    /// <summary>Writes <c>destination.Length</c> bytes of output (32 is the standard hash) and erases the state.</summary>
    /// <param name="destination">Receives the output; 1 byte or more.</param>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is empty; nothing was written and the state is unchanged.</exception>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or has been finished, or hashes a subtree at a nonzero offset (which has no root output: use <see cref="FinishSubtree"/>).</exception>
    public void Finish(Span<byte> destination)
    {
        Blake3.CheckDestination(destination.Length, nameof(destination));
        ThrowIfNotActive();
        ThrowIfSubtree();
        Blake3Output root = default;
        RootOutput(ref root);
        root.WriteRootBytes(0, destination);
        root.Erase();
        Clear();
        _status = HashStatus.Finished;
    }

    /// <summary>Returns the 32-byte hash and erases the state.</summary>
    /// <returns>The 32-byte BLAKE3 output.</returns>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or has been finished, or hashes a subtree at a nonzero offset.</exception>
    public byte[] Finish()
    {
        byte[] hash = new byte[Blake3.DefaultOutputLength];
        Finish(hash);
        return hash;
    }

    /// <summary>
    /// Returns a reader of the output of the input so far, from any position up to 2^64 bytes. The
    /// state stays usable: more input can follow, and a later reader sees it.
    /// </summary>
    /// <returns>A reader positioned at byte 0; dispose it to erase what it holds.</returns>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or has been finished, or hashes a subtree at a nonzero offset.</exception>
    public readonly Blake3OutputReader CreateOutputReader()
    {
        ThrowIfNotActive();
        ThrowIfSubtree();
        var reader = new Blake3OutputReader();
        Blake3HashState copy = this;
        copy.RootOutput(ref reader.Root);
        copy.Clear();
        return reader;
    }

    /// <summary>
    /// Writes the 32-byte chaining value of the subtree hashed so far (its non-root hash, for
    /// <see cref="Blake3Subtree.Merge"/> and <see cref="Blake3Subtree.MergeRoot(Blake3Mode, ReadOnlySpan{byte}, ReadOnlySpan{byte}, Span{byte})"/>)
    /// and erases the state. The state comes from <see cref="Blake3Subtree.CreateHasher"/>, or from
    /// <see cref="Blake3.CreateIncrementalHasher()"/> and its overloads for a subtree at offset 0.
    /// </summary>
    /// <remarks>
    /// Any non-empty input has a chaining value, as the official crate's <c>finalize_non_root</c>
    /// gives it: the top node of the input so far (its one chunk, for 1024 bytes or less; else the
    /// parent of its two halves) compressed without the ROOT flag. At offset 0 that is so for any
    /// length, but only a power-of-two number of whole chunks (1024, 2048, 4096, ... bytes) can be
    /// followed by more subtrees, which the list form of
    /// <see cref="Blake3Subtree.MergeRoot(Blake3Mode, ReadOnlySpan{long}, ReadOnlySpan{byte}, Span{byte})"/>
    /// checks; the hash of the input itself is its root: <see cref="Finish(Span{byte})"/> gives that.
    /// </remarks>
    /// <param name="chainingValue">Receives the chaining value: exactly 32 bytes.</param>
    /// <exception cref="ArgumentException"><paramref name="chainingValue"/> is not 32 bytes long; nothing was written and the state is unchanged.</exception>
    /// <exception cref="InvalidOperationException">
    /// The state is <see langword="default"/> or has been finished, or it has absorbed no input (no
    /// subtree is empty). Nothing was written and the state is unchanged.
    /// </exception>
    public unsafe void FinishSubtree(Span<byte> chainingValue)
    {
        Blake3Subtree.CheckChainingValue(chainingValue.Length, nameof(chainingValue));
        ThrowIfNotActive();
        ulong chunks = _chunkCounter - _firstChunk;
        if (chunks == 0 && ChunkLength == 0)
        {
            throw new InvalidOperationException("This BLAKE3 subtree hasher has absorbed no input: no subtree is empty. Nothing was written.");
        }

        if (ChunkLength == 0 && _stackLength == 1)
        {
            // A subtree after the first chunk whose whole chunks merged into one value: that is its chaining value.
            fixed (void* pinned = &_status)
            {
                _stack.AsSpan()[..Blake3Constants.ChainingValueLength].CopyTo(chainingValue);
            }
        }
        else
        {
            // The top node, compressed without ROOT: one chunk's own, or a parent over the stack
            // and the chunk state, whatever the length (at offset 0 too, as finalize_non_root).
            Blake3Output node = default;
            RootOutput(ref node);
            node.WriteChainingValue(chainingValue);
            node.Erase();
        }

        Clear();
        _status = HashStatus.Finished;
    }

    /// <summary>Discards the input so far; the key and mode stay.</summary>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or has been finished.</exception>
    public unsafe void Reset()
    {
        fixed (void* pinned = &_status)
        {
            ThrowIfNotActive();
            Restart();
        }
    }

    /// <summary>Refuses input that would take a subtree past its largest length (callers pin the state).</summary>
    private readonly void CheckSubtreeRoom(int length, string paramName)
    {
        // The first chunk is a multiple of the subtree's largest chunk count, its lowest set bit.
        ulong maxChunks = _firstChunk & (0 - _firstChunk);
        ulong absorbed = ((_chunkCounter - _firstChunk) * Blake3Constants.ChunkLength) + (ulong)ChunkLength;
        ulong room = (maxChunks * Blake3Constants.ChunkLength) - absorbed;
        if ((ulong)length > room)
        {
            throw new ArgumentException(
                $"The subtree starting at byte {_firstChunk * Blake3Constants.ChunkLength} holds at most {maxChunks * Blake3Constants.ChunkLength} bytes (Blake3Subtree.MaxSubtreeLength); " +
                $"{absorbed} are hashed and {length} more would pass that. Nothing was absorbed.",
                paramName);
        }
    }

    /// <summary>Erases the key and all state; the instance is then unusable until assigned a new hasher.</summary>
    public unsafe void Clear()
    {
        fixed (void* pinned = &_status)
        {
            SecretBytes.Erase(FixedBufferSpans.BytesOf(ref this));
        }
    }

    private readonly int ChunkLength => (_blocksCompressed * Blake3Constants.BlockLength) + _blockLength;

    /// <summary>The 8 words stored in an inline buffer (the key, the chunk's chaining value); callers pin the state.</summary>
    private static Span<uint> Words(Span<byte> buffer) => MemoryMarshal.Cast<byte, uint>(buffer)[..8];

    // Callers pin the state.
    private void Restart()
    {
        Words(_key.AsSpan()).CopyTo(Words(_chunkCv.AsSpan()));
        _block.AsSpan().Clear();
        _stack.AsSpan().Clear();
        _chunkCounter = _firstChunk;
        _blockLength = 0;
        _blocksCompressed = 0;
        _stackLength = 0;
        _status = HashStatus.Active;
    }

    // Callers pin the state; input fits in the current chunk.
    [MethodImpl(KernelRoot.DriverOptions)]
    private void AbsorbIntoChunk(ReadOnlySpan<byte> input)
    {
        Span<byte> block = _block.AsSpan()[..Blake3Constants.BlockLength];
        while (!input.IsEmpty)
        {
            if (_blockLength == Blake3Constants.BlockLength)
            {
                Blake3Kernels.Compress(Words(_chunkCv.AsSpan()), block, Blake3Constants.BlockLength, _chunkCounter, _flags | StartFlag);
                _blocksCompressed++;
                _blockLength = 0;
            }

            int take = Math.Min(Blake3Constants.BlockLength - _blockLength, input.Length);
            input[..take].CopyTo(block[_blockLength..]);
            _blockLength += take;
            input = input[take..];
        }
    }

    private readonly uint StartFlag => _blocksCompressed == 0 ? Blake3Constants.ChunkStart : 0;

    // Callers pin the state.
    private void FinishChunk(Span<byte> cv)
    {
        Blake3Output chunk = default;
        chunk.Set(Words(_chunkCv.AsSpan()), _block.AsSpan(), (uint)_blockLength, _chunkCounter, _flags | StartFlag | Blake3Constants.ChunkEnd);
        chunk.WriteChainingValue(cv);
        chunk.Erase();
        PushChainingValue(cv);
        _chunkCounter++;
        Words(_key.AsSpan()).CopyTo(Words(_chunkCv.AsSpan()));
        _block.AsSpan().Clear();
        _blockLength = 0;
        _blocksCompressed = 0;
    }

    /// <summary>
    /// Pushes the chaining value of the subtree that starts at chunk <c>_chunkCounter</c>, after
    /// merging the subtrees before it (<see cref="MergeStack"/>).
    /// </summary>
    // Callers pin the state.
    private void PushChainingValue(ReadOnlySpan<byte> cv)
    {
        MergeStack();
        cv[..32].CopyTo(_stack.AsSpan()[(_stackLength * 32)..]);
        _stackLength++;
    }

    /// <summary>
    /// Merges the stack down to one entry per set bit of the count of chunks before the current one
    /// (counted from the first chunk: a subtree's first is a multiple of its largest size):
    /// one chaining value per complete power-of-two subtree. Merging waits until more input is known
    /// to follow (a push, or the end of an update that leaves bytes in the chunk state), since the
    /// last parents must be finished as the root.
    /// </summary>
    // Callers pin the state.
    [MethodImpl(KernelRoot.DriverOptions)]
    private void MergeStack()
    {
        Span<byte> stack = _stack.AsSpan();
        int keep = System.Numerics.BitOperations.PopCount(_chunkCounter - _firstChunk);
        while (_stackLength > keep)
        {
            Span<byte> pair = stack.Slice((_stackLength - 2) * 32, 64);
            Blake3Kernels.HashParents(pair, Words(_key.AsSpan()), _flags, pair);
            _stackLength--;
        }
    }

    /// <summary>The root node of the input so far: the chunk state, then the stack's parents from the top down.</summary>
    private unsafe void RootOutput(ref Blake3Output root)
    {
        fixed (void* pinned = &_status)
        {
            Span<byte> stack = _stack.AsSpan();
            int remaining = _stackLength;
            if (ChunkLength > 0 || remaining == 0)
            {
                root.Set(Words(_chunkCv.AsSpan()), _block.AsSpan(), (uint)_blockLength, _chunkCounter, _flags | StartFlag | Blake3Constants.ChunkEnd);
            }
            else
            {
                root.Set(Words(_key.AsSpan()), stack.Slice((remaining - 2) * 32, 64), 64, 0, _flags | Blake3Constants.Parent);
                remaining -= 2;
            }

            Span<byte> children = stackalloc byte[64];
            while (remaining > 0)
            {
                stack.Slice((remaining - 1) * 32, 32).CopyTo(children);
                root.WriteChainingValue(children[32..]);
                root.Set(Words(_key.AsSpan()), children, 64, 0, _flags | Blake3Constants.Parent);
                remaining--;
            }

            SecretBytes.Erase(children);
        }
    }

    private readonly void ThrowIfSubtree()
    {
        if (_firstChunk != 0)
        {
            throw new InvalidOperationException("This BLAKE3 state hashes a subtree that starts after the input's first chunk: it has no root output. Call FinishSubtree for its chaining value and merge it with Blake3Subtree.");
        }
    }

    private readonly void ThrowIfNotActive() => HashStatus.ThrowIfNotActive(
        _status,
        "This BLAKE3 state has been finished and its key and data erased. Create a new hasher to hash again.",
        "This BLAKE3 state was not created by Blake3.CreateIncrementalHasher (it is default or cleared).");
}

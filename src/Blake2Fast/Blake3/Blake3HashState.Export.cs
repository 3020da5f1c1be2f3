using System;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast;

/// <summary>
/// Export and import of a BLAKE3 state (docs/resumable-hashing.md). The body, little-endian: the
/// mode's flags and key words, the first chunk (a subtree's) and the current one, the chunk
/// state's progress and chaining value, its buffered block's bytes in use, and the stack's entries
/// in use (one per complete subtree: a set bit of the chunks hashed so far).
/// </summary>
public partial struct Blake3HashState : IExportableState
{
    private const int FixedBodyLength = 4 + Blake3Constants.KeyLength + 8 + 8 + 1 + 1 + 1 + Blake3Constants.ChainingValueLength;

    /// <summary>
    /// Writes this state to bytes that <see cref="Blake3.ImportState"/> resumes, in this process or
    /// another, on any machine and any build of the library: the mode, the input's position (a
    /// subtree's offset included) and everything hashed so far. The state stays usable. Format
    /// and sizes (about 100 bytes plus 32 per complete subtree, 1,899 at most): docs/resumable-hashing.md.
    /// </summary>
    /// <param name="includeSecrets">
    /// Must be <see langword="true"/> to export a keyed hash or a key derivation's state: the bytes
    /// then hold the key (or the key material hashed so far) and are as secret as it. Ignored in the plain hash mode.
    /// </param>
    /// <returns>A new array holding the exported state.</returns>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or has been finished, or it is keyed or derives a key and <paramref name="includeSecrets"/> is <see langword="false"/>.</exception>
    public byte[] ExportState(bool includeSecrets = false) =>
        StateExport.ToArray(ref this, includeSecrets, ExportedAlgorithm.Blake3);

    /// <summary>
    /// Writes this state into <paramref name="destination"/> as <see cref="ExportState"/> does,
    /// without allocating, if it is long enough (1,899 bytes always are). The state stays usable.
    /// </summary>
    /// <param name="destination">Where to write the exported state.</param>
    /// <param name="bytesWritten">The number of bytes written, or 0.</param>
    /// <param name="includeSecrets">Must be <see langword="true"/> to export a keyed hash or a key derivation's state; see <see cref="ExportState"/>.</param>
    /// <returns><see langword="false"/> if <paramref name="destination"/> is too short, in which case nothing was written.</returns>
    /// <exception cref="InvalidOperationException">The state is <see langword="default"/> or has been finished, or it is keyed or derives a key and <paramref name="includeSecrets"/> is <see langword="false"/>.</exception>
    public bool TryExportState(Span<byte> destination, out int bytesWritten, bool includeSecrets = false) =>
        StateExport.TryWrite(ref this, destination, out bytesWritten, includeSecrets, ExportedAlgorithm.Blake3);

    /// <summary>Whether the state holds secrets: a key, or key material (the plain mode's key words are the public IV).</summary>
    private readonly bool HoldsSecrets => _flags != 0;

    /// <inheritdoc/>
    readonly bool IExportableState.HoldsSecrets => HoldsSecrets;

    /// <inheritdoc/>
    readonly int IExportableState.ExportBodyLength(bool includeSecrets, ExportedAlgorithm algorithm)
    {
        ThrowIfNotActive();
        ExportedStateFormat.ThrowIfSecretsWithheld(HoldsSecrets, includeSecrets, algorithm);
        return FixedBodyLength + _blockLength + (_stackLength * Blake3Constants.ChainingValueLength);
    }

    /// <inheritdoc/>
    unsafe void IExportableState.WriteBody(ref StateWriter writer)
    {
        fixed (void* pinned = &_status)
        {
            writer.WriteUInt32(_flags);
            WriteWords(ref writer, Words(_key.AsSpan()));
            writer.WriteUInt64(_firstChunk);
            writer.WriteUInt64(_chunkCounter);
            writer.WriteByte((byte)_blocksCompressed);
            writer.WriteByte((byte)_blockLength);
            writer.WriteByte((byte)_stackLength);
            WriteWords(ref writer, Words(_chunkCv.AsSpan()));
            writer.WriteBytes(_block.AsSpan()[.._blockLength]);
            writer.WriteBytes(_stack.AsSpan()[..(_stackLength * Blake3Constants.ChainingValueLength)]);
        }
    }

    /// <summary>Resumes an exported state; see <see cref="Blake3.ImportState"/>.</summary>
    internal static Blake3HashState Import(ReadOnlySpan<byte> exportedState)
    {
        StateReader reader = ExportedStateFormat.Open(exportedState, ExportedAlgorithm.Blake3, out bool holdsSecrets);
        Blake3HashState state = default;
        state.ReadBody(ref reader, holdsSecrets);
        return state;
    }

    private unsafe void ReadBody(ref StateReader reader, bool holdsSecrets)
    {
        fixed (void* pinned = &_status)
        {
            try
            {
                ReadFields(ref reader, holdsSecrets);
                reader.EnsureEnd();
                _status = HashStatus.Active;
            }
            catch
            {
                Clear();
                throw;
            }
        }
    }

    // ReadBody pins the state.
    private void ReadFields(ref StateReader reader, bool holdsSecrets)
    {
        uint flags = reader.ReadUInt32();
        reader.Require(flags is 0 or Blake3Constants.KeyedHash or Blake3Constants.DeriveKeyMaterial, "its mode flags are not those of the hash, keyed hash or key derivation mode");
        reader.Require(holdsSecrets == (flags != 0), "its header's secrets flag does not say whether the state is keyed");
        Span<uint> key = Words(_key.AsSpan());
        ReadWords(ref reader, key);
        reader.Require(flags != 0 || key.SequenceEqual(Blake3.Iv), "its plain hash mode's key words are not BLAKE3's IV");

        ulong firstChunk = reader.ReadUInt64();
        ulong chunkCounter = reader.ReadUInt64();
        int blocksCompressed = reader.ReadByte();
        int blockLength = reader.ReadByte();
        int stackLength = reader.ReadByte();
        Span<uint> chunkCv = Words(_chunkCv.AsSpan());
        ReadWords(ref reader, chunkCv);
        reader.ReadBytes(Math.Min(blockLength, Blake3Constants.BlockLength)).CopyTo(_block.AsSpan());
        reader.ReadBytes(Math.Min(stackLength, Blake3Constants.MaxStackDepth) * Blake3Constants.ChainingValueLength).CopyTo(_stack.AsSpan());

        // A chunk holds 16 blocks; one is compressed only once more input follows it, and a fresh
        // chunk's chaining value is the key.
        reader.Require(blockLength <= Blake3Constants.BlockLength && blocksCompressed < Blake3Constants.ChunkLength / Blake3Constants.BlockLength, "its chunk state holds more than a chunk");
        reader.Require(blocksCompressed == 0 ? chunkCv.SequenceEqual(key) : blockLength != 0, "its chunk state compressed a block that no input followed");

        // The input stays below 2^64 bytes; a subtree starts at a multiple of its largest size and
        // stays within it; the whole input's chunk state keeps at least a byte after its first chunk.
        reader.Require(chunkCounter >= firstChunk && chunkCounter < (1UL << Blake3Constants.MaxStackDepth), "its chunk counter is before its first chunk or past 2^64 bytes");
        ulong chunks = chunkCounter - firstChunk;
        ulong chunkBytes = ((ulong)blocksCompressed * Blake3Constants.BlockLength) + (ulong)blockLength;
        if (firstChunk != 0)
        {
            ulong maxChunks = firstChunk & (0 - firstChunk);
            reader.Require(chunks < maxChunks || (chunks == maxChunks && chunkBytes == 0), "its subtree is longer than a subtree at its offset can be");
        }
        else
        {
            reader.Require(chunks == 0 || chunkBytes != 0, "its chunk state is empty after the first chunk");
        }

        // One stack entry per complete power-of-two subtree: a set bit of the chunks hashed.
        reader.Require(stackLength == System.Numerics.BitOperations.PopCount(chunks), "its stack does not hold one entry per complete subtree");

        _flags = flags;
        _firstChunk = firstChunk;
        _chunkCounter = chunkCounter;
        _blocksCompressed = blocksCompressed;
        _blockLength = blockLength;
        _stackLength = stackLength;
    }

    private static void WriteWords(ref StateWriter writer, scoped ReadOnlySpan<uint> words)
    {
        foreach (uint word in words)
        {
            writer.WriteUInt32(word);
        }
    }

    private static void ReadWords(ref StateReader reader, scoped Span<uint> words)
    {
        for (int i = 0; i < words.Length; i++)
        {
            words[i] = reader.ReadUInt32();
        }
    }
}

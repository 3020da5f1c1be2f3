using System;
using System.Runtime.InteropServices;

namespace Blake2Fast.Internal;

/// <summary>
/// The body of an exported BLAKE2b or BLAKE2s state (docs/resumable-hashing.md), field by field,
/// little-endian: the parameter block, the key, the chain value, the counter, the last-node flag and
/// the buffered bytes. Only the bytes in use are written; the kernel is not (each machine picks its own).
/// </summary>
internal partial struct Blake2Core<TVariant> : IExportableState
{
    private static int WordLength => default(TVariant).MaxDigestLength / 8;

    /// <summary>Whether the state holds a key (in its key field, and in its chain value or buffered key block).</summary>
    public readonly bool HoldsSecrets => _keyLength != 0;

    /// <summary>Whether <see cref="Finish"/> sets the last-node flag.</summary>
    public readonly bool IsLastNode => _lastNode;

    /// <summary>The key's length in bytes (0 when unkeyed).</summary>
    public readonly int KeyLength => _keyLength;

    /// <summary>
    /// The length of this state's body, after checking that it can be exported: active, started
    /// from a parameter block (not HMAC's precomputed key block), secrets allowed if it holds any.
    /// </summary>
    public readonly int ExportBodyLength(bool includeSecrets, ExportedAlgorithm algorithm)
    {
        ThrowIfNotActive();
        if (_initialCounter != 0)
        {
            throw new InvalidOperationException("Internal error: an HMAC engine's state is not exportable.");
        }

        ExportedStateFormat.ThrowIfSecretsWithheld(HoldsSecrets, includeSecrets, algorithm);
        int max = default(TVariant).MaxDigestLength;
        return max + _keyLength + max + 8 + 8 + 1 + 1 + _bufferLength;
    }

    /// <summary>Writes the body; <see cref="ExportBodyLength"/> was called first.</summary>
    public unsafe void WriteBody(ref StateWriter writer)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            int wordLength = WordLength;
            Span<byte> iv = stackalloc byte[64];
            default(TVariant).InitializeChain(iv, new Blake2Settings { DigestLength = 0 });
            Span<byte> initialChain = _initialChain.AsSpan();
            for (int word = 0; word < 8; word++)
            {
                // The parameter block is the initial chain value with the IV taken out.
                writer.WriteWord(HostWord(initialChain, word) ^ HostWord(iv, word), wordLength);
            }

            writer.WriteBytes(_key.AsSpan()[.._keyLength]);
            Span<byte> chain = _chain.AsSpan();
            for (int word = 0; word < 8; word++)
            {
                writer.WriteWord(HostWord(chain, word), wordLength);
            }

            writer.WriteUInt64(_t0);
            writer.WriteUInt64(_t1);
            writer.WriteByte(_lastNode ? (byte)1 : (byte)0);
            writer.WriteByte((byte)_bufferLength);
            writer.WriteBytes(_buffer.AsSpan()[.._bufferLength]);
        }
    }

    /// <summary>
    /// Reads a body written by <see cref="WriteBody"/> into this (default) state and makes it
    /// active on <paramref name="kernel"/>, refusing any value no hash can reach; on a refusal the
    /// state is erased.
    /// </summary>
    /// <param name="reader">The body's reader.</param>
    /// <param name="holdsSecrets">The header's secrets flag.</param>
    /// <param name="kernel">The compress kernel to use.</param>
    /// <param name="isWholeBody">Whether the body ends after these fields (BLAKE2X's continues).</param>
    public unsafe void ReadBody(ref StateReader reader, bool holdsSecrets, byte kernel, bool isWholeBody)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            try
            {
                ReadFields(ref reader, holdsSecrets);
                if (isWholeBody)
                {
                    reader.EnsureEnd();
                }

                _kernel = kernel;
                _initialCounter = 0;
                _status = HashStatus.Active;
            }
            catch
            {
                Erase();
                throw;
            }
        }
    }

    // ReadBody pins the state.
    private void ReadFields(ref StateReader reader, bool holdsSecrets)
    {
        int max = default(TVariant).MaxDigestLength;
        int blockLength = default(TVariant).BlockLength;
        int wordLength = WordLength;
        ReadOnlySpan<byte> parameters = reader.ReadBytes(max);
        int digestLength = parameters[0];
        int keyLength = parameters[1];
        reader.Require(digestLength >= 1 && digestLength <= max, "its digest length is 0 or more than the algorithm's largest");
        reader.Require(keyLength <= default(TVariant).MaxKeyLength, "its key is longer than the algorithm allows");
        reader.Require(holdsSecrets == (keyLength != 0), "its header's secrets flag does not say whether the state is keyed");

        // BLAKE2b's parameter bytes 18..31 are reserved and always zero; BLAKE2s has none.
        reader.Require(max == 32 || ExportedStateFormat.AllZero(parameters[18..32]), "its parameter block's reserved bytes are not zero");

        Span<byte> iv = stackalloc byte[64];
        default(TVariant).InitializeChain(iv, new Blake2Settings { DigestLength = 0 });
        Span<byte> initialChain = _initialChain.AsSpan();
        for (int word = 0; word < 8; word++)
        {
            SetHostWord(initialChain, word, HostWord(iv, word) ^ LittleEndianWord(parameters, word, wordLength));
        }

        reader.ReadBytes(keyLength).CopyTo(_key.AsSpan());
        Span<byte> chain = _chain.AsSpan();
        for (int word = 0; word < 8; word++)
        {
            SetHostWord(chain, word, reader.ReadWord(wordLength));
        }

        ulong t0 = reader.ReadUInt64();
        ulong t1 = reader.ReadUInt64();
        byte nodeFlags = reader.ReadByte();
        int bufferLength = reader.ReadByte();
        reader.Require(nodeFlags <= 1, "its node flags have bits this version does not define");
        reader.Require(bufferLength <= blockLength, "it buffers more than one block");
        reader.ReadBytes(bufferLength).CopyTo(_buffer.AsSpan());

        // Only whole non-final blocks are compressed, and only once more input follows them; a
        // key block stays buffered, whole, until then. BLAKE2s counts in t0 alone, and no BLAKE2b
        // input reaches 2^64 bytes.
        reader.Require(t1 == 0 && t0 % (ulong)blockLength == 0, "its byte counter is not a whole number of blocks below 2^64 bytes");
        reader.Require(t0 == 0 || bufferLength != 0, "it compressed a block that no input followed");
        if (keyLength != 0 && t0 == 0)
        {
            ReadOnlySpan<byte> buffered = _buffer.AsSpan()[..blockLength];
            reader.Require(
                bufferLength == blockLength && buffered[..keyLength].SequenceEqual(_key.AsSpan()[..keyLength]) && ExportedStateFormat.AllZero(buffered[keyLength..]),
                "its first buffered block is not its key block");
        }

        _digestLength = (byte)digestLength;
        _keyLength = (byte)keyLength;
        _lastNode = nodeFlags != 0;
        _t0 = t0;
        _t1 = t1;
        _bufferLength = bufferLength;
    }

    /// <summary>Whether the state started from exactly <paramref name="expectedInitialChain"/> (BLAKE2X checks its parameter block against the parameters it implies).</summary>
    public unsafe bool StartedFrom(ReadOnlySpan<byte> expectedInitialChain)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            return _initialChain.AsSpan()[..default(TVariant).MaxDigestLength].SequenceEqual(expectedInitialChain[..default(TVariant).MaxDigestLength]);
        }
    }

    /// <summary>Copies the 16 (BLAKE2b) or 8 (BLAKE2s) bytes of the salt and of the personalization out of the parameter block.</summary>
    public unsafe void CopySaltAndPersonalization(Span<byte> salt, Span<byte> personalization)
    {
        fixed (void* pinned = &_status)
        {
            int wordLength = WordLength;
            Span<byte> iv = stackalloc byte[64];
            default(TVariant).InitializeChain(iv, new Blake2Settings { DigestLength = 0 });
            Span<byte> parameters = stackalloc byte[64];
            Span<byte> initialChain = _initialChain.AsSpan();
            var writer = new StateWriter(parameters, 0);
            for (int word = 0; word < 8; word++)
            {
                writer.WriteWord(HostWord(initialChain, word) ^ HostWord(iv, word), wordLength);
            }

            // Salt and personalization are the parameter block's last two quarters.
            int quarter = default(TVariant).MaxDigestLength / 4;
            parameters.Slice(2 * quarter, quarter).CopyTo(salt);
            parameters.Slice(3 * quarter, quarter).CopyTo(personalization);
        }
    }

    /// <summary>Copies the key (<see cref="KeyLength"/> bytes) into <paramref name="destination"/>.</summary>
    public unsafe void CopyKey(Span<byte> destination)
    {
        fixed (void* pinned = &_status)
        {
            _key.AsSpan()[.._keyLength].CopyTo(destination);
        }
    }

    private static ulong HostWord(ReadOnlySpan<byte> words, int index) => WordLength == 8
        ? MemoryMarshal.Cast<byte, ulong>(words)[index]
        : MemoryMarshal.Cast<byte, uint>(words)[index];

    private static void SetHostWord(Span<byte> words, int index, ulong value)
    {
        if (WordLength == 8)
        {
            MemoryMarshal.Cast<byte, ulong>(words)[index] = value;
        }
        else
        {
            MemoryMarshal.Cast<byte, uint>(words)[index] = (uint)value;
        }
    }

    private static ulong LittleEndianWord(ReadOnlySpan<byte> bytes, int index, int wordLength) => wordLength == 8
        ? System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(bytes[(8 * index)..])
        : System.Buffers.Binary.BinaryPrimitives.ReadUInt32LittleEndian(bytes[(4 * index)..]);
}

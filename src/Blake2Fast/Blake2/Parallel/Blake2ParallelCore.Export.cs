using System;

namespace Blake2Fast.Internal;

/// <summary>
/// The body of an exported BLAKE2bp or BLAKE2sp state (docs/resumable-hashing.md): digest and key
/// lengths, the key, every leaf's chain value, the bytes each leaf has compressed, and the buffered
/// bytes (up to a stripe and all but one block of the next, which the engine holds back).
/// </summary>
internal partial struct Blake2ParallelCore<TParallel> : IExportableState
{
    /// <summary>Whether the state holds a key (in its key field, its leaves' chain values or its buffered key stripe).</summary>
    public readonly bool HoldsSecrets => _keyLength != 0;

    private static int LeafChainLength => default(TParallel).MaxDigestLength;

    /// <summary>The length of this state's body, after checking that it can be exported.</summary>
    public readonly int ExportBodyLength(bool includeSecrets, ExportedAlgorithm algorithm)
    {
        ThrowIfNotActive();
        ExportedStateFormat.ThrowIfSecretsWithheld(HoldsSecrets, includeSecrets, algorithm);
        return 1 + 1 + _keyLength + (default(TParallel).Degree * LeafChainLength) + 8 + 2 + _bufferLength;
    }

    /// <summary>Writes the body; <see cref="ExportBodyLength"/> was called first.</summary>
    public unsafe void WriteBody(ref StateWriter writer)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            writer.WriteByte(_digestLength);
            writer.WriteByte(_keyLength);
            writer.WriteBytes(_key.AsSpan()[.._keyLength]);
            Span<byte> leafChain = stackalloc byte[64];
            for (int leaf = 0; leaf < default(TParallel).Degree; leaf++)
            {
                default(TParallel).WriteLane(ref _lanes, leaf, leafChain[..LeafChainLength]);
                writer.WriteBytes(leafChain[..LeafChainLength]);
            }

            SecretBytes.Erase(leafChain);
            writer.WriteUInt64(default(TParallel).LeafBytes(ref _lanes));
            writer.WriteUInt16((ushort)_bufferLength);
            writer.WriteBytes(_buffer.AsSpan()[.._bufferLength]);
        }
    }

    /// <summary>
    /// Reads a whole body written by <see cref="WriteBody"/> into this (default) state and makes it
    /// active on <paramref name="kernel"/>; on a refusal the state is erased.
    /// </summary>
    public unsafe void ReadBody(ref StateReader reader, bool holdsSecrets, byte kernel)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            try
            {
                ReadFields(ref reader, holdsSecrets);
                reader.EnsureEnd();
                _kernel = kernel;
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
        int blockLength = default(TParallel).BlockLength;
        int digestLength = reader.ReadByte();
        int keyLength = reader.ReadByte();
        reader.Require(digestLength >= 1 && digestLength <= default(TParallel).MaxDigestLength, "its digest length is 0 or more than the algorithm's largest");
        reader.Require(keyLength <= default(TParallel).MaxKeyLength, "its key is longer than the algorithm allows");
        reader.Require(holdsSecrets == (keyLength != 0), "its header's secrets flag does not say whether the state is keyed");
        reader.ReadBytes(keyLength).CopyTo(_key.AsSpan());
        for (int leaf = 0; leaf < default(TParallel).Degree; leaf++)
        {
            default(TParallel).ReadLane(ref _lanes, leaf, reader.ReadBytes(LeafChainLength));
        }

        ulong leafBytes = reader.ReadUInt64();
        int bufferLength = reader.ReadUInt16();
        reader.Require(bufferLength <= StripeLength + HeldBack, "it buffers more than a stripe and the blocks held back after it");
        reader.ReadBytes(bufferLength).CopyTo(_buffer.AsSpan());

        // Each stripe gives every leaf one block, and is compressed only once more than HeldBack
        // bytes follow it; a key stripe stays buffered until then.
        reader.Require(leafBytes % (ulong)blockLength == 0 && leafBytes <= ulong.MaxValue / (ulong)default(TParallel).Degree, "its leaves' byte counter is not a whole number of blocks of an input below 2^64 bytes");
        reader.Require(leafBytes == 0 || bufferLength > HeldBack, "it compressed a stripe that too few bytes followed");
        if (keyLength != 0 && leafBytes == 0)
        {
            reader.Require(bufferLength >= StripeLength && IsKeyStripe(_buffer.AsSpan()[..StripeLength], _key.AsSpan()[..keyLength]), "its first buffered stripe is not its key stripe");
        }

        default(TParallel).SetLeafBytes(ref _lanes, leafBytes);
        _digestLength = (byte)digestLength;
        _keyLength = (byte)keyLength;
        _bufferLength = bufferLength;
    }

    private static bool IsKeyStripe(ReadOnlySpan<byte> stripe, ReadOnlySpan<byte> key)
    {
        int blockLength = default(TParallel).BlockLength;
        for (int leaf = 0; leaf < default(TParallel).Degree; leaf++)
        {
            ReadOnlySpan<byte> block = stripe.Slice(leaf * blockLength, blockLength);
            if (!block[..key.Length].SequenceEqual(key) || !ExportedStateFormat.AllZero(block[key.Length..]))
            {
                return false;
            }
        }

        return true;
    }
}

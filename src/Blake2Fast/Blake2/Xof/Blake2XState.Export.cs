using System;

namespace Blake2Fast.Internal;

/// <summary>
/// The body of an exported BLAKE2Xb or BLAKE2Xs state (docs/resumable-hashing.md): the BLAKE2b or
/// BLAKE2s body of the hash of the input, then the declared output length. The output side's
/// parameters follow from those and are derived again on import.
/// </summary>
internal partial struct Blake2XState<TX, TBase> : IExportableState
{
    /// <summary>Whether the state holds a key.</summary>
    public readonly bool HoldsSecrets => _core.HoldsSecrets;

    /// <summary>The length of this state's body, after checking that it can be exported.</summary>
    public readonly int ExportBodyLength(bool includeSecrets, ExportedAlgorithm algorithm) =>
        _core.ExportBodyLength(includeSecrets, algorithm) + 8;

    /// <summary>Writes the body; <see cref="ExportBodyLength"/> was called first.</summary>
    public void WriteBody(ref StateWriter writer)
    {
        _core.WriteBody(ref writer);
        writer.WriteUInt64(_declaredLength);
    }

    /// <summary>
    /// Reads a whole body written by <see cref="WriteBody"/> into this (default) state and makes it
    /// active, refusing a parameter block that is not the one its salt, personalization, key length
    /// and declared length make; on a refusal the state is erased.
    /// </summary>
    public unsafe void ReadBody(ref StateReader reader, bool holdsSecrets, byte kernel, byte outputKernel)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_outputKernel)
        {
            try
            {
                _core.ReadBody(ref reader, holdsSecrets, kernel, isWholeBody: false);
                ulong declared = reader.ReadUInt64();
                reader.EnsureEnd();
                ulong unknown = default(TX).UnknownLengthField;
                reader.Require(declared <= unknown, "its declared output length is past the algorithm's largest");
                reader.Require(!_core.IsLastNode, "it sets the last-node flag, which BLAKE2X never does");

                int quarter = default(TBase).MaxDigestLength / 4;
                Span<byte> salt = stackalloc byte[16];
                Span<byte> personalization = stackalloc byte[16];
                _core.CopySaltAndPersonalization(salt[..quarter], personalization[..quarter]);

                // The key's length alone enters the parameter block: zeros stand for it.
                Span<byte> keyStandIn = stackalloc byte[64];
                keyStandIn.Clear();
                ulong xofField = declared == 0 ? unknown : declared;
                Span<byte> expected = stackalloc byte[64];
                default(TBase).InitializeChain(expected, CoreSettings(keyStandIn[.._core.KeyLength], salt[..quarter], personalization[..quarter], xofField));
                reader.Require(_core.StartedFrom(expected), "its parameter block is not the one its BLAKE2X settings make");

                default(TBase).InitializeChain(_outputChain.AsSpan(), OutputSettings(salt[..quarter], personalization[..quarter], xofField));
                _declaredLength = declared;
                _outputKernel = outputKernel;
            }
            catch
            {
                Erase();
                throw;
            }
        }
    }
}

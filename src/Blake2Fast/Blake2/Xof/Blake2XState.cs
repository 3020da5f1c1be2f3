using System;

namespace Blake2Fast.Internal;

/// <summary>
/// The absorbing side of BLAKE2X: a BLAKE2 hash (of digest length = maximum, XOF length field set)
/// whose digest is the root hash H0, plus what the output side needs besides H0.
/// </summary>
/// <remarks>
/// Copying it forks the computation, key included, like <see cref="Blake2Core{TVariant}"/>.
/// </remarks>
internal partial struct Blake2XState<TX, TBase>
    where TX : struct, IBlake2XVariant
    where TBase : struct, IBlake2Variant
{
    private Blake2Core<TBase> _core;
    private Bytes64 _outputChain;
    private ulong _declaredLength;
    private byte _outputKernel;

    /// <summary>The output length given at creation, or 0 when it was left unknown.</summary>
    public readonly ulong DeclaredLength => _declaredLength;

    /// <summary>Whether the state was initialised and not yet finished.</summary>
    public readonly bool IsActive => _core.IsActive;

    /// <summary>The output kernel (tests force a specific one).</summary>
    public readonly byte OutputKernel => _outputKernel;

    /// <summary>
    /// Starts a BLAKE2X hash. Lengths must already be validated; <paramref name="declaredLength"/>
    /// 0 means the length is not known in advance.
    /// </summary>
    public unsafe void Initialize(ReadOnlySpan<byte> key, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> personalization, ulong declaredLength, byte outputKernel)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_outputKernel)
        {
            ulong xofField = declaredLength == 0 ? default(TX).UnknownLengthField : declaredLength;
            _declaredLength = declaredLength;
            _outputKernel = outputKernel;
            _core.Initialize(CoreSettings(key, salt, personalization, xofField));
            default(TBase).InitializeChain(_outputChain.AsSpan(), OutputSettings(salt, personalization, xofField));
        }
    }

    /// <summary>
    /// The parameters of the hash of the input: BLAKE2Xb keeps its XOF length in bytes 12..15,
    /// BLAKE2Xs in bytes 12..13, in both above the 32-bit node offset that the engine's parameter
    /// block writes from bit 0 of NodeOffset.
    /// </summary>
    private static Blake2Settings CoreSettings(ReadOnlySpan<byte> key, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> personalization, ulong xofField) => new()
    {
        DigestLength = default(TBase).MaxDigestLength,
        Key = key,
        Salt = salt,
        Personalization = personalization,
        FanOut = 1,
        MaxDepth = 1,
        NodeOffset = xofField << 32,
    };

    /// <summary>The parameters of the output blocks' hashes (whose node offset, the block index, each block sets).</summary>
    private static Blake2Settings OutputSettings(ReadOnlySpan<byte> salt, ReadOnlySpan<byte> personalization, ulong xofField) => new()
    {
        DigestLength = default(TBase).MaxDigestLength,
        Salt = salt,
        Personalization = personalization,
        LeafLength = (uint)default(TBase).MaxDigestLength,
        NodeOffset = xofField << 32,
        InnerLength = (byte)default(TBase).MaxDigestLength,
    };

    /// <summary>Absorbs <paramref name="input"/>.</summary>
    public void Update(ReadOnlySpan<byte> input) => _core.Update(input);

    /// <summary>
    /// Computes H0, starts <paramref name="output"/> with an output of <paramref name="end"/>
    /// bytes (validated by the caller), then erases this state.
    /// </summary>
    public unsafe void Finish(ref Blake2XOutput<TX> output, ulong end)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_outputKernel)
        {
            Span<byte> h0 = stackalloc byte[64];
            _core.Finish(h0);
            output.Initialize(h0[..default(TX).OutputBlockLength], _outputChain.AsSpan(), end, _outputKernel);
            SecretBytes.Erase(h0);
            Erase();
        }
    }

    /// <summary>Zeroes the key, buffered input and chain values; the state cannot be used again.</summary>
    public unsafe void Erase()
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_outputKernel)
        {
            _core.Erase();
            _outputChain.AsSpan().Clear();
            _declaredLength = 0;
        }
    }
}

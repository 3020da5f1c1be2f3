using System;

namespace Blake2Fast.Internal;

/// <summary>
/// The incremental engine of BLAKE2bp and BLAKE2sp: input dealt out block by block, round-robin,
/// to the leaves (hashed side by side as the lanes of one <see cref="Blake2Lanes"/>), then the leaf
/// outputs hashed by the root.
/// </summary>
/// <remarks>
/// <para>A <em>stripe</em> is one block per leaf, in leaf order: exactly the unit the input is dealt
/// out in, so stripe k of the input feeds block k of every leaf.</para>
/// <para>The key block goes to every leaf first. The engine treats it as a stripe of
/// <c>degree</c> copies of the zero-padded key placed before the data: the leaves then see exactly
/// their keyed messages and no other path needs to know about keys.</para>
/// <para>Every leaf's last block must be compressed with the final flag, and the leaves' last
/// blocks can lie in two different stripes. So a stripe is compressed only once more than
/// <c>degree - 1</c> blocks follow it (then every leaf of the stripe has a later block); at most one
/// stripe plus <c>degree - 1</c> blocks stay buffered, and <see cref="Finish"/> finishes each leaf
/// in the stripe that holds its last block.</para>
/// <para>An unkeyed input of at most one block only reaches leaf 0; the other leaves' outputs
/// are then cached values (<see cref="Blake2Tree{TLeaf}.HashShortInput"/>), which keeps short
/// hashes close to the cost of the root alone.</para>
/// <para>A value type, as <see cref="Blake2Core{TVariant}"/>: one-shot hashing keeps it on the
/// stack; copying it forks the computation, key included.</para>
/// </remarks>
internal partial struct Blake2ParallelCore<TParallel> : IBlake2Engine where TParallel : struct, IBlake2ParallelVariant
{
    private Blake2Lanes _lanes;
    private StripeBuffer _buffer;
    private Bytes64 _key;
    private int _bufferLength;
    private byte _digestLength;
    private byte _keyLength;
    private byte _status;
    private byte _kernel;

    /// <inheritdoc/>
    public readonly int BlockLength => default(TParallel).BlockLength;

    /// <inheritdoc/>
    public readonly int MaxKeyLength => default(TParallel).MaxKeyLength;

    private static int StripeLength => default(TParallel).Degree * default(TParallel).BlockLength;

    /// <summary>Bytes that must follow a stripe before it can be compressed: all its blocks but one.</summary>
    private static int HeldBack => StripeLength - default(TParallel).BlockLength;

    /// <summary>The number of bytes <see cref="Finish"/> writes.</summary>
    public readonly int DigestLength => _digestLength;

    /// <summary>Whether the state was initialised (and not yet finished).</summary>
    public readonly bool IsActive => _status == HashStatus.Active;

    /// <summary>The lane kernel this state uses (tests force a specific one).</summary>
    public readonly byte Kernel => _kernel;

    /// <summary>Starts a hash. Only the digest length and the key of <paramref name="settings"/> are used; they must already be validated.</summary>
    public void Initialize(scoped in Blake2Settings settings) => Initialize(settings, default(TParallel).DefaultKernel);

    /// <inheritdoc cref="Initialize(in Blake2Settings)"/>
    public unsafe void Initialize(scoped in Blake2Settings settings, byte kernel)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            _kernel = kernel;
            _digestLength = (byte)settings.DigestLength;
            _keyLength = (byte)settings.Key.Length;
            settings.Key.CopyTo(_key.AsSpan());
            Restart();
        }
    }

    /// <summary>Discards all input so far; the key and digest length stay.</summary>
    public unsafe void Reset()
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            ThrowIfNotActive();
            Restart();
        }
    }

    // Callers (Initialize, Reset) pin the state.
    private void Restart()
    {
        default(TParallel).InitializeLanes(ref _lanes, _digestLength, _keyLength);
        _bufferLength = 0;
        if (_keyLength != 0)
        {
            // The key stripe: every leaf's first block is the zero-padded key.
            Span<byte> buffer = _buffer.AsSpan();
            ReadOnlySpan<byte> key = _key.AsSpan()[.._keyLength];
            int blockLength = default(TParallel).BlockLength;
            for (int leaf = 0; leaf < default(TParallel).Degree; leaf++)
            {
                Span<byte> block = buffer.Slice(leaf * blockLength, blockLength);
                key.CopyTo(block);
                block[key.Length..].Clear();
            }

            _bufferLength = StripeLength;
        }

        _status = HashStatus.Active;
    }

    /// <summary>Absorbs <paramref name="input"/>.</summary>
    public unsafe void Update(ReadOnlySpan<byte> input)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            ThrowIfNotActive();
            int stripeLength = StripeLength;
            int capacity = stripeLength + HeldBack;
            Span<byte> buffer = _buffer.AsSpan();

            while (input.Length > capacity - _bufferLength)
            {
                if (_bufferLength == 0)
                {
                    // Straight from the input: every stripe followed by more than HeldBack bytes.
                    int stripes = (input.Length - HeldBack - 1) / stripeLength;
                    int direct = stripes * stripeLength;
                    default(TParallel).Compress(_kernel, ref _lanes, input[..direct], (uint)default(TParallel).BlockLength);
                    input = input[direct..];
                    break;
                }

                // The buffer's first stripe is followed by more than HeldBack bytes: complete it if needed and compress it.
                if (_bufferLength < stripeLength)
                {
                    int take = stripeLength - _bufferLength;
                    input[..take].CopyTo(buffer[_bufferLength..]);
                    input = input[take..];
                    _bufferLength = stripeLength;
                }

                default(TParallel).Compress(_kernel, ref _lanes, buffer[..stripeLength], (uint)default(TParallel).BlockLength);
                _bufferLength -= stripeLength;
                buffer.Slice(stripeLength, _bufferLength).CopyTo(buffer);
            }

            input.CopyTo(buffer[_bufferLength..]);
            _bufferLength += input.Length;
        }
    }

    /// <summary>
    /// Finishes the hash into the first <see cref="DigestLength"/> bytes of
    /// <paramref name="destination"/>, which the caller has checked is long enough, then erases
    /// the state (key included).
    /// </summary>
    public unsafe void Finish(Span<byte> destination)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            ThrowIfNotActive();
            int blockLength = default(TParallel).BlockLength;
            Span<byte> buffer = _buffer.AsSpan();
            Span<byte> leaves = stackalloc byte[default(TParallel).Degree * default(TParallel).MaxDigestLength];
            int remaining = _bufferLength;
            if (_keyLength == 0 && remaining <= blockLength)
            {
                // Only leaf 0 has data (no key block, and no stripe was compressed: that leaves more
                // than a block buffered).
                buffer[remaining..blockLength].Clear();
                default(TParallel).HashShortInput(buffer[..blockLength], remaining, _digestLength, leaves);
            }
            else
            {
                FinishLeaves(leaves);
            }

            default(TParallel).HashRoot(leaves, _digestLength, _keyLength, destination[.._digestLength]);
            SecretBytes.Erase(leaves);
            Erase();
            _status = HashStatus.Finished;
        }
    }

    /// <summary>Finishes every leaf in the lanes and writes its output.</summary>
    // Finish pins the state.
    private void FinishLeaves(Span<byte> leaves)
    {
        int degree = default(TParallel).Degree;
        int blockLength = default(TParallel).BlockLength;
        int stripeLength = StripeLength;
        int leafLength = default(TParallel).MaxDigestLength;
        Span<byte> buffer = _buffer.AsSpan();
        int remaining = _bufferLength;
        int offset = 0;
        uint written = 0;

        if (remaining > stripeLength)
        {
            // Two stripes' worth: the leaves whose block in the second stripe exists finish there,
            // the others finish here.
            for (int leaf = 0; leaf < degree; leaf++)
            {
                default(TParallel).SetFlags(ref _lanes, leaf, final: remaining <= stripeLength + (leaf * blockLength), lastNode: leaf == degree - 1);
            }

            default(TParallel).Compress(_kernel, ref _lanes, buffer[..stripeLength], (uint)blockLength);
            for (int leaf = 0; leaf < degree; leaf++)
            {
                if (remaining <= stripeLength + (leaf * blockLength))
                {
                    default(TParallel).WriteLane(ref _lanes, leaf, leaves.Slice(leaf * leafLength, leafLength));
                    written |= 1u << leaf;
                }
            }

            offset = stripeLength;
            remaining -= stripeLength;
        }

        // The last stripe, zero-padded; each leaf counts only its own bytes. Leaves finished above
        // are compressed again but not read.
        buffer.Slice(offset + remaining, stripeLength - remaining).Clear();
        for (int leaf = 0; leaf < degree; leaf++)
        {
            int bytes = Math.Clamp(remaining - (leaf * blockLength), 0, blockLength);
            default(TParallel).AddToCounter(ref _lanes, leaf, (uint)bytes);
            default(TParallel).SetFlags(ref _lanes, leaf, final: true, lastNode: leaf == degree - 1);
        }

        default(TParallel).Compress(_kernel, ref _lanes, buffer.Slice(offset, stripeLength), 0);
        for (int leaf = 0; leaf < degree; leaf++)
        {
            if ((written & (1u << leaf)) == 0)
            {
                default(TParallel).WriteLane(ref _lanes, leaf, leaves.Slice(leaf * leafLength, leafLength));
            }
        }
    }

    /// <summary>Zeroes the key, the buffered input and the chain values.</summary>
    public unsafe void Erase()
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            HashStatus.EraseAllBut(ref this, ref _status);
        }
    }

    /// <inheritdoc/>
    public int HashMessage(scoped in Blake2Settings settings, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        this = default;
        Initialize(settings);
        Update(source);
        Finish(destination);
        return settings.DigestLength;
    }

    private readonly void ThrowIfNotActive() =>
        HashStatus.ThrowIfNotActive(_status, ApiMessages.StateFinished, ApiMessages.StateUninitialized);
}

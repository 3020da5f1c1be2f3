using System;

namespace Blake2Fast.Internal;

/// <summary>
/// The incremental BLAKE2 engine shared by BLAKE2b and BLAKE2s: buffering, the byte counter, the
/// key block, finalisation and erasure. One copy of this logic means one place where the
/// block-boundary rule ("the last block is compressed with f0 set, even when the input is an exact
/// multiple of the block length") can be wrong.
/// </summary>
/// <remarks>
/// A value type on purpose: one-shot hashing keeps it on the stack and allocates nothing. Copying it
/// forks the computation, key included.
/// </remarks>
internal partial struct Blake2Core<TVariant> : IBlake2Engine where TVariant : struct, IBlake2Variant
{
    private Bytes64 _chain;
    private Bytes64 _initialChain;
    private Bytes128 _buffer;
    private Bytes64 _key;
    private ulong _t0;
    private ulong _t1;
    private ulong _initialCounter;
    private int _bufferLength;
    private byte _digestLength;
    private byte _keyLength;
    private byte _status;
    private byte _kernel;
    private bool _lastNode;

    /// <inheritdoc/>
    public readonly int BlockLength => default(TVariant).BlockLength;

    /// <inheritdoc/>
    public readonly int MaxKeyLength => default(TVariant).MaxKeyLength;

    /// <summary>The number of bytes <see cref="Finish"/> writes.</summary>
    public readonly int DigestLength => _digestLength;

    /// <summary>Whether the state was initialised (and not yet finished).</summary>
    public readonly bool IsActive => _status == HashStatus.Active;

    /// <summary>The compress kernel this state uses (tests force a specific one).</summary>
    public readonly byte Kernel => _kernel;

    /// <summary>Starts a hash. The settings must already be validated.</summary>
    public void Initialize(scoped in Blake2Settings settings) => Initialize(settings, default(TVariant).DefaultKernel);

    /// <inheritdoc cref="Initialize(in Blake2Settings)"/>
    public unsafe void Initialize(scoped in Blake2Settings settings, byte kernel)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            _kernel = kernel;
            _digestLength = (byte)settings.DigestLength;
            _keyLength = (byte)settings.Key.Length;
            _lastNode = settings.IsLastNode;
            default(TVariant).InitializeChain(_initialChain.AsSpan(), settings);

            // A state can be initialised again (HMAC Key setter, Initialize): a shorter new key must
            // not leave the tail of the previous one behind.
            _key.AsSpan().Clear();
            settings.Key.CopyTo(_key.AsSpan());
            _initialCounter = 0;
            Restart();
        }
    }

    /// <summary>
    /// Sets the last-node flag after the hash started. <see cref="Finish"/> alone reads it, so a
    /// tree leaf read from a stream can be marked last when the stream is found to end right after it.
    /// </summary>
    public void MarkLastNode() => _lastNode = true;

    /// <summary>
    /// Starts an unkeyed hash whose first block, <paramref name="firstBlock"/> (one whole block),
    /// is compressed now, as a non-final block: the caller must give more input before Finish. <see cref="Reset"/>
    /// returns to the state after that block. RFC 2104 HMAC starts its inner and outer hashes this
    /// way from the padded key, once per key, so that each message costs only its own blocks.
    /// </summary>
    public unsafe void InitializeAfterBlock(scoped in Blake2Settings settings, ReadOnlySpan<byte> firstBlock)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_status)
        {
            Initialize(settings);
            int blockLength = default(TVariant).BlockLength;
            default(TVariant).Compress(_kernel, _chain.AsSpan(), firstBlock[..blockLength], ref _t0, ref _t1, (uint)blockLength, final: false, lastNode: false);
            _chain.AsSpan().CopyTo(_initialChain.AsSpan());
            _initialCounter = _t0;
        }
    }

    /// <summary>Discards all input so far; the key and parameters stay.</summary>
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
        _initialChain.AsSpan().CopyTo(_chain.AsSpan());
        _t0 = _initialCounter;
        _t1 = 0;
        Span<byte> buffer = _buffer.AsSpan();
        buffer.Clear();
        _bufferLength = 0;
        if (_keyLength != 0)
        {
            // The key, zero-padded to a whole block, is the first block of the message. It stays
            // buffered like any other full block, so a key with no data is compressed as the last block.
            _key.AsSpan()[.._keyLength].CopyTo(buffer);
            _bufferLength = default(TVariant).BlockLength;
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
            int blockLength = default(TVariant).BlockLength;
            int room = blockLength - _bufferLength;

            // A block is compressed only once more input is known to follow it: the final block,
            // full or not, must be compressed by Finish with the final flag.
            if (input.Length <= room)
            {
                input.CopyTo(_buffer.AsSpan()[_bufferLength..]);
                _bufferLength += input.Length;
                return;
            }

            if (_bufferLength != 0)
            {
                input[..room].CopyTo(_buffer.AsSpan()[_bufferLength..]);
                input = input[room..];
                default(TVariant).Compress(_kernel, _chain.AsSpan(), _buffer.AsSpan()[..blockLength], ref _t0, ref _t1, (uint)blockLength, final: false, lastNode: false);
                _bufferLength = 0;
            }

            int direct = BytesBeforeLastBlock(input.Length);
            if (direct != 0)
            {
                default(TVariant).Compress(_kernel, _chain.AsSpan(), input[..direct], ref _t0, ref _t1, (uint)blockLength, final: false, lastNode: false);
                input = input[direct..];
            }

            input.CopyTo(_buffer.AsSpan());
            _bufferLength = input.Length;
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
            Span<byte> buffer = _buffer.AsSpan();
            int blockLength = default(TVariant).BlockLength;
            buffer[_bufferLength..blockLength].Clear();
            default(TVariant).Compress(_kernel, _chain.AsSpan(), buffer[..blockLength], ref _t0, ref _t1, (uint)_bufferLength, final: true, lastNode: _lastNode);
            default(TVariant).WriteDigest(_chain.AsSpan(), destination[.._digestLength]);
            Erase();
            _status = HashStatus.Finished;
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

    /// <summary>
    /// How many of <paramref name="length"/> bytes can be compressed as non-final blocks: all but
    /// the last 1 to BlockLength bytes (none of an empty input), which the final block takes.
    /// Shared with <see cref="Blake2Message{TVariant}"/> so the block-boundary rule is written once.
    /// </summary>
    public static int BytesBeforeLastBlock(int length) =>
        length == 0 ? 0 : (length - 1) / default(TVariant).BlockLength * default(TVariant).BlockLength;

    /// <inheritdoc/>
    /// <remarks>Uses none of this state: see <see cref="Blake2Message{TVariant}"/>.</remarks>
    public readonly int HashMessage(scoped in Blake2Settings settings, ReadOnlySpan<byte> source, Span<byte> destination) =>
        Blake2Message<TVariant>.Hash(settings, source, destination);

    private readonly void ThrowIfNotActive() =>
        HashStatus.ThrowIfNotActive(_status, ApiMessages.StateFinished, ApiMessages.StateUninitialized);
}

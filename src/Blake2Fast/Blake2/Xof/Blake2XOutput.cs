using System;

namespace Blake2Fast.Internal;

/// <summary>
/// The output side of BLAKE2X: from the root hash H0, produces the output stream block by block,
/// from any position, in pieces of any size. Validation is the caller's job; this only computes.
/// </summary>
/// <remarks>
/// A value type so that the one-shots run allocation-free on the stack. Every block but the one
/// holding the last byte has the full digest length; that one has the bytes it contributes,
/// which is why the end of the output must be fixed before its last block is read.
/// </remarks>
internal struct Blake2XOutput<TX> where TX : struct, IBlake2XVariant
{
    private Bytes64 _h0;
    private Bytes64 _chain;
    private Bytes64 _block;
    private ulong _position;
    private ulong _end;
    private long _bufferedBlock;
    private byte _kernel;

    /// <summary>How many bytes have been read.</summary>
    public readonly ulong Position => _position;

    /// <summary>Where the output ends (its total length).</summary>
    public readonly ulong End => _end;

    /// <summary>
    /// Starts the output. <paramref name="h0"/> is the root hash; <paramref name="chain"/> is IV
    /// XOR the output parameter block with the full digest length and node offset 0.
    /// </summary>
    public unsafe void Initialize(ReadOnlySpan<byte> h0, ReadOnlySpan<byte> chain, ulong end, byte kernel)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_kernel)
        {
            h0.CopyTo(_h0.AsSpan());
            chain.CopyTo(_chain.AsSpan());
            _position = 0;
            _end = end;
            _bufferedBlock = -1;
            _kernel = kernel;
        }
    }

    /// <summary>Writes the next <c>destination.Length</c> bytes, which the caller has checked do not pass the end.</summary>
    public unsafe void Read(Span<byte> destination)
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_kernel)
        {
            int blockLength = default(TX).OutputBlockLength;
            while (!destination.IsEmpty)
            {
                ulong index = _position / (uint)blockLength;
                int offset = (int)(_position % (uint)blockLength);
                ulong wholeBlocks = (_end - _position) / (uint)blockLength;

                // Aligned, and at least one block of full length wanted: straight into the destination.
                if (offset == 0 && destination.Length >= blockLength && wholeBlocks != 0)
                {
                    int count = (int)Math.Min((ulong)(destination.Length / blockLength), wholeBlocks);
                    int bytes = count * blockLength;
                    default(TX).WriteBlocks(_kernel, _h0.AsSpan(), _chain.AsSpan(), (uint)index, count, destination[..bytes]);
                    destination = destination[bytes..];
                    _position += (ulong)bytes;
                    continue;
                }

                // Part of a block: compute it once into the buffer and serve it from there.
                ulong blockStart = index * (uint)blockLength;
                int digestLength = (int)Math.Min((ulong)blockLength, _end - blockStart);
                if (_bufferedBlock != (long)index)
                {
                    default(TX).WriteBlock(_h0.AsSpan(), _chain.AsSpan(), (uint)index, digestLength, _block.AsSpan());
                    _bufferedBlock = (long)index;
                }

                int take = Math.Min(destination.Length, digestLength - offset);
                _block.AsSpan().Slice(offset, take).CopyTo(destination);
                destination = destination[take..];
                _position += (ulong)take;
            }
        }
    }

    /// <summary>Zeroes H0, the buffered block and everything else.</summary>
    public unsafe void Erase()
    {
        // Pinned while spans over the inline buffers exist (see FixedBufferSpans).
        fixed (void* pinned = &_kernel)
        {
            SecretBytes.Erase(FixedBufferSpans.BytesOf(ref this));
        }
    }
}

using System;
using System.Runtime.InteropServices;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// The last compression of a node, kept uncompressed: as a non-root node it gives the node's
/// chaining value; as the root it is compressed again with ROOT set, once per 64 bytes of output
/// (output block k uses counter k), which makes the output extendable and seekable.
/// </summary>
/// <remarks>A value type stored inline (in the hash state and the output reader); methods pin it while they use its buffers.</remarks>
internal struct Blake3Output
{
    private Bytes64 _chainingValue;
    private Bytes64 _block;
    private ulong _counter;
    private uint _blockLength;
    private uint _flags;

    /// <summary>Keeps the inputs of one compression: <paramref name="chainingValue"/> (8 words), the block (zero-padded here), its length, counter and flags.</summary>
    public unsafe void Set(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags)
    {
        fixed (void* pinned = &_flags)
        {
            MemoryMarshal.AsBytes(chainingValue[..8]).CopyTo(_chainingValue.AsSpan());
            Span<byte> buffer = _block.AsSpan();
            buffer.Clear();
            block[..(int)blockLength].CopyTo(buffer);
            _blockLength = blockLength;
            _counter = counter;
            _flags = flags;
        }
    }

    /// <summary>The node's chaining value, as 32 little-endian bytes (a child of a parent node).</summary>
    public unsafe void WriteChainingValue(Span<byte> destination32)
    {
        fixed (void* pinned = &_flags)
        {
            Blake3Kernels.CompressChain(Words(_chainingValue.AsSpan()), _block.AsSpan(), _blockLength, _counter, _flags, 0, 0, destination32);
        }
    }

    /// <summary>
    /// Root output bytes from byte <paramref name="position"/> on; the caller has checked that
    /// position + destination length does not pass 2^64.
    /// </summary>
    public unsafe void WriteRootBytes(ulong position, Span<byte> destination)
    {
        if (position % 64 != 0 || destination.Length is 0 or > 32)
        {
            WriteRootBlocks(position, destination);
            return;
        }

        fixed (void* pinned = &_flags)
        {
            // The first half of an output block is the compression's chaining value (v[i] ^ v[i + 8]),
            // which the single-compression kernel that hashed the chunks writes: a hash of the
            // standard length (or shorter) neither runs nor, in a fresh process, compiles the
            // extended-output kernel, and this method has no loop, so that its first call is not
            // compiled fully optimized either (KernelRoot.cs).
            Span<byte> block = stackalloc byte[32];
            Blake3Kernels.CompressChain(Words(_chainingValue.AsSpan()), _block.AsSpan(), _blockLength, position / 64, _flags | Blake3Constants.Root, 0, 0, block);
            block[..destination.Length].CopyTo(destination);
            SecretBytes.Erase(block);
        }
    }

    /// <summary><see cref="WriteRootBytes"/> a 64-byte output block at a time, through the extended-output kernel.</summary>
    private unsafe void WriteRootBlocks(ulong position, Span<byte> destination)
    {
        fixed (void* pinned = &_flags)
        {
            Span<byte> block = stackalloc byte[64];
            ulong counter = position / 64;
            int skip = (int)(position % 64);
            while (!destination.IsEmpty)
            {
                Blake3Kernels.CompressXof(Words(_chainingValue.AsSpan()), _block.AsSpan(), _blockLength, counter, _flags | Blake3Constants.Root, block);
                int take = Math.Min(64 - skip, destination.Length);
                block.Slice(skip, take).CopyTo(destination);
                destination = destination[take..];
                skip = 0;
                counter++;
            }

            SecretBytes.Erase(block);
        }
    }

    /// <summary>Zeroes everything (the block may hold secret input, the chaining value derives from the key).</summary>
    public unsafe void Erase()
    {
        fixed (void* pinned = &_flags)
        {
            SecretBytes.Erase(FixedBufferSpans.BytesOf(ref this));
        }
    }

    /// <summary>The chaining value's 8 words; callers pin the state.</summary>
    private static Span<uint> Words(Span<byte> buffer) => MemoryMarshal.Cast<byte, uint>(buffer)[..8];
}

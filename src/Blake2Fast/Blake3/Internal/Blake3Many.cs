using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using Blake2Fast.Kernels;

namespace Blake2Fast.Internal;

/// <summary>
/// <c>Blake3.HashMany</c>: many independent messages with the same key and output length. Messages
/// of one chunk or less are hashed side by side, one per lane, up to 16 at a time
/// (<see cref="Blake3Kernels.HashMessages(Blake3Kernel, ReadOnlySpan{byte}, int, ReadOnlySpan{int}, ReadOnlySpan{uint}, uint, bool, Span{byte})"/>);
/// longer ones, whose chunks already fill the lanes, one at a time through the one-shot's tree.
/// </summary>
/// <remarks>
/// The lane kernels read every lane at one stride from one base. A batch of messages is copied to
/// a stack buffer, zero-padded to whole blocks, at the stride of its longest message; packed
/// messages of whole blocks are already laid out so and are read where they lie.
/// </remarks>
internal static class Blake3Many
{
    /// <summary>Messages per batch: the widest kernel's lanes.</summary>
    private const int MaxLanes = 16;

    /// <summary>
    /// Checks that <paramref name="destination"/> holds exactly one output per message, then writes
    /// the <paramref name="outputLength"/>-byte output of message i at <c>i * outputLength</c>.
    /// Messages may share memory with <paramref name="destination"/>.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="destination"/> has the wrong length; nothing was written.</exception>
    public static int Hash(ReadOnlySpan<uint> key, uint flags, scoped in Blake2MessageList messages, Span<byte> destination, int outputLength, string destinationName)
    {
        if (destination.Length != (long)messages.Count * outputLength)
        {
            Guard.ThrowManyDestination(destination.Length, messages.Count, outputLength, destinationName);
        }

        Span<byte> output = messages.OutputBuffer(destination, out byte[]? separate);
        Hash(key, flags, messages, output, outputLength, Blake3Kernels.Best);
        Blake2MessageList.CopyOutputs(separate, destination);
        return destination.Length;
    }

    /// <summary>
    /// Writes the outputs into <paramref name="destination"/>, which the caller has checked is
    /// exactly long enough and shares no memory with the messages. Tests call this to force a kernel.
    /// </summary>
    public static void Hash(ReadOnlySpan<uint> key, uint flags, scoped in Blake2MessageList messages, Span<byte> destination, int outputLength, Blake3Kernel kernel)
    {
        if (kernel == Blake3Kernel.Scalar)
        {
            // No lanes to fill: the one-shot, whose one-block path suits short messages best.
            for (int i = 0; i < messages.Count; i++)
            {
                Blake3.Hash(messages[i], key, flags, 1, destination.Slice(i * outputLength, outputLength));
            }

            return;
        }

        Span<byte> buffer = stackalloc byte[MaxLanes * Blake3Constants.ChunkLength];
        Span<byte> outputs = stackalloc byte[MaxLanes * Blake3Constants.ChainingValueLength];
        Span<int> lengths = stackalloc int[MaxLanes];
        Span<int> which = stackalloc int[MaxLanes];
        int used = 0;
        int next = 0;
        while (next < messages.Count)
        {
            // The next batch: up to 16 messages of one chunk or less, in order; longer ones met on
            // the way are hashed at once, alone.
            int count = 0;
            int mostBlocks = 1;
            for (; count < MaxLanes && next < messages.Count; next++)
            {
                int length = messages.LengthOf(next);
                if (length > Blake3Constants.ChunkLength)
                {
                    Blake3.Hash(messages[next], key, flags, 1, destination.Slice(next * outputLength, outputLength));
                    continue;
                }

                which[count] = next;
                lengths[count++] = length;
                mostBlocks = Math.Max(mostBlocks, Blocks(length));
            }

            if (count == 0)
            {
                break;
            }

            scoped ReadOnlySpan<byte> lanes;
            int stride;
            if (messages.IsPacked && messages.Stride % Blake3Constants.BlockLength == 0)
            {
                // Consecutive messages of whole blocks (no longer one can sit between them: they
                // are all one length): the lanes read them where they lie.
                stride = messages.Stride;
                lanes = messages.Packed.Slice(which[0] * stride, count * stride);
            }
            else
            {
                stride = mostBlocks * Blake3Constants.BlockLength;
                for (int lane = 0; lane < count; lane++)
                {
                    Span<byte> slot = buffer.Slice(lane * stride, Blocks(lengths[lane]) * Blake3Constants.BlockLength);
                    ReadOnlySpan<byte> message = messages[which[lane]];
                    message.CopyTo(slot);
                    slot[message.Length..].Clear();
                }

                used = Math.Max(used, count * stride);
                lanes = buffer[..(count * stride)];
            }

            bool throughLastBlock = outputLength <= Blake3Constants.ChainingValueLength;
            Blake3Kernels.HashMessages(kernel, lanes, stride, lengths[..count], key, flags, throughLastBlock, outputs[..(count * Blake3Constants.ChainingValueLength)]);
            for (int lane = 0; lane < count; lane++)
            {
                Span<byte> laneOutput = outputs.Slice(lane * Blake3Constants.ChainingValueLength, Blake3Constants.ChainingValueLength);
                Span<byte> target = destination.Slice(which[lane] * outputLength, outputLength);
                if (throughLastBlock)
                {
                    laneOutput[..outputLength].CopyTo(target);
                }
                else
                {
                    LongOutput(laneOutput, lanes.Slice(lane * stride), lengths[lane], flags, target);
                }
            }
        }

        // Messages (keyed hashing's are secret) and chaining values.
        CryptographicOperations.ZeroMemory(buffer[..used]);
        CryptographicOperations.ZeroMemory(outputs);
    }

    /// <summary>Blocks in a message of 0 to 1024 bytes: at least one.</summary>
    private static int Blocks(int length) => Math.Max(1, (length + Blake3Constants.BlockLength - 1) / Blake3Constants.BlockLength);

    /// <summary>
    /// An output longer than 32 bytes from the chaining value that enters a message's last block:
    /// the root node, compressed once per 64 output bytes.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void LongOutput(ReadOnlySpan<byte> chainingValue, ReadOnlySpan<byte> message, int length, uint flags, Span<byte> destination)
    {
        int blocks = Blocks(length);
        int last = (blocks - 1) * Blake3Constants.BlockLength;
        Span<uint> cv = stackalloc uint[8];
        Blake3Scalar.LoadWords(chainingValue, cv);
        Blake3Output root = default;
        uint start = blocks == 1 ? Blake3Constants.ChunkStart : 0;
        root.Set(cv, message.Slice(last), (uint)(length - last), 0, flags | start | Blake3Constants.ChunkEnd);
        root.WriteRootBytes(0, destination);
        root.Erase();
        CryptographicOperations.ZeroMemory(MemoryMarshal.AsBytes(cv));
    }
}

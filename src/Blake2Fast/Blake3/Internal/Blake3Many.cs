using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
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
/// a stack buffer, one chunk-long slot each, zero-padded to whole blocks; packed messages of whole
/// blocks are already laid out so and are read where they lie.
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

        // Packed messages of whole blocks lie as the lanes read them (one length, so no longer
        // one sits between two short ones); others are copied, each to its own chunk-long slot.
        bool inPlace = messages.IsPacked && messages.Stride % Blake3Constants.BlockLength == 0;
        int stride = inPlace ? messages.Stride : Blake3Constants.ChunkLength;
        bool throughLastBlock = outputLength <= Blake3Constants.ChainingValueLength;
        while (next < messages.Count)
        {
            // The next batch: up to 16 messages of one chunk or less, in order; longer ones met on
            // the way are hashed at once, alone.
            int count = 0;
            for (; count < MaxLanes && next < messages.Count; next++)
            {
                ReadOnlySpan<byte> message = messages[next];
                if (message.Length > Blake3Constants.ChunkLength)
                {
                    Blake3.Hash(message, key, flags, 1, destination.Slice(next * outputLength, outputLength));
                    continue;
                }

                if (!inPlace)
                {
                    Span<byte> slot = buffer.Slice(count * stride, Blocks(message.Length) * Blake3Constants.BlockLength);
                    CopyPadded(message, slot);
                    used = Math.Max(used, (count * stride) + slot.Length);
                }

                which[count] = next;
                lengths[count++] = message.Length;
            }

            if (count == 0)
            {
                break;
            }

            ReadOnlySpan<byte> lanes = inPlace ? messages.Packed.Slice(which[0] * stride, count * stride) : buffer[..(count * stride)];

            // 32-byte outputs of consecutive messages go straight to their places: per-lane copies
            // were a fifth of the time of 64-byte messages.
            bool direct = outputLength == Blake3Constants.ChainingValueLength && which[count - 1] - which[0] == count - 1;
            Span<byte> laneOutputs = direct
                ? destination.Slice(which[0] * outputLength, count * outputLength)
                : outputs[..(count * Blake3Constants.ChainingValueLength)];
            Blake3Kernels.HashMessages(kernel, lanes, stride, lengths[..count], key, flags, throughLastBlock, laneOutputs);
            for (int lane = 0; lane < count && !direct; lane++)
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
        SecretBytes.Erase(buffer[..used]);
        SecretBytes.Erase(outputs);
    }

    /// <summary>
    /// Copies a message to its slot, zero-padded to the end of its last block (what follows in the
    /// slot is never read). Whole blocks move as 64-byte values, a few vector moves, where a span
    /// copy of the message's length was a call to Memmove per message: with the span's own clear of
    /// the (empty) padding, more than a tenth of the time of 64-byte messages.
    /// </summary>
    private static void CopyPadded(ReadOnlySpan<byte> message, Span<byte> slot)
    {
        int whole = message.Length / Blake3Constants.BlockLength * Blake3Constants.BlockLength;
        _ = slot[whole..];
        ref byte from = ref MemoryMarshal.GetReference(message);
        ref byte to = ref MemoryMarshal.GetReference(slot);
        for (int at = 0; at < whole; at += Blake3Constants.BlockLength)
        {
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref to, at), Unsafe.ReadUnaligned<Bytes64>(ref Unsafe.Add(ref from, at)));
        }

        if (whole < slot.Length)
        {
            Span<byte> last = slot[whole..];
            last.Clear();
            message[whole..].CopyTo(last);
        }
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
        SecretBytes.Erase(MemoryMarshal.AsBytes(cv));
    }
}

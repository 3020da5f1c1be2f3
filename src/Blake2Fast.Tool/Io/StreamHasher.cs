using System;
using System.IO;
using System.Threading.Tasks;
using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.Io;

/// <summary>
/// Feeds a stream to a hash with two large buffers: while the hash works on one, a pool thread
/// fills the other, so the copy out of the page cache (or the pipe) overlaps the hashing instead
/// of adding to it. One instance serves a whole run; its buffers are reused for every input.
/// </summary>
internal sealed class StreamHasher
{
    /// <summary>
    /// 1 MiB: large enough that the per-read system call and thread hand-off cost nothing
    /// measurable, small enough that both buffers stay in the last-level cache.
    /// </summary>
    public const int ChunkSize = 1 << 20;

    // With one processor the reading thread could only take turns with the hashing one.
    private static readonly bool Overlap = Environment.ProcessorCount > 1;

    private byte[]? _front;
    private byte[]? _back;

    /// <summary>Hashes <paramref name="source"/> from its current position to its end.</summary>
    /// <returns>The number of bytes hashed.</returns>
    public long Hash(Stream source, IIncrementalHash hash, ProgressMeter? progress)
    {
        byte[] current = _front ??= GC.AllocateUninitializedArray<byte>(ChunkSize);
        byte[] next = _back ??= GC.AllocateUninitializedArray<byte>(ChunkSize);
        long total = 0;

        int count = Fill(source, current);
        while (count > 0)
        {
            // A short fill means the end was reached, and a small input is done in one read
            // with no thread hop at all.
            Task<int>? pending = null;
            if (count == current.Length && Overlap)
            {
                byte[] target = next;
                pending = Task.Run(() => Fill(source, target));
            }

            hash.Update(current.AsSpan(0, count));
            total += count;
            progress?.Report(total);
            if (pending is not null)
            {
                count = pending.GetAwaiter().GetResult();
                (current, next) = (next, current);
            }
            else
            {
                count = count == current.Length ? Fill(source, current) : 0;
            }
        }

        return total;
    }

    // Reads until the buffer is full or the input ends, so pipes deliver whole chunks too.
    private static int Fill(Stream source, byte[] buffer) =>
        source.ReadAtLeast(buffer, buffer.Length, throwOnEndOfStream: false);
}

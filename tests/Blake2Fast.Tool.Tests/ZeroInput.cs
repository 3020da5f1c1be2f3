using System;
using Blake2Fast.Tests;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// The digests of long runs of zeros (what a sparse file holds), computed by the library without a
/// file or a buffer as long as the run: references for the tests that hash GiB-scale sparse files.
/// </summary>
internal static class ZeroInput
{
    private const int MiB = 1 << 20;

    /// <summary>BLAKE3 of <paramref name="length"/> zeros: the library's incremental hash, 1 MiB at a time on every core.</summary>
    public static byte[] Blake3Digest(long length)
    {
        byte[] zeros = new byte[MiB];
        Blake3HashState state = Blake3.CreateIncrementalHasher();
        for (long done = 0; done < length; done += MiB)
        {
            state.Update(zeros.AsSpan(0, (int)Math.Min(MiB, length - done)), -1);
        }

        byte[] digest = new byte[32];
        state.Finish(digest);
        return digest;
    }

    /// <summary>The BLAKE2b tree digest (64 bytes) of <paramref name="length"/> zeros, read in order through the library's stream path.</summary>
    public static byte[] Blake2bTreeDigest(long length, int leafLength) =>
        Blake2b.HashTree(new ZeroStream(length), leafLength, 64);

    /// <summary>Zeros, read in order: not a file, so the library reads it as a stream, not at offsets.</summary>
    private sealed class ZeroStream(long length) : ForwardOnlyStream
    {
        private long _left = length;

        public override int Read(Span<byte> buffer)
        {
            int count = (int)Math.Min(buffer.Length, _left);
            buffer[..count].Clear();
            _left -= count;
            return count;
        }
    }
}

using System;
using System.IO;
using Blake2Fast.Tool.Hashing;
using Microsoft.Win32.SafeHandles;

namespace Blake2Fast.Tool.Tests;

/// <summary>
/// <see cref="PositionalBlake3Hasher"/>: files read at their offsets on several threads hash as the
/// library hashes their bytes, for every mode, at the lengths around its pieces; a file shorter
/// than the length it was hashed for is an error, not a digest.
/// </summary>
public sealed class PositionalBlake3HasherTests : IDisposable
{
    private const int Piece = PositionalBlake3Hasher.SubtreeLength;
    private readonly string _dir = Directory.CreateTempSubdirectory("b2fast-positional").FullName;

    public void Dispose() => Directory.Delete(_dir, recursive: true);

    [Theory]
    [InlineData(Piece + 1, 1)]
    [InlineData(Piece + 1, 2)]
    [InlineData(2 * Piece, 2)]
    [InlineData((2 * Piece) + 1, 3)]
    [InlineData((3 * Piece) + 5, 2)]
    [InlineData((17 * Piece) + 1024, 4)]
    public void Every_mode_hashes_like_the_library(int length, int threads)
    {
        byte[] data = new byte[length];
        new Random(length + threads).NextBytes(data);
        string path = Write("data", data);
        byte[] key = new byte[32];
        new Random(5).NextBytes(key);
        var hasher = new PositionalBlake3Hasher(threads);

        byte[] plain = new byte[32];
        Blake3.HashData(data, plain);
        Assert.Equal(plain, Hash(hasher, path, length, Blake3Mode.Hash, 32));

        byte[] keyed = new byte[131];
        Blake3.HashData(key, data, keyed);
        Assert.Equal(keyed, Hash(hasher, path, length, Blake3Mode.Keyed(key), 131));

        byte[] derived = new byte[32];
        Blake3.DeriveKey("positional", data, derived);
        Assert.Equal(derived, Hash(hasher, path, length, Blake3Mode.DeriveKey("positional"), 32));
    }

    [Fact]
    public void One_hasher_serves_files_of_different_lengths_in_turn()
    {
        var hasher = new PositionalBlake3Hasher(2);
        foreach (int length in new[] { (4 * Piece) + 9, Piece + 1, (2 * Piece) + 100 })
        {
            byte[] data = new byte[length];
            new Random(length).NextBytes(data);
            Assert.Equal(Blake3.HashData(data), Hash(hasher, Write("turn", data), length, Blake3Mode.Hash, 32));
        }
    }

    [Fact]
    public void A_file_of_one_piece_is_not_its_business()
    {
        Assert.False(PositionalBlake3Hasher.Applies(Piece));
        Assert.True(PositionalBlake3Hasher.Applies(Piece + 1));
        string path = Write("one", new byte[Piece]);
        Assert.Throws<ArgumentOutOfRangeException>(() => Hash(new PositionalBlake3Hasher(2), path, Piece, Blake3Mode.Hash, 32));
    }

    [Theory]
    [InlineData((3 * Piece) + 10, (3 * Piece) + 11)] // one byte short, in the last piece
    [InlineData(2 * Piece, (5 * Piece) + 1)]         // whole pieces missing
    [InlineData(Piece + 1, (2 * Piece) + 1)]
    public void A_file_shorter_than_when_hashing_began_is_an_error(int actual, int expected)
    {
        string path = Write("short", new byte[actual]);
        foreach (int threads in new[] { 1, 2, 3 })
        {
            IOException error = Assert.Throws<IOException>(() => Hash(new PositionalBlake3Hasher(threads), path, expected, Blake3Mode.Hash, 32));
            Assert.Contains("shrank", error.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData((64L << 40) + (3L << 20) + 5, 2)]    // past 64 TiB: pieces of 1 GiB, 65,537 of them
    [InlineData((64L << 40) + (1L << 30), 16)]       // a whole last piece
    [InlineData((1L << 40) + 1, 256)]                 // 1 TiB and a byte: two groups of pieces of 1 GiB
    public void Inputs_past_64_TiB_are_planned_merged_in_groups_and_hash_like_their_subtrees(long length, int threads)
    {
        // No file that long can be written here: a synthetic reader stands for the file, giving
        // every piece a chaining value of its own, and the root must be the one that the library's
        // checked merge of every (length, chaining value) pair gives.
        var reader = new SyntheticPieces();
        byte[] key = new byte[32];
        new Random(9).NextBytes(key);
        foreach (Blake3Mode mode in new[] { Blake3Mode.Hash, Blake3Mode.Keyed(key) })
        {
            reader.Calls.Clear();
            byte[] actual = new byte[64];
            using (Blake3OutputReader root = new PositionalBlake3Hasher(threads).Hash(reader, length, mode, progress: null))
            {
                root.Read(actual);
            }

            long piece = PositionalBlake3Hasher.PieceLength(length);
            Assert.Equal(1L << 30, piece);
            long count = ((length - 1) / piece) + 1;
            Assert.Equal(count, reader.Calls.Count);
            long[] lengths = new long[count];
            byte[] values = new byte[count * 32];
            for (long i = 0; i < count; i++)
            {
                lengths[i] = Math.Min(piece, length - (i * piece));
                Assert.True(reader.Calls.TryGetValue(i * piece, out int called), $"piece {i} was not hashed");
                Assert.Equal(lengths[i], called);
                SyntheticPieces.ValueOf(i * piece, (int)lengths[i], values.AsSpan((int)i * 32, 32));
            }

            byte[] expected = new byte[64];
            Blake3Subtree.MergeRoot(mode, lengths, values, expected);
            Assert.Equal(expected, actual);
        }
    }

    /// <summary>Stands for a file: each piece's chaining value is a hash of its offset and length, and every call is recorded.</summary>
    private sealed class SyntheticPieces : PositionalBlake3Hasher.IPieceReader
    {
        public System.Collections.Concurrent.ConcurrentDictionary<long, int> Calls { get; } = new();

        public bool NeedsBuffer => false;

        public static void ValueOf(long offset, int length, Span<byte> cv)
        {
            Span<byte> input = stackalloc byte[12];
            System.Buffers.Binary.BinaryPrimitives.WriteInt64LittleEndian(input, offset);
            System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(input[8..], length);
            Blake3.HashData(input, cv);
        }

        public void HashPiece(long offset, int length, Blake3Mode mode, Span<byte> buffer, Span<byte> cv)
        {
            Assert.True(Calls.TryAdd(offset, length), $"the piece at {offset} was hashed twice");
            ValueOf(offset, length, cv);
        }
    }

    private static byte[] Hash(PositionalBlake3Hasher hasher, string path, long length, Blake3Mode mode, int outputLength)
    {
        using SafeFileHandle handle = File.OpenHandle(path);
        byte[] output = new byte[outputLength];
        hasher.Hash(handle, length, mode, output, progress: null);
        return output;
    }

    private string Write(string name, byte[] data)
    {
        string path = Path.Combine(_dir, name);
        File.WriteAllBytes(path, data);
        return path;
    }
}

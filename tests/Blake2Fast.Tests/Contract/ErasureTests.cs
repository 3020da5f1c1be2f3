using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Security.Cryptography;
using System.Threading.Tasks;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// Finish, Clear and HMAC Dispose leave no copy of the key (or of buffered input) in the state.
/// The state's bytes are read directly from the struct.
/// </summary>
[Trait("Legs", "Build")]
public class ErasureTests
{
    /// <summary>A key with no zero bytes and no repeats, so that any 8-byte piece of it is recognisable.</summary>
    private static byte[] DistinctiveKey(int length) => Enumerable.Range(0, length).Select(i => (byte)(0x80 + i)).ToArray();

    private static bool ContainsAnyPiece(byte[] haystack, byte[] secret, int piece = 8)
    {
        for (int i = 0; i + piece <= secret.Length; i++)
        {
            if (haystack.AsSpan().IndexOf(secret.AsSpan(i, piece)) >= 0)
            {
                return true;
            }
        }

        return false;
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Finish_erases_the_key_and_the_buffered_input(string algorithm)
    {
        Api api = Api.Get(algorithm);
        byte[] key = DistinctiveKey(api.MaxKeyLength);
        byte[] message = Enumerable.Range(0, api.BlockLength + 40).Select(i => (byte)(i * 13 + 1)).ToArray();
        foreach (bool intoSpan in new[] { false, true })
        {
            IHasher h = api.CreateHasher(key, api.MaxDigestLength);
            Assert.True(ContainsAnyPiece(h.RawBytes(), key), "the check must see the key while the hash runs");
            h.Update(message);
            Assert.True(ContainsAnyPiece(h.RawBytes(), message[api.BlockLength..]), "the check must see the buffered tail");

            if (intoSpan)
            {
                h.Finish(new byte[api.MaxDigestLength]);
            }
            else
            {
                h.Finish();
            }

            byte[] after = h.RawBytes();
            Assert.False(ContainsAnyPiece(after, key));
            Assert.False(ContainsAnyPiece(after, message[api.BlockLength..]));

            // Only the "finished" marker may remain.
            Assert.True(after.Count(x => x != 0) <= 1, Convert.ToHexString(after));
        }
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Clear_erases_everything(string algorithm)
    {
        Api api = Api.Get(algorithm);
        byte[] key = DistinctiveKey(api.MaxKeyLength);
        IHasher h = api.CreateHasher(key, 7);
        h.Update(new byte[3 * api.BlockLength + 5]);
        h.Clear();
        Assert.All(h.RawBytes(), x => Assert.Equal(0, x));
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Each_copy_holds_the_key_until_it_is_finished(string algorithm)
    {
        Api api = Api.Get(algorithm);
        byte[] key = DistinctiveKey(api.MaxKeyLength);
        IHasher original = api.CreateHasher(key, api.MaxDigestLength);
        IHasher copy = original.Fork();
        original.Finish();
        Assert.False(ContainsAnyPiece(original.RawBytes(), key));
        Assert.True(ContainsAnyPiece(copy.RawBytes(), key), "a copy is independent and keeps its key (documented)");
        copy.Finish();
        Assert.False(ContainsAnyPiece(copy.RawBytes(), key));
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public void Hmac_dispose_and_key_change_erase_the_key(string algorithm)
    {
        Api api = Api.Get(algorithm);
        byte[] key = DistinctiveKey(api.MaxKeyLength);
        HMAC h = api.CreateHMAC(api.MaxDigestLength, key);
        _ = h.ComputeHash(new byte[300]);
        byte[] keyArray = KeyValue(h);
        Assert.Equal(key, keyArray);
        Assert.True(ContainsAnyPiece(CoreBytes(api, h), key), "the check must see the key in a live HMAC");

        // A new key erases the old array.
        h.Key = DistinctiveKey(api.MaxKeyLength / 2).Select(x => (byte)~x).ToArray();
        Assert.All(keyArray, x => Assert.Equal(0, x));
        Assert.False(ContainsAnyPiece(CoreBytes(api, h), key));

        byte[] secondKeyArray = KeyValue(h);
        h.TransformBlock(new byte[10], 0, 10, null, 0);
        h.Dispose();
        Assert.All(secondKeyArray, x => Assert.Equal(0, x));

        // Only the status marker may remain.
        Assert.True(CoreBytes(api, h).Count(x => x != 0) <= 1);
    }

    [Theory]
    [MemberData(nameof(Api.Names), MemberType = typeof(Api))]
    public async Task Stream_read_buffers_are_cleared_before_they_go_back_to_the_pool(string algorithm)
    {
        Api api = Api.Get(algorithm);

        // The buffer is inspected after it went back to ArrayPool.Shared, where tests running in
        // parallel may rent it and fill it with their own data (the KAT inputs 00 01 02 ... contain
        // every run of consecutive bytes). Random bytes that only this test writes keep such reuse
        // from looking like a leak.
        byte[] secret = RandomNumberGenerator.GetBytes(100);
        foreach ((string name, bool isAsync, var call) in api.StreamReaders)
        {
            // The stream sees the library's pooled buffer; after the call it must hold no message bytes.
            var stream = new BufferCapturingStream(secret);
            object result = call(stream, []);
            if (isAsync)
            {
                await (Task)result;
            }

            Assert.NotEmpty(stream.Buffers);
            foreach (byte[] buffer in stream.Buffers)
            {
                Assert.False(ContainsAnyPiece(buffer, secret), name);
            }
        }
    }

    private sealed class BufferCapturingStream(byte[] data) : MemoryStream(data)
    {
        public System.Collections.Generic.List<byte[]> Buffers { get; } = [];

        public override int Read(byte[] buffer, int offset, int count)
        {
            Buffers.Add(buffer);
            return base.Read(buffer, offset, count);
        }

        public override int Read(Span<byte> buffer) => throw new InvalidOperationException("the test expects the array overload");

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, System.Threading.CancellationToken cancellationToken = default)
        {
            Assert.True(MemoryMarshal.TryGetArray(buffer, out ArraySegment<byte> segment));
            Buffers.Add(segment.Array!);
            return base.ReadAsync(buffer, cancellationToken);
        }
    }

    private static byte[] KeyValue(HMAC h) =>
        (byte[])typeof(KeyedHashAlgorithm).GetField("KeyValue", BindingFlags.NonPublic | BindingFlags.Instance)!.GetValue(h)!;

    private static byte[] CoreBytes(Api api, HMAC h) => api == Api.B ? CoreBytes<Blake2bVariant>(h) : CoreBytes<Blake2sVariant>(h);

    private static byte[] CoreBytes<TVariant>(HMAC h) where TVariant : struct, IBlake2Variant
    {
        FieldInfo field = h.GetType().GetField("_core", BindingFlags.NonPublic | BindingFlags.Instance)!;
        var core = (Blake2Core<TVariant>)field.GetValue(h)!;
        return MemoryMarshal.AsBytes(new Span<Blake2Core<TVariant>>(ref core)).ToArray();
    }
}

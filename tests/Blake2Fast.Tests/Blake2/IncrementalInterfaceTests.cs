using System;

namespace Blake2Fast.Tests;

/// <summary>
/// <see cref="IBlake2Incremental"/>, the interface that code written for Blake2Fast 2.x uses to
/// accept any BLAKE2 hasher: each implementing state, used only through the interface and fed
/// through every Update overload, must give the digest of its own one-shot (and the RFC 7693
/// answers for "abc").
/// </summary>
public class IncrementalInterfaceTests
{
    public static TheoryData<string> Algorithms => ["blake2b", "blake2s", "blake2bp", "blake2sp"];

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void Every_update_overload_through_the_interface_matches_the_one_shot(string algorithm)
    {
        byte[] key = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        byte[] data = new byte[3000];
        new Random(11).NextBytes(data);
        IBlake2Incremental hasher = Create(algorithm, 24, key);
        Assert.Equal(24, hasher.DigestLength);

        // 3000 bytes as: 7 bytes (ReadOnlySpan<byte>), 3 ints (Span<int>), 2 longs (long[]),
        // 5 shorts (ArraySegment<short>), one Guid (T), then the rest as ReadOnlySpan<byte>.
        int at = 0;
        hasher.Update<byte>(data.AsSpan(at, 7));
        at += 7;
        hasher.Update(System.Runtime.InteropServices.MemoryMarshal.Cast<byte, int>(data.AsSpan(at, 12)));
        at += 12;
        hasher.Update(System.Runtime.InteropServices.MemoryMarshal.Cast<byte, long>(data.AsSpan(at, 16)).ToArray());
        at += 16;
        short[] shorts = System.Runtime.InteropServices.MemoryMarshal.Cast<byte, short>(data.AsSpan(at - 4, 14)).ToArray();
        hasher.Update(new ArraySegment<short>(shorts, 2, 5));
        at += 10;
        hasher.Update(new Guid(data.AsSpan(at, 16).ToArray()));
        at += 16;
        hasher.Update((ReadOnlySpan<byte>)data.AsSpan(at));

        byte[] expected = OneShot(algorithm, key, data, 24);
        Check.Digest(expected, hasher.Finish(), algorithm + " through IBlake2Incremental");
        Assert.Equal(0, hasher.DigestLength);
        Assert.Throws<InvalidOperationException>(() => hasher.Finish());
    }

    [Theory]
    [InlineData("blake2b", "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923")]
    [InlineData("blake2s", "508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982")]
    public void Rfc7693_abc_through_the_interface(string algorithm, string expectedHex)
    {
        byte[] expected = Convert.FromHexString(expectedHex);
        IBlake2Incremental hasher = Create(algorithm, expected.Length, []);
        hasher.Update((byte)'a');
        hasher.Update("bc"u8);
        byte[] output = new byte[expected.Length + 3];
        hasher.Finish(output);
        Check.Digest(expected, output.AsSpan(0, expected.Length), algorithm + " abc");
        Assert.Equal(new byte[3], output[expected.Length..]);
    }

    [Theory]
    [MemberData(nameof(Algorithms))]
    public void TryFinish_through_the_interface_writes_nothing_to_a_short_destination(string algorithm)
    {
        IBlake2Incremental hasher = Create(algorithm, 20, []);
        hasher.Update(new byte[] { 9, 8, 7 });
        byte[] shortOutput = new byte[19];
        Assert.False(hasher.TryFinish(shortOutput, out int written));
        Assert.Equal(0, written);
        Assert.Equal(new byte[19], shortOutput);
        Assert.Throws<ArgumentException>(() => hasher.Finish(shortOutput));

        byte[] output = new byte[20];
        Assert.True(hasher.TryFinish(output, out written));
        Assert.Equal(20, written);
        Check.Digest(OneShot(algorithm, [], [9, 8, 7], 20), output, algorithm + " TryFinish");
    }

    private static IBlake2Incremental Create(string algorithm, int digestLength, byte[] key) => algorithm switch
    {
        "blake2b" => Blake2b.CreateIncrementalHasher(digestLength, key),
        "blake2s" => Blake2s.CreateIncrementalHasher(digestLength, key),
        "blake2bp" => Blake2bp.CreateIncrementalHasher(digestLength, key),
        "blake2sp" => Blake2sp.CreateIncrementalHasher(digestLength, key),
        _ => throw new ArgumentOutOfRangeException(nameof(algorithm)),
    };

    private static byte[] OneShot(string algorithm, byte[] key, byte[] data, int digestLength) => algorithm switch
    {
        "blake2b" => Blake2b.HashData(key: key, source: data, digestLength),
        "blake2s" => Blake2s.HashData(key: key, source: data, digestLength),
        "blake2bp" => Blake2bp.HashData(key: key, source: data, digestLength),
        "blake2sp" => Blake2sp.HashData(key: key, source: data, digestLength),
        _ => throw new ArgumentOutOfRangeException(nameof(algorithm)),
    };
}

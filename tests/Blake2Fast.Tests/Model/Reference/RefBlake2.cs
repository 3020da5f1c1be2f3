using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Tests;

/// <summary>
/// Every field of the BLAKE2 parameter block (BLAKE2 paper section 2.8, RFC 7693 section 2.5),
/// plus what a node outputs, for the reference hasher.
/// </summary>
/// <param name="DigestLength">The digest length field (byte 0).</param>
/// <param name="Key">The key, fed zero-padded as the first block; null for none.</param>
/// <param name="Salt">The salt, zero-padded to its field.</param>
/// <param name="Personalization">The personalization, zero-padded to its field.</param>
/// <param name="FanOut">Fanout (byte 2).</param>
/// <param name="MaxDepth">Maximal depth (byte 3).</param>
/// <param name="LeafLength">Leaf maximal byte length (bytes 4..7).</param>
/// <param name="NodeOffset">Node offset: 64 bits for BLAKE2b (bytes 8..15), 48 for BLAKE2s (bytes 8..13).</param>
/// <param name="XofLength">BLAKE2X's XOF length, in the node offset's upper bytes (b: 12..15, s: 12..13).</param>
/// <param name="NodeDepth">Node depth, the byte after the node offset.</param>
/// <param name="InnerLength">Inner hash byte length, the next byte.</param>
/// <param name="LastNode">Sets f1 on the final compression.</param>
/// <param name="OutputLength">How many bytes of the chain value the node outputs; null: the digest length.
/// BLAKE2bp/sp leaves output their whole chain value whatever their digest length field says.</param>
/// <param name="KeyLengthField">The key length field; null: the key's length. The BLAKE2bp/sp root
/// states the key length without being fed the key block.</param>
internal sealed record RefBlake2Params(
    int DigestLength, byte[]? Key = null, byte[]? Salt = null, byte[]? Personalization = null,
    int FanOut = 1, int MaxDepth = 1, uint LeafLength = 0, ulong NodeOffset = 0, uint XofLength = 0,
    int NodeDepth = 0, int InnerLength = 0, bool LastNode = false, int? OutputLength = null, int? KeyLengthField = null)
{
    /// <summary>The parameter block: 64 bytes for BLAKE2b, 32 for BLAKE2s.</summary>
    public byte[] Block(RefBlake2Spec spec)
    {
        int w = spec.WordBytes;
        byte[] block = new byte[spec.ParameterBytes];
        block[0] = checked((byte)DigestLength);
        block[1] = checked((byte)(KeyLengthField ?? Key?.Length ?? 0));
        block[2] = checked((byte)FanOut);
        block[3] = checked((byte)MaxDepth);
        RefBlake2Spec.WriteLittleEndian(block, 4, LeafLength, 4);
        // Node offset and XOF length are one field for BLAKE2X: offset below bit 32, length above.
        int offsetBytes = w == 8 ? 8 : 6;
        RefBlake2Spec.WriteLittleEndian(block, 8, NodeOffset | ((ulong)XofLength << 32), offsetBytes);
        block[8 + offsetBytes] = checked((byte)NodeDepth);
        block[9 + offsetBytes] = checked((byte)InnerLength);
        Salt?.CopyTo(block, 4 * w);
        Personalization?.CopyTo(block, 6 * w);
        return block;
    }
}

/// <summary>
/// Reference BLAKE2b/BLAKE2s, straight from RFC 7693: one byte at a time, the last block kept
/// until Finish. Written for the model tests; it calls nothing in the library.
/// </summary>
internal sealed class RefBlake2 : IRefHasher
{
    private readonly RefBlake2Spec _spec;
    private readonly ulong[] _h = new ulong[8];
    private readonly ulong[] _v = new ulong[16];
    private readonly ulong[] _m = new ulong[16];
    private readonly ulong[] _words = new ulong[16];
    private readonly byte[] _buffer;
    private readonly int _outputLength;
    private readonly bool _lastNode;
    private int _buffered;
    private UInt128 _counter;

    public RefBlake2(RefBlake2Spec spec, RefBlake2Params parameters)
    {
        _spec = spec;
        _buffer = new byte[spec.BlockBytes];
        _outputLength = parameters.OutputLength ?? parameters.DigestLength;
        _lastNode = parameters.LastNode;
        byte[] block = parameters.Block(spec);
        for (int i = 0; i < 8; i++)
        {
            _h[i] = spec.IV[i] ^ spec.ReadWord(block, i);
        }

        if (parameters.Key is { Length: > 0 } key)
        {
            // The key, zero-padded, is a full first block.
            key.CopyTo(_buffer, 0);
            _buffered = spec.BlockBytes;
        }
    }

    private RefBlake2(RefBlake2 other)
    {
        _spec = other._spec;
        _h = (ulong[])other._h.Clone();
        _buffer = (byte[])other._buffer.Clone();
        _outputLength = other._outputLength;
        _lastNode = other._lastNode;
        _buffered = other._buffered;
        _counter = other._counter;
    }

    public static byte[] Hash(RefBlake2Spec spec, RefBlake2Params parameters, ReadOnlySpan<byte> message) =>
        new RefBlake2(spec, parameters).HashOnce(message);

    public RefBlake2 Clone() => new(this);

    IRefHasher IRefHasher.Clone() => Clone();

    public void Update(ReadOnlySpan<byte> data)
    {
        foreach (byte b in data)
        {
            Update(b);
        }
    }

    public void Update(byte b)
    {
        // A full block is compressed only once a byte follows it: the last block needs the final flag.
        if (_buffered == _buffer.Length)
        {
            _counter += (uint)_buffer.Length;
            Compress(final: false);
            _buffered = 0;
        }

        _buffer[_buffered++] = b;
    }

    /// <summary>The digest; the hasher must not be used afterwards.</summary>
    public byte[] Finish()
    {
        _counter += (uint)_buffered;
        Array.Clear(_buffer, _buffered, _buffer.Length - _buffered);
        Compress(final: true);
        byte[] digest = new byte[_outputLength];
        for (int i = 0; i < digest.Length; i++)
        {
            digest[i] = (byte)(_h[i / _spec.WordBytes] >> (8 * (i % _spec.WordBytes)));
        }

        return digest;
    }

    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    private void Compress(bool final)
    {
        ulong[] v = _v;
        _h.CopyTo(v, 0);
        _spec.IV.CopyTo(v, 8);
        int bits = 8 * _spec.WordBytes;
        v[12] ^= (ulong)(_counter & _spec.Mask);
        v[13] ^= (ulong)((_counter >> bits) & _spec.Mask);
        if (final)
        {
            v[14] ^= _spec.Mask;
            v[15] ^= _lastNode ? _spec.Mask : 0;
        }

        ulong[] m = _m;
        for (int i = 0; i < 16; i++)
        {
            m[i] = _spec.ReadWord(_buffer, i);
        }

        ulong[] words = _words;
        for (int r = 0; r < _spec.Rounds; r++)
        {
            byte[] s = RefBlake2Spec.Sigma[r % 10];
            for (int i = 0; i < 16; i++)
            {
                words[i] = m[s[i]];
            }

            _spec.Round(v, words);
        }

        for (int i = 0; i < 8; i++)
        {
            _h[i] ^= v[i] ^ v[i + 8];
        }
    }
}

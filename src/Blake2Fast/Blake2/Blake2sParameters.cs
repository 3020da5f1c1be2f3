using System;
using Blake2Fast.Internal;

namespace Blake2Fast;

/// <summary>
/// Every field of the BLAKE2s parameter block: digest length, key, salt, personalization and the
/// tree-hashing fields. Pass it to the <see cref="Blake2s"/> one-shots or to
/// <see cref="Blake2s.CreateIncrementalHasher(Blake2sParameters)"/>.
/// </summary>
/// <remarks>
/// <para>The defaults describe plain sequential hashing with a 32-byte digest: fanout 1, maximum
/// depth 1, every other field zero or empty. Each property checks its value when it is set.</para>
/// <para>The key, salt and personalization are referenced, not copied, until a hash starts; a hash
/// copies what it needs when it starts and later changes to the arrays do not affect it.</para>
/// </remarks>
/// <example>
/// <code>
/// var parameters = new Blake2sParameters
/// {
///     DigestLength = 32,
///     Salt = "pepper"u8.ToArray(),
///     Personalization = "MyApp v1"u8.ToArray(),
/// };
/// byte[] digest = Blake2s.HashData(parameters, data);
/// </code>
/// </example>
public sealed class Blake2sParameters
{
    private readonly int _digestLength = Blake2s.DefaultDigestLength;
    private readonly ReadOnlyMemory<byte> _key;
    private readonly ReadOnlyMemory<byte> _salt;
    private readonly ReadOnlyMemory<byte> _personalization;
    private readonly int _fanOut = 1;
    private readonly int _maxDepth = 1;
    private readonly int _nodeDepth;
    private readonly int _innerLength;
    private readonly ulong _nodeOffset;

    /// <summary>The digest length in bytes, 1 to 32. Default 32.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is outside 1..32.</exception>
    public int DigestLength
    {
        get => _digestLength;
        init
        {
            Guard.DigestLength(value, Blake2s.MaxDigestLength, nameof(DigestLength));
            _digestLength = value;
        }
    }

    /// <summary>The key for keyed hashing (a MAC), 0 to 32 bytes. Empty means unkeyed.</summary>
    /// <exception cref="ArgumentException">The key is longer than 32 bytes.</exception>
    public ReadOnlyMemory<byte> Key
    {
        get => _key;
        init
        {
            Guard.MaxLength(value.Length, Blake2s.MaxKeyLength, "key", nameof(Key));
            _key = value;
        }
    }

    /// <summary>The salt, 0 to 8 bytes; a shorter salt is padded with zeros to 8 bytes.</summary>
    /// <exception cref="ArgumentException">The salt is longer than 8 bytes.</exception>
    public ReadOnlyMemory<byte> Salt
    {
        get => _salt;
        init
        {
            Guard.MaxLength(value.Length, Blake2s.SaltLength, "salt", nameof(Salt));
            _salt = value;
        }
    }

    /// <summary>The personalization, 0 to 8 bytes; a shorter value is padded with zeros to 8 bytes.</summary>
    /// <exception cref="ArgumentException">The personalization is longer than 8 bytes.</exception>
    public ReadOnlyMemory<byte> Personalization
    {
        get => _personalization;
        init
        {
            Guard.MaxLength(value.Length, Blake2s.PersonalizationLength, "personalization", nameof(Personalization));
            _personalization = value;
        }
    }

    /// <summary>Tree hashing: the fanout, 0 (unlimited) to 255. Default 1 (sequential).</summary>
    /// <exception cref="ArgumentException">The value is outside 0..255.</exception>
    public int FanOut
    {
        get => _fanOut;
        init
        {
            Guard.Range(value, 0, byte.MaxValue, nameof(FanOut));
            _fanOut = value;
        }
    }

    /// <summary>Tree hashing: the maximal depth, 1 to 255. Default 1 (sequential).</summary>
    /// <exception cref="ArgumentException">The value is outside 1..255.</exception>
    public int MaxDepth
    {
        get => _maxDepth;
        init
        {
            Guard.Range(value, 1, byte.MaxValue, nameof(MaxDepth));
            _maxDepth = value;
        }
    }

    /// <summary>Tree hashing: the leaf maximal byte length, 0 (unlimited) to 2^32-1.</summary>
    public uint LeafLength { get; init; }

    /// <summary>Tree hashing: the node offset, 48 bits (0 to 2^48-1; 0 for the first node of a level).</summary>
    /// <exception cref="ArgumentException">The value is 2^48 or more.</exception>
    public ulong NodeOffset
    {
        get => _nodeOffset;
        init
        {
            Guard.Range((long)Math.Min(value, long.MaxValue), 0, MaxNodeOffset, nameof(NodeOffset));
            _nodeOffset = value;
        }
    }

    /// <summary>The largest node offset BLAKE2s can encode: 2^48-1.</summary>
    public const long MaxNodeOffset = (1L << 48) - 1;

    /// <summary>Tree hashing: the node depth, 0 (leaves) to 255.</summary>
    /// <exception cref="ArgumentException">The value is outside 0..255.</exception>
    public int NodeDepth
    {
        get => _nodeDepth;
        init
        {
            Guard.Range(value, 0, byte.MaxValue, nameof(NodeDepth));
            _nodeDepth = value;
        }
    }

    /// <summary>Tree hashing: the inner hash length in bytes, 0 to 32.</summary>
    /// <exception cref="ArgumentException">The value is outside 0..32.</exception>
    public int InnerLength
    {
        get => _innerLength;
        init
        {
            Guard.Range(value, 0, Blake2s.MaxDigestLength, nameof(InnerLength));
            _innerLength = value;
        }
    }

    /// <summary>Tree hashing: whether this node is the last of its level (sets the f1 finalization flag).</summary>
    public bool IsLastNode { get; init; }

    internal Blake2Settings ToSettings() => new()
    {
        DigestLength = _digestLength,
        Key = _key.Span,
        Salt = _salt.Span,
        Personalization = _personalization.Span,
        FanOut = (byte)_fanOut,
        MaxDepth = (byte)_maxDepth,
        LeafLength = LeafLength,
        NodeOffset = NodeOffset,
        NodeDepth = (byte)_nodeDepth,
        InnerLength = (byte)_innerLength,
        IsLastNode = IsLastNode,
    };
}

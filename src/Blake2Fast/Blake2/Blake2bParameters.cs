using System;
using Blake2Fast.Internal;

namespace Blake2Fast;

/// <summary>
/// Every field of the BLAKE2b parameter block: digest length, key, salt, personalization and the
/// tree-hashing fields. Pass it to the <see cref="Blake2b"/> one-shots or to
/// <see cref="Blake2b.CreateIncrementalHasher(Blake2bParameters)"/>.
/// </summary>
/// <remarks>
/// <para>The defaults describe plain sequential hashing with a 64-byte digest: fanout 1, maximum
/// depth 1, every other field zero or empty. Each property checks its value when it is set.</para>
/// <para>The key, salt and personalization are referenced, not copied, until a hash starts; a hash
/// copies what it needs when it starts and later changes to the arrays do not affect it.</para>
/// </remarks>
/// <example>
/// <code>
/// var parameters = new Blake2bParameters
/// {
///     DigestLength = 32,
///     Salt = "pepper"u8.ToArray(),
///     Personalization = "MyApp v1 tokens"u8.ToArray(),
/// };
/// byte[] digest = Blake2b.HashData(parameters, data);
/// </code>
/// </example>
public sealed class Blake2bParameters
{
    private readonly int _digestLength = Blake2b.DefaultDigestLength;
    private readonly ReadOnlyMemory<byte> _key;
    private readonly ReadOnlyMemory<byte> _salt;
    private readonly ReadOnlyMemory<byte> _personalization;
    private readonly int _fanOut = 1;
    private readonly int _maxDepth = 1;
    private readonly int _nodeDepth;
    private readonly int _innerLength;

    /// <summary>The digest length in bytes, 1 to 64. Default 64.</summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is outside 1..64.</exception>
    public int DigestLength
    {
        get => _digestLength;
        init
        {
            Guard.DigestLength(value, Blake2b.MaxDigestLength, nameof(DigestLength));
            _digestLength = value;
        }
    }

    /// <summary>The key for keyed hashing (a MAC), 0 to 64 bytes. Empty means unkeyed.</summary>
    /// <exception cref="ArgumentException">The key is longer than 64 bytes.</exception>
    public ReadOnlyMemory<byte> Key
    {
        get => _key;
        init
        {
            Guard.MaxLength(value.Length, Blake2b.MaxKeyLength, "key", nameof(Key));
            _key = value;
        }
    }

    /// <summary>The salt, 0 to 16 bytes; a shorter salt is padded with zeros to 16 bytes.</summary>
    /// <exception cref="ArgumentException">The salt is longer than 16 bytes.</exception>
    public ReadOnlyMemory<byte> Salt
    {
        get => _salt;
        init
        {
            Guard.MaxLength(value.Length, Blake2b.SaltLength, "salt", nameof(Salt));
            _salt = value;
        }
    }

    /// <summary>The personalization, 0 to 16 bytes; a shorter value is padded with zeros to 16 bytes.</summary>
    /// <exception cref="ArgumentException">The personalization is longer than 16 bytes.</exception>
    public ReadOnlyMemory<byte> Personalization
    {
        get => _personalization;
        init
        {
            Guard.MaxLength(value.Length, Blake2b.PersonalizationLength, "personalization", nameof(Personalization));
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

    /// <summary>Tree hashing: the node offset, the full 64 bits (0 for the first node of a level).</summary>
    public ulong NodeOffset { get; init; }

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

    /// <summary>Tree hashing: the inner hash length in bytes, 0 to 64.</summary>
    /// <exception cref="ArgumentException">The value is outside 0..64.</exception>
    public int InnerLength
    {
        get => _innerLength;
        init
        {
            Guard.Range(value, 0, Blake2b.MaxDigestLength, nameof(InnerLength));
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

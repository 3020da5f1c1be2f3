using System;

namespace Blake2Fast.Tool.Algorithms;

/// <summary>One row of the algorithm table: names, limits and how to start a hash.</summary>
internal sealed class HashAlgorithmInfo
{
    private readonly Func<HashParameters, IIncrementalHash> _create;

    public HashAlgorithmInfo(
        string name,
        string tagName,
        long maxBits,
        long defaultBits,
        bool isExtendable,
        int maxKeyBytes,
        int saltBytes,
        int personalizationBytes,
        Func<HashParameters, IIncrementalHash> create)
    {
        Name = name;
        TagName = tagName;
        MaxBits = maxBits;
        DefaultBits = defaultBits;
        IsExtendable = isExtendable;
        MaxKeyBytes = maxKeyBytes;
        SaltBytes = saltBytes;
        PersonalizationBytes = personalizationBytes;
        _create = create;
    }

    /// <summary>The name given to <c>-a</c>, lower case: <c>blake2b</c>.</summary>
    public string Name { get; }

    /// <summary>The name in BSD-style (<c>--tag</c>) lines: <c>BLAKE2b</c>.</summary>
    public string TagName { get; }

    /// <summary>The largest digest length <c>-l</c> accepts, in bits.</summary>
    public long MaxBits { get; }

    /// <summary>The digest length without <c>-l</c> (or with <c>-l 0</c>), in bits.</summary>
    public long DefaultBits { get; }

    /// <summary>
    /// Whether this is an extendable-output function (BLAKE2X). Its tag always names the length,
    /// because no length is "the" length of an XOF.
    /// </summary>
    public bool IsExtendable { get; }

    /// <summary>The longest key, in bytes.</summary>
    public int MaxKeyBytes { get; }

    /// <summary>The longest salt in bytes; 0 when the algorithm takes none.</summary>
    public int SaltBytes { get; }

    /// <summary>The longest personalization in bytes; 0 when the algorithm takes none.</summary>
    public int PersonalizationBytes { get; }

    /// <summary>Starts a hash.</summary>
    public IIncrementalHash Create(HashParameters parameters) => _create(parameters);
}

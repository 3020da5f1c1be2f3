namespace Blake2Fast.Tool.Algorithms;

/// <summary>What one hash needs besides the data: its length and the optional key, salt and personalization.</summary>
/// <param name="DigestBytes">The digest length in bytes, already checked against the algorithm's limits (an extendable output's may pass 2 GiB).</param>
/// <param name="Key">The key, empty for an unkeyed hash.</param>
/// <param name="Salt">The salt, empty when not given.</param>
/// <param name="Personalization">The personalization, empty when not given.</param>
internal sealed record HashParameters(long DigestBytes, byte[] Key, byte[] Salt, byte[] Personalization)
{
    /// <summary>BLAKE3's key derivation context (<c>--derive-key</c>), null otherwise.</summary>
    public string? DeriveKeyContext { get; init; }

    /// <summary>With <c>--tree</c>, the leaf length of the unlimited-fanout tree mode; 0 otherwise.</summary>
    public long TreeLeafLength { get; init; }

    /// <summary>The threads a hash that runs on every core may use (<c>--num-threads</c>): 0 for one per processor.</summary>
    public int Threads { get; init; }

    /// <summary><see cref="Threads"/> as a <c>maxDegreeOfParallelism</c> argument: -1 for one per processor.</summary>
    public int Degree => Threads > 0 ? Threads : -1;
}

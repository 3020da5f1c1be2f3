namespace Blake2Fast.Tool.Algorithms;

/// <summary>What one hash needs besides the data: its length and the optional key, salt and personalization.</summary>
/// <param name="DigestBytes">The digest length in bytes, already checked against the algorithm's limits.</param>
/// <param name="Key">The key, empty for an unkeyed hash.</param>
/// <param name="Salt">The salt, empty when not given.</param>
/// <param name="Personalization">The personalization, empty when not given.</param>
/// <param name="TreeLeafLength">With <c>--tree</c>, the leaf length of the unlimited-fanout tree mode; 0 otherwise.</param>
internal sealed record HashParameters(int DigestBytes, byte[] Key, byte[] Salt, byte[] Personalization, long TreeLeafLength = 0);

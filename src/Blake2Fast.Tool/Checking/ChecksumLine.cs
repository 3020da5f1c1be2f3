using Blake2Fast.Tool.Algorithms;

namespace Blake2Fast.Tool.Checking;

/// <summary>One well-formed line of a checksum file.</summary>
/// <param name="Algorithm">The algorithm the line names (<c>--tag</c> lines) or the one <c>-a</c> chose.</param>
/// <param name="DigestBits">The digest length the line implies.</param>
/// <param name="ExpectedHex">The expected digest, hex digits in either case.</param>
/// <param name="FileName">The file to hash, unescaped.</param>
internal sealed record ChecksumLine(HashAlgorithmInfo Algorithm, long DigestBits, string ExpectedHex, string FileName)
{
    /// <summary>Whether the line escaped the name (it started with a backslash).</summary>
    public bool Escaped { get; init; }
}

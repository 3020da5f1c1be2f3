using System;

namespace Blake2Fast;

// The span overrides of HashAlgorithm, which the netstandard2.0 build's reference HashAlgorithm
// lacks (see Blake2Hmac.Spans.cs for why every other build must have them).
public sealed partial class HMACBlake2s
{
    /// <inheritdoc/>
    protected override void HashCore(ReadOnlySpan<byte> source) => _engine.Update(source);

    /// <inheritdoc/>
    protected override bool TryHashFinal(Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < HashSizeInBytes)
        {
            bytesWritten = 0;
            return false;
        }

        _engine.Finish(destination);
        bytesWritten = HashSizeInBytes;
        return true;
    }
}

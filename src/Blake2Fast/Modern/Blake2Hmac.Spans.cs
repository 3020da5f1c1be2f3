using System;

namespace Blake2Fast.Internal;

// The span overrides of HashAlgorithm (.NET Core 2.1 and later; .NET Standard 2.0 has neither),
// so that TryComputeHash and span-based callers hash without copying.
internal sealed partial class Blake2Hmac<TEngine>
{
    protected override void HashCore(ReadOnlySpan<byte> source) => _core.Update(source);

    protected override bool TryHashFinal(Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < _digestLength)
        {
            bytesWritten = 0;
            return false;
        }

        _core.Finish(destination);
        bytesWritten = _digestLength;
        return true;
    }
}

using System;

namespace Blake2Fast.Internal;

// The span overrides of HashAlgorithm (.NET Standard 2.1, .NET Core 2.1 and later; not in the
// netstandard2.0 build, whose reference HashAlgorithm lacks them). On .NET Core HMAC's own versions
// of these throw PlatformNotSupportedException, so every build that can run there must override them:
// that is why the package has a netstandard2.1 build beside the netstandard2.0 one.
// They also let TryComputeHash and span-based callers hash without copying.
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

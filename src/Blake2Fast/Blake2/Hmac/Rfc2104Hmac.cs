using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Blake2Fast.Internal;

/// <summary>
/// The static members of <see cref="HMACBlake2b"/> and <see cref="HMACBlake2s"/>, written once:
/// argument checks, then the shared one-shot helpers over <see cref="Rfc2104Engine{TVariant}"/>.
/// </summary>
internal static class Rfc2104Hmac<TVariant> where TVariant : struct, IBlake2Variant
{
    private static int MacLength => default(TVariant).MaxDigestLength;

    public static byte[] Hash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source) =>
        Blake2OneShot<Rfc2104Engine<TVariant>>.Hash(Settings(key), source);

    public static int Hash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination)
    {
        Guard.Destination(destination.Length, MacLength, nameof(destination));
        return Blake2OneShot<Rfc2104Engine<TVariant>>.Hash(Settings(key), source, destination);
    }

    public static bool TryHash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> source, Span<byte> destination, out int bytesWritten)
    {
        if (destination.Length < MacLength)
        {
            bytesWritten = 0;
            return false;
        }

        bytesWritten = Blake2OneShot<Rfc2104Engine<TVariant>>.Hash(Settings(key), source, destination);
        return true;
    }

    public static byte[] Hash(ReadOnlySpan<byte> key, Stream source) =>
        Blake2OneShot<Rfc2104Engine<TVariant>>.Hash(Settings(key), source);

    public static int Hash(ReadOnlySpan<byte> key, Stream source, Span<byte> destination)
    {
        Guard.Destination(destination.Length, MacLength, nameof(destination));
        return Blake2OneShot<Rfc2104Engine<TVariant>>.Hash(Settings(key), source, destination);
    }

    public static ValueTask<byte[]> HashAsync(ReadOnlySpan<byte> key, Stream source, CancellationToken cancellationToken) =>
        Blake2OneShot<Rfc2104Engine<TVariant>>.HashAsync(Settings(key), source, cancellationToken);

    public static ValueTask<int> HashAsync(ReadOnlySpan<byte> key, Stream source, Memory<byte> destination, CancellationToken cancellationToken)
    {
        Guard.Destination(destination.Length, MacLength, nameof(destination));
        return Blake2OneShot<Rfc2104Engine<TVariant>>.HashAsync(Settings(key), source, destination, cancellationToken);
    }

    /// <summary>The engine reads only the key; the digest length is the hash's largest, as RFC 2104 uses it.</summary>
    public static Blake2Settings Settings(ReadOnlySpan<byte> key) => Blake2Settings.Sequential(MacLength, key);
}

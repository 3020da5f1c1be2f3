using System;

namespace Blake2Fast.Internal;

/// <summary>BLAKE2X of a span into a span, with everything on the stack.</summary>
internal static class Blake2XOneShot<TX, TBase>
    where TX : struct, IBlake2XVariant
    where TBase : struct, IBlake2Variant
{
    /// <summary>
    /// Writes the whole BLAKE2X output of <paramref name="source"/> into
    /// <paramref name="destination"/>, whose (validated) length is the output length.
    /// </summary>
    public static int Hash(ReadOnlySpan<byte> key, ReadOnlySpan<byte> salt, ReadOnlySpan<byte> personalization, ReadOnlySpan<byte> source, Span<byte> destination, byte kernel)
    {
        Blake2XState<TX, TBase> state = default;
        state.Initialize(key, salt, personalization, (ulong)destination.Length, kernel);
        state.Update(source);
        Blake2XOutput<TX> output = default;
        state.Finish(ref output, (ulong)destination.Length);
        output.Read(destination);
        output.Erase();
        return destination.Length;
    }
}

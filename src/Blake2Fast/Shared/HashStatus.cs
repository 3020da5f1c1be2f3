using System;
using System.Runtime.CompilerServices;

namespace Blake2Fast.Internal;

/// <summary>
/// The life of an incremental state (BLAKE2's engines, BLAKE3's hash state): a <see langword="default"/>
/// one is not initialized, then it is active until finished, and once finished (or cleared) its key
/// and data are gone. Every method but the eraser checks that the state is active first.
/// </summary>
internal static class HashStatus
{
    public const byte Uninitialized = 0;
    public const byte Active = 1;
    public const byte Finished = 2;

    /// <summary>The state <paramref name="status"/> belongs to may not be used unless it is active.</summary>
    /// <param name="status">The state's status byte.</param>
    /// <param name="whenFinished">The message for a finished state.</param>
    /// <param name="whenUninitialized">The message for a state never initialized (or cleared).</param>
    /// <exception cref="InvalidOperationException">It is not active.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ThrowIfNotActive(byte status, string whenFinished, string whenUninitialized)
    {
        if (status != Active)
        {
            ThrowNotActive(status, whenFinished, whenUninitialized);
        }
    }

    /// <summary>
    /// Zeroes all of <paramref name="state"/> but its status byte. The caller keeps the state in
    /// place (a <c>fixed</c> statement on <paramref name="status"/>; see FixedBufferSpans).
    /// </summary>
    public static void EraseAllBut<TState>(ref TState state, ref byte status)
        where TState : unmanaged
    {
        byte kept = status;
        SecretBytes.Erase(FixedBufferSpans.BytesOf(ref state));
        status = kept;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowNotActive(byte status, string whenFinished, string whenUninitialized) =>
        throw new InvalidOperationException(status == Finished ? whenFinished : whenUninitialized);
}

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// What the word size decides for code written once over it: <typeparamref name="TWord"/> is
/// <see cref="ulong"/> for BLAKE2b (and BLAKE2bp, BLAKE2Xb) or <see cref="uint"/> for BLAKE2s.
/// </summary>
/// <remarks>
/// Every member tests <c>typeof(TWord)</c>, which the JIT decides while it compiles a
/// specialisation (a value-type argument gets its own code), so the test and the branch not
/// taken cost nothing.
/// </remarks>
internal static class Blake2Word<TWord>
    where TWord : unmanaged
{
    /// <summary>Whether the words are BLAKE2b's 64-bit ones (otherwise BLAKE2s's 32-bit ones).</summary>
    public static bool Is64
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => typeof(TWord) == typeof(ulong);
    }

    /// <summary>Bytes per word: 8 or 4.</summary>
    public static int Length
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Unsafe.SizeOf<TWord>();
    }

    /// <summary>Bytes per message block: 128 or 64.</summary>
    public static int BlockLength
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => 16 * Unsafe.SizeOf<TWord>();
    }

    /// <summary>Rounds per compression: 12 or 10.</summary>
    public static int Rounds
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Is64 ? 12 : 10;
    }

    /// <summary>The low word of <paramref name="value"/>: all of it, or its low 32 bits.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TWord From(ulong value) => Is64 ? (TWord)(object)value : (TWord)(object)(uint)value;

    /// <summary>IV word <paramref name="index"/> (0 to 7, a constant at every call, so the switch folds away).</summary>
    /// <remarks>
    /// BLAKE2s's IV is the upper half of BLAKE2b's, word by word: they are SHA-256's and SHA-512's,
    /// and SHA-256's words are the first 32 bits of the same square-root fractions as SHA-512's.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TWord IV(int index)
    {
        ulong iv = index switch
        {
            0 => Blake2bScalar.IV0,
            1 => Blake2bScalar.IV1,
            2 => Blake2bScalar.IV2,
            3 => Blake2bScalar.IV3,
            4 => Blake2bScalar.IV4,
            5 => Blake2bScalar.IV5,
            6 => Blake2bScalar.IV6,
            _ => Blake2bScalar.IV7,
        };
        return Is64 ? (TWord)(object)iv : (TWord)(object)(uint)(iv >> 32);
    }

    /// <summary>Word <paramref name="index"/> of <paramref name="words"/> (host byte order), widened to 64 bits.</summary>
    public static ulong Read(ReadOnlySpan<byte> words, int index) => Is64
        ? MemoryMarshal.Cast<byte, ulong>(words)[index]
        : MemoryMarshal.Cast<byte, uint>(words)[index];

    /// <summary>Sets word <paramref name="index"/> of <paramref name="words"/> (host byte order) to the low word of <paramref name="value"/>.</summary>
    public static void Write(Span<byte> words, int index, ulong value)
    {
        if (Is64)
        {
            MemoryMarshal.Cast<byte, ulong>(words)[index] = value;
        }
        else
        {
            MemoryMarshal.Cast<byte, uint>(words)[index] = (uint)value;
        }
    }
}

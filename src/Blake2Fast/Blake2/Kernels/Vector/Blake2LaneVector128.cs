using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// 128-bit lanes: two BLAKE2b or four BLAKE2s hashes, written with the cross-platform
/// <see cref="Vector128"/> API, so SSE2 (x64) and AdvSimd (ARM64) both run them.
/// </summary>
/// <remarks>
/// Rotations take the best instruction the processor has, decided when the JIT compiles the kernel
/// (the IsSupported checks are constants to it): on x64 with AVX-512VL one vprord or vprorq; with
/// SSSE3 a byte shuffle (pshufb) for the amounts that are whole bytes; otherwise, and on ARM64,
/// shifts, except BLAKE2b's 32, a 32-bit element swap (pshufd, SSE2). These lanes run on
/// AVX-512 machines too, for the groups of 4 to 7 chunks and parents the wider lanes leave in
/// BLAKE3 and for forced kernels, where shifts had made them clearly slower than the official C's
/// SSE4.1 lanes (docs/measurements.md#lanes-128-rotations). G keeps a + (b + m) with 16 registers, as
/// with AVX2's; with AVX-512's 32 it adds the message first.
/// </remarks>
/// <typeparam name="TWord"><see cref="ulong"/> (BLAKE2b) or <see cref="uint"/> (BLAKE2s).</typeparam>
internal readonly struct Blake2LaneVector128<TWord> : IBlake2LaneVector<Vector128<TWord>>
    where TWord : unmanaged
{
    public static int Lanes => Vector128<TWord>.Count;

    public static int Rounds => Blake2Word<TWord>.Rounds;

    public static bool HasManyRegisters => Avx512F.VL.IsSupported;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<TWord> IV(int index) => Vector128.Create(Blake2Word<TWord>.IV(index));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<TWord> Broadcast(ulong value) => typeof(TWord) == typeof(ulong)
        ? Vector128.Create(value).As<ulong, TWord>()
        : Vector128.Create((uint)value).As<uint, TWord>();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<TWord> Load(ref byte source) => Vector128.LoadUnsafe(ref Unsafe.As<byte, TWord>(ref source));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<TWord> Add(Vector128<TWord> left, Vector128<TWord> right) => left + right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<TWord> Xor(Vector128<TWord> left, Vector128<TWord> right) => left ^ right;

    /// <inheritdoc cref="Blake2LaneVector256{TWord, TRotations}.AddToCounters"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddToCounters(ref Vector128<TWord> t0, ref Vector128<TWord> t1, Vector128<TWord> increment)
    {
        t0 += increment;
        t1 -= Vector128.LessThan(t0, increment);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<TWord> RotateRight(Vector128<TWord> x, [ConstantExpected] byte bits64, [ConstantExpected] byte bits32)
    {
        if (Avx512F.VL.IsSupported)
        {
            return typeof(TWord) == typeof(ulong)
                ? Avx512F.VL.RotateRight(x.AsUInt64(), bits64).As<ulong, TWord>()
                : Avx512F.VL.RotateRight(x.AsUInt32(), bits32).As<uint, TWord>();
        }

        if (typeof(TWord) != typeof(ulong))
        {
            return Ssse3.IsSupported && bits32 is 16 or 8
                ? Ssse3.Shuffle(x.AsByte(), bits32 == 16 ? RotateRight16x4 : RotateRight8x4).As<byte, TWord>()
                : (Vector128.ShiftRightLogical(x.AsUInt32(), bits32) | Vector128.ShiftLeft(x.AsUInt32(), 32 - bits32)).As<uint, TWord>();
        }

        if (bits64 == 32)
        {
            return Vector128.Shuffle(x.AsUInt32(), Vector128.Create(1u, 0, 3, 2)).As<uint, TWord>();
        }

        return Ssse3.IsSupported && bits64 is 24 or 16
            ? Ssse3.Shuffle(x.AsByte(), bits64 == 24 ? Blake2bShuffles.RotateRight24 : Blake2bShuffles.RotateRight16).As<byte, TWord>()
            : (Vector128.ShiftRightLogical(x.AsUInt64(), bits64) | Vector128.ShiftLeft(x.AsUInt64(), 64 - bits64)).As<ulong, TWord>();
    }

    /// <summary>pshufb's mask that rotates each 32-bit word right by 16.</summary>
    private static Vector128<byte> RotateRight16x4
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector128.Create((byte)2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    }

    /// <summary>pshufb's mask that rotates each 32-bit word right by 8.</summary>
    private static Vector128<byte> RotateRight8x4
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => Vector128.Create((byte)1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12);
    }

    /// <inheritdoc/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Blake3G(ref Vector128<TWord> a, ref Vector128<TWord> b, ref Vector128<TWord> c, ref Vector128<TWord> d, Vector128<TWord> x, Vector128<TWord> y)
    {
        a = a + x + b;
        d = Avx512F.VL.RotateRight((d ^ a).AsUInt32(), 16).As<uint, TWord>();
        c += d;
        b = Avx512F.VL.RotateRight((b ^ c).AsUInt32(), 12).As<uint, TWord>();
        a = a + y + b;
        d = Avx512F.VL.RotateRight((d ^ a).AsUInt32(), 8).As<uint, TWord>();
        c += d;
        b = Avx512F.VL.RotateRight((b ^ c).AsUInt32(), 7).As<uint, TWord>();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadTransposed(ref byte block, nuint laneStride, ref Vector128<TWord> message)
    {
        if (Blake2Word<TWord>.Is64)
        {
            Transpose128.LoadWords64(ref block, laneStride, ref Unsafe.As<Vector128<TWord>, Vector128<ulong>>(ref message));
        }
        else
        {
            Transpose128.LoadWords32(ref block, laneStride, ref Unsafe.As<Vector128<TWord>, Vector128<uint>>(ref message));
        }
    }

    /// <remarks>
    /// 32-bit words only: BLAKE3's lanes are its one caller. Through a stack copy of the memory
    /// form, whose loop is what BLAKE2's lanes run best (the 64-byte BLAKE2sp hash was slower with
    /// this width's transpose written to values; docs/measurements.md#lanes-transpose-form).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadTransposed(
        ref byte block, nuint laneStride,
        out Vector128<TWord> m0, out Vector128<TWord> m1, out Vector128<TWord> m2, out Vector128<TWord> m3, out Vector128<TWord> m4, out Vector128<TWord> m5, out Vector128<TWord> m6, out Vector128<TWord> m7,
        out Vector128<TWord> m8, out Vector128<TWord> m9, out Vector128<TWord> m10, out Vector128<TWord> m11, out Vector128<TWord> m12, out Vector128<TWord> m13, out Vector128<TWord> m14, out Vector128<TWord> m15)
    {
        Unsafe.SkipInit(out Words16<Vector128<TWord>> words);
        LoadTransposed(ref block, laneStride, ref words[0]);
        words.Read(out m0, out m1, out m2, out m3, out m4, out m5, out m6, out m7, out m8, out m9, out m10, out m11, out m12, out m13, out m14, out m15);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTransposed(Vector128<TWord> h0, Vector128<TWord> h1, Vector128<TWord> h2, Vector128<TWord> h3, Vector128<TWord> h4, Vector128<TWord> h5, Vector128<TWord> h6, Vector128<TWord> h7, ref byte destination) =>
        Transpose128.StoreWords(h0, h1, h2, h3, h4, h5, h6, h7, ref destination);
}

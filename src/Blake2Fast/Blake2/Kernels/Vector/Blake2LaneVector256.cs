using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// 256-bit lanes: four BLAKE2b or eight BLAKE2s hashes, for AVX2 or AVX-512VL as
/// <typeparamref name="TRotations"/> says (its rotations, and whether G may keep an early sum).
/// </summary>
/// <typeparam name="TWord"><see cref="ulong"/> (BLAKE2b) or <see cref="uint"/> (BLAKE2s).</typeparam>
/// <typeparam name="TRotations">How this instruction set rotates lanes.</typeparam>
internal readonly struct Blake2LaneVector256<TWord, TRotations> : IBlake2LaneVector<Vector256<TWord>>
    where TWord : unmanaged
    where TRotations : struct, IBlake2LaneRotations
{
    public static int Lanes => Vector256<TWord>.Count;

    public static int Rounds => Blake2Word<TWord>.Rounds;

    public static bool HasManyRegisters => TRotations.HasManyRegisters;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<TWord> IV(int index) => Vector256.Create(Blake2Word<TWord>.IV(index));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<TWord> Broadcast(ulong value) => typeof(TWord) == typeof(ulong)
        ? Vector256.Create(value).As<ulong, TWord>()
        : Vector256.Create((uint)value).As<uint, TWord>();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<TWord> Load(ref byte source) => Vector256.LoadUnsafe(ref Unsafe.As<byte, TWord>(ref source));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<TWord> Add(Vector256<TWord> left, Vector256<TWord> right) => left + right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<TWord> Xor(Vector256<TWord> left, Vector256<TWord> right) => left ^ right;

    /// <remarks>LessThan is all ones (-1) in a lane whose t0 wrapped.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddToCounters(ref Vector256<TWord> t0, ref Vector256<TWord> t1, Vector256<TWord> increment)
    {
        t0 += increment;
        t1 -= Vector256.LessThan(t0, increment);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector256<TWord> RotateRight(Vector256<TWord> x, [ConstantExpected] byte bits64, [ConstantExpected] byte bits32) => typeof(TWord) == typeof(ulong)
        ? TRotations.RotateRight(x.AsUInt64(), bits64).As<ulong, TWord>()
        : TRotations.RotateRight(x.AsUInt32(), bits32).As<uint, TWord>();

    /// <inheritdoc/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Blake3G(ref Vector256<TWord> a, ref Vector256<TWord> b, ref Vector256<TWord> c, ref Vector256<TWord> d, Vector256<TWord> x, Vector256<TWord> y)
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
    public static void LoadTransposed(ref byte block, nuint laneStride, ref Vector256<TWord> message)
    {
        if (Blake2Word<TWord>.Is64)
        {
            Transpose256.LoadWords64(ref block, laneStride, ref Unsafe.As<Vector256<TWord>, Vector256<ulong>>(ref message));
        }
        else
        {
            Transpose256.LoadWords32(ref block, laneStride, ref Unsafe.As<Vector256<TWord>, Vector256<uint>>(ref message));
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
        out Vector256<TWord> m0, out Vector256<TWord> m1, out Vector256<TWord> m2, out Vector256<TWord> m3, out Vector256<TWord> m4, out Vector256<TWord> m5, out Vector256<TWord> m6, out Vector256<TWord> m7,
        out Vector256<TWord> m8, out Vector256<TWord> m9, out Vector256<TWord> m10, out Vector256<TWord> m11, out Vector256<TWord> m12, out Vector256<TWord> m13, out Vector256<TWord> m14, out Vector256<TWord> m15)
    {
        Unsafe.SkipInit(out Words16<Vector256<TWord>> words);
        LoadTransposed(ref block, laneStride, ref words[0]);
        words.Read(out m0, out m1, out m2, out m3, out m4, out m5, out m6, out m7, out m8, out m9, out m10, out m11, out m12, out m13, out m14, out m15);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTransposed(Vector256<TWord> h0, Vector256<TWord> h1, Vector256<TWord> h2, Vector256<TWord> h3, Vector256<TWord> h4, Vector256<TWord> h5, Vector256<TWord> h6, Vector256<TWord> h7, ref byte destination)
    {
        if (Blake2Word<TWord>.Is64)
        {
            Transpose256.StoreWords64(h0.AsUInt64(), h1.AsUInt64(), h2.AsUInt64(), h3.AsUInt64(), h4.AsUInt64(), h5.AsUInt64(), h6.AsUInt64(), h7.AsUInt64(), ref destination);
        }
        else
        {
            Transpose256.StoreWords32(h0.AsUInt32(), h1.AsUInt32(), h2.AsUInt32(), h3.AsUInt32(), h4.AsUInt32(), h5.AsUInt32(), h6.AsUInt32(), h7.AsUInt32(), ref destination);
        }
    }
}

using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// 512-bit lanes: eight BLAKE2b or sixteen BLAKE2s hashes, AVX-512F: every rotation is one
/// vprorq/vprord, and with 32 registers G keeps its early sum.
/// </summary>
/// <typeparam name="TWord"><see cref="ulong"/> (BLAKE2b) or <see cref="uint"/> (BLAKE2s).</typeparam>
internal readonly struct Blake2LaneVector512<TWord> : IBlake2LaneVector<Vector512<TWord>>
    where TWord : unmanaged
{
    public static int Lanes => Vector512<TWord>.Count;

    public static int Rounds => Blake2Word<TWord>.Rounds;

    public static bool HasManyRegisters => true;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<TWord> IV(int index) => Vector512.Create(Blake2Word<TWord>.IV(index));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<TWord> Broadcast(ulong value) => typeof(TWord) == typeof(ulong)
        ? Vector512.Create(value).As<ulong, TWord>()
        : Vector512.Create((uint)value).As<uint, TWord>();

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<TWord> Load(ref byte source) => Vector512.LoadUnsafe(ref Unsafe.As<byte, TWord>(ref source));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<TWord> Add(Vector512<TWord> left, Vector512<TWord> right) => left + right;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<TWord> Xor(Vector512<TWord> left, Vector512<TWord> right) => left ^ right;

    /// <inheritdoc cref="Blake2LaneVector256{TWord, TRotations}.AddToCounters"/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void AddToCounters(ref Vector512<TWord> t0, ref Vector512<TWord> t1, Vector512<TWord> increment)
    {
        t0 += increment;
        t1 -= Vector512.LessThan(t0, increment);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector512<TWord> RotateRight(Vector512<TWord> x, [ConstantExpected] byte bits64, [ConstantExpected] byte bits32) => typeof(TWord) == typeof(ulong)
        ? Avx512F.RotateRight(x.AsUInt64(), bits64).As<ulong, TWord>()
        : Avx512F.RotateRight(x.AsUInt32(), bits32).As<uint, TWord>();

    /// <inheritdoc/>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void Blake3G(ref Vector512<TWord> a, ref Vector512<TWord> b, ref Vector512<TWord> c, ref Vector512<TWord> d, Vector512<TWord> x, Vector512<TWord> y)
    {
        a = a + x + b;
        d = Avx512F.RotateRight((d ^ a).AsUInt32(), 16).As<uint, TWord>();
        c += d;
        b = Avx512F.RotateRight((b ^ c).AsUInt32(), 12).As<uint, TWord>();
        a = a + y + b;
        d = Avx512F.RotateRight((d ^ a).AsUInt32(), 8).As<uint, TWord>();
        c += d;
        b = Avx512F.RotateRight((b ^ c).AsUInt32(), 7).As<uint, TWord>();
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadTransposed(ref byte block, nuint laneStride, ref Vector512<TWord> message)
    {
        if (Blake2Word<TWord>.Is64)
        {
            Transpose512.LoadWords64(ref block, laneStride, ref Unsafe.As<Vector512<TWord>, Vector512<ulong>>(ref message));
        }
        else
        {
            Transpose512.LoadWords32(ref block, laneStride, ref Unsafe.As<Vector512<TWord>, Vector512<uint>>(ref message));
        }
    }

    /// <remarks>32-bit words only: BLAKE3's lanes are its one caller.</remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void LoadTransposed(
        ref byte block, nuint laneStride,
        out Vector512<TWord> m0, out Vector512<TWord> m1, out Vector512<TWord> m2, out Vector512<TWord> m3, out Vector512<TWord> m4, out Vector512<TWord> m5, out Vector512<TWord> m6, out Vector512<TWord> m7,
        out Vector512<TWord> m8, out Vector512<TWord> m9, out Vector512<TWord> m10, out Vector512<TWord> m11, out Vector512<TWord> m12, out Vector512<TWord> m13, out Vector512<TWord> m14, out Vector512<TWord> m15) =>
        Transpose512.LoadWords32(ref block, laneStride, out m0, out m1, out m2, out m3, out m4, out m5, out m6, out m7, out m8, out m9, out m10, out m11, out m12, out m13, out m14, out m15);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTransposed(Vector512<TWord> h0, Vector512<TWord> h1, Vector512<TWord> h2, Vector512<TWord> h3, Vector512<TWord> h4, Vector512<TWord> h5, Vector512<TWord> h6, Vector512<TWord> h7, ref byte destination)
    {
        if (Blake2Word<TWord>.Is64)
        {
            Transpose512.StoreWords64(h0.AsUInt64(), h1.AsUInt64(), h2.AsUInt64(), h3.AsUInt64(), h4.AsUInt64(), h5.AsUInt64(), h6.AsUInt64(), h7.AsUInt64(), ref destination);
        }
        else
        {
            Transpose512.StoreWords32(h0.AsUInt32(), h1.AsUInt32(), h2.AsUInt32(), h3.AsUInt32(), h4.AsUInt32(), h5.AsUInt32(), h6.AsUInt32(), h7.AsUInt32(), ref destination);
        }
    }
}

using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;

namespace Blake2Fast.Kernels;

/// <summary>
/// 128-bit lanes: two BLAKE2b or four BLAKE2s hashes, written with the cross-platform
/// <see cref="Vector128"/> API, so SSE2 (x64) and AdvSimd (ARM64) both run them.
/// </summary>
/// <remarks>
/// Rotations are shifts, except BLAKE2b's 32, which is a 32-bit element swap (pshufd, SSE2): byte
/// shuffles would need SSSE3, which these lanes do not assume. G keeps a + (b + m), as with AVX2's
/// 16 registers.
/// </remarks>
/// <typeparam name="TWord"><see cref="ulong"/> (BLAKE2b) or <see cref="uint"/> (BLAKE2s).</typeparam>
internal readonly struct Blake2LaneVector128<TWord> : IBlake2LaneVector<Vector128<TWord>>
    where TWord : unmanaged
{
    public static int Lanes => Vector128<TWord>.Count;

    public static int Rounds => Blake2Word<TWord>.Rounds;

    public static bool AddsMessageFirst => false;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<TWord> IV(int index) => Vector128.Create(Blake2Word<TWord>.IV(index));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static Vector128<TWord> Broadcast(ulong value) => Vector128.Create(Blake2Word<TWord>.From(value));

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
        if (!Blake2Word<TWord>.Is64)
        {
            return (Vector128.ShiftRightLogical(x.AsUInt32(), bits32) | Vector128.ShiftLeft(x.AsUInt32(), 32 - bits32)).As<uint, TWord>();
        }

        return bits64 == 32
            ? Vector128.Shuffle(x.AsUInt32(), Vector128.Create(1u, 0, 3, 2)).As<uint, TWord>()
            : (Vector128.ShiftRightLogical(x.AsUInt64(), bits64) | Vector128.ShiftLeft(x.AsUInt64(), 64 - bits64)).As<ulong, TWord>();
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

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void StoreTransposed(Vector128<TWord> h0, Vector128<TWord> h1, Vector128<TWord> h2, Vector128<TWord> h3, Vector128<TWord> h4, Vector128<TWord> h5, Vector128<TWord> h6, Vector128<TWord> h7, ref byte destination) =>
        Transpose128.StoreWords(h0, h1, h2, h3, h4, h5, h6, h7, ref destination);
}

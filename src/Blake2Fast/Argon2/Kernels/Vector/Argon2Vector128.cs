using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.Arm;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// BlaMka block compression in 128-bit registers (SSE2 on x64, AdvSimd on ARM64): each quarter of a
/// 16-word P input is a pair of registers, so one GB step works on two columns (or diagonals) per
/// instruction. The 32x32->64 multiply is pmuludq (<see cref="Sse2.Multiply(Vector128{uint}, Vector128{uint})"/>)
/// or umull (<see cref="AdvSimd.MultiplyWideningLower(Vector64{uint}, Vector64{uint})"/>); the
/// rotations are shifts, a dword shuffle for 32, and shift-add-xor for 63, which every 128-bit ISA has.
/// </summary>
/// <remarks>
/// The diagonal step moves words between the two registers of a quarter: (v5, v6), (v7, v4) for b,
/// a swap of the registers for c, (v15, v12), (v13, v14) for d, built from 64-bit halves. The block
/// goes through a 1 KiB stack buffer between the row and column halves, as in <see cref="Argon2Vector256{TRotations}"/>.
/// </remarks>
internal static unsafe class Argon2Vector128
{
    /// <summary>Whether this machine has the 128-bit instructions the kernel needs: SSE2 on x86, AdvSimd on ARM64.</summary>
    public static bool IsSupported => Sse2.IsSupported || AdvSimd.IsSupported;

    /// <inheritdoc cref="Argon2Kernels.FillBlock"/>
    [MethodImpl(KernelRoot.Options)]
    public static void FillBlock(ulong* previous, ulong* reference, ulong* next, bool xor)
    {
        ulong* r = stackalloc ulong[128 + 2];
        r = (ulong*)(((nuint)r + 15) & ~(nuint)15);

        for (int row = 0; row < 8; row++)
        {
            ulong* x = previous + (16 * row);
            ulong* y = reference + (16 * row);
            ulong* keep = next + (16 * row);
            Vector128<ulong> a0 = Vector128.Load(x) ^ Vector128.Load(y), a1 = Vector128.Load(x + 2) ^ Vector128.Load(y + 2);
            Vector128<ulong> b0 = Vector128.Load(x + 4) ^ Vector128.Load(y + 4), b1 = Vector128.Load(x + 6) ^ Vector128.Load(y + 6);
            Vector128<ulong> c0 = Vector128.Load(x + 8) ^ Vector128.Load(y + 8), c1 = Vector128.Load(x + 10) ^ Vector128.Load(y + 10);
            Vector128<ulong> d0 = Vector128.Load(x + 12) ^ Vector128.Load(y + 12), d1 = Vector128.Load(x + 14) ^ Vector128.Load(y + 14);

            // R, or R ^ next's old value, goes to next at once (row i of next is written only after
            // row i of both inputs is read, so next may be the reference block).
            Keep(keep, a0, xor);
            Keep(keep + 2, a1, xor);
            Keep(keep + 4, b0, xor);
            Keep(keep + 6, b1, xor);
            Keep(keep + 8, c0, xor);
            Keep(keep + 10, c1, xor);
            Keep(keep + 12, d0, xor);
            Keep(keep + 14, d1, xor);

            P(ref a0, ref a1, ref b0, ref b1, ref c0, ref c1, ref d0, ref d1);
            ulong* w = r + (16 * row);
            a0.Store(w);
            a1.Store(w + 2);
            b0.Store(w + 4);
            b1.Store(w + 6);
            c0.Store(w + 8);
            c1.Store(w + 10);
            d0.Store(w + 12);
            d1.Store(w + 14);
        }

        for (int column = 0; column < 8; column++)
        {
            ulong* w = r + (2 * column);
            Vector128<ulong> a0 = Vector128.Load(w), a1 = Vector128.Load(w + 16);
            Vector128<ulong> b0 = Vector128.Load(w + 32), b1 = Vector128.Load(w + 48);
            Vector128<ulong> c0 = Vector128.Load(w + 64), c1 = Vector128.Load(w + 80);
            Vector128<ulong> d0 = Vector128.Load(w + 96), d1 = Vector128.Load(w + 112);
            P(ref a0, ref a1, ref b0, ref b1, ref c0, ref c1, ref d0, ref d1);
            ulong* o = next + (2 * column);
            (a0 ^ Vector128.Load(o)).Store(o);
            (a1 ^ Vector128.Load(o + 16)).Store(o + 16);
            (b0 ^ Vector128.Load(o + 32)).Store(o + 32);
            (b1 ^ Vector128.Load(o + 48)).Store(o + 48);
            (c0 ^ Vector128.Load(o + 64)).Store(o + 64);
            (c1 ^ Vector128.Load(o + 80)).Store(o + 80);
            (d0 ^ Vector128.Load(o + 96)).Store(o + 96);
            (d1 ^ Vector128.Load(o + 112)).Store(o + 112);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Keep(ulong* destination, Vector128<ulong> value, bool xor) =>
        (xor ? value ^ Vector128.Load(destination) : value).Store(destination);

    /// <summary>P on v0..v15 held as a0 = (v0, v1), a1 = (v2, v3), b0 = (v4, v5) ... d1 = (v14, v15).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void P(ref Vector128<ulong> a0, ref Vector128<ulong> a1, ref Vector128<ulong> b0, ref Vector128<ulong> b1,
        ref Vector128<ulong> c0, ref Vector128<ulong> c1, ref Vector128<ulong> d0, ref Vector128<ulong> d1)
    {
        GB(ref a0, ref b0, ref c0, ref d0);
        GB(ref a1, ref b1, ref c1, ref d1);

        // Diagonals (v0, v5, v10, v15), (v1, v6, v11, v12), (v2, v7, v8, v13), (v3, v4, v9, v14).
        Vector128<ulong> e0 = Join(b0, b1), e1 = Join(b1, b0);
        Vector128<ulong> f0 = Join(d1, d0), f1 = Join(d0, d1);
        GB(ref a0, ref e0, ref c1, ref f0);
        GB(ref a1, ref e1, ref c0, ref f1);
        b0 = Join(e1, e0);
        b1 = Join(e0, e1);
        d0 = Join(f0, f1);
        d1 = Join(f1, f0);
    }

    /// <summary>(x's upper word, y's lower word).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Join(Vector128<ulong> x, Vector128<ulong> y)
    {
        if (Sse2.IsSupported)
        {
            return Sse2.Shuffle(x.AsDouble(), y.AsDouble(), 0b01).AsUInt64();
        }

        return AdvSimd.ExtractVector128(x, y, 1);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void GB(ref Vector128<ulong> a, ref Vector128<ulong> b, ref Vector128<ulong> c, ref Vector128<ulong> d)
    {
        a = a + b + Twice(MultiplyLow(a, b));
        d = RotateRight32(d ^ a);
        c = c + d + Twice(MultiplyLow(c, d));
        b = RotateRight(b ^ c, 24);
        a = a + b + Twice(MultiplyLow(a, b));
        d = RotateRight(d ^ a, 16);
        c = c + d + Twice(MultiplyLow(c, d));
        b = RotateRight63(b ^ c);
    }

    /// <summary>lo(x) * lo(y) per 64-bit lane, a 64-bit product.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> MultiplyLow(Vector128<ulong> x, Vector128<ulong> y)
    {
        if (Sse2.IsSupported)
        {
            return Sse2.Multiply(x.AsUInt32(), y.AsUInt32());
        }

        return AdvSimd.MultiplyWideningLower(AdvSimd.ExtractNarrowingLower(x), AdvSimd.ExtractNarrowingLower(y));
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> Twice(Vector128<ulong> x) => x + x;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> RotateRight32(Vector128<ulong> x) =>
        Sse2.IsSupported ? Sse2.Shuffle(x.AsUInt32(), 0b10_11_00_01).AsUInt64() : AdvSimd.ReverseElement32(x);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> RotateRight(Vector128<ulong> x, [System.Diagnostics.CodeAnalysis.ConstantExpected] byte bits) =>
        Vector128.ShiftRightLogical(x, bits) | Vector128.ShiftLeft(x, 64 - bits);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector128<ulong> RotateRight63(Vector128<ulong> x) => Vector128.ShiftRightLogical(x, 63) ^ (x + x);
}

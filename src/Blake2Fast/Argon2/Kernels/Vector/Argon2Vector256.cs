using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// BlaMka block compression with each quarter of a 16-word P input in one 256-bit register, as
/// <see cref="Blake2bVector256"/> holds BLAKE2b's rows: one GB step works on four columns (or
/// diagonals) at once. The 32x32->64 multiply is vpmuludq (<see cref="Avx2.Multiply(Vector256{uint}, Vector256{uint})"/>),
/// the rotations <typeparamref name="TRotations"/>' (AVX2 shuffles or AVX-512VL vprorq).
/// </summary>
/// <remarks>
/// A row of the 8x8 matrix is 16 consecutive words: four aligned 256-bit loads. A column is the
/// 16-byte register c of every row, so its quarters are pairs of 128-bit halves two rows apart,
/// joined with one insert each; the block goes through a 1 KiB stack buffer between the two halves.
/// </remarks>
internal static unsafe class Argon2Vector256<TRotations>
    where TRotations : struct, IBlake2LaneRotations
{
    /// <inheritdoc cref="Argon2Kernels.FillBlock"/>
    [MethodImpl(KernelRoot.Options)]
    public static void FillBlock(ulong* previous, ulong* reference, ulong* next, bool xor)
    {
        ulong* r = stackalloc ulong[128 + 4];
        r = (ulong*)(((nuint)r + 31) & ~(nuint)31);

        for (int row = 0; row < 8; row++)
        {
            ulong* x = previous + (16 * row);
            ulong* y = reference + (16 * row);
            Vector256<ulong> a = Vector256.Load(x) ^ Vector256.Load(y);
            Vector256<ulong> b = Vector256.Load(x + 4) ^ Vector256.Load(y + 4);
            Vector256<ulong> c = Vector256.Load(x + 8) ^ Vector256.Load(y + 8);
            Vector256<ulong> d = Vector256.Load(x + 12) ^ Vector256.Load(y + 12);
            // K = R, or R ^ next's old value, goes to next at once: row i of next is written only
            // after row i of both inputs is read, so next may be the reference block.
            ulong* keep = next + (16 * row);
            if (xor)
            {
                (a ^ Vector256.Load(keep)).Store(keep);
                (b ^ Vector256.Load(keep + 4)).Store(keep + 4);
                (c ^ Vector256.Load(keep + 8)).Store(keep + 8);
                (d ^ Vector256.Load(keep + 12)).Store(keep + 12);
            }
            else
            {
                a.Store(keep);
                b.Store(keep + 4);
                c.Store(keep + 8);
                d.Store(keep + 12);
            }

            P(ref a, ref b, ref c, ref d);
            ulong* w = r + (16 * row);
            a.Store(w);
            b.Store(w + 4);
            c.Store(w + 8);
            d.Store(w + 12);
        }

        for (int column = 0; column < 8; column++)
        {
            ulong* w = r + (2 * column);
            Vector256<ulong> a = Vector256.Create(Vector128.Load(w), Vector128.Load(w + 16));
            Vector256<ulong> b = Vector256.Create(Vector128.Load(w + 32), Vector128.Load(w + 48));
            Vector256<ulong> c = Vector256.Create(Vector128.Load(w + 64), Vector128.Load(w + 80));
            Vector256<ulong> d = Vector256.Create(Vector128.Load(w + 96), Vector128.Load(w + 112));
            P(ref a, ref b, ref c, ref d);
            ulong* o = next + (2 * column);
            (a.GetLower() ^ Vector128.Load(o)).Store(o);
            (a.GetUpper() ^ Vector128.Load(o + 16)).Store(o + 16);
            (b.GetLower() ^ Vector128.Load(o + 32)).Store(o + 32);
            (b.GetUpper() ^ Vector128.Load(o + 48)).Store(o + 48);
            (c.GetLower() ^ Vector128.Load(o + 64)).Store(o + 64);
            (c.GetUpper() ^ Vector128.Load(o + 80)).Store(o + 80);
            (d.GetLower() ^ Vector128.Load(o + 96)).Store(o + 96);
            (d.GetUpper() ^ Vector128.Load(o + 112)).Store(o + 112);
        }
    }

    /// <summary>P on the 16 words a (0-3), b (4-7), c (8-11), d (12-15): GB on the columns, then on the diagonals.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void P(ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d)
    {
        GB(ref a, ref b, ref c, ref d);

        // Lane j then holds diagonal j: b moves by one lane, c by two, d by three.
        b = Avx2.Permute4x64(b, 0b00_11_10_01);
        c = Avx2.Permute4x64(c, 0b01_00_11_10);
        d = Avx2.Permute4x64(d, 0b10_01_00_11);
        GB(ref a, ref b, ref c, ref d);
        b = Avx2.Permute4x64(b, 0b10_01_00_11);
        c = Avx2.Permute4x64(c, 0b01_00_11_10);
        d = Avx2.Permute4x64(d, 0b00_11_10_01);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void GB(ref Vector256<ulong> a, ref Vector256<ulong> b, ref Vector256<ulong> c, ref Vector256<ulong> d)
    {
        a = a + b + Twice(Avx2.Multiply(a.AsUInt32(), b.AsUInt32()));
        d = TRotations.RotateRight(d ^ a, 32);
        c = c + d + Twice(Avx2.Multiply(c.AsUInt32(), d.AsUInt32()));
        b = TRotations.RotateRight(b ^ c, 24);
        a = a + b + Twice(Avx2.Multiply(a.AsUInt32(), b.AsUInt32()));
        d = TRotations.RotateRight(d ^ a, 16);
        c = c + d + Twice(Avx2.Multiply(c.AsUInt32(), d.AsUInt32()));
        b = TRotations.RotateRight(b ^ c, 63);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector256<ulong> Twice(Vector256<ulong> x) => x + x;
}

using System.Runtime.CompilerServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// BlaMka block compression on two rows (or two columns) at once in 512-bit registers (AVX-512F):
/// each register holds a quarter of two P inputs, one per 256-bit half, so the diagonal step's
/// vpermq (which permutes within 256-bit halves) serves both. Half the instructions of
/// <see cref="Argon2Vector256{TRotations}"/> for the same work.
/// </summary>
/// <remarks>
/// Rows 2k and 2k+1 load as the two halves of each register. For columns c and c+1, each register
/// loads the 256-bit runs of words 2c..2c+3 of two rows, that is (c's pair, c+1's pair) per row;
/// one vshufi64x2 regroups them into (column c's four words | column c+1's), and the same shuffle
/// undoes it before the result is stored.
/// </remarks>
internal static unsafe class Argon2Vector512
{
    /// <summary>Whether this machine has AVX-512F.</summary>
    public static bool IsSupported => Avx512F.IsSupported;

    /// <inheritdoc cref="Argon2Kernels.FillBlock"/>
    [MethodImpl(KernelRoot.Options)]
    public static void FillBlock(ulong* previous, ulong* reference, ulong* next, bool xor)
    {
        ulong* r = stackalloc ulong[128 + 8];
        r = (ulong*)(((nuint)r + 63) & ~(nuint)63);

        for (int pair = 0; pair < 4; pair++)
        {
            ulong* x = previous + (32 * pair);
            ulong* y = reference + (32 * pair);
            ulong* keep = next + (32 * pair);
            Vector512<ulong> a = Rows(x, 0) ^ Rows(y, 0);
            Vector512<ulong> b = Rows(x, 4) ^ Rows(y, 4);
            Vector512<ulong> c = Rows(x, 8) ^ Rows(y, 8);
            Vector512<ulong> d = Rows(x, 12) ^ Rows(y, 12);

            // R, or R ^ next's old value, goes to next at once (rows 2k and 2k+1 of next are written
            // only after the same rows of both inputs are read, so next may be the reference block).
            StoreRows(keep, 0, xor ? a ^ Rows(keep, 0) : a);
            StoreRows(keep, 4, xor ? b ^ Rows(keep, 4) : b);
            StoreRows(keep, 8, xor ? c ^ Rows(keep, 8) : c);
            StoreRows(keep, 12, xor ? d ^ Rows(keep, 12) : d);

            P(ref a, ref b, ref c, ref d);
            ulong* w = r + (32 * pair);
            StoreRows(w, 0, a);
            StoreRows(w, 4, b);
            StoreRows(w, 8, c);
            StoreRows(w, 12, d);
        }

        for (int pair = 0; pair < 4; pair++)
        {
            ulong* w = r + (4 * pair);
            Vector512<ulong> a = Columns(w);
            Vector512<ulong> b = Columns(w + 32);
            Vector512<ulong> c = Columns(w + 64);
            Vector512<ulong> d = Columns(w + 96);
            P(ref a, ref b, ref c, ref d);
            ulong* o = next + (4 * pair);
            StoreColumns(o, a ^ Columns(o));
            StoreColumns(o + 32, b ^ Columns(o + 32));
            StoreColumns(o + 64, c ^ Columns(o + 64));
            StoreColumns(o + 96, d ^ Columns(o + 96));
        }
    }

    /// <summary>Words <paramref name="offset"/>..+3 of the row at <paramref name="p"/> and of the next row.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> Rows(ulong* p, int offset) => Vector512.Create(Vector256.Load(p + offset), Vector256.Load(p + 16 + offset));

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreRows(ulong* p, int offset, Vector512<ulong> v)
    {
        v.GetLower().Store(p + offset);
        v.GetUpper().Store(p + 16 + offset);
    }

    /// <summary>Two columns' quarter: words 0..3 of two rows 16 words apart, regrouped as (column c: 2 words of each row | column c+1: the same).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> Columns(ulong* p)
    {
        Vector512<ulong> v = Vector512.Create(Vector256.Load(p), Vector256.Load(p + 16));
        return Avx512F.Shuffle4x128(v, v, 0b11_01_10_00);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void StoreColumns(ulong* p, Vector512<ulong> v)
    {
        v = Avx512F.Shuffle4x128(v, v, 0b11_01_10_00);
        v.GetLower().Store(p);
        v.GetUpper().Store(p + 16);
    }

    /// <summary>P on two inputs at once: in each 256-bit half, a (words 0-3), b (4-7), c (8-11), d (12-15).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void P(ref Vector512<ulong> a, ref Vector512<ulong> b, ref Vector512<ulong> c, ref Vector512<ulong> d)
    {
        GB(ref a, ref b, ref c, ref d);
        b = Avx512F.Permute4x64(b, 0b00_11_10_01);
        c = Avx512F.Permute4x64(c, 0b01_00_11_10);
        d = Avx512F.Permute4x64(d, 0b10_01_00_11);
        GB(ref a, ref b, ref c, ref d);
        b = Avx512F.Permute4x64(b, 0b10_01_00_11);
        c = Avx512F.Permute4x64(c, 0b01_00_11_10);
        d = Avx512F.Permute4x64(d, 0b00_11_10_01);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void GB(ref Vector512<ulong> a, ref Vector512<ulong> b, ref Vector512<ulong> c, ref Vector512<ulong> d)
    {
        a = a + b + Twice(Avx512F.Multiply(a.AsUInt32(), b.AsUInt32()));
        d = Avx512F.RotateRight(d ^ a, 32);
        c = c + d + Twice(Avx512F.Multiply(c.AsUInt32(), d.AsUInt32()));
        b = Avx512F.RotateRight(b ^ c, 24);
        a = a + b + Twice(Avx512F.Multiply(a.AsUInt32(), b.AsUInt32()));
        d = Avx512F.RotateRight(d ^ a, 16);
        c = c + d + Twice(Avx512F.Multiply(c.AsUInt32(), d.AsUInt32()));
        b = Avx512F.RotateRight(b ^ c, 63);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static Vector512<ulong> Twice(Vector512<ulong> x) => x + x;
}

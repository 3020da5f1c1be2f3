using System.Runtime.CompilerServices;

namespace Blake2Fast.Kernels;

/// <summary>
/// Portable BlaMka block compression: the BLAKE2b round without message words, with
/// a + b + 2 * lo(a) * lo(b) in place of a + b, over the 8 rows and then the 8 columns of a 1 KiB
/// block seen as an 8x8 matrix of 16-byte registers (RFC 9106, section 3.5).
/// </summary>
internal static unsafe class Argon2Scalar
{
    /// <inheritdoc cref="Argon2Kernels.FillBlock"/>
    [MethodImpl(KernelRoot.Options)]
    public static void FillBlock(ulong* previous, ulong* reference, ulong* next, bool xor)
    {
        // R = X ^ Y, worked on in place; the result is P(R) ^ R, and ^ next's old value when xor.
        ulong* r = stackalloc ulong[128];
        ulong* keep = stackalloc ulong[128];
        for (int i = 0; i < 128; i++)
        {
            ulong w = previous[i] ^ reference[i];
            r[i] = w;
            keep[i] = xor ? w ^ next[i] : w;
        }

        for (int row = 0; row < 8; row++)
        {
            ulong* v = r + (16 * row);
            P(ref v[0], ref v[1], ref v[2], ref v[3], ref v[4], ref v[5], ref v[6], ref v[7],
              ref v[8], ref v[9], ref v[10], ref v[11], ref v[12], ref v[13], ref v[14], ref v[15]);
        }

        for (int column = 0; column < 8; column++)
        {
            ulong* v = r + (2 * column);
            P(ref v[0], ref v[1], ref v[16], ref v[17], ref v[32], ref v[33], ref v[48], ref v[49],
              ref v[64], ref v[65], ref v[80], ref v[81], ref v[96], ref v[97], ref v[112], ref v[113]);
        }

        for (int i = 0; i < 128; i++)
        {
            next[i] = r[i] ^ keep[i];
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void P(
        ref ulong v0, ref ulong v1, ref ulong v2, ref ulong v3, ref ulong v4, ref ulong v5, ref ulong v6, ref ulong v7,
        ref ulong v8, ref ulong v9, ref ulong v10, ref ulong v11, ref ulong v12, ref ulong v13, ref ulong v14, ref ulong v15)
    {
        ulong a0 = v0, a1 = v1, a2 = v2, a3 = v3, a4 = v4, a5 = v5, a6 = v6, a7 = v7;
        ulong a8 = v8, a9 = v9, a10 = v10, a11 = v11, a12 = v12, a13 = v13, a14 = v14, a15 = v15;
        GB(ref a0, ref a4, ref a8, ref a12);
        GB(ref a1, ref a5, ref a9, ref a13);
        GB(ref a2, ref a6, ref a10, ref a14);
        GB(ref a3, ref a7, ref a11, ref a15);
        GB(ref a0, ref a5, ref a10, ref a15);
        GB(ref a1, ref a6, ref a11, ref a12);
        GB(ref a2, ref a7, ref a8, ref a13);
        GB(ref a3, ref a4, ref a9, ref a14);
        v0 = a0; v1 = a1; v2 = a2; v3 = a3; v4 = a4; v5 = a5; v6 = a6; v7 = a7;
        v8 = a8; v9 = a9; v10 = a10; v11 = a11; v12 = a12; v13 = a13; v14 = a14; v15 = a15;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void GB(ref ulong a, ref ulong b, ref ulong c, ref ulong d)
    {
        a += b + (2 * (ulong)(uint)a * (uint)b);
        d = RotateRight(d ^ a, 32);
        c += d + (2 * (ulong)(uint)c * (uint)d);
        b = RotateRight(b ^ c, 24);
        a += b + (2 * (ulong)(uint)a * (uint)b);
        d = RotateRight(d ^ a, 16);
        c += d + (2 * (ulong)(uint)c * (uint)d);
        b = RotateRight(b ^ c, 63);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ulong RotateRight(ulong x, int n) => (x >> n) | (x << (64 - n));
}

using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// BLAKE2s compression with the 4x4 state in four 128-bit rows (a, b, c, d), one G per lane. The
/// round is written once here; rotations and message gathers come from <typeparamref name="TIsa"/>.
/// </summary>
internal static class Blake2sVector128<TIsa> where TIsa : struct, IBlake2sIsa
{
    /// <inheritdoc cref="Blake2sScalar.Compress"/>
    [MethodImpl(KernelRoot.Options)]
    public static void Compress(Span<uint> chain, ReadOnlySpan<byte> blocks, ref ulong counter, uint increment, uint f0, uint f1)
    {
        ref uint h = ref MemoryMarshal.GetReference(chain);
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref h);
        Vector128<uint> h1 = Vector128.LoadUnsafe(ref h, 4);
        Vector128<uint> iv0 = Vector128.Create(Blake2sScalar.IV0, Blake2sScalar.IV1, Blake2sScalar.IV2, Blake2sScalar.IV3);
        Vector128<uint> iv1 = Vector128.Create(Blake2sScalar.IV4, Blake2sScalar.IV5, Blake2sScalar.IV6, Blake2sScalar.IV7);

        // Row d's lanes are t0, t1, f0, f1: keep the 64-bit counter in the low half as a vector
        // (paddq, SSE2) and the flags in the high half, so no kernel needs a GPR-to-vector insert per block.
        Vector128<ulong> t = Vector128.CreateScalar(counter);
        Vector128<ulong> step = Vector128.CreateScalar((ulong)increment);
        Vector128<uint> flags = iv1 ^ Sse2.UnpackLow(Vector128<ulong>.Zero, Vector128.CreateScalar(((ulong)f1 << 32) | f0)).AsUInt32();

        // Word reads through a ref uint at any alignment: these kernels only run on x86, where
        // that is a plain load (and what lets the JIT fold it into pinsrd).
        ref uint block = ref Unsafe.As<byte, uint>(ref MemoryMarshal.GetReference(blocks));
        ref byte schedule = ref MemoryMarshal.GetReference(Blake2RowSchedule.Words);
        for (int remaining = blocks.Length / 64; remaining > 0; remaining--)
        {
            t = Sse2.Add(t, step);
            Vector128<uint> a = h0, b = h1, c = iv0, d = flags ^ t.AsUInt32();

            // A loop, not ten inlined rounds: see Blake2RowSchedule.Words.
            for (int round = 0; round < 10; round++)
            {
                Round(ref a, ref b, ref c, ref d, ref block, ref Unsafe.Add(ref schedule, 16 * round));
            }

            // When AVX-512 is enabled the JIT fuses these double xors into vpternlogd in every
            // kernel, the SSE ones included, and writing Sse2.Xor does not stop it (the
            // disassembly showed the same). Like VEX encoding it is the JIT's choice and only
            // when the machine has AVX-512; the DOTNET_EnableAVX512=0 and DOTNET_EnableSSE42=0
            // test legs run the pure SSE code.
            h0 ^= a ^ c;
            h1 ^= b ^ d;
            block = ref Unsafe.Add(ref block, 16);
        }

        h0.StoreUnsafe(ref h);
        h1.StoreUnsafe(ref h, 4);
        counter = t.ToScalar();
    }

    /// <summary>
    /// One round on the four rows, message words gathered from <paramref name="block"/> by the 16
    /// entries at <paramref name="words"/> (laid out as a row of <see cref="Blake2RowSchedule.Words"/>).
    /// Also BLAKE3's round (same G, same rotations; Blake3Row128 passes its own schedule).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Round(ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d, ref uint block, ref byte words)
    {
        TIsa.Gather(ref block, ref words, out Vector128<uint> columnX, out Vector128<uint> columnY, out Vector128<uint> diagonalX, out Vector128<uint> diagonalY);
        Round(ref a, ref b, ref c, ref d, columnX, columnY, diagonalX, diagonalY);
    }

    /// <summary>One round with the message words already gathered: the column G's x and y words, then the diagonal ones.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Round(ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d, Vector128<uint> columnX, Vector128<uint> columnY, Vector128<uint> diagonalX, Vector128<uint> diagonalY)
    {
        HalfRound(ref a, ref b, ref c, ref d, columnX, columnY);

        // Diagonalise by turning a, c and d instead of b: b is the last value a half-round
        // produces and the first the next one consumes, so shuffling it would put a shuffle on the
        // dependency chain twice per round; a, c and d are ready early and shuffle in its shadow.
        // pshufd is SSE2, so this is the same instruction for every kernel.
        a = Sse2.Shuffle(a, 0b10_01_00_11);
        c = Sse2.Shuffle(c, 0b00_11_10_01);
        d = Sse2.Shuffle(d, 0b01_00_11_10);

        HalfRound(ref a, ref b, ref c, ref d, diagonalX, diagonalY);

        a = Sse2.Shuffle(a, 0b00_11_10_01);
        c = Sse2.Shuffle(c, 0b10_01_00_11);
        d = Sse2.Shuffle(d, 0b01_00_11_10);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void HalfRound(ref Vector128<uint> a, ref Vector128<uint> b, ref Vector128<uint> c, ref Vector128<uint> d, Vector128<uint> x, Vector128<uint> y)
    {
        // (a + x) + b rather than a + b + x: a + x does not wait for b, the critical path.
        a = (a + x) + b;
        d = TIsa.RotateRight16(d ^ a);
        c += d;
        b = TIsa.RotateRight12(b ^ c);
        a = (a + y) + b;
        d = TIsa.RotateRight8(d ^ a);
        c += d;
        b = TIsa.RotateRight7(b ^ c);
    }
}

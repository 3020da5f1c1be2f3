using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Kernels;

/// <summary>
/// One BLAKE3 compression with the 4x4 state in four 128-bit rows: for inputs of one chunk and
/// less, and for output blocks. BLAKE3's G and rotations are BLAKE2s's, so the round is
/// Blake2sVector128.Round with <see cref="Blake3RowSchedule"/>, and
/// <typeparamref name="TIsa"/> is one of the BLAKE2s 128-bit ISAs (x86 only).
/// </summary>
internal static class Blake3Row128<TIsa> where TIsa : struct, IBlake2sIsa
{
    /// <summary>Compresses <paramref name="block"/> from <paramref name="chainingValue"/> and writes the resulting chaining value to <paramref name="output32"/> as bytes.</summary>
    [MethodImpl(KernelRoot.Options)]
    public static void CompressToBytes(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output32) =>
        CompressCore(chainingValue, block, blockLength, counter, flags, output32, out _, out _);

    /// <summary>
    /// Compresses <paramref name="block"/> from <paramref name="chainingValue"/> and writes all 16
    /// output words (v[i] ^ v[i + 8], then v[i + 8] ^ cv[i]) to <paramref name="output64"/>.
    /// </summary>
    [MethodImpl(KernelRoot.Options)]
    public static void CompressXof(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output64)
    {
        _ = output64[63];
        CompressCore(chainingValue, block, blockLength, counter, flags, output64, out Vector128<uint> c, out Vector128<uint> d);
        ref uint h = ref MemoryMarshal.GetReference(chainingValue);
        ref uint output = ref Unsafe.As<byte, uint>(ref MemoryMarshal.GetReference(output64));
        (c ^ Vector128.LoadUnsafe(ref h)).StoreUnsafe(ref output, 8);
        (d ^ Vector128.LoadUnsafe(ref h, 4)).StoreUnsafe(ref output, 12);
    }

    /// <summary>
    /// Compressions in a row (Blake3Kernels.CompressChain): every 64-byte block of
    /// <paramref name="blocks"/> from the chaining value the one before left, which stays in two
    /// registers between them; the last block <paramref name="lastLength"/> bytes long.
    /// </summary>
    /// <remarks>
    /// The kernel's root for a chunk's blocks and for a root's 32-byte output: one fully optimized
    /// method for both, where a loop of single compressions outside the kernel was a second one
    /// for the JIT to compile on a process's first hash of up to a chunk (<see cref="KernelRoot"/>).
    /// </remarks>
    [MethodImpl(KernelRoot.Options)]
    public static void CompressChain(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> blocks, uint lastLength, ulong counter, uint flags, uint firstFlags, uint lastFlags, Span<byte> output32)
    {
        _ = chainingValue[7];
        _ = output32[31];
        int last = blocks.Length - Blake3Constants.BlockLength;
        ref uint h = ref MemoryMarshal.GetReference(chainingValue);
        Vector128<uint> h0 = Vector128.LoadUnsafe(ref h);
        Vector128<uint> h1 = Vector128.LoadUnsafe(ref h, 4);
        uint blockFlags = flags | firstFlags;
        for (int offset = 0; offset <= last; offset += Blake3Constants.BlockLength)
        {
            bool isLast = offset == last;
            Run(
                h0, h1, blocks.Slice(offset, Blake3Constants.BlockLength), isLast ? lastLength : Blake3Constants.BlockLength, counter,
                isLast ? blockFlags | lastFlags : blockFlags, out Vector128<uint> a, out Vector128<uint> b, out Vector128<uint> c, out Vector128<uint> d);
            h0 = a ^ c;
            h1 = b ^ d;
            blockFlags = flags;
        }

        ref uint words = ref Unsafe.As<byte, uint>(ref MemoryMarshal.GetReference(output32));
        h0.StoreUnsafe(ref words);
        h1.StoreUnsafe(ref words, 4);
    }

    /// <summary>The rounds, then the chaining value (v[i] ^ v[i + 8]) into the first 32 bytes of <paramref name="output"/>; rows c and d come back for the extended output.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void CompressCore(ReadOnlySpan<uint> chainingValue, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, Span<byte> output, out Vector128<uint> c, out Vector128<uint> d)
    {
        _ = chainingValue[7];
        _ = output[31];
        ref uint h = ref MemoryMarshal.GetReference(chainingValue);
        Run(Vector128.LoadUnsafe(ref h), Vector128.LoadUnsafe(ref h, 4), block, blockLength, counter, flags, out Vector128<uint> a, out Vector128<uint> b, out c, out d);
        ref uint words = ref Unsafe.As<byte, uint>(ref MemoryMarshal.GetReference(output));
        (a ^ c).StoreUnsafe(ref words);
        (b ^ d).StoreUnsafe(ref words, 4);
    }

    /// <summary>The seven rounds; the rows come back before the feed-forward.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void Run(Vector128<uint> h0, Vector128<uint> h1, ReadOnlySpan<byte> block, uint blockLength, ulong counter, uint flags, out Vector128<uint> a, out Vector128<uint> b, out Vector128<uint> c, out Vector128<uint> d)
    {
        _ = block[63];
        a = h0;
        b = h1;
        c = Vector128.Create(Blake3Constants.IV0, Blake3Constants.IV1, Blake3Constants.IV2, Blake3Constants.IV3);
        d = Vector128.Create((uint)counter, (uint)(counter >> 32), blockLength, flags);

        // Word reads through a ref uint at any alignment: x86 only, as in Blake2sVector128.
        ref uint words = ref Unsafe.As<byte, uint>(ref MemoryMarshal.GetReference(block));
        ref byte schedule = ref MemoryMarshal.GetReference(Blake3RowSchedule.Words);
        if (typeof(TIsa) == typeof(Blake2sAvx512))
        {
            // The block in two 256-bit registers, each round's sixteen words picked by two
            // two-source permutes (vpermt2d): 6 instructions a round where the gather takes 32 (a
            // load and a pinsrd per word). A single compression is a chain of dependent additions,
            // xors and rotations, so fewer gather instructions make it no faster alone; what they
            // change is how much of the next block or hash the processor can start while this
            // chain runs (see Blake3.HashOneBlock). 256 bits, not the block in one 512-bit register
            // picked by one vpermd: on Intel a 512-bit instruction lowers the core's clock for a
            // while (the AVX-512 frequency licence), and this kernel runs alone for inputs of a
            // chunk and less, where nothing else pays for it; the official C's AVX-512 compress
            // stays in 128 bits too (docs/measurements.md#blake3-row-kernel).
            Vector256<uint> low = Vector256.LoadUnsafe(ref words);
            Vector256<uint> high = Vector256.LoadUnsafe(ref words, 8);
            for (int round = 0; round < Blake3LaneSchedule.Rounds; round++)
            {
                Vector128<byte> order = Vector128.LoadUnsafe(ref schedule, (nuint)(16 * round));
                Vector256<uint> columns = Avx512F.VL.PermuteVar8x32x2(low, Avx2.ConvertToVector256Int32(order).AsUInt32(), high);
                Vector256<uint> diagonals = Avx512F.VL.PermuteVar8x32x2(low, Avx2.ConvertToVector256Int32(Sse2.ShiftRightLogical128BitLane(order, 8)).AsUInt32(), high);
                Blake2sVector128<TIsa>.Round(ref a, ref b, ref c, ref d, columns.GetLower(), columns.GetUpper(), diagonals.GetLower(), diagonals.GetUpper());
            }

            return;
        }

        for (int round = 0; round < Blake3LaneSchedule.Rounds; round++)
        {
            Blake2sVector128<TIsa>.Round(ref a, ref b, ref c, ref d, ref words, ref Unsafe.Add(ref schedule, 16 * round));
        }
    }
}

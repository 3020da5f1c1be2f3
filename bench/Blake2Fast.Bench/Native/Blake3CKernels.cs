using System;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics.X86;

namespace Blake2Fast.Bench.Native;

/// <summary>
/// The official C BLAKE3's kernels themselves, below its hasher: <c>blake3_hash_many_ISA</c> (N chunks
/// or parents side by side, the assembly's lane code) and <c>blake3_compress_in_place_ISA</c> (one
/// block), called directly so that a kernel of ours can be set beside the assembly's with the tree,
/// the hasher and the dispatch of both left out. The library exports them because build-blake3-c.sh
/// compiles it without hidden visibility; their signatures are the ones blake3_impl.h declares.
/// </summary>
internal static unsafe class Blake3CKernels
{
    /// <summary>
    /// The C kernel for the lane width of ours: 512-bit (16 lanes) is its AVX-512 code, 256-bit its
    /// AVX2, 128-bit its SSE4.1; null where this machine or the library has none.
    /// </summary>
    public static string? IsaFor(int laneBits) => laneBits switch
    {
        512 when Avx512F.VL.IsSupported => "avx512",
        256 when Avx2.IsSupported => "avx2",
        128 when Sse41.IsSupported => "sse41",
        _ => null,
    } is { } isa && NativeLibraries.Blake3CExport("blake3_hash_many_" + isa) != 0 ? isa : null;

    /// <summary>
    /// Whole chunks, as Blake2Fast's Blake3Kernels.HashChunks: <paramref name="input"/> holds count x
    /// 1024 bytes, chunk i at counter i from <paramref name="key"/>; count x 32 bytes of chaining values out.
    /// </summary>
    /// <remarks><paramref name="hashMany"/> is <see cref="HashManyOf"/>'s address, looked up once by the caller (a lookup costs as much as a short hash).</remarks>
    public static void HashChunks(nint hashMany, ReadOnlySpan<byte> input, ReadOnlySpan<uint> key, Span<byte> chainingValues)
    {
        var function = (delegate* unmanaged<byte**, nuint, nuint, uint*, ulong, byte, byte, byte, byte, byte*, void>)hashMany;
        int count = input.Length / 1024;
        if (chainingValues.Length < count * 32 || key.Length < 8)
        {
            throw new ArgumentException("The chaining values need 32 bytes per chunk and the key 8 words.");
        }

        // The C takes one pointer per chunk; 1 MiB of chunks is 8 KiB of pointers.
        byte** inputs = stackalloc byte*[count];
        fixed (byte* first = input)
        fixed (uint* k = key)
        fixed (byte* output = chainingValues)
        {
            for (int i = 0; i < count; i++)
            {
                inputs[i] = first + (i * 1024);
            }

            // blocks 16, counter 0, increment, flags 0, CHUNK_START (1) and CHUNK_END (2).
            function(inputs, (nuint)count, 16, k, 0, 1, 0, 1, 2, output);
        }
    }

    /// <summary>One block compressed into <paramref name="chainingValue"/> in place (blake3_compress_in_place_ISA).</summary>
    /// <remarks><paramref name="compressInPlace"/> is <see cref="CompressOf"/>'s address, looked up once by the caller.</remarks>
    public static void Compress(nint compressInPlace, Span<uint> chainingValue, ReadOnlySpan<byte> block, byte blockLength, ulong counter, byte flags)
    {
        var compress = (delegate* unmanaged<uint*, byte*, byte, ulong, byte, void>)compressInPlace;
        if (chainingValue.Length < 8 || block.Length < 64)
        {
            throw new ArgumentException("The chaining value needs 8 words and the block 64 bytes.");
        }

        fixed (uint* cv = chainingValue)
        fixed (byte* b = block)
        {
            compress(cv, b, blockLength, counter, flags);
        }
    }

    /// <summary>The address of <c>blake3_hash_many_</c><paramref name="isa"/>.</summary>
    /// <exception cref="InvalidOperationException">The library is not loaded or lacks it.</exception>
    public static nint HashManyOf(string isa) => Export("blake3_hash_many_" + isa);

    /// <summary>The address of <c>blake3_compress_in_place_</c><paramref name="isa"/>, or 0 where the library has none (AVX2 has none: the C uses SSE4.1's).</summary>
    public static nint CompressOf(string isa) => NativeLibraries.Blake3CExport("blake3_compress_in_place_" + isa);

    private static nint Export(string symbol)
    {
        nint address = NativeLibraries.Blake3CExport(symbol);
        return address != 0 ? address : throw new InvalidOperationException($"The official C BLAKE3 is not loaded or does not export {symbol}.");
    }
}

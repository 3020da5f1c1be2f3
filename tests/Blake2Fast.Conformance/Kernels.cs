using System;
using System.Globalization;
using System.Collections.Generic;
using System.Linq;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;
using Blake2XbKernel = Blake2Fast.Kernels.Blake2XKernel;
using Blake2XbKernels = Blake2Fast.Kernels.Blake2XKernels<ulong>;
using Blake2XsKernel = Blake2Fast.Kernels.Blake2XKernel;
using Blake2XsKernels = Blake2Fast.Kernels.Blake2XKernels<uint>;
using Blake2bpKernel = Blake2Fast.Kernels.Blake2pKernel;
using Blake2spKernel = Blake2Fast.Kernels.Blake2pKernel;
using Blake2bpKernels = Blake2Fast.Kernels.Blake2pKernels<ulong>;
using Blake2spKernels = Blake2Fast.Kernels.Blake2pKernels<uint>;

namespace Blake2Fast.Conformance;

/// <summary>
/// The internal side: which kernel each dispatcher picked, and every kernel this machine supports
/// forced against the scalar kernel of its family. (The one file that uses the library's internals.)
/// </summary>
internal static class KernelChecks
{
    /// <summary>family=kernel for every dispatcher, e.g. "b=Scalar s=Scalar bp=Vector128 sp=Vector128 xb=Scalar xs=Scalar b3=Vector128".</summary>
    public static string Picks =>
        $"b={Blake2bKernels.Best} s={Blake2sKernels.Best} bp={Blake2bpKernels.Best} sp={Blake2spKernels.Best} xb={Blake2XbKernels.Best} xs={Blake2XsKernels.Best} b3={Blake3Kernels.Best}";

    public static string Supported =>
        $"b={Names<Blake2bKernel>(Blake2bKernels.IsSupported)} s={Names<Blake2sKernel>(Blake2sKernels.IsSupported)} " +
        $"bp={Names<Blake2bpKernel>(Blake2bpKernels.IsSupported)} sp={Names<Blake2spKernel>(Blake2spKernels.IsSupported)} " +
        $"xb={Names<Blake2XbKernel>(Blake2XbKernels.IsSupported)} xs={Names<Blake2XsKernel>(Blake2XsKernels.IsSupported)} " +
        $"b3={Names<Blake3Kernel>(Blake3Kernels.IsSupported)}";

    /// <summary>Each supported non-scalar kernel against the scalar one: lengths 0 to 1100 (every one up to 600), unkeyed and keyed, every digest length class.</summary>
    public static void Differentials(Report report)
    {
        report.Begin("kernels against the scalar kernel");
        var lengths = Enumerable.Range(0, 601).Concat(Enumerable.Range(0, 16).Select(i => 601 + (i * 31))).Concat([1023, 1024, 1025, 1100]).ToArray();
        int forced = 0;
        forced += CompareEach<Blake2bKernel>(report, "blake2b", 64, 64, lengths, Blake2bKernels.IsSupported, HashB);
        forced += CompareEach<Blake2sKernel>(report, "blake2s", 32, 32, lengths, Blake2sKernels.IsSupported, HashS);
        forced += CompareEach<Blake2bpKernel>(report, "blake2bp", 64, 64, lengths, Blake2bpKernels.IsSupported, HashBp);
        forced += CompareEach<Blake2spKernel>(report, "blake2sp", 32, 32, lengths, Blake2spKernels.IsSupported, HashSp);

        int[] outputLengths = [1, 63, 64, 65, 255, 256, 257, 1000, 2049];
        forced += CompareEach<Blake2XbKernel>(report, "blake2xb", 64, 0, outputLengths, Blake2XbKernels.IsSupported, HashXb, fixedInputLength: 100);
        forced += CompareEach<Blake2XsKernel>(report, "blake2xs", 32, 0, outputLengths, Blake2XsKernels.IsSupported, HashXs, fixedInputLength: 100);

        foreach (Blake3Kernel k in Enum.GetValues(typeof(Blake3Kernel)).Cast<Blake3Kernel>().Where(k => k != Blake3Kernel.Scalar && Blake3Kernels.IsSupported(k)))
        {
            forced++;
            CompareBlake3(report, k);
        }

        Console.WriteLine($"  kernels compared with the scalar ones: {forced} (this build and machine support no others)");
    }

    /// <summary>Each supported kernel of a BLAKE2 family but the scalar one (0 in every family's enum) against the scalar one; returns how many it compared.</summary>
    private static int CompareEach<TKernel>(Report report, string family, int maxKey, int maxDigest, int[] lengths, Func<TKernel, bool> isSupported, Func<byte[], byte[], int, TKernel, byte[]> hash, int fixedInputLength = -1)
        where TKernel : struct, Enum
    {
        int forced = 0;
        foreach (TKernel k in Enum.GetValues(typeof(TKernel)).Cast<TKernel>().Where(k => Convert.ToByte(k, CultureInfo.InvariantCulture) != 0 && isSupported(k)))
        {
            forced++;
            Compare(report, family + " " + k, maxKey, maxDigest, lengths, (key, input, d) => hash(key, input, d, k), (key, input, d) => hash(key, input, d, default), fixedInputLength);
        }

        return forced;
    }

    /// <summary>
    /// One BLAKE3 kernel against scalar through each of its four entry points: 1 to 37 chunks (every
    /// lane-group remainder of the 16-, 8- and 4-lane kernels), 1 to 37 parents, and single
    /// compressions of every block length in every mode.
    /// </summary>
    private static void CompareBlake3(Report report, Blake3Kernel kernel)
    {
        const uint ChunkStart = 1, ChunkEnd = 2, Root = 8;
        uint[] modes = [0, 16, 32, 64];
        var random = new Random(3);
        uint[] key = new uint[8];
        foreach (uint flags in modes)
        {
            for (int i = 0; i < key.Length; i++)
            {
                key[i] = (uint)random.Next() ^ ((uint)random.Next() << 16);
            }

            for (int count = 1; count <= 37; count++)
            {
                byte[] input = new byte[count * 1024];
                random.NextBytes(input);
                ulong counter = (ulong)random.Next() << 20;
                byte[] expected = new byte[count * 32];
                byte[] actual = new byte[count * 32];
                Blake3Kernels.HashChunks(Blake3Kernel.Scalar, input, key, counter, flags, expected);
                Blake3Kernels.HashChunks(kernel, input, key, counter, flags, actual);
                report.Equal(expected, actual, $"blake3 {kernel} HashChunks chunks={count} flags={flags}");

                byte[] children = input.AsSpan(0, count * 64).ToArray();
                Blake3Kernels.HashParents(Blake3Kernel.Scalar, children, key, flags, expected);
                Blake3Kernels.HashParents(kernel, children, key, flags, actual);
                report.Equal(expected, actual, $"blake3 {kernel} HashParents parents={count} flags={flags}");
            }

            byte[] block = new byte[64];
            for (int length = 0; length <= 64; length++)
            {
                Array.Clear(block, 0, block.Length);
                for (int i = 0; i < length; i++)
                {
                    block[i] = (byte)random.Next(256);
                }

                uint blockFlags = flags | ChunkStart | ChunkEnd | Root;
                uint[] scalarCv = (uint[])key.Clone();
                uint[] kernelCv = (uint[])key.Clone();
                Blake3Kernels.Compress(Blake3Kernel.Scalar, scalarCv, block, (uint)length, (ulong)length, blockFlags);
                Blake3Kernels.Compress(kernel, kernelCv, block, (uint)length, (ulong)length, blockFlags);
                report.Check(scalarCv.AsSpan().SequenceEqual(kernelCv), $"blake3 {kernel} Compress length={length} flags={flags}");

                byte[] scalarOutput = new byte[64];
                byte[] kernelOutput = new byte[64];
                Blake3Kernels.CompressXof(Blake3Kernel.Scalar, key, block, (uint)length, (ulong)length << 33, blockFlags, scalarOutput);
                Blake3Kernels.CompressXof(kernel, key, block, (uint)length, (ulong)length << 33, blockFlags, kernelOutput);
                report.Equal(scalarOutput, kernelOutput, $"blake3 {kernel} CompressXof length={length} flags={flags}");
            }
        }
    }

    private static void Compare(Report report, string what, int maxKey, int maxDigest, int[] lengths, Func<byte[], byte[], int, byte[]> kernel, Func<byte[], byte[], int, byte[]> scalar, int fixedInputLength = -1)
    {
        byte[] data = Suites.Sequence(1100, 99);
        foreach (int length in lengths)
        {
            // Input length varies (or, for BLAKE2X, the output length does); key and digest length rotate.
            int inputLength = fixedInputLength >= 0 ? fixedInputLength : length;
            int digest = fixedInputLength >= 0 ? length : 1 + (length % maxDigest);
            byte[] key = Suites.Sequence(length % (maxKey + 1), 5);
            byte[] input = data.AsSpan(0, inputLength).ToArray();
            report.Equal(scalar(key, input, digest), kernel(key, input, digest), $"{what} in={inputLength} key={key.Length} out={digest}");
        }
    }

    /// <summary>Feeds <paramref name="input"/> to a state made on a forced kernel and finishes it.</summary>
    private static byte[] Finish<TState>(TState state, byte[] input)
        where TState : struct, IBlake2Incremental
    {
        state.Update(input);
        return state.Finish();
    }

    private static byte[] HashB(byte[] key, byte[] input, int digest, Blake2bKernel kernel) => Finish(new Blake2bHashState(Blake2Settings.Sequential(digest, key), kernel), input);
    private static byte[] HashS(byte[] key, byte[] input, int digest, Blake2sKernel kernel) => Finish(new Blake2sHashState(Blake2Settings.Sequential(digest, key), kernel), input);
    private static byte[] HashBp(byte[] key, byte[] input, int digest, Blake2bpKernel kernel) => Finish(new Blake2bpHashState(Blake2Settings.Sequential(digest, key), kernel), input);
    private static byte[] HashSp(byte[] key, byte[] input, int digest, Blake2spKernel kernel) => Finish(new Blake2spHashState(Blake2Settings.Sequential(digest, key), kernel), input);

    private static byte[] HashXb(byte[] key, byte[] input, int length, Blake2XbKernel kernel)
    {
        byte[] output = new byte[length];
        Blake2Xb.HashData(key, input, output, kernel);
        return output;
    }

    private static byte[] HashXs(byte[] key, byte[] input, int length, Blake2XsKernel kernel)
    {
        byte[] output = new byte[length];
        Blake2Xs.HashData(key, input, output, kernel);
        return output;
    }

    private static string Names<T>(Func<T, bool> supported) where T : struct, Enum =>
        string.Join("+", Enum.GetValues(typeof(T)).Cast<T>().Where(supported).Select(k => k.ToString()));
}

using System;
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
        foreach (Blake2bKernel k in Enum.GetValues(typeof(Blake2bKernel)).Cast<Blake2bKernel>().Where(k => k != Blake2bKernel.Scalar && Blake2bKernels.IsSupported(k)))
        {
            forced++;
            Compare(report, "blake2b " + k, 64, 64, lengths, (key, input, d) => HashB(key, input, d, k), (key, input, d) => HashB(key, input, d, Blake2bKernel.Scalar));
        }

        foreach (Blake2sKernel k in Enum.GetValues(typeof(Blake2sKernel)).Cast<Blake2sKernel>().Where(k => k != Blake2sKernel.Scalar && Blake2sKernels.IsSupported(k)))
        {
            forced++;
            Compare(report, "blake2s " + k, 32, 32, lengths, (key, input, d) => HashS(key, input, d, k), (key, input, d) => HashS(key, input, d, Blake2sKernel.Scalar));
        }

        foreach (Blake2bpKernel k in Enum.GetValues(typeof(Blake2bpKernel)).Cast<Blake2bpKernel>().Where(k => k != Blake2bpKernel.Scalar && Blake2bpKernels.IsSupported(k)))
        {
            forced++;
            Compare(report, "blake2bp " + k, 64, 64, lengths, (key, input, d) => HashBp(key, input, d, k), (key, input, d) => HashBp(key, input, d, Blake2bpKernel.Scalar));
        }

        foreach (Blake2spKernel k in Enum.GetValues(typeof(Blake2spKernel)).Cast<Blake2spKernel>().Where(k => k != Blake2spKernel.Scalar && Blake2spKernels.IsSupported(k)))
        {
            forced++;
            Compare(report, "blake2sp " + k, 32, 32, lengths, (key, input, d) => HashSp(key, input, d, k), (key, input, d) => HashSp(key, input, d, Blake2spKernel.Scalar));
        }

        int[] outputLengths = [1, 63, 64, 65, 255, 256, 257, 1000, 2049];
        foreach (Blake2XbKernel k in Enum.GetValues(typeof(Blake2XbKernel)).Cast<Blake2XbKernel>().Where(k => k != Blake2XbKernel.Scalar && Blake2XbKernels.IsSupported(k)))
        {
            forced++;
            Compare(report, "blake2xb " + k, 64, 0, outputLengths, (key, input, d) => HashXb(key, input, d, k), (key, input, d) => HashXb(key, input, d, Blake2XbKernel.Scalar), fixedInputLength: 100);
        }

        foreach (Blake2XsKernel k in Enum.GetValues(typeof(Blake2XsKernel)).Cast<Blake2XsKernel>().Where(k => k != Blake2XsKernel.Scalar && Blake2XsKernels.IsSupported(k)))
        {
            forced++;
            Compare(report, "blake2xs " + k, 32, 0, outputLengths, (key, input, d) => HashXs(key, input, d, k), (key, input, d) => HashXs(key, input, d, Blake2XsKernel.Scalar), fixedInputLength: 100);
        }

        foreach (Blake3Kernel k in Enum.GetValues(typeof(Blake3Kernel)).Cast<Blake3Kernel>().Where(k => k != Blake3Kernel.Scalar && Blake3Kernels.IsSupported(k)))
        {
            forced++;
            CompareBlake3(report, k);
        }

        Console.WriteLine($"  kernels compared with the scalar ones: {forced} (this build and machine support no others)");
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

    private static byte[] HashB(byte[] key, byte[] input, int digest, Blake2bKernel kernel)
    {
        var state = new Blake2bHashState(Blake2Settings.Sequential(digest, key), kernel);
        state.Update(input);
        return state.Finish();
    }

    private static byte[] HashS(byte[] key, byte[] input, int digest, Blake2sKernel kernel)
    {
        var state = new Blake2sHashState(Blake2Settings.Sequential(digest, key), kernel);
        state.Update(input);
        return state.Finish();
    }

    private static byte[] HashBp(byte[] key, byte[] input, int digest, Blake2bpKernel kernel)
    {
        var state = new Blake2bpHashState(Blake2Settings.Sequential(digest, key), kernel);
        state.Update(input);
        return state.Finish();
    }

    private static byte[] HashSp(byte[] key, byte[] input, int digest, Blake2spKernel kernel)
    {
        var state = new Blake2spHashState(Blake2Settings.Sequential(digest, key), kernel);
        state.Update(input);
        return state.Finish();
    }

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

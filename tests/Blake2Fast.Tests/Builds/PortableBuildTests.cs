using System;
using System.Linq;
using System.Runtime.CompilerServices;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// The netstandard2.0/2.1 builds carry no vector kernel: their dispatchers must refuse every vector
/// kernel, and a vector kernel identifier that reached a compress call anyway must fail loudly
/// rather than compute something else. On the builds with intrinsics the same calls must work
/// wherever the machine supports the kernel.
/// </summary>
[Trait("Legs", "Build")]
public class PortableBuildTests
{
    [Fact]
    public void Sequential_dispatchers_refuse_vector_kernels_without_intrinsics()
    {
        foreach (Blake2bKernel kernel in new[] { Blake2bKernel.Sse2, Blake2bKernel.Sse41, Blake2bKernel.Avx2, Blake2bKernel.Avx512 })
        {
            CompressOrRefuse(() => CompressBlake2b(kernel), Blake2bKernels.IsSupported(kernel), () => Blake2bKernels.Require(kernel));
        }

        foreach (Blake2sKernel kernel in new[] { Blake2sKernel.Sse2, Blake2sKernel.Ssse3, Blake2sKernel.Avx512 })
        {
            CompressOrRefuse(() => CompressBlake2s(kernel), Blake2sKernels.IsSupported(kernel), () => Blake2sKernels.Require(kernel));
        }
    }

    [Fact]
    public unsafe void Argon2_dispatcher_refuses_vector_kernels_without_intrinsics()
    {
        foreach (Argon2Kernel kernel in Enum.GetValues<Argon2Kernel>().Where(k => k != Argon2Kernel.Scalar))
        {
            CompressOrRefuse(
                () =>
                {
                    ulong[] x = new ulong[128], y = new ulong[128], z = new ulong[128];
                    fixed (ulong* px = x, py = y, pz = z)
                    {
                        Argon2Kernels.FillBlock(kernel, px, py, pz, false);
                    }
                },
                Argon2Kernels.IsSupported(kernel),
                () => Argon2Kernels.Require(kernel));
        }
    }

    /// <summary>F with a round count other than 12 takes the scalar path where a vector kernel has no rounds path (every kernel, in the portable build).</summary>
    [Fact]
    public void Blake2b_rounds_without_a_vector_rounds_path_give_the_scalar_result()
    {
        ulong[] message = Enumerable.Range(1, 16).Select(i => (ulong)i * 0x0123456789ABCDEF).ToArray();
        ulong[] expected = [1, 2, 3, 4, 5, 6, 7, 8];
        Blake2bKernels.CompressRounds(Blake2bKernel.Scalar, expected, message, 5, 7, 0, true);
        foreach (Blake2bKernel kernel in new[] { Blake2bKernel.Sse2, Blake2bKernel.Sse41, Blake2bKernel.Avx2, Blake2bKernel.Avx512 })
        {
            if (LibraryBuild.HasIntrinsics && !Blake2bKernels.IsSupported(kernel))
            {
                continue;
            }

            ulong[] actual = [1, 2, 3, 4, 5, 6, 7, 8];
            Blake2bKernels.CompressRounds(kernel, actual, message, 5, 7, 0, true);
            Assert.Equal(expected, actual);
        }
    }

    [Fact]
    public void Lane_dispatchers_refuse_vector_kernels_without_intrinsics()
    {
        foreach (IBlake2pFacade f in Blake2pFacades.All)
        {
            int block = f.Type.Value<int>("BlockLength");
            foreach (byte kernel in f.Kernels.Names.Where(name => name != "Scalar").Select(f.Kernels.Parse))
            {
                CompressOrRefuse(
                    () => f.CompressLanes(kernel, new byte[Unsafe.SizeOf<Blake2Lanes>()], new byte[f.StripeLength], (uint)block),
                    f.IsKernelSupported(kernel),
                    () => f.Kernels.Require(kernel));
            }
        }
    }

    /// <summary>BLAKE2X output kernels without intrinsics write every block through the scalar path.</summary>
    [Fact]
    public void Xof_output_with_any_kernel_identifier_matches_the_scalar_output()
    {
        byte[] h0 = new byte[64];
        new Random(5).NextBytes(h0);
        ulong[] chainB = [1, 2, 3, 4, 5, 6, 7, 8];
        uint[] chainS = [1, 2, 3, 4, 5, 6, 7, 8];
        byte[] scalarB = new byte[20 * 64], scalarS = new byte[20 * 32];
        Blake2XbKernels.WriteBlocks(Blake2XbKernel.Scalar, h0, chainB, 3, 20, scalarB);
        Blake2XsKernels.WriteBlocks(Blake2XsKernel.Scalar, h0.AsSpan(0, 32), chainS, 3, 20, scalarS);
        foreach (Blake2XbKernel kernel in new[] { Blake2XbKernel.Avx2, Blake2XbKernel.Avx512 })
        {
            if (LibraryBuild.HasIntrinsics && !Blake2XbKernels.IsSupported(kernel))
            {
                continue; // the machine lacks it; KatEveryKernelTests covers the kernels it has
            }

            byte[] output = new byte[scalarB.Length];
            Blake2XbKernels.WriteBlocks(kernel, h0, chainB, 3, 20, output);
            Assert.Equal(scalarB, output);
        }

        foreach (Blake2XsKernel kernel in new[] { Blake2XsKernel.Avx2, Blake2XsKernel.Avx512 })
        {
            if (LibraryBuild.HasIntrinsics && !Blake2XsKernels.IsSupported(kernel))
            {
                continue;
            }

            byte[] output = new byte[scalarS.Length];
            Blake2XsKernels.WriteBlocks(kernel, h0.AsSpan(0, 32), chainS, 3, 20, output);
            Assert.Equal(scalarS, output);
        }
    }

    private static void CompressOrRefuse(Action compress, bool supported, Func<object> require)
    {
        if (!LibraryBuild.HasIntrinsics)
        {
            Assert.False(supported);
            Assert.Throws<PlatformNotSupportedException>(() => require());
            Assert.Throws<PlatformNotSupportedException>(compress);
        }
        else if (supported)
        {
            require();
            compress();
        }
        else
        {
            Assert.Throws<PlatformNotSupportedException>(() => require());
        }
    }

    private static void CompressBlake2b(Blake2bKernel kernel)
    {
        ulong t0 = 0, t1 = 0;
        Blake2bKernels.Compress((byte)kernel, new byte[64], new byte[128], ref t0, ref t1, 128, final: true, lastNode: false);
    }

    private static void CompressBlake2s(Blake2sKernel kernel)
    {
        ulong t0 = 0, t1 = 0;
        Blake2sKernels.Compress((byte)kernel, new byte[32], new byte[64], ref t0, ref t1, 64, final: true, lastNode: false);
    }
}

using System;
using BenchmarkDotNet.Attributes;
using Blake2Fast.Bench.Native;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Bench.Benchmarks;

/// <summary>
/// Argon2's block kernels forced one at a time (Argon2id, m = 64 MiB, t = 3, p = 1, one thread),
/// with libsodium's crypto_pwhash in the same run: which kernel the dispatcher should pick.
/// A kernel the machine lacks is reported as such.
/// </summary>
[BenchmarkCategory(Categories.Argon2, Categories.Kernels)]
public class Argon2KernelBenchmarks
{
    private static readonly byte[] Password = "correct horse battery staple"u8.ToArray();
    private static readonly byte[] Salt = "0123456789abcdef"u8.ToArray();
    private readonly byte[] _tag = new byte[32];

    /// <summary>The kernel under test.</summary>
    [Params("Scalar", "Vector128", "Avx2", "Avx512", "Vector512")]
    public string Kernel { get; set; } = "Scalar";

    /// <summary>Ours with <see cref="Kernel"/>.</summary>
    [Benchmark(Baseline = true)]
    public byte[] Ours()
    {
        Argon2Kernel kernel = Argon2Kernels.Require(Enum.Parse<Argon2Kernel>(Kernel));
        Argon2Core.Compute(Password, Salt, default, default, Argon2Type.Argon2id, 0x13, 3, 64 * 1024, 1, 1, _tag, kernel);
        return _tag;
    }

    /// <summary>libsodium crypto_pwhash (native), the same computation, as the yardstick within each kernel's run.</summary>
    [Benchmark]
    public byte[] Libsodium()
    {
        Native.Libsodium.Pwhash(_tag, Password, Salt, 3, 64L * 1024 * 1024);
        return _tag;
    }
}

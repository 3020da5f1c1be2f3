using System;
using System.Linq;
using System.Runtime.InteropServices;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// RFC 9106's vectors and the reference implementation's KATs, through the public API and through
/// every Argon2 kernel forced one at a time; and every kernel's block compression against the
/// scalar one on random blocks (with and without XOR, and with the output over an input).
/// </summary>
[Trait("Legs", "Kernel")]
public class Argon2VectorTests
{
    public static TheoryData<int> CaseIndexes() => new(Enumerable.Range(0, Argon2KnownAnswers.Cases.Length));

    public static TheoryData<string> KernelNames() => new(Enum.GetNames<Argon2Kernel>());

    [Theory]
    [MemberData(nameof(CaseIndexes))]
    public void H0_is_the_reference_pre_hashing_digest(int index)
    {
        var c = Argon2KnownAnswers.Cases[index];
        byte[] h0 = new byte[64];
        Argon2Core.InitialHash(h0, Argon2KnownAnswers.Password, Argon2KnownAnswers.Salt, Argon2KnownAnswers.Secret, Argon2KnownAnswers.AssociatedData, c.Type, c.Version, 3, 32, 4, 32);
        Assert.Equal(c.H0, Convert.ToHexStringLower(h0));
    }

    [Theory]
    [MemberData(nameof(CaseIndexes))]
    public void DeriveKey_gives_the_known_answer(int index)
    {
        var c = Argon2KnownAnswers.Cases[index];
        var parameters = new Argon2Parameters
        {
            Type = c.Type, Version = c.Version, Iterations = 3, MemorySize = 32, Parallelism = 4,
            Secret = Argon2KnownAnswers.Secret, AssociatedData = Argon2KnownAnswers.AssociatedData,
        };
        Assert.Equal(c.Tag, Convert.ToHexStringLower(Argon2.DeriveKey(Argon2KnownAnswers.Password, Argon2KnownAnswers.Salt, 32, parameters)));
    }

    [Theory]
    [MemberData(nameof(KernelNames))]
    public void Every_kernel_gives_every_known_answer(string name)
    {
        Argon2Kernel kernel = Enum.Parse<Argon2Kernel>(name);
        if (!Argon2Kernels.IsSupported(kernel))
        {
            // As the other kernel tests: a kernel this leg cannot run must be refused.
            Assert.Throws<PlatformNotSupportedException>(() => Argon2Kernels.Require(kernel));
            return;
        }

        foreach (var c in Argon2KnownAnswers.Cases)
        {
            foreach (int threads in new[] { 1, 4 })
            {
                byte[] tag = new byte[32];
                Argon2Core.Compute(Argon2KnownAnswers.Password, Argon2KnownAnswers.Salt, Argon2KnownAnswers.Secret, Argon2KnownAnswers.AssociatedData, c.Type, c.Version, 3, 32, 4, threads, tag, kernel);
                Assert.Equal(c.Tag, Convert.ToHexStringLower(tag));
            }
        }
    }

    [Fact]
    public void A_kernel_the_machine_cannot_run_is_refused()
    {
        foreach (Argon2Kernel kernel in Enum.GetValues<Argon2Kernel>())
        {
            if (Argon2Kernels.IsSupported(kernel))
            {
                Assert.Equal(kernel, Argon2Kernels.Require(kernel));
            }
            else
            {
                Assert.Throws<PlatformNotSupportedException>(() => Argon2Kernels.Require(kernel));
            }
        }

        Assert.True(Argon2Kernels.IsSupported(Argon2Kernels.Best));
    }

    [Theory]
    [MemberData(nameof(KernelNames))]
    public unsafe void Every_kernel_compresses_blocks_as_the_scalar_one(string name)
    {
        Argon2Kernel kernel = Enum.Parse<Argon2Kernel>(name);
        if (!Argon2Kernels.IsSupported(kernel))
        {
            // As the other kernel tests: a kernel this leg cannot run must be refused.
            Assert.Throws<PlatformNotSupportedException>(() => Argon2Kernels.Require(kernel));
            return;
        }

        var random = new Random(9106);
        ulong[] x = new ulong[128], y = new ulong[128], old = new ulong[128], expected = new ulong[128], actual = new ulong[128];
        for (int round = 0; round < 200; round++)
        {
            random.NextBytes(MemoryMarshal.AsBytes(x.AsSpan()));
            random.NextBytes(MemoryMarshal.AsBytes(y.AsSpan()));
            random.NextBytes(MemoryMarshal.AsBytes(old.AsSpan()));
            bool xor = round % 2 == 1;
            old.CopyTo(expected, 0);
            old.CopyTo(actual, 0);
            fixed (ulong* px = x, py = y, pe = expected, pa = actual)
            {
                Argon2Scalar.FillBlock(px, py, pe, xor);
                Argon2Kernels.FillBlock(kernel, px, py, pa, xor);
            }

            Assert.True(expected.SequenceEqual(actual), $"{name}, round {round}, xor {xor}");

            // Output over the second input, as Argon2i's address generation does.
            ulong[] aliasE = (ulong[])y.Clone(), aliasA = (ulong[])y.Clone();
            fixed (ulong* px = x, pe = aliasE, pa = aliasA)
            {
                Argon2Scalar.FillBlock(px, pe, pe, false);
                Argon2Kernels.FillBlock(kernel, px, pa, pa, false);
            }

            Assert.True(aliasE.SequenceEqual(aliasA), $"{name}, round {round}, aliased");
        }
    }
}

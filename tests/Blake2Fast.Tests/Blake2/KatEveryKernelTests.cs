using System;
using System.Linq;
using Blake2Fast.Internal;
using Blake2Fast.Kernels;

namespace Blake2Fast.Tests;

/// <summary>
/// The official known answers through every compress kernel this machine supports, forced with
/// the hash states' internal constructor, so one run on a capable machine checks them all (the CI
/// legs then check that dispatch picks them).
/// </summary>
[Trait("Legs", "Kernel")]
public class KatEveryKernelTests
{
    public static TheoryData<string, byte> Kernels()
    {
        var data = new TheoryData<string, byte>();
        foreach (Blake2bKernel k in Enum.GetValues<Blake2bKernel>().Where(Blake2bKernels.IsSupported))
        {
            data.Add("blake2b", (byte)k);
        }

        foreach (Blake2sKernel k in Enum.GetValues<Blake2sKernel>().Where(Blake2sKernels.IsSupported))
        {
            data.Add("blake2s", (byte)k);
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Kernels))]
    public void Official_kat_with_kernel(string algorithm, byte kernel)
    {
        Api api = Api.Get(algorithm);
        var feeders = Feeders.For(api).Where(f => f.Name is "whole" or "single bytes" || f.Name.StartsWith("random", StringComparison.Ordinal)).ToArray();
        Assert.Equal(4, feeders.Length);
        foreach (KatCase c in KnownAnswerTests.RequireKat(algorithm))
        {
            foreach ((string feeder, var feed) in feeders)
            {
                IHasher h = Create(algorithm, kernel, c.Key, c.Expected.Length);
                feed(h, c.Input);
                Check.Digest(c.Expected, h.Finish(), $"kernel {kernel}, {feeder}: {c}");
            }
        }
    }

    private static IHasher Create(string algorithm, byte kernel, byte[] key, int digestLength)
    {
        if (algorithm == "blake2b")
        {
            var state = new Blake2bHashState(Blake2Settings.Sequential(digestLength, key), (Blake2bKernel)kernel);
            Assert.Equal((Blake2bKernel)kernel, state.Kernel);
            return Blake2bApi.Wrap(state);
        }

        var s = new Blake2sHashState(Blake2Settings.Sequential(digestLength, key), (Blake2sKernel)kernel);
        Assert.Equal((Blake2sKernel)kernel, s.Kernel);
        return Blake2sApi.Wrap(s);
    }
}

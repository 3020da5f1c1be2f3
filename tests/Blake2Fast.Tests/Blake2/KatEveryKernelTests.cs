using System;
using System.Linq;
using Blake2Fast.Internal;

namespace Blake2Fast.Tests;

/// <summary>
/// The official known answers through every compress kernel this machine supports, forced with
/// the hash states' internal constructor, so one run on a capable machine checks them all (the CI
/// legs then check that dispatch picks them).
/// </summary>
[Trait("Legs", "Kernel")]
public class KatEveryKernelTests
{
    public static TheoryData<string, byte> Kernels() => new(from api in new[] { Api.B, Api.S } from k in api.Kernels.Supported() select (api.Name, k));

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
        IHasher hasher = Api.Get(algorithm).CreateHasher(Blake2Settings.Sequential(digestLength, key), kernel);
        Assert.Equal(kernel, hasher.Kernel);
        return hasher;
    }
}

using System.Linq;

namespace Blake2Fast.Tests;

/// <summary>The official known answers (keyed and unkeyed) through every public way of hashing a whole message.</summary>
[Trait("Legs", "Kernel")]
public class KatEverySurfaceTests
{
    public static TheoryData<string, string> Surfaces() => Api.Rows(api => api.OneShots.Select(s => s.Name));

    public static TheoryData<string, string> Feeders() => Api.Rows(api => Tests.Feeders.For(api).Select(f => f.Name));

    [Theory]
    [MemberData(nameof(Surfaces))]
    public void Official_kat_through(string algorithm, string surface)
    {
        Api api = Api.Get(algorithm);
        OneShotSurface s = api.OneShots.Single(x => x.Name == surface);
        int checkedCases = s.CheckAccepted(api, KnownAnswerTests.RequireKat(algorithm).Select(c => (c.Key, c.Input, c.Expected, (object)c)));

        // Unkeyed-only surfaces get the 256 unkeyed cases, the others all 512.
        Assert.Equal(s.TakesKey ? 512 : 256, checkedCases);
    }

    [Theory]
    [MemberData(nameof(Feeders))]
    public void Official_kat_incremental(string algorithm, string feeder)
    {
        Api api = Api.Get(algorithm);
        var feed = Tests.Feeders.For(api).Single(f => f.Name == feeder).Feed;
        foreach (KatCase c in KnownAnswerTests.RequireKat(algorithm))
        {
            foreach ((string factory, var create) in api.HasherFactories)
            {
                IHasher? h = create(c.Key, c.Expected.Length);
                if (h is null)
                {
                    continue;
                }

                feed(h, c.Input);
                Check.Digest(c.Expected, h.Finish(), $"{factory}, {feeder}: {c}");
            }
        }
    }
}
